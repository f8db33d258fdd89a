// SPDX-License-Identifier: GPL-2.0
/*
 * Runs last (the Makefile puts it last in build/kselftest-list.txt): the kernel log of the
 * whole run holds no splat, by the patterns of guest/splats, which host/boot.sh matches
 * against the console too. SB_TOP, the checkout, is compiled in; the guest sees it over
 * its 9p root.
 */
#include "kselftest_harness.h"

#include <regex.h>
#include <sys/klog.h>

#include "../lib/sb.h"

#define SPLATS SB_TOP "/guest/splats"
#define SYSLOG_ACTION_READ_ALL 3

/* The patterns of SPLATS as one regular expression "(a)|(b)|..."; returns 0 or -errno. */
static int splats_compile(regex_t *re)
{
	char file[4096], alt[8192] = "", *line, *save;
	size_t len = 0;

	if (sb_read_file(SPLATS, file, sizeof(file)) <= 0)
		return -ENOENT;
	for (line = strtok_r(file, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		if (line[0] == '#' || !line[strspn(line, " \t")])
			continue;
		len += snprintf(alt + len, sizeof(alt) - len, "%s(%s)", len ? "|" : "", line);
		if (len >= sizeof(alt))
			return -E2BIG;
	}
	if (!len)
		return -ENODATA;
	return regcomp(re, alt, REG_EXTENDED | REG_NOSUB) ? -EINVAL : 0;
}

TEST(dmesg_clean)
{
	static char buf[1 << 20];
	int n, ret, bad = 0;
	char *line, *save;
	regex_t re;

	ret = splats_compile(&re);
	ASSERT_EQ(0, ret) TH_LOG("cannot read the patterns of %s: %s", SPLATS, strerror(-ret));
	n = klogctl(SYSLOG_ACTION_READ_ALL, buf, sizeof(buf) - 1);
	ASSERT_LT(0, n) TH_LOG("cannot read the kernel log");
	buf[n] = '\0';
	for (line = strtok_r(buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		if (!regexec(&re, line, 0, NULL, 0)) {
			ksft_print_msg("kernel log: %s\n", line);
			bad++;
		}
	}
	regfree(&re);
	ksft_print_msg("%d bytes of kernel log, %d report lines\n", n, bad);
	ASSERT_EQ(0, bad);
}

TEST_HARNESS_MAIN
