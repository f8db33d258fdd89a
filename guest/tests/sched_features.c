// SPDX-License-Identifier: GPL-2.0
/*
 * sched/features in debugfs is readable, a feature can be toggled and restored, and a
 * malformed write is rejected without changing anything.
 */
#include <errno.h>
#include <string.h>

#include "sbtest.h"

#define FEATURE "NEXT_BUDDY"

static enum sb_result sched_features(void)
{
	char before[4096], after[4096];
	int orig, now, ret;

	SB_FAIL_IF(sb_read_file(SB_FEATURES, before, sizeof(before)) <= 0,
		   "cannot read " SB_FEATURES);
	orig = sb_feature_get(FEATURE);
	SB_FAIL_IF(orig < 0, FEATURE " not listed in " SB_FEATURES);
	sb_info(FEATURE " is %s", orig ? "on" : "off");

	SB_FAIL_IF(sb_feature_set(FEATURE, !orig), "cannot toggle " FEATURE);
	now = sb_feature_get(FEATURE);
	sb_info(FEATURE " after toggling: %s", now ? "on" : "off");
	ret = sb_feature_set(FEATURE, orig);
	SB_FAIL_IF(now != !orig, "toggle did not take effect");
	SB_FAIL_IF(ret || sb_feature_get(FEATURE) != orig, "cannot restore " FEATURE);

	ret = sb_write_file(SB_FEATURES, "NO_SUCH_FEATURE_XYZ");
	sb_info("writing an unknown feature: %s", ret ? strerror(-ret) : "accepted");
	SB_FAIL_IF(ret != -EINVAL, "unknown feature not rejected with EINVAL");
	SB_FAIL_IF(sb_read_file(SB_FEATURES, after, sizeof(after)) <= 0 || strcmp(before, after),
		   "feature set differs after the test");
	return SB_PASS;
}
SB_TEST(sched_features, "sched/features can be read, toggled and restored", 10);
