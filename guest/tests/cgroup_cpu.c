// SPDX-License-Identifier: GPL-2.0
/*
 * The cgroup v2 cpu controller works: two CPU hogs on one CPU in sibling groups with
 * cpu.weight 100 and 300 get CPU time in about that ratio.
 */
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sbtest.h"

#define RUN_MS		2000
#define TOLERANCE	0.08	/* absolute, on the heavy group's share */

static const char *const groups[2] = { SB_CGROUP "/sbt-light", SB_CGROUP "/sbt-heavy" };
static const unsigned int weights[2] = { 100, 300 };

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

/* A hog pinned to CPU 0 that starts spinning when the go pipe closes. */
static pid_t hog(const int go[2])
{
	pid_t pid = fork();
	char b;

	if (pid)
		return pid;
	close(go[1]);
	sb_pin_cpu(0);
	while (read(go[0], &b, 1) > 0)
		;
	for (;;)
		;
}

static enum sb_result cgroup_cpu(void)
{
	pid_t pid[2] = { 0, 0 };
	long used[2];
	int go[2], ret = 0;
	double share;

	SB_FAIL_IF(sb_cgroup_enable_cpu(SB_CGROUP), "cannot enable the cpu controller");
	SB_FAIL_IF(pipe(go), "pipe");
	for (int i = 0; i < 2 && !ret; i++) {
		ret = sb_cgroup_create(groups[i], weights[i]);
		pid[i] = hog(go);
		ret = ret ?: sb_cgroup_move(groups[i], pid[i]);
	}
	close(go[0]);
	close(go[1]);
	if (!ret)
		usleep(RUN_MS * 1000);
	for (int i = 0; i < 2; i++)
		used[i] = sb_cgroup_usage_usec(groups[i]);
	cleanup(pid);

	SB_FAIL_IF(ret, "cannot set up the groups: %d", ret);
	SB_FAIL_IF(used[0] < 0 || used[1] < 0, "cannot read cpu.stat");
	share = (double)used[1] / (used[0] + used[1]);
	sb_info("usage_usec light=%ld heavy=%ld: heavy share %.3f (weights 100:300 -> 0.750 +- %.2f)",
		used[0], used[1], share, TOLERANCE);
	SB_FAIL_IF(share < 0.75 - TOLERANCE || share > 0.75 + TOLERANCE,
		   "heavy group's share %.3f is off its weight", share);
	return SB_PASS;
}
SB_TEST(cgroup_cpu, "cgroup v2 cpu.weight divides one CPU between two groups", 30);
