// SPDX-License-Identifier: GPL-2.0
/*
 * The bound at every level (Documentation/scheduler/sched-buddy.rst): buddies keep a task
 * with d groups above it waiting at most d + 1 windows longer than EEVDF alone. Pipe pairs
 * cross a cgroup's boundary, one member in sbt-levels and its partner at the root, so that
 * buddies are picked at both levels and the group, picked as the root's buddy, runs its
 * tasks under the slice protection it got. Beside them a hog at the root (d = 0) and a hog
 * in the group (d = 1), all on CPU 0. Each hog's longest wait for the CPU (schedstats'
 * wait_max), the maximum over ROUNDS runs a mode (alternating off and on), may exceed the
 * buddies-off maximum by at most d + 1 windows (sb_buddy_window_ns()). One case per burst
 * length: short bursts switch inside the group often, long ones let slices expire. A
 * kernel that picks from one runqueue (sb_flat_runqueue(), 7.3) has no levels: the cases
 * skip there, and buddy_latency checks its one window.
 */
#include "buddy_fixture.h"

#include <string.h>
#include <unistd.h>

#define RUN_MS		2000
#define ROUNDS		3	/* runs per mode, alternating off and on */
#define NPAIRS		2

#define GROUP SB_CGROUP "/sbt-levels"
const char *const buddy_needs[] = { "NEXT_BUDDY", "LAST_BUDDY", NULL };

/* Depth of hog i: hog 0 at the root, hog 1 in the group. */
static const int hog_depth[2] = { 0, 1 };

/* The first member of each pair goes into the group, its partner stays at the root. */
static int place(pid_t pid, bool hog, int index, void *arg)
{
	int *calls = arg;

	if (hog)
		return hog_depth[index] ? sb_cgroup_move(GROUP, pid) : 0;
	return (*calls)++ % 2 ? 0 : sb_cgroup_move(GROUP, pid);
}

struct levels {
	unsigned long long wait_max_ns[2][2];	/* [mode off, on][hog] over the rounds */
	long picked_group, picked_task;		/* buddies picked with the buddies on */
};

static int run_levels(unsigned int burst_us, struct levels *out)
{
	struct sb_pairs_result r;
	struct sb_buddy_events ev;
	int ret = 0;

	memset(out, 0, sizeof(*out));
	for (int round = 0; !ret && round < 2 * ROUNDS; round++) {
		bool on = round % 2;
		int calls = 0;
		struct sb_pairs_cfg cfg = { .npairs = NPAIRS, .nhogs = 2, .burst_us = burst_us,
					    .duration_ms = RUN_MS, .place = place,
					    .arg = &calls };

		ret = sb_set_buddies(on, on) ?: sb_buddy_trace(on) ?:
		      sb_pairs_run(&cfg, &r);
		if (on && !ret && !sb_buddy_events_read(&ev)) {
			out->picked_group += ev.group_ran;
			out->picked_task += ev.task_ran;
		}
		for (int h = 0; !ret && h < 2; h++)
			if (r.hog_wait_max_ns[h] > out->wait_max_ns[on][h])
				out->wait_max_ns[on][h] = r.hog_wait_max_ns[h];
	}
	sb_buddy_trace(false);
	return ret;
}

static void check_levels(struct __test_metadata *_metadata, unsigned int burst_us)
{
	struct levels lv;
	long window = sb_buddy_window_ns();
	int ret;

	ASSERT_LT(0, window) TH_LOG("cannot compute the buddy window");
	ret = sb_cgroup_enable_cpu(SB_CGROUP) ?: sb_cgroup_create(GROUP, 0);
	ASSERT_EQ(0, ret) TH_LOG("cannot create %s: %s", GROUP, strerror(-ret));
	ret = run_levels(burst_us, &lv);
	rmdir(GROUP);
	ASSERT_EQ(0, ret) TH_LOG("pairs run failed: %d", ret);

	for (int h = 0; h < 2; h++) {
		unsigned long long off = lv.wait_max_ns[0][h], on = lv.wait_max_ns[1][h];
		unsigned long long bound = off + (hog_depth[h] + 1) * (unsigned long long)window;

		ksft_print_msg("burst %u us, hog at depth %d: longest wait off %.2f ms, on %.2f ms (%+.2f), bound %.2f ms (%d window%s of %.2f ms)\n",
			       burst_us, hog_depth[h], off / 1e6, on / 1e6,
			       ((double)on - (double)off) / 1e6, bound / 1e6, hog_depth[h] + 1,
			       hog_depth[h] ? "s" : "", window / 1e6);
		ASSERT_LT(0, off) TH_LOG("no wait_max for hog %d: schedstats off?", h);
		EXPECT_LE(on, bound)
			TH_LOG("hog at depth %d waited %.2f ms with the buddies on, past the bound %.2f ms",
			       hog_depth[h], on / 1e6, bound / 1e6);
	}
	ksft_print_msg("buddies picked with the buddies on: %ld group entities, %ld tasks\n",
		       lv.picked_group, lv.picked_task);
	ASSERT_TRUE(lv.picked_group && lv.picked_task)
		TH_LOG("no buddy ran at one of the levels: the case tests nothing");
}

TEST_F_TIMEOUT(buddies, levels_short_bursts, 60)
{
	if (sb_flat_runqueue())
		SKIP(return, "one runqueue (7.3): no group levels; buddy_latency checks its window");
	check_levels(_metadata, 20);
}

TEST_F_TIMEOUT(buddies, levels_long_bursts, 60)
{
	if (sb_flat_runqueue())
		SKIP(return, "one runqueue (7.3): no group levels; buddy_latency checks its window");
	check_levels(_metadata, 1000);
}

TEST_HARNESS_MAIN
