// SPDX-License-Identifier: GPL-2.0
/* Runs last: the kernel log of the whole run holds no warning, bug or lockup report. */
#include <string.h>
#include <sys/klog.h>

#include "sbtest.h"

#define SYSLOG_ACTION_READ_ALL 3
#define SYSLOG_ACTION_SIZE_BUFFER 10

static const char *const splats[] = {
	"WARNING:", "BUG:", "Oops", "Kernel panic", "INFO: possible", "KASAN", "UBSAN",
	"self-detected stall", "blocked for more than", "soft lockup", "hard LOCKUP",
};

static enum sb_result dmesg_clean(void)
{
	static char buf[1 << 20];
	int n = klogctl(SYSLOG_ACTION_READ_ALL, buf, sizeof(buf) - 1), bad = 0;
	char *line, *save;

	SB_FAIL_IF(n <= 0, "cannot read the kernel log");
	buf[n] = '\0';
	for (line = strtok_r(buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		for (size_t i = 0; i < sizeof(splats) / sizeof(splats[0]); i++) {
			if (strstr(line, splats[i])) {
				sb_info("kernel log: %s", line);
				bad++;
				break;
			}
		}
	}
	sb_info("%d bytes of kernel log, %d report lines", n, bad);
	return bad ? SB_FAIL : SB_PASS;
}
SB_TEST_ORDER(dmesg_clean, "the kernel log holds no WARN/BUG/lockup report", 10, 99);
