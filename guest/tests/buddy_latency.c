// SPDX-License-Identifier: GPL-2.0
/*
 * A buddy's latency cost is bounded: a periodic task (5 ms period) shares one CPU with 4
 * pipe pairs and 2 hogs. Buddies may keep the EEVDF pick waiting for at most the
 * granularity G (base_slice_ns), after which the last buddy finishes at most its slice:
 * one window. The periodic task, which sleeps most of the time, is usually the EEVDF pick
 * when it wakes, so with NEXT_BUDDY on (and LAST_BUDDY, where the kernel has it) its p99
 * wakeup latency may exceed the buddies-off p99 by at most one window
 * (sb_buddy_window_ns(): the slice ends at a tick, so a tick more). The maximum is
 * reported: a task with others ahead of it in EEVDF order can meet a window before each
 * of them (Documentation/scheduler/sched-buddy.rst).
 *
 * The chain clock is per cfs_rq: a task d groups below the root may wait a window at
 * each of the d + 1 levels above and at it. The case nested puts the probe at depth 2
 * (sbt-nest/inner), with a pair and a hog competing at each level its pick passes:
 * the root queue, sbt-nest (a sibling group sbt-nest/side: cgroup v2 keeps tasks out of
 * a group that has child groups) and sbt-nest/inner, and checks its p99 against the
 * buddies-off p99 plus three windows.
 */
#include "buddy_fixture.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define PERIOD_NS	5000000ULL
#define RUN_MS		5500
#define SAMPLES		1000	/* 5 s of periods, inside the pairs' run */

const char *const buddy_needs[] = { "NEXT_BUDDY", "buddy_next_too_long", NULL };

#define NEST SB_CGROUP "/sbt-nest"
/* Where pair i and hog i of the nested case compete: root, sbt-nest's, the probe's queue. */
static const char *const levels[3] = { NULL, NEST "/side", NEST "/inner" };

/* Pair i and hog i go to level i; NULL: the root queue. */
static int place_nested(pid_t pid, bool hog, int index, void *arg)
{
	(void)hog;
	(void)arg;
	return levels[index] ? sb_cgroup_move(levels[index], pid) : 0;
}

static int by_value(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return (x > y) - (x < y);
}

/*
 * p50/p99/max wakeup latency in us, with the buddies on or off; nested: the pairs, hogs
 * and probe at the levels of the nested case, else all on the root queue.
 */
static int measure(bool buddies, bool nested, double pct[3])
{
	struct sb_pairs_cfg cfg = { .npairs = 4, .nhogs = 2, .burst_us = 1000,
				    .duration_ms = RUN_MS };
	struct sb_pairs_result r;
	long long *late = mmap(NULL, SAMPLES * sizeof(*late), PROT_READ | PROT_WRITE,
			       MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	int ret, status;
	pid_t pid;

	if (late == MAP_FAILED)
		return -1;
	if (nested) {
		cfg.npairs = 3;
		cfg.nhogs = 3;
		cfg.place = place_nested;
	}
	ret = sb_set_buddies(buddies, buddies);
	pid = sb_probe_start(late, SAMPLES, PERIOD_NS, nested ? levels[2] : NULL);
	if (pid < 0)
		ret = -1;
	ret = ret ?: sb_pairs_run(&cfg, &r);
	if (pid > 0)
		waitpid(pid, &status, 0);
	qsort(late, SAMPLES, sizeof(*late), by_value);
	pct[0] = late[SAMPLES / 2] / 1e3;
	pct[1] = late[SAMPLES * 99 / 100] / 1e3;
	pct[2] = late[SAMPLES - 1] / 1e3;
	munmap(late, SAMPLES * sizeof(*late));
	return ret ?: !WIFEXITED(status) || WEXITSTATUS(status);
}

TEST_F_TIMEOUT(buddies, latency, 60)
{
	long window = sb_buddy_window_ns();
	double off[3], on[3], bound = window / 1e3;

	ASSERT_LE(0, window) TH_LOG("cannot work out the buddy window");
	ASSERT_EQ(0, measure(false, false, off)) TH_LOG("measurement failed");
	ASSERT_EQ(0, measure(true, false, on)) TH_LOG("measurement failed");
	ksft_print_msg("wakeup latency us, p50/p99/max: buddies off %.0f/%.0f/%.0f, on %.0f/%.0f/%.0f; p99 bound off + %.0f\n",
		       off[0], off[1], off[2], on[0], on[1], on[2], bound);
	ASSERT_TRUE(on[1] <= off[1] + bound)
		TH_LOG("p99 with buddies %.0fus > %.0fus + %.0fus", on[1], off[1], bound);
}

/* The probe at depth 2 may meet a window at each of the three levels. */
TEST_F_TIMEOUT(buddies, nested, 60)
{
	long window = sb_buddy_window_ns();
	double off[3], on[3], bound = 3 * window / 1e3;
	int ret;

	ASSERT_LE(0, window) TH_LOG("cannot work out the buddy window");
	ret = sb_cgroup_enable_cpu(SB_CGROUP) ?: sb_cgroup_create(NEST, 0) ?:
	      sb_cgroup_enable_cpu(NEST) ?: sb_cgroup_create(levels[1], 0) ?:
	      sb_cgroup_create(levels[2], 0);
	ASSERT_EQ(0, ret) TH_LOG("cannot create the groups: %s", strerror(-ret));
	ret = measure(false, true, off) ?: measure(true, true, on);
	rmdir(levels[2]);
	rmdir(levels[1]);
	rmdir(NEST);
	ASSERT_EQ(0, ret) TH_LOG("measurement failed");
	ksft_print_msg("probe at depth 2, wakeup latency us, p50/p99/max: buddies off %.0f/%.0f/%.0f, on %.0f/%.0f/%.0f; p99 bound off + 3 windows = off + %.0f\n",
		       off[0], off[1], off[2], on[0], on[1], on[2], bound);
	ASSERT_TRUE(on[1] <= off[1] + bound)
		TH_LOG("p99 with buddies %.0fus > %.0fus + %.0fus", on[1], off[1], bound);
}

TEST_HARNESS_MAIN
