// SPDX-License-Identifier: GPL-2.0
/*
 * Buddies across the group hierarchy: nested cgroups sbt-buddy/{light,heavy} with
 * cpu.weight 100 and 300 each hold a pipe pair and a hog on one CPU. With NEXT_BUDDY +
 * LAST_BUDDY on, buddies are picked (a task-level nomination sets the group entity as
 * buddy on the parent level too) and the groups still share the CPU by weight.
 */
#include <string.h>
#include <unistd.h>

#include "sbtest.h"

#define RUN_MS		2000
#define TOLERANCE	0.08	/* absolute, on the heavy group's share */

#define TOP SB_CGROUP "/sbt-buddy"
static const char *const groups[2] = { TOP "/light", TOP "/heavy" };
static const char *const needs[] = { "NEXT_BUDDY", "LAST_BUDDY", NULL };

/* Pair i and hog i go into group i. */
static int place(pid_t pid, bool hog, int index, void *arg)
{
	(void)hog;
	(void)arg;
	return sb_cgroup_move(groups[index], pid);
}

static enum sb_result buddy_cgroup(void)
{
	struct sb_pairs_cfg cfg = { .npairs = 2, .nhogs = 2, .burst_us = 100,
				    .duration_ms = RUN_MS, .place = place };
	struct sb_pairs_result r;
	long used[2], picked;
	enum sb_result res = sb_require_features(needs);
	int ret;
	double share;

	if (res != SB_PASS)
		return res;
	SB_FAIL_IF(sb_schedstats_on(), "cannot enable schedstats");
	ret = sb_cgroup_enable_cpu(SB_CGROUP) ?: sb_cgroup_create(TOP, 0) ?:
	      sb_cgroup_enable_cpu(TOP) ?: sb_cgroup_create(groups[0], 100) ?:
	      sb_cgroup_create(groups[1], 300);
	SB_FAIL_IF(ret, "cannot create the groups: %s", strerror(-ret));

	sb_features_save();
	picked = sb_sched_debug_sum("buddy_next_picked") + sb_sched_debug_sum("buddy_last_picked");
	ret = sb_set_buddies(true, true) ?: sb_pairs_run(&cfg, &r);
	picked = sb_sched_debug_sum("buddy_next_picked") +
		 sb_sched_debug_sum("buddy_last_picked") - picked;
	sb_features_restore();
	for (int i = 0; i < 2; i++)
		used[i] = sb_cgroup_usage_usec(groups[i]);
	rmdir(groups[0]);
	rmdir(groups[1]);
	rmdir(TOP);

	SB_FAIL_IF(ret, "pairs run failed: %d", ret);
	SB_FAIL_IF(used[0] <= 0 || used[1] <= 0, "cannot read cpu.stat");
	share = (double)used[1] / (used[0] + used[1]);
	sb_info("buddy picks %ld, cohesion %.3f; usage_usec light=%ld heavy=%ld: heavy share %.3f (0.750 +- %.2f)",
		picked, r.cohesion, used[0], used[1], share, TOLERANCE);
	SB_FAIL_IF(picked <= 0, "no buddy was picked");
	SB_FAIL_IF(share < 0.75 - TOLERANCE || share > 0.75 + TOLERANCE,
		   "heavy group's share %.3f is off its weight", share);
	return SB_PASS;
}
SB_TEST(buddy_cgroup, "buddies in nested cpu cgroups keep the groups' shares", 30);
