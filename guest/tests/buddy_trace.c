// SPDX-License-Identifier: GPL-2.0
/*
 * Individual buddy decisions can be traced: with a probe event on sched_buddy_tp, a pairs
 * run with NEXT_BUDDY + LAST_BUDDY records nominations and picks of both buddies. On one
 * runqueue (7.3) a last buddy is seldom picked (buddy_cohesion says why): its
 * nominations are asserted there, its picks reported.
 */
#include "buddy_fixture.h"

#include <string.h>
#include <unistd.h>

const char *const buddy_needs[] = { "NEXT_BUDDY", "LAST_BUDDY", NULL };

TEST_F_TIMEOUT(buddies, trace, 30)
{
	struct sb_pairs_cfg cfg = { .npairs = 4, .nhogs = 2, .burst_us = 0, .duration_ms = 1000 };
	struct sb_pairs_result r;
	struct sb_buddy_events ev;
	int ret;

	ret = sb_buddy_trace(true);
	ASSERT_EQ(0, ret) TH_LOG("no probe event on sched_buddy_tp: %s", strerror(-ret));
	/* sb_pairs_run() empties the buffer and traces sched_switch; add the buddy event. */
	ret = sb_set_buddies(true, true) ?: sb_pairs_run(&cfg, &r);
	sb_buddy_trace(false);
	ASSERT_EQ(0, ret) TH_LOG("pairs run failed: %d", ret);
	ASSERT_EQ(0, sb_buddy_events_read(&ev)) TH_LOG("cannot read the trace");
	ksft_print_msg("%ld sched_buddy events: next set %ld picked %ld, last set %ld picked %ld%s\n",
		       ev.lines, ev.next_set, ev.next_picked, ev.last_set, ev.last_picked,
		       r.overrun ? " (buffer overran)" : "");
	ASSERT_TRUE(ev.next_set && ev.next_picked) TH_LOG("no next buddy nomination or pick traced");
	ASSERT_TRUE(ev.last_set) TH_LOG("no last buddy nomination traced");
	if (!sb_flat_runqueue())
		ASSERT_TRUE(ev.last_picked) TH_LOG("no last buddy pick traced");
}

TEST_HARNESS_MAIN
