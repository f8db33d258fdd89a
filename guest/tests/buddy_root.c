// SPDX-License-Identifier: GPL-2.0
/*
 * Without BUDDY_ROOT the buddies act inside groups only (Documentation/scheduler/
 * sched-buddy.rst, "Nomination"): their cost stays with the group that communicates.
 *
 * flat: 4 pipe pairs (1000 us bursts) and 2 hogs on the root queue of CPU 0. With
 * NEXT_BUDDY + LAST_BUDDY but without BUDDY_ROOT no wakeup sets a buddy there, so the
 * pairs' cohesion (the share of a blocking member's switches that go to its partner)
 * stays within COHESION_SAME of the buddies-off run; with BUDDY_ROOT it rises by at
 * least COHESION_GAIN, which shows that BUDDY_ROOT is what keeps it down. The counters
 * tell the two apart: without BUDDY_ROOT the wakeups' nominations count as off_root and
 * none as set, with it the reverse.
 * grouped: the pairs in a cgroup, the hogs and a periodic probe (5 ms) on the root queue.
 * Without BUDDY_ROOT the pairs keep at least COHESION_GAIN / 2 of cohesion over off, and
 * the probe, outside their group, waits at p99 at most one buddy window
 * (sb_buddy_window_ns()) longer than with the buddies off; the wakees are set as next
 * buddies inside the group while the group is kept off the root (off_root).
 * Measured (topology table, docs/topology.md, 16 runs of 4 s a mode): flat cohesion off
 * 0.077, without BUDDY_ROOT 0.079, with it 0.519; grouped 0.050 and 0.200, probe p99
 * 3825 and 3462 us.
 */
#include "buddy_fixture.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#define RUN_MS		3000
#define PERIOD_NS	5000000ULL
#define SAMPLES		500	/* 2.5 s of periods, inside the pairs' run */
#define COHESION_SAME	0.05
#define COHESION_GAIN	0.20

const char *const buddy_needs[] = { "NEXT_BUDDY", "LAST_BUDDY", "BUDDY_ROOT", NULL };
static const char *const counters[] = { "buddy_next_set", "buddy_next_off_root" };
enum { SET, OFF_ROOT, NCOUNTERS };

/* One run's figures. */
struct run {
	double cohesion;
	double p99_us;		/* the probe's, grouped runs only */
	long count[NCOUNTERS];	/* the counters' deltas over the run */
};

#define PAIRS SB_CGROUP "/sbt-root-pairs"

static int place_pairs(pid_t pid, bool hog, int index, void *arg)
{
	(void)index;
	(void)arg;
	return hog ? 0 : sb_cgroup_move(PAIRS, pid);
}

enum mode { OFF, IN_GROUPS, EVERYWHERE };

static int set_mode(enum mode mode)
{
	return sb_set_buddies(mode != OFF, mode != OFF) ?:
	       sb_feature_set("BUDDY_ROOT", mode == EVERYWHERE);
}

static int by_value(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return (x > y) - (x < y);
}

/*
 * One run in @mode: the pairs' cohesion and the counters; with @grouped the pairs in
 * their cgroup and the probe's p99 wakeup latency.
 */
static int measure(enum mode mode, bool grouped, struct run *run)
{
	struct sb_pairs_cfg cfg = { .npairs = 4, .nhogs = 2, .burst_us = 1000,
				    .duration_ms = RUN_MS };
	long long *late = mmap(NULL, SAMPLES * sizeof(*late), PROT_READ | PROT_WRITE,
			       MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	struct sb_pairs_result r;
	long before[NCOUNTERS];
	int ret, status = 0;
	pid_t pid = 0;

	if (late == MAP_FAILED)
		return -1;
	if (grouped)
		cfg.place = place_pairs;
	ret = set_mode(mode);
	if (!ret && grouped) {
		pid = sb_probe_start(late, SAMPLES, PERIOD_NS, NULL);
		if (pid < 0)
			ret = -1;
	}
	ret = ret ?: sb_sched_debug_sums(counters, NCOUNTERS, before);
	ret = ret ?: sb_pairs_run(&cfg, &r);
	ret = ret ?: sb_sched_debug_sums(counters, NCOUNTERS, run->count);
	if (pid > 0 && (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) ||
			WEXITSTATUS(status)))
		ret = ret ?: -1;
	if (!ret) {
		for (int i = 0; i < NCOUNTERS; i++)
			run->count[i] -= before[i];
		run->cohesion = r.cohesion;
		qsort(late, SAMPLES, sizeof(*late), by_value);
		run->p99_us = late[SAMPLES * 99 / 100] / 1e3;
	}
	munmap(late, SAMPLES * sizeof(*late));
	return ret;
}

/* Does this kernel count the nominations kept off the root? */
static bool counted(void)
{
	long sums[NCOUNTERS];

	return !sb_sched_debug_sums(counters, NCOUNTERS, sums) && sums[SET] >= 0 &&
	       sums[OFF_ROOT] >= 0;
}

TEST_F_TIMEOUT(buddies, flat, 60)
{
	struct run off, kept, root;

	ASSERT_TRUE(counted()) TH_LOG("no counter %s in /sys/kernel/debug/sched/debug",
				      counters[OFF_ROOT]);
	ASSERT_EQ(0, measure(OFF, false, &off)) TH_LOG("pairs run failed");
	ASSERT_EQ(0, measure(IN_GROUPS, false, &kept)) TH_LOG("pairs run failed");
	ASSERT_EQ(0, measure(EVERYWHERE, false, &root)) TH_LOG("pairs run failed");
	ksft_print_msg("pairs on the root queue, cohesion: buddies off %.3f, without BUDDY_ROOT %.3f, with %.3f\n",
		       off.cohesion, kept.cohesion, root.cohesion);
	ksft_print_msg("next buddy nominations set / off_root: without BUDDY_ROOT %ld / %ld, with %ld / %ld\n",
		       kept.count[SET], kept.count[OFF_ROOT], root.count[SET],
		       root.count[OFF_ROOT]);
	ASSERT_TRUE(kept.cohesion <= off.cohesion + COHESION_SAME &&
		    kept.cohesion >= off.cohesion - COHESION_SAME)
		TH_LOG("without BUDDY_ROOT the cohesion moved from %.3f to %.3f", off.cohesion,
		       kept.cohesion);
	ASSERT_TRUE(root.cohesion >= off.cohesion + COHESION_GAIN)
		TH_LOG("with BUDDY_ROOT the cohesion only went from %.3f to %.3f", off.cohesion,
		       root.cohesion);
	ASSERT_TRUE(kept.count[SET] == 0 && kept.count[OFF_ROOT] > 0)
		TH_LOG("without BUDDY_ROOT: %ld set, %ld off_root", kept.count[SET],
		       kept.count[OFF_ROOT]);
	ASSERT_TRUE(root.count[SET] > 0 && root.count[OFF_ROOT] == 0)
		TH_LOG("with BUDDY_ROOT: %ld set, %ld off_root", root.count[SET],
		       root.count[OFF_ROOT]);
}

TEST_F_TIMEOUT(buddies, grouped, 60)
{
	long window = sb_buddy_window_ns();
	double bound = window / 1e3;
	struct run off, on;
	int ret;

	ASSERT_LE(0, window) TH_LOG("cannot work out the buddy window");
	ASSERT_TRUE(counted()) TH_LOG("no counter %s in /sys/kernel/debug/sched/debug",
				      counters[OFF_ROOT]);
	ret = sb_cgroup_enable_cpu(SB_CGROUP) ?: sb_cgroup_create(PAIRS, 0);
	ASSERT_EQ(0, ret) TH_LOG("cannot create %s: %s", PAIRS, strerror(-ret));
	ret = measure(OFF, true, &off) ?: measure(IN_GROUPS, true, &on);
	rmdir(PAIRS);
	ASSERT_EQ(0, ret) TH_LOG("measurement failed");
	ksft_print_msg("pairs in a cgroup, cohesion: buddies off %.3f, without BUDDY_ROOT %.3f; probe on the root queue, p99 us: %.0f, %.0f (bound off + %.0f)\n",
		       off.cohesion, on.cohesion, off.p99_us, on.p99_us, bound);
	ksft_print_msg("without BUDDY_ROOT, next buddy nominations: %ld set in the group, %ld kept off the root\n",
		       on.count[SET], on.count[OFF_ROOT]);
	ASSERT_TRUE(on.cohesion >= off.cohesion + COHESION_GAIN / 2)
		TH_LOG("in their group the pairs' cohesion only went from %.3f to %.3f",
		       off.cohesion, on.cohesion);
	ASSERT_TRUE(on.p99_us <= off.p99_us + bound)
		TH_LOG("the probe's p99 %.0fus > %.0fus + %.0fus", on.p99_us, off.p99_us, bound);
	ASSERT_TRUE(on.count[SET] > 0 && on.count[OFF_ROOT] > 0)
		TH_LOG("without BUDDY_ROOT: %ld set, %ld off_root", on.count[SET],
		       on.count[OFF_ROOT]);
}

TEST_HARNESS_MAIN
