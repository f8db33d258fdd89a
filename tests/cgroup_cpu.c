// SPDX-License-Identifier: GPL-2.0
/*
 * The cgroup v2 cpu controller works: two CPU hogs on one CPU in sibling groups with
 * cpu.weight 100 and 300 get CPU time in about that ratio.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sbtest.h"

#define RUN_MS		2000
#define TOLERANCE	0.08	/* absolute, on the heavy group's share */

static const char *const groups[2] = { SB_CGROUP "/sbt-light", SB_CGROUP "/sbt-heavy" };
static const char *const weights[2] = { "100", "300" };

static long usage_usec(const char *group)
{
	char path[128], buf[1024], *p;

	snprintf(path, sizeof(path), "%s/cpu.stat", group);
	if (sb_read_file(path, buf, sizeof(buf)) < 0 || !(p = strstr(buf, "usage_usec ")))
		return -1;
	return atol(p + 11);
}

static void cleanup(pid_t *pid)
{
	for (int i = 0; i < 2; i++) {
		if (pid[i] > 0) {
			kill(pid[i], SIGKILL);
			waitpid(pid[i], NULL, 0);
		}
		rmdir(groups[i]);
	}
}

static enum sb_result cgroup_cpu(void)
{
	pid_t pid[2] = { 0, 0 };
	long used[2];
	char path[128], num[32];
	int go[2];
	double share;

	SB_FAIL_IF(sb_write_file(SB_CGROUP "/cgroup.subtree_control", "+cpu"),
		   "cannot enable the cpu controller");
	SB_FAIL_IF(pipe(go), "pipe");
	for (int i = 0; i < 2; i++) {
		rmdir(groups[i]);
		SB_FAIL_IF(mkdir(groups[i], 0755), "mkdir %s", groups[i]);
		snprintf(path, sizeof(path), "%s/cpu.weight", groups[i]);
		SB_FAIL_IF(sb_write_file(path, weights[i]), "cannot write %s", path);
		pid[i] = fork();
		if (!pid[i]) {
			char b;

			close(go[1]);
			sb_pin_cpu(0);
			read(go[0], &b, 1);
			for (;;)
				;
		}
		snprintf(path, sizeof(path), "%s/cgroup.procs", groups[i]);
		snprintf(num, sizeof(num), "%d", pid[i]);
		if (sb_write_file(path, num)) {
			cleanup(pid);
			SB_FAIL_IF(1, "cannot move the hog into %s", groups[i]);
		}
	}
	close(go[0]);
	close(go[1]);
	usleep(RUN_MS * 1000);
	for (int i = 0; i < 2; i++)
		used[i] = usage_usec(groups[i]);
	cleanup(pid);

	SB_FAIL_IF(used[0] < 0 || used[1] < 0, "cannot read cpu.stat");
	share = (double)used[1] / (used[0] + used[1]);
	sb_info("usage_usec light=%ld heavy=%ld: heavy share %.3f (weights 100:300 -> 0.750 +- %.2f)",
		used[0], used[1], share, TOLERANCE);
	SB_FAIL_IF(share < 0.75 - TOLERANCE || share > 0.75 + TOLERANCE,
		   "heavy group's share %.3f is off its weight", share);
	return SB_PASS;
}
SB_TEST(cgroup_cpu, "cgroup v2 cpu.weight divides one CPU between two groups", 30);
