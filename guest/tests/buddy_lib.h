/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Helpers of the in-guest tests (buddy_lib.c). Plain C without the harness: each test's
 * binary includes kselftest_harness.h once, from its own file (directly, or through
 * buddy_fixture.h).
 */
#ifndef BUDDY_LIB_H
#define BUDDY_LIB_H

#include <stdbool.h>
#include <sys/types.h>

#include "../lib/pairs.h"

/*
 * Is this the base kernel, without the series? host/test.sh says so with SB_KERNEL=base;
 * there a test skips what needs the series, anywhere else the lack is a failure.
 */
bool sb_base_kernel(void);
/*
 * The kernel version whose series the suite runs on, as host/lib.sh's sb_guest_suite
 * says with SB_VERSION ("6.12", "7.3"); "6.12", the default, when it says nothing (a
 * test run by hand).
 */
const char *sb_series_version(void);
/*
 * What a test needs: a sched feature (its name, "LAST_BUDDY"), or a buddy counter of
 * /sys/kernel/debug/sched/debug (its name, "buddy_next_too_long"). The bounds of
 * NEXT_BUDDY have no feature of their own; a kernel that counts their refusals has them.
 */
bool sb_need_is_counter(const char *name);
/* Does this kernel count counter (schedstats are switched on to look, then restored)? */
bool sb_counts(const char *counter);
/* The first of the NULL-terminated needs that this kernel lacks, or NULL. */
const char *sb_missing_need(const char *const *needs);
/*
 * Set NEXT_BUDDY, and LAST_BUDDY where the kernel has it (a test that needs LAST_BUDDY
 * lists it, and skips without it); returns 0 or -errno.
 */
int sb_set_buddies(bool next, bool last);
/* Turn schedstats on (the buddy counters need them); returns 0 or -errno. */
int sb_schedstats_on(void);

/*
 * The buddy decisions: sched_buddy_tp (patch "Count and trace wakeup buddy decisions") is a
 * bare tracepoint, so a tracepoint probe event, buddy/sched_buddy, is put on it the first time
 * it is turned on. Its lines read "sched_buddy: (...) cpu=C pid=P kind=K verdict=V delta=D",
 * K and V the numbers of the counters' enums. Returns 0 or -errno.
 */
#define SB_BUDDY_EVENT SB_TRACING "/events/buddy/sched_buddy"
int sb_buddy_trace(bool on);
/*
 * The sched_buddy events in the trace buffer, by buddy, verdict and level. The enums' names
 * come from the counters in /sys/kernel/debug/sched/debug, printed in the enums' order (they
 * show with schedstats on). Returns 0 or -errno.
 */
struct sb_buddy_events {
	long lines;
	long next_set, next_picked, last_set, last_picked;
	long group_ran;		/* a group entity (pid=0) buddy ran: an upper level */
	long task_ran;		/* a task buddy ran */
};
int sb_buddy_events_read(struct sb_buddy_events *ev);

/*
 * Does the fair class pick tasks from one runqueue, group weights folded into the tasks
 * (7.3: debugfs has sched/cgroup_mode), so that no group entity is ever picked, nor a
 * buddy at a group's level?
 */
bool sb_flat_runqueue(void);

/*
 * Largest |lag| in ms of virtual time (avg_vruntime - vruntime, nice 0) among the given
 * runnable tasks of CPU cpu's root cfs_rq, from /sys/kernel/debug/sched/debug (6.12's task
 * lines, or 7.3's with the weight before the vruntime); -1 if none.
 */
double sb_max_lag_ms(int cpu, const volatile pid_t *pids, int npids);

/*
 * One buddy window in ns (Documentation/scheduler/sched-buddy.rst): the granularity G,
 * which is base_slice_ns, plus the slice (base_slice_ns) the last buddy may finish, plus
 * one tick, since without HRTICK slice expiry is only seen at the tick. Returns -1 on
 * error.
 */
long sb_buddy_window_ns(void);

/*
 * The periodic probe, run in a child: it moves to cgroup (a directory, NULL: stays), pins
 * itself to CPU 0, lets the workload start for 200 ms, then wakes every period_ns and
 * records in late[0..n-1] how late each wakeup was (ns). late must be shared memory.
 * Returns the child's pid, or -1; the child exits 0, or 1 when it could not be placed.
 */
pid_t sb_probe_start(long long *late, int n, unsigned long long period_ns, const char *cgroup);

/*
 * Run the program argv[0] with the NULL-terminated argv and wait for it: its exit status
 * (127 when it could not be executed), or -1 when the fork failed or it did not exit
 * (a signal).
 */
int sb_run(const char *const argv[]);

#endif
