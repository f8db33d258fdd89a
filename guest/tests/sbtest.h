/* SPDX-License-Identifier: GPL-2.0 */
/*
 * In-guest test registry. One file per test; each registers itself with SB_TEST() and is
 * run by runner.c in a child process of its own, with a timeout, reporting KTAP.
 */
#ifndef SBTEST_H
#define SBTEST_H

#include <stdio.h>

#include "../lib/pairs.h"

enum sb_result { SB_PASS, SB_FAIL, SB_SKIP };

struct sb_test {
	const char *name;
	const char *description;
	enum sb_result (*run)(void);
	unsigned int timeout_s;
	int order;		/* tests run by ascending order, then name */
};

void sb_register(const struct sb_test *test);

#define SB_TEST_ORDER(fn, desc, timeout, ord)					\
	static const struct sb_test fn##_test = {				\
		.name = #fn, .description = desc, .run = fn,			\
		.timeout_s = timeout, .order = ord,				\
	};									\
	__attribute__((constructor)) static void fn##_register(void)		\
	{									\
		sb_register(&fn##_test);					\
	}
#define SB_TEST(fn, desc, timeout) SB_TEST_ORDER(fn, desc, timeout, 50)

/* Diagnostics: KTAP comment lines, so a test says what it measured. */
#define sb_info(fmt, ...) printf("# " fmt "\n", ##__VA_ARGS__)
/* Report a failed check with its location and fail the test. */
#define SB_FAIL_IF(cond, fmt, ...)						\
	do {									\
		if (cond) {							\
			sb_info("FAIL %s:%d: " fmt, __FILE__, __LINE__,		\
				##__VA_ARGS__);					\
			return SB_FAIL;						\
		}								\
	} while (0)

/*
 * Buddy tests (buddy_lib.c): the sched features a test needs must exist. On the patched
 * kernel a missing one is a failure; on the base kernel (SB_KERNEL=base) the test is
 * skipped, which shows it cannot pass without the series.
 */
enum sb_result sb_require_features(const char *const *names);
/* Set NEXT_BUDDY and LAST_BUDDY; returns 0 or -errno. */
int sb_set_buddies(bool next, bool last);
/* Save / restore the whole feature set around a test. */
void sb_test_features_save(void);
void sb_test_features_restore(void);
/* The sched_buddy trace event (patch "Add a tracepoint for buddy decisions"). */
#define SB_BUDDY_EVENT SB_TRACING "/events/sched/sched_buddy/enable"
/* sched_buddy events in the trace buffer, by buddy, verdict and level. */
struct sb_buddy_events {
	long lines;
	long next_set, next_picked, last_set, last_picked;
	long group_ran;		/* a group entity (pid=0) buddy ran: an upper level */
	long task_ran;		/* a task buddy ran */
};
int sb_buddy_events_read(struct sb_buddy_events *ev);

/*
 * Largest |lag| in ms of virtual time (avg_vruntime - vruntime, nice 0) among the given
 * runnable tasks of CPU cpu's root cfs_rq, from /sys/kernel/debug/sched/debug; -1 if none.
 */
double sb_max_lag_ms(int cpu, const volatile pid_t *pids, int npids);

/*
 * One buddy window in ns (Documentation/scheduler/sched-buddy.rst): buddy_gran_ns, plus
 * the slice the last buddy may finish, plus one tick, since without HRTICK slice expiry
 * is only seen at the tick. Returns -1 on error.
 */
long sb_buddy_window_ns(void);

/* Turn schedstats on (the buddy counters need them); returns 0 or -errno. */
int sb_schedstats_on(void);

#endif
