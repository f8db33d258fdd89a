// SPDX-License-Identifier: GPL-2.0
/*
 * NEXT_BUDDY + LAST_BUDDY keep producer/consumer pairs together: 4 pipe pairs and 2 hogs
 * on one CPU, cohesion (share of a member's blocking switches that go to its partner)
 * rises clearly with the buddies on; at bursts below a slice an eligible next buddy is
 * nearly always taken (at 1000 us the latency bound refuses more: reported, not asserted);
 * the last buddy is nominated and picked, and not at all with LAST_BUDDY off. One case
 * per burst length, one for the last buddy.
 *
 * On one runqueue (sb_flat_runqueue(), 7.3) the buddies buy less as the bursts grow, and
 * the reason is EEVDF's, not the rules': at 1000 us most decisions find the wakee
 * ineligible (865 of 1285 in one run, none refused by a bound), and cohesion stays near
 * chance with the buddies on or off, upstream's NEXT_BUDDY alike (4 runs each, 2026-12-07:
 * off 0.00-0.15, upstream 0.02-0.15, the series 0.01-0.18). So some gain is asserted at
 * 100 us and none at 1000 us, where next buddies must still be picked. A
 * last buddy is nominated there but seldom picked (a wakeup rarely preempts under
 * RUN_TO_PARITY and lazy preemption, and a newer next buddy goes first: 0 picks of 155
 * nominations in 2 s), so the picks are reported, not asserted; KUnit checks the pick.
 */
#include "buddy_fixture.h"

#define MIN_GAIN	0.30	/* cohesion on - off, measured 0.45-0.75 */
#define MIN_GAIN_FLAT	0.10	/* one runqueue, 100 us bursts: measured 0.23-0.33 */
#define MIN_KEPT	0.95	/* eligible next buddies taken, bursts below a slice */
#define RUN_MS		1500

const char *const buddy_needs[] = { "NEXT_BUDDY", "LAST_BUDDY", NULL };
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

	sb_sched_debug_sums(counters, NCOUNTERS, before);
	ret = ret ?: sb_pairs_run(&cfg, r);
	sb_sched_debug_sums(counters, NCOUNTERS, delta);
	for (int i = 0; i < NCOUNTERS; i++)
		delta[i] -= before[i];
	return ret;
}

/*
 * The cohesion the buddies must add at @burst us: less on one runqueue, none asserted
 * (0) at 1000 us there (see the top).
 */
static double min_gain(unsigned int burst)
{
	if (!sb_flat_runqueue() || burst == 0)
		return MIN_GAIN;
	return burst <= 100 ? MIN_GAIN_FLAT : 0;
}

/* min_kept 0: the bound may refuse more (bursts near a slice), report only. */
static void check(struct __test_metadata *_metadata, unsigned int burst, double min_kept)
{
	struct sb_pairs_result off, on;
	long d_off[NCOUNTERS], d_on[NCOUNTERS];
	double kept, gain = min_gain(burst);

	ASSERT_EQ(0, run(burst, false, false, &off, d_off)) TH_LOG("pairs run failed");
	ASSERT_EQ(0, run(burst, true, true, &on, d_on)) TH_LOG("pairs run failed");
	kept = (double)(d_on[PICKED] + d_on[SAME]) /
	       (d_on[PICKED] + d_on[SAME] + d_on[TOO_FAR] ?: 1);
	ksft_print_msg("burst %4uus: cohesion off %.3f on %.3f; next picked %ld same %ld too_far %ld ineligible %ld (kept %.3f); last set %ld picked %ld\n",
		       burst, off.cohesion, on.cohesion, d_on[PICKED], d_on[SAME], d_on[TOO_FAR],
		       d_on[INELIGIBLE], kept, d_on[LAST_SET], d_on[LAST_PICKED]);
	ASSERT_FALSE(off.overrun || on.overrun) TH_LOG("trace buffer overran");
	if (gain > 0)
		ASSERT_TRUE(on.cohesion - off.cohesion >= gain)
			TH_LOG("cohesion gained %.3f < %.2f", on.cohesion - off.cohesion, gain);
	ASSERT_TRUE(d_on[PICKED] > 0) TH_LOG("no next buddy picked");
	ASSERT_EQ(0, d_off[PICKED] + d_off[LAST_PICKED]) TH_LOG("buddies picked while off");
	ASSERT_TRUE(kept >= min_kept) TH_LOG("eligible next buddies kept %.3f < %.2f", kept, min_kept);
}

TEST_F_TIMEOUT(buddies, burst_0, 60)
{
	check(_metadata, 0, MIN_KEPT);
}

TEST_F_TIMEOUT(buddies, burst_100, 60)
{
	check(_metadata, 100, MIN_KEPT);
}

TEST_F_TIMEOUT(buddies, burst_1000, 60)
{
	check(_metadata, 1000, 0);
}

/* What LAST_BUDDY adds over NEXT_BUDDY alone: nominations and picks of ->last. */
TEST_F_TIMEOUT(buddies, last_buddy, 60)
{
	struct sb_pairs_result r;
	long with[NCOUNTERS], without[NCOUNTERS];

	ASSERT_EQ(0, run(0, true, true, &r, with)) TH_LOG("pairs run failed");
	ASSERT_EQ(0, run(0, true, false, &r, without)) TH_LOG("pairs run failed");
	ksft_print_msg("NEXT+LAST: last set %ld picked %ld; NEXT alone: last set %ld picked %ld\n",
		       with[LAST_SET], with[LAST_PICKED], without[LAST_SET], without[LAST_PICKED]);
	ASSERT_TRUE(with[LAST_SET]) TH_LOG("no last buddy nominated");
	if (!sb_flat_runqueue())
		ASSERT_TRUE(with[LAST_PICKED]) TH_LOG("no last buddy picked");
	ASSERT_FALSE(without[LAST_SET] || without[LAST_PICKED]) TH_LOG("last buddy used while off");
}

TEST_HARNESS_MAIN
