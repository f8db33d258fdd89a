// SPDX-License-Identifier: GPL-2.0
/* The guest runs the kernel that was just built: uname matches the build's UTS strings. */
#include "kselftest_harness.h"

#include <sys/utsname.h>

TEST(kernel_version)
{
	const char *release = getenv("SB_EXPECT_RELEASE");
	const char *version = getenv("SB_EXPECT_VERSION");
	struct utsname u;

	if (!release || !version)
		SKIP(return, "SB_EXPECT_RELEASE/SB_EXPECT_VERSION not set: nothing to compare with");
	ASSERT_EQ(0, uname(&u));
	ksft_print_msg("running %s %s\n", u.release, u.version);
	ASSERT_STREQ(release, u.release);
	ASSERT_STREQ(version, u.version);
}

TEST_HARNESS_MAIN
