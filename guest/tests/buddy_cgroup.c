// SPDX-License-Identifier: GPL-2.0
/*
 * Buddies across the group hierarchy: nested cgroups sbt-buddy/{light,heavy} with
 * cpu.weight 100 and 300 each hold a pipe pair and a hog on one CPU. With NEXT_BUDDY +
 * LAST_BUDDY on, buddies run at both levels (the sched_buddy trace event shows task
 * buddies inside a group and group entities as buddies above) and the groups still
 * share the CPU by weight.
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
	struct sb_buddy_events ev;
	long used[2];
	enum sb_result res = sb_require_features(needs);
	int ret;
	double share;

	if (res != SB_PASS)
		return res;
	ret = sb_cgroup_enable_cpu(SB_CGROUP) ?: sb_cgroup_create(TOP, 0) ?:
	      sb_cgroup_enable_cpu(TOP) ?: sb_cgroup_create(groups[0], 100) ?:
	      sb_cgroup_create(groups[1], 300);
	SB_FAIL_IF(ret, "cannot create the groups: %s", strerror(-ret));

	sb_test_features_save();
	ret = sb_set_buddies(true, true) ?: sb_write_file(SB_BUDDY_EVENT, "1") ?:
	      sb_pairs_run(&cfg, &r);
	sb_write_file(SB_BUDDY_EVENT, "0");
	sb_test_features_restore();
	ret = ret ?: sb_buddy_events_read(&ev);
	for (int i = 0; i < 2; i++)
		used[i] = sb_cgroup_usage_usec(groups[i]);
	rmdir(groups[0]);
	rmdir(groups[1]);
	rmdir(TOP);

	SB_FAIL_IF(ret, "pairs run failed: %d", ret);
	SB_FAIL_IF(used[0] <= 0 || used[1] <= 0, "cannot read cpu.stat");
	share = (double)used[1] / (used[0] + used[1]);
	sb_info("buddies ran: %ld tasks, %ld group entities; cohesion %.3f; usage_usec light=%ld heavy=%ld: heavy share %.3f (0.750 +- %.2f)",
		ev.task_ran, ev.group_ran, r.cohesion, used[0], used[1], share, TOLERANCE);
	SB_FAIL_IF(!ev.task_ran || !ev.group_ran, "no buddy ran at one of the levels");
	SB_FAIL_IF(share < 0.75 - TOLERANCE || share > 0.75 + TOLERANCE,
		   "heavy group's share %.3f is off its weight", share);
	return SB_PASS;
}
SB_TEST(buddy_cgroup, "buddies in nested cpu cgroups keep the groups' shares", 30);
