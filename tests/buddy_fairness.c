// SPDX-License-Identifier: GPL-2.0
/*
 * Buddies cost nobody their CPU share: unprivileged ping-pong pairs (the adversary: each
 * member wakes its partner as often as it can, or works long bursts) share one CPU with a
 * hog. With NEXT_BUDDY + LAST_BUDDY on, the hog's share may drop, and a pair's share may
 * grow, by at most SHARE_BOUND of the CPU compared with the same run with buddies off.
 */
#include "sbtest.h"

#define SHARE_BOUND	0.03	/* of one CPU; run-to-run noise measured ~0.01 */
#define RUN_MS		2000

static const char *const needs[] = { "NEXT_BUDDY", "LAST_BUDDY", "BUDDY_BOUND", NULL };

static int shares(unsigned int burst, bool buddies, double *hog, double *pair)
{
	struct sb_pairs_cfg cfg = { .npairs = 2, .nhogs = 1, .burst_us = burst,
				    .duration_ms = RUN_MS, .unprivileged = true };
	struct sb_pairs_result r;
	int ret = sb_set_buddies(buddies, buddies) ?: sb_pairs_run(&cfg, &r);

	*hog = r.hog_ns[0] / (r.seconds * 1e9);
	*pair = (r.pair_ns[0] > r.pair_ns[1] ? r.pair_ns[0] : r.pair_ns[1]) / (r.seconds * 1e9);
	return ret;
}

static enum sb_result check(unsigned int burst)
{
	double hog_off, pair_off, hog_on, pair_on;

	SB_FAIL_IF(shares(burst, false, &hog_off, &pair_off), "pairs run failed");
	SB_FAIL_IF(shares(burst, true, &hog_on, &pair_on), "pairs run failed");
	sb_info("burst %4uus: hog share off %.3f on %.3f, largest pair off %.3f on %.3f (bound %.2f)",
		burst, hog_off, hog_on, pair_off, pair_on, SHARE_BOUND);
	SB_FAIL_IF(hog_on < hog_off - SHARE_BOUND, "the hog lost %.3f of the CPU", hog_off - hog_on);
	SB_FAIL_IF(pair_on > pair_off + SHARE_BOUND, "a pair gained %.3f of the CPU",
		   pair_on - pair_off);
	return SB_PASS;
}

static enum sb_result buddy_fairness(void)
{
	enum sb_result res = sb_require_features(needs);

	if (res != SB_PASS)
		return res;
	sb_features_save();
	res = check(0);
	if (res == SB_PASS)
		res = check(3000);
	sb_features_restore();
	return res;
}
SB_TEST(buddy_fairness, "ping-pong pairs with buddies take no CPU share from a hog", 60);
