// SPDX-License-Identifier: GPL-2.0
/*
 * sched/features in debugfs is readable, a feature can be toggled and restored, and a
 * malformed write is rejected without changing anything.
 */
#include "kselftest_harness.h"

#include "../lib/sb.h"

#define FEATURE "NEXT_BUDDY"

TEST(sched_features)
{
	char before[SB_FEATURES_LEN], after[SB_FEATURES_LEN];
	int orig, now, ret;

	ASSERT_LT(0, sb_read_file(SB_FEATURES, before, sizeof(before)))
		TH_LOG("cannot read " SB_FEATURES);
	orig = sb_feature_get(FEATURE);
	ASSERT_LE(0, orig) TH_LOG(FEATURE " not listed in " SB_FEATURES);
	ksft_print_msg(FEATURE " is %s\n", orig ? "on" : "off");

	ASSERT_EQ(0, sb_feature_set(FEATURE, !orig)) TH_LOG("cannot toggle " FEATURE);
	now = sb_feature_get(FEATURE);
	ksft_print_msg(FEATURE " after toggling: %s\n", now ? "on" : "off");
	ret = sb_feature_set(FEATURE, orig);
	ASSERT_EQ(!orig, now) TH_LOG("toggle did not take effect");
	ASSERT_EQ(0, ret) TH_LOG("cannot restore " FEATURE);
	ASSERT_EQ(orig, sb_feature_get(FEATURE)) TH_LOG("cannot restore " FEATURE);

	ret = sb_write_file(SB_FEATURES, "NO_SUCH_FEATURE_XYZ");
	ksft_print_msg("writing an unknown feature: %s\n", ret ? strerror(-ret) : "accepted");
	ASSERT_EQ(-EINVAL, ret) TH_LOG("unknown feature not rejected with EINVAL");
	ASSERT_LT(0, sb_read_file(SB_FEATURES, after, sizeof(after)));
	ASSERT_STREQ(before, after) TH_LOG("feature set differs after the test");
}

TEST_HARNESS_MAIN
