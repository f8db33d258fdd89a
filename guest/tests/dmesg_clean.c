// SPDX-License-Identifier: GPL-2.0
/*
 * Runs last (the Makefile puts it last in build/kselftest-list.txt): the kernel log of the
 * whole run holds no warning, bug or lockup report.
 */
#include "kselftest_harness.h"

#include <sys/klog.h>

#define SYSLOG_ACTION_READ_ALL 3

static const char *const splats[] = {
	"WARNING:", "BUG:", "Oops", "Kernel panic", "INFO: possible", "KASAN", "UBSAN",
	"self-detected stall", "blocked for more than", "soft lockup", "hard LOCKUP",
};

TEST(dmesg_clean)
{
	static char buf[1 << 20];
	int n = klogctl(SYSLOG_ACTION_READ_ALL, buf, sizeof(buf) - 1), bad = 0;
	char *line, *save;

	ASSERT_LT(0, n) TH_LOG("cannot read the kernel log");
	buf[n] = '\0';
	for (line = strtok_r(buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		for (size_t i = 0; i < ARRAY_SIZE(splats); i++) {
			if (strstr(line, splats[i])) {
				ksft_print_msg("kernel log: %s\n", line);
				bad++;
				break;
			}
		}
	}
	ksft_print_msg("%d bytes of kernel log, %d report lines\n", n, bad);
	ASSERT_EQ(0, bad);
}

TEST_HARNESS_MAIN
