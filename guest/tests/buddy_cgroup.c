// SPDX-License-Identifier: GPL-2.0
/*
 * Buddies across the group hierarchy: nested cgroups sbt-buddy/{light,heavy} with
 * cpu.weight 100 and 300 each hold a pipe pair and a hog on one CPU. With NEXT_BUDDY +
 * LAST_BUDDY on, buddies run at both levels (the probe event on sched_buddy_tp shows task
 * buddies inside a group and group entities as buddies above) and the groups still
 * share the CPU by weight. On a kernel that picks from one runqueue (sb_flat_runqueue(),
 * 7.3) no group entity is ever a buddy: there task buddies must run, and the weights hold.
 */
#include "buddy_fixture.h"

#include <string.h>
#include <unistd.h>

#define RUN_MS		2000
#define TOLERANCE	0.08	/* absolute, on the heavy group's share */

#define TOP SB_CGROUP "/sbt-buddy"
static const char *const groups[2] = { TOP "/light", TOP "/heavy" };
const char *const buddy_needs[] = { "NEXT_BUDDY", "LAST_BUDDY", NULL };

/* Pair i and hog i go into group i. */
static int place(pid_t pid, bool hog, int index, void *arg)
{
	(void)hog;
	(void)arg;
	return sb_cgroup_move(groups[index], pid);
}

TEST_F_TIMEOUT(buddies, cgroup, 30)
{
	struct sb_pairs_cfg cfg = { .npairs = 2, .nhogs = 2, .burst_us = 100,
				    .duration_ms = RUN_MS, .place = place };
	struct sb_pairs_result r;
	struct sb_buddy_events ev;
	long used[2];
	int ret;
	double share;

	ret = sb_cgroup_enable_cpu(SB_CGROUP) ?: sb_cgroup_create(TOP, 0) ?:
	      sb_cgroup_enable_cpu(TOP) ?: sb_cgroup_create(groups[0], 100) ?:
	      sb_cgroup_create(groups[1], 300);
	ASSERT_EQ(0, ret) TH_LOG("cannot create the groups: %s", strerror(-ret));

	ret = sb_set_buddies(true, true) ?: sb_buddy_trace(true) ?: sb_pairs_run(&cfg, &r);
	sb_buddy_trace(false);
	ret = ret ?: sb_buddy_events_read(&ev);
	for (int i = 0; i < 2; i++)
		used[i] = sb_cgroup_usage_usec(groups[i]);
	rmdir(groups[0]);
	rmdir(groups[1]);
	rmdir(TOP);

	ASSERT_EQ(0, ret) TH_LOG("pairs run failed: %d", ret);
	ASSERT_TRUE(used[0] > 0 && used[1] > 0) TH_LOG("cannot read cpu.stat");
	share = (double)used[1] / (used[0] + used[1]);
	ksft_print_msg("buddies ran: %ld tasks, %ld group entities; cohesion %.3f; usage_usec light=%ld heavy=%ld: heavy share %.3f (0.750 +- %.2f)\n",
		       ev.task_ran, ev.group_ran, r.cohesion, used[0], used[1], share, TOLERANCE);
	if (sb_flat_runqueue()) {
		ASSERT_TRUE(ev.task_ran && !ev.group_ran)
			TH_LOG("no task buddy ran, or a group entity did");
	} else {
		ASSERT_TRUE(ev.task_ran && ev.group_ran) TH_LOG("no buddy ran at one of the levels");
	}
	ASSERT_TRUE(share >= 0.75 - TOLERANCE && share <= 0.75 + TOLERANCE)
		TH_LOG("heavy group's share %.3f is off its weight", share);
}

TEST_HARNESS_MAIN
