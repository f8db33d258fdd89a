// SPDX-License-Identifier: GPL-2.0
/* Helpers shared by the buddy tests; see sbtest.h. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sbtest.h"

enum sb_result sb_require_features(const char *const *names)
{
	const char *kernel = getenv("SB_KERNEL");
	bool base = kernel && !strcmp(kernel, "base");

	for (; *names; names++) {
		if (sb_feature_get(*names) >= 0)
			continue;
		sb_info("this kernel has no sched feature %s%s", *names,
			base ? " (expected on the base kernel)" : "");
		return base ? SB_SKIP : SB_FAIL;
	}
	return SB_PASS;
}

int sb_set_buddies(bool next, bool last)
{
	return sb_feature_set("NEXT_BUDDY", next) ?: sb_feature_set("LAST_BUDDY", last);
}

static char saved[4096];

void sb_features_save(void)
{
	if (sb_read_file(SB_FEATURES, saved, sizeof(saved)) <= 0)
		saved[0] = '\0';
}

void sb_features_restore(void)
{
	char copy[sizeof(saved)], *tok, *save;

	memcpy(copy, saved, sizeof(copy));
	for (tok = strtok_r(copy, " \n", &save); tok; tok = strtok_r(NULL, " \n", &save))
		sb_write_file(SB_FEATURES, tok);
}

int sb_schedstats_on(void)
{
	return sb_write_file("/proc/sys/kernel/sched_schedstats", "1");
}

int sb_buddy_events_read(struct sb_buddy_events *ev)
{
	FILE *f = fopen(SB_TRACING "/trace", "re");
	char line[512];

	memset(ev, 0, sizeof(*ev));
	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f)) {
		bool next = strstr(line, " buddy=next "), group = strstr(line, " pid=0 ");

		if (!strstr(line, " sched_buddy: "))
			continue;
		ev->lines++;
		if (strstr(line, " verdict=set ")) {
			next ? ev->next_set++ : ev->last_set++;
			continue;
		}
		if (strstr(line, " verdict=picked "))
			next ? ev->next_picked++ : ev->last_picked++;
		/* "same": the buddy ran, and was the EEVDF pick too */
		if (strstr(line, " verdict=picked ") || strstr(line, " verdict=same "))
			group ? ev->group_ran++ : ev->task_ran++;
	}
	fclose(f);
	return 0;
}
