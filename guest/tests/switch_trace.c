// SPDX-License-Identifier: GPL-2.0
/*
 * sched_switch tracing works: a pipe ping-pong pair and a CPU hog pinned to one CPU all
 * show up in the trace, and the pair's blocking switches are seen.
 */
#include "sbtest.h"

static enum sb_result switch_trace(void)
{
	struct sb_pairs_cfg cfg = { .npairs = 1, .nhogs = 1, .cpu = 0, .burst_us = 0,
				    .duration_ms = 1000 };
	struct sb_pairs_result r;
	int ret = sb_pairs_run(&cfg, &r);

	SB_FAIL_IF(ret, "pairs workload failed: %d", ret);
	sb_info("%.2fs: %ld switches on cpu0, %ld into the hog, %ld pair blocks (%ld to partner), %llu round trips%s",
		r.seconds, r.switches, r.hog_switches, r.member_blocks, r.to_partner,
		r.round_trips, r.overrun ? ", trace overrun" : "");
	SB_FAIL_IF(r.overrun, "the trace buffer overran: counts are incomplete");
	SB_FAIL_IF(r.round_trips == 0, "the pair made no round trip");
	SB_FAIL_IF(r.hog_loops[0] == 0, "the hog never ran");
	SB_FAIL_IF(r.member_blocks == 0, "no blocking switch of the pair was traced");
	SB_FAIL_IF(r.hog_switches == 0, "no switch into the hog was traced");
	return SB_PASS;
}
SB_TEST(switch_trace, "sched_switch tracing sees a ping-pong pair and a hog on one CPU", 30);
