// SPDX-License-Identifier: GPL-2.0
/*
 * sched_switch tracing works: a pipe ping-pong pair and a CPU hog pinned to one CPU all
 * show up in the trace, and the pair's blocking switches are seen.
 */
#include "kselftest_harness.h"

#include "../lib/pairs.h"

TEST(switch_trace)
{
	struct sb_pairs_cfg cfg = { .npairs = 1, .nhogs = 1, .cpu = 0, .burst_us = 0,
				    .duration_ms = 1000 };
	struct sb_pairs_result r;
	int ret = sb_pairs_run(&cfg, &r);

	ASSERT_EQ(0, ret) TH_LOG("pairs workload failed: %d", ret);
	ksft_print_msg("%.2fs: %ld switches on cpu0, %ld into the hog, %ld pair blocks (%ld to partner), %llu round trips%s\n",
		       r.seconds, r.switches, r.hog_switches, r.member_blocks, r.to_partner,
		       r.round_trips, r.overrun ? ", trace overrun" : "");
	ASSERT_FALSE(r.overrun) TH_LOG("the trace buffer overran: counts are incomplete");
	ASSERT_NE(0, r.round_trips) TH_LOG("the pair made no round trip");
	ASSERT_NE(0, r.hog_loops[0]) TH_LOG("the hog never ran");
	ASSERT_NE(0, r.member_blocks) TH_LOG("no blocking switch of the pair was traced");
	ASSERT_NE(0, r.hog_switches) TH_LOG("no switch into the hog was traced");
}

TEST_HARNESS_MAIN
