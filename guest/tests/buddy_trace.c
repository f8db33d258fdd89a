// SPDX-License-Identifier: GPL-2.0
/*
 * Individual buddy decisions can be traced: with the sched_buddy trace event on, a pairs
 * run with NEXT_BUDDY + LAST_BUDDY records nominations and picks of both buddies.
 */
#include <unistd.h>

#include "sbtest.h"

static const char *const needs[] = { "NEXT_BUDDY", "LAST_BUDDY", NULL };

static enum sb_result buddy_trace(void)
{
	struct sb_pairs_cfg cfg = { .npairs = 4, .nhogs = 2, .burst_us = 0, .duration_ms = 1000 };
	struct sb_pairs_result r;
	struct sb_buddy_events ev;
	enum sb_result res = sb_require_features(needs);
	int ret;

	if (res != SB_PASS)
		return res;
	SB_FAIL_IF(access(SB_BUDDY_EVENT, W_OK), "no sched_buddy trace event");
	sb_test_features_save();
	/* sb_pairs_run() empties the buffer and traces sched_switch; add the buddy event. */
	ret = sb_set_buddies(true, true) ?: sb_write_file(SB_BUDDY_EVENT, "1") ?:
	      sb_pairs_run(&cfg, &r);
	sb_write_file(SB_BUDDY_EVENT, "0");
	sb_test_features_restore();
	SB_FAIL_IF(ret, "pairs run failed: %d", ret);
	SB_FAIL_IF(sb_buddy_events_read(&ev), "cannot read the trace");
	sb_info("%ld sched_buddy events: next set %ld picked %ld, last set %ld picked %ld%s",
		ev.lines, ev.next_set, ev.next_picked, ev.last_set, ev.last_picked,
		r.overrun ? " (buffer overran)" : "");
	SB_FAIL_IF(!ev.next_set || !ev.next_picked, "no next buddy nomination or pick traced");
	SB_FAIL_IF(!ev.last_set || !ev.last_picked, "no last buddy nomination or pick traced");
	return SB_PASS;
}
SB_TEST(buddy_trace, "the sched_buddy trace event records buddy nominations and picks", 30);
