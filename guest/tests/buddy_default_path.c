// SPDX-License-Identifier: GPL-2.0
/*
 * With NEXT_BUDDY off (as the kernel boots) the fair class picks as unpatched 6.12 does.
 * 6.12 still has a next buddy then: dequeue_entities() nominates a group whose task
 * sleeps while the group stays busy (and yield_to() nominates its target), and picks
 * it whenever it is eligible. The series' rules (the bounds, shortest first, the last
 * buddy) act only under NEXT_BUDDY and must leave that buddy alone, LAST_BUDDY on as
 * booted. Pipe pairs with bursts in two cpu cgroups,
 * each with a hog, and pairs and a hog on the root queue, all on one CPU: the grouped
 * pairs' sleeps keep nominating their groups, and the root pairs' wakeups often make one
 * of them the EEVDF pick when a group is the buddy, one that ran much shorter than the
 * group (which runs on while its tasks switch inside it). Asserted from the schedstat
 * counters: 6.12's buddy was
 * decided on (next picked, same or ineligible), no decision was one 6.12 does not
 * take (too_far, too_long, shorter), and no last buddy was ever set or picked.
 *
 * 7.3 nominates no group on sleep (it has one runqueue); its next buddy with NEXT_BUDDY
 * off is the wakee that preempts for a shorter slice (set_short_buddy()). The case
 * short_slice_next_buddy_off asserts the same there: pipe pairs whose members ask for a
 * 100 us slice beside hogs with the base slice, all on one CPU, so that the pairs'
 * wakeups preempt the hogs for their shorter slice. Each case skips, saying why, on the
 * version whose path it is not (sb_series_version(), as the fixture reads it).
 */
#include "buddy_fixture.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define RUN_MS		2000

#define TOP SB_CGROUP "/sbt-default"
static const char *const groups[2] = { TOP "/a", TOP "/b" };
const char *const buddy_needs[] = { "NEXT_BUDDY", "LAST_BUDDY", NULL };

static const char *const counters[] = {
	"buddy_next_picked", "buddy_next_same", "buddy_next_ineligible",
	"buddy_next_too_far", "buddy_next_too_long", "buddy_next_shorter",
	"buddy_last_set", "buddy_last_picked", "buddy_last_same",
};
enum { PICKED, SAME, INELIGIBLE, TOO_FAR, TOO_LONG, SHORTER, LAST_SET, LAST_PICKED,
	LAST_SAME, NCOUNTERS };

#define ROOT_PAIRS	3
#define SHORT_SLICE_NS	100000ULL

/* Is the kernel under test 7.3, whose default path is set_short_buddy()'s? */
static bool on_73(void)
{
	return !strcmp(sb_series_version(), "7.3");
}

/* What happened to the buddies in one run of cfg with NEXT_BUDDY off, into d. */
static int run_off(const struct sb_pairs_cfg *cfg, struct sb_pairs_result *r, long *d)
{
	long before[NCOUNTERS];
	int ret;

	/* RUN_TO_PARITY off, LAST_BUDDY on as the kernel boots it (the fixture restores). */
	ret = sb_feature_set("RUN_TO_PARITY", false) ?: sb_feature_set("LAST_BUDDY", true);
	sb_sched_debug_sums(counters, NCOUNTERS, before);
	for (int i = 0; i < NCOUNTERS; i++)
		if (before[i] < 0)
			ret = ret ?: -ENOENT;
	ret = ret ?: sb_pairs_run(cfg, r);
	sb_sched_debug_sums(counters, NCOUNTERS, d);
	for (int i = 0; i < NCOUNTERS; i++)
		d[i] -= before[i];
	return ret;
}

/* The first ROOT_PAIRS pairs and hog 0 stay on the root queue, the others alternate. */
static int place(pid_t pid, bool hog, int index, void *arg)
{
	int group = hog ? index - 1 : index - ROOT_PAIRS;

	(void)arg;
	return group >= 0 ? sb_cgroup_move(groups[group % 2], pid) : 0;
}

/*
 * What a run with NEXT_BUDDY off (d, from run_off()) must show: the default path's buddy,
 * @whose, decided on as the unpatched kernel does, never refused by the series' rules,
 * and no last buddy.
 */
static void expect_left_alone(struct __test_metadata *_metadata,
			      const struct sb_pairs_result *r, const long *d, const char *whose)
{
	ksft_print_msg("NEXT_BUDDY off, %ld switches, cohesion %.3f: next picked %ld same %ld ineligible %ld; refused too_far %ld too_long %ld shorter %ld; last set %ld picked %ld same %ld\n",
		       r->switches, r->cohesion, d[PICKED], d[SAME], d[INELIGIBLE], d[TOO_FAR],
		       d[TOO_LONG], d[SHORTER], d[LAST_SET], d[LAST_PICKED], d[LAST_SAME]);
	ASSERT_LT(0, d[PICKED] + d[SAME] + d[INELIGIBLE])
		TH_LOG("%s was never decided on: the test shows nothing", whose);
	ASSERT_EQ(0, d[TOO_FAR] + d[TOO_LONG] + d[SHORTER])
		TH_LOG("%s refused by the series' rules", whose);
	ASSERT_EQ(0, d[LAST_SET] + d[LAST_PICKED] + d[LAST_SAME])
		TH_LOG("a last buddy with NEXT_BUDDY off");
}

TEST_F_TIMEOUT(buddies, next_buddy_off, 40)
{
	struct sb_pairs_cfg cfg = { .npairs = ROOT_PAIRS + 2, .nhogs = 3, .burst_us = 100,
				    .duration_ms = RUN_MS, .place = place };
	struct sb_pairs_result r;
	long d[NCOUNTERS];
	int ret;

	if (on_73())
		SKIP(return, "7.3 nominates no group on sleep: its path is short_slice_next_buddy_off");
	ASSERT_EQ(0, sb_feature_get("NEXT_BUDDY")) TH_LOG("NEXT_BUDDY is on as booted");
	ret = sb_cgroup_enable_cpu(SB_CGROUP) ?: sb_cgroup_create(TOP, 0) ?:
	      sb_cgroup_enable_cpu(TOP) ?: sb_cgroup_create(groups[0], 100) ?:
	      sb_cgroup_create(groups[1], 100);
	ASSERT_EQ(0, ret) TH_LOG("cannot create the groups: %s", strerror(-ret));

	ret = ret ?: run_off(&cfg, &r, d);
	rmdir(groups[0]);
	rmdir(groups[1]);
	rmdir(TOP);
	ASSERT_EQ(0, ret) TH_LOG("pairs run failed, or a counter is missing: %d", ret);

	expect_left_alone(_metadata, &r, d, "6.12's next buddy");
}

/* The pair members ask for a 100 us slice; the hogs keep the base slice. */
static int short_members(pid_t pid, bool hog, int index, void *arg)
{
	(void)index;
	(void)arg;
	return hog ? 0 : sb_set_slice(pid, SHORT_SLICE_NS);
}

TEST_F_TIMEOUT(buddies, short_slice_next_buddy_off, 40)
{
	struct sb_pairs_cfg cfg = { .npairs = 3, .nhogs = 2, .burst_us = 100,
				    .duration_ms = RUN_MS, .place = short_members };
	struct sb_pairs_result r;
	long d[NCOUNTERS];

	if (!on_73())
		SKIP(return, "6.12 sets no buddy for a shorter-slice wakeup: its path is next_buddy_off");
	ASSERT_EQ(0, sb_feature_get("NEXT_BUDDY")) TH_LOG("NEXT_BUDDY is on as booted");
	ASSERT_EQ(0, run_off(&cfg, &r, d))
		TH_LOG("pairs run failed, or a counter is missing");

	expect_left_alone(_metadata, &r, d, "7.3's shorter-slice buddy");
}

TEST_HARNESS_MAIN
