// SPDX-License-Identifier: GPL-2.0
/*
 * The torture's starvation monitor sees what a real-time task holds back. A SCHED_FIFO
 * spinner on every CPU leaves fair tasks only the fair server's share for HOLD_S seconds
 * in the middle of a short build/torture run (no stress-ng, no hotplug), from 2 s after
 * the run printed its header (its setup done, but for the cgroup tree); the monitor must
 * find the spinners and report the units as held back in at least MIN_HELD_PCT percent of
 * its samples (the hold is HOLD_S of RUN_S seconds; the monitor finds a new real-time task
 * within a second), and the run must still pass its own checks. If the monitor did not
 * find real-time tasks, the share would be 0 and this fails.
 */
#define _GNU_SOURCE
#include "kselftest_harness.h"

#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../lib/sb.h"

#define TORTURE		SB_TOP "/build/torture"
#define RUN_S		"7"
#define HOLD_S		3
#define MIN_HELD_PCT	10.0
#define MAX_CPUS	64

/* Spin as SCHED_FIFO 50 on @cpu for HOLD_S seconds, then exit. */
static void spinner(int cpu)
{
	struct sched_param sp = { .sched_priority = 50 };
	unsigned long long end = sb_now_ns() + HOLD_S * 1000000000ULL;

	if (sb_pin_cpu(cpu) || sched_setscheduler(0, SCHED_FIFO, &sp))
		_exit(1);
	while (sb_now_ns() < end)
		;
	_exit(0);
}

TEST(real_time_hold_is_seen)
{
	int ncpus = sysconf(_SC_NPROCESSORS_ONLN), fds[2], status, tracked = -1;
	pid_t torture, spin[MAX_CPUS];
	double held = -1;
	char line[512];
	FILE *out;

	ASSERT_EQ(0, access(TORTURE, X_OK)) TH_LOG("%s missing (run: make guest)", TORTURE);
	ASSERT_GE(MAX_CPUS, ncpus);
	ASSERT_EQ(0, pipe(fds));
	torture = fork();
	ASSERT_LE(0, torture);
	if (!torture) {
		dup2(fds[1], STDOUT_FILENO);
		close(fds[0]);
		execl(TORTURE, TORTURE, "-d", RUN_S, "-p", "2", "-H", "1", "-S", "-P", "-b",
		      "2000", (char *)NULL);
		_exit(127);
	}
	close(fds[1]);
	out = fdopen(fds[0], "r");
	ASSERT_NE(NULL, out);
	/*
	 * The hold starts 2 s after the run's header: a setup still running when the spinners
	 * start gets the fair server's share only, and the run would start after the hold.
	 */
	while (fgets(line, sizeof(line), out)) {
		fputs(line, stdout);
		if (!strncmp(line, "# toggled features:", 19))
			break;
	}
	sb_sleep_ns(2000000000ULL);
	for (int c = 0; c < ncpus; c++) {
		spin[c] = fork();
		ASSERT_LE(0, spin[c]);
		if (!spin[c])
			spinner(c);
	}
	while (fgets(line, sizeof(line), out)) {
		fputs(line, stdout);
		sscanf(line, "# real-time holds: %d RT/DL tasks tracked at most, units held back in %lf%%",
		       &tracked, &held);
	}
	fclose(out);
	for (int c = 0; c < ncpus; c++) {
		ASSERT_EQ(spin[c], waitpid(spin[c], &status, 0));
		EXPECT_TRUE(WIFEXITED(status) && !WEXITSTATUS(status))
			TH_LOG("spinner on CPU %d could not pin itself or become SCHED_FIFO", c);
	}
	ASSERT_EQ(torture, waitpid(torture, &status, 0));
	EXPECT_TRUE(WIFEXITED(status) && !WEXITSTATUS(status))
		TH_LOG("torture failed (status %#x), its report is above", status);
	TH_LOG("%d CPUs held %d s of %s s: %d real-time tasks tracked, units held back in %.1f%% of samples",
	       ncpus, HOLD_S, RUN_S, tracked, held);
	EXPECT_LE(MIN_HELD_PCT, held);
}

TEST_HARNESS_MAIN
