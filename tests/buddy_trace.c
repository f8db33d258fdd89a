// SPDX-License-Identifier: GPL-2.0
/*
 * Individual buddy decisions can be traced: with the sched_buddy trace event on, a pairs
 * run with NEXT_BUDDY + LAST_BUDDY records nominations and picks of both buddies.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "sbtest.h"

#define EVENT SB_TRACING "/events/sched/sched_buddy/enable"

static const char *const needs[] = { "NEXT_BUDDY", "LAST_BUDDY", NULL };

static enum sb_result buddy_trace(void)
{
	struct sb_pairs_cfg cfg = { .npairs = 4, .nhogs = 2, .burst_us = 0, .duration_ms = 1000 };
	struct sb_pairs_result r;
	long next_set = 0, next_picked = 0, last_set = 0, last_picked = 0, lines = 0;
	enum sb_result res = sb_require_features(needs);
	char line[512];
	FILE *f;
	int ret;

	if (res != SB_PASS)
		return res;
	SB_FAIL_IF(access(EVENT, W_OK), "no sched_buddy trace event");
	sb_features_save();
	/* sb_pairs_run() empties the buffer and traces sched_switch; add the buddy event. */
	ret = sb_set_buddies(true, true) ?: sb_write_file(EVENT, "1") ?: sb_pairs_run(&cfg, &r);
	sb_write_file(EVENT, "0");
	sb_features_restore();
	SB_FAIL_IF(ret, "pairs run failed: %d", ret);

	f = fopen(SB_TRACING "/trace", "re");
	SB_FAIL_IF(!f, "cannot read the trace");
	while (fgets(line, sizeof(line), f)) {
		bool next = strstr(line, " buddy=next ");

		if (!strstr(line, " sched_buddy: "))
			continue;
		lines++;
		if (strstr(line, " verdict=set "))
			next ? next_set++ : last_set++;
		else if (strstr(line, " verdict=picked "))
			next ? next_picked++ : last_picked++;
	}
	fclose(f);
	sb_info("%ld sched_buddy events: next set %ld picked %ld, last set %ld picked %ld%s",
		lines, next_set, next_picked, last_set, last_picked,
		r.overrun ? " (buffer overran)" : "");
	SB_FAIL_IF(!next_set || !next_picked, "no next buddy nomination or pick traced");
	SB_FAIL_IF(!last_set || !last_picked, "no last buddy nomination or pick traced");
	return SB_PASS;
}
SB_TEST(buddy_trace, "the sched_buddy trace event records buddy nominations and picks", 30);
