// SPDX-License-Identifier: GPL-2.0
/* The guest runs the kernel that was just built: uname matches the build's UTS strings. */
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

#include "sbtest.h"

static enum sb_result kernel_version(void)
{
	const char *release = getenv("SB_EXPECT_RELEASE");
	const char *version = getenv("SB_EXPECT_VERSION");
	struct utsname u;

	if (!release || !version) {
		sb_info("SB_EXPECT_RELEASE/SB_EXPECT_VERSION not set: nothing to compare with");
		return SB_SKIP;
	}
	SB_FAIL_IF(uname(&u), "uname failed");
	sb_info("running %s %s", u.release, u.version);
	SB_FAIL_IF(strcmp(u.release, release), "release is %s, built %s", u.release, release);
	SB_FAIL_IF(strcmp(u.version, version), "version is '%s', built '%s'", u.version, version);
	return SB_PASS;
}
SB_TEST(kernel_version, "uname matches the kernel that was built", 10);
