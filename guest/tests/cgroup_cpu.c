// SPDX-License-Identifier: GPL-2.0
/*
 * The cgroup v2 cpu controller works: two CPU hogs on one CPU in sibling groups with
 * cpu.weight 100 and 300 get CPU time in about that ratio.
 */
#include "kselftest_harness.h"

#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../lib/sb.h"

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

TEST(cgroup_cpu)
{
	pid_t pid[2] = { 0, 0 };
	long used[2];
	int go[2], ret = 0;
	double share;

	ASSERT_EQ(0, sb_cgroup_enable_cpu(SB_CGROUP)) TH_LOG("cannot enable the cpu controller");
	ASSERT_EQ(0, pipe(go));
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

	ASSERT_EQ(0, ret) TH_LOG("cannot set up the groups: %d", ret);
	ASSERT_TRUE(used[0] >= 0 && used[1] >= 0) TH_LOG("cannot read cpu.stat");
	share = (double)used[1] / (used[0] + used[1]);
	ksft_print_msg("usage_usec light=%ld heavy=%ld: heavy share %.3f (weights 100:300 -> 0.750 +- %.2f)\n",
		       used[0], used[1], share, TOLERANCE);
	ASSERT_TRUE(share >= 0.75 - TOLERANCE && share <= 0.75 + TOLERANCE)
		TH_LOG("heavy group's share %.3f is off its weight", share);
}

TEST_HARNESS_MAIN
