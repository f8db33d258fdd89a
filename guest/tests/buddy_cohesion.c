// SPDX-License-Identifier: GPL-2.0
/*
 * NEXT_BUDDY + LAST_BUDDY keep producer/consumer pairs together: 4 pipe pairs and 2 hogs
 * on one CPU, cohesion (share of a member's blocking switches that go to its partner)
 * rises clearly with the buddies on; at bursts below a slice an eligible next buddy is
 * nearly always taken (at 1000 us the latency bound refuses more: reported, not asserted);
 * the last buddy is nominated and picked, and not at all with LAST_BUDDY off.
 */
#include "sbtest.h"

#define MIN_GAIN	0.30	/* cohesion on - off, measured 0.45-0.75 */
#define MIN_KEPT	0.95	/* eligible next buddies taken, bursts below a slice */
#define RUN_MS		1500

static const char *const needs[] = { "NEXT_BUDDY", "LAST_BUDDY", "BUDDY_BOUND", NULL };
static const char *const counters[] = {
	"buddy_next_picked", "buddy_next_same", "buddy_next_too_far", "buddy_next_ineligible",
	"buddy_last_set", "buddy_last_picked",
};
enum { PICKED, SAME, TOO_FAR, INELIGIBLE, LAST_SET, LAST_PICKED, NCOUNTERS };

/* Run the pairs with the given buddies; counter deltas into delta[]. */
static int run(unsigned int burst, bool next, bool last, struct sb_pairs_result *r,
	       long delta[NCOUNTERS])
{
	struct sb_pairs_cfg cfg = { .npairs = 4, .nhogs = 2, .burst_us = burst,
				    .duration_ms = RUN_MS };
	long before[NCOUNTERS];
	int ret = sb_set_buddies(next, last);

	for (int i = 0; i < NCOUNTERS; i++)
		before[i] = sb_sched_debug_sum(counters[i]);
	ret = ret ?: sb_pairs_run(&cfg, r);
	for (int i = 0; i < NCOUNTERS; i++)
		delta[i] = sb_sched_debug_sum(counters[i]) - before[i];
	return ret;
}

/* min_kept 0: the bound may refuse more (bursts near a slice), report only. */
static enum sb_result check(unsigned int burst, double min_kept)
{
	struct sb_pairs_result off, on;
	long d_off[NCOUNTERS], d_on[NCOUNTERS];
	double kept;

	SB_FAIL_IF(run(burst, false, false, &off, d_off), "pairs run failed");
	SB_FAIL_IF(run(burst, true, true, &on, d_on), "pairs run failed");
	kept = (double)(d_on[PICKED] + d_on[SAME]) /
	       (d_on[PICKED] + d_on[SAME] + d_on[TOO_FAR] ?: 1);
	sb_info("burst %4uus: cohesion off %.3f on %.3f; next picked %ld same %ld too_far %ld ineligible %ld (kept %.3f); last set %ld picked %ld",
		burst, off.cohesion, on.cohesion, d_on[PICKED], d_on[SAME], d_on[TOO_FAR],
		d_on[INELIGIBLE], kept, d_on[LAST_SET], d_on[LAST_PICKED]);
	SB_FAIL_IF(off.overrun || on.overrun, "trace buffer overran");
	SB_FAIL_IF(on.cohesion - off.cohesion < MIN_GAIN, "cohesion gained %.3f < %.2f",
		   on.cohesion - off.cohesion, MIN_GAIN);
	SB_FAIL_IF(d_off[PICKED] + d_off[LAST_PICKED] != 0, "buddies picked while off");
	SB_FAIL_IF(kept < min_kept, "eligible next buddies kept %.3f < %.2f", kept, min_kept);
	return SB_PASS;
}

static enum sb_result buddy_cohesion(void)
{
	struct sb_pairs_result r;
	long with[NCOUNTERS], without[NCOUNTERS];
	enum sb_result res = sb_require_features(needs);

	if (res != SB_PASS)
		return res;
	SB_FAIL_IF(sb_schedstats_on(), "cannot enable schedstats");
	sb_test_features_save();
	res = check(0, MIN_KEPT);
	if (res == SB_PASS)
		res = check(100, MIN_KEPT);
	if (res == SB_PASS)
		res = check(1000, 0);
	/* What LAST_BUDDY adds over NEXT_BUDDY alone: nominations and picks of ->last. */
	if (res == SB_PASS && (run(0, true, true, &r, with) || run(0, true, false, &r, without)))
		res = SB_FAIL;
	sb_test_features_restore();
	if (res != SB_PASS)
		return res;
	sb_info("NEXT+LAST: last set %ld picked %ld; NEXT alone: last set %ld picked %ld",
		with[LAST_SET], with[LAST_PICKED], without[LAST_SET], without[LAST_PICKED]);
	SB_FAIL_IF(with[LAST_SET] == 0 || with[LAST_PICKED] == 0, "no last buddy picked");
	SB_FAIL_IF(without[LAST_SET] || without[LAST_PICKED], "last buddy used while off");
	return SB_PASS;
}
SB_TEST(buddy_cohesion, "next+last buddies keep pipe pairs together on one CPU", 60);
