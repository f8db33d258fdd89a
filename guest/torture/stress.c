// SPDX-License-Identifier: GPL-2.0
/*
 * stress-ng: its scheduler stressors with --verify, for the duration, in a cgroup of
 * their own; at the end its exit status, and its processes when it does not finish.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "torture.h"

/*
 * stress-ng's scheduler stressors, one worker each. The fair ones: context switches
 * over pipes, yields, futex and semaphore waits: every one wakes or preempts, so sets
 * buddies. Tried and left out (600 s runs, 4 vCPUs): cpu-sched (not in 0.15, Debian
 * 12's); affinity (fails when a CPU it picked goes offline); race-sched and nanosleep
 * cut the churner's rate to a quarter, as resched does, for no new kind of load.
 */
static const char *const fair_stressors[] = {
	"--switch", "--yield", "--futex", "--pipe", "--sem", NULL
};
/*
 * The heavy ones, left out by --light: resched (children at every nice level and policy,
 * yielding), and mutex and schedpolicy, whose workers take SCHED_FIFO/RR/DEADLINE
 * policies: the monitor does not count a window while such a task holds the CPU.
 *
 * stress-ng runs in a cgroup of its own (CG_STRESS, the default weight) beside the
 * torture's tree, as a service would: its tasks, a score of resched's children among
 * them, then count as one entity at the top level instead of each weighing as much as
 * the whole torture tree (where they left a leaf's worker a share small enough for
 * waits of 3.7 s, in the 600 s runs with resched in the root cgroup).
 */
static const char *const heavy_stressors[] = { "--resched", "--mutex", "--schedpolicy", NULL };

static void print_stressors(bool light)
{
	for (int i = 0; fair_stressors[i]; i++)
		printf("%s%s", i ? " " : "", fair_stressors[i] + 2);
	for (int i = 0; !light && heavy_stressors[i]; i++)
		printf(" %s", heavy_stressors[i] + 2);
}

/* Append one worker of each of @names to @argv, from @argc; returns the new count. */
static int add_stressors(const char **argv, int argc, const char *const *names)
{
	for (; *names; names++) {
		argv[argc++] = *names;
		argv[argc++] = "1";
	}
	return argc;
}

pid_t start_stress(int seconds, bool light)
{
	const char *argv[64] = { "stress-ng", "--timeout", NULL, "--verify", "--metrics-brief",
				 "--temp-path", "/tmp" };
	int argc = 7;
	char t[16];
	pid_t pid;

	snprintf(t, sizeof(t), "%d", seconds);
	argv[2] = t;
	argc = add_stressors(argv, argc, fair_stressors);
	if (!light)
		argc = add_stressors(argv, argc, heavy_stressors);
	argv[argc] = NULL;
	pid = fork();
	if (pid == 0) {
		if (sb_cgroup_move(CG_STRESS, getpid()))
			fprintf(stderr, "torture: stress-ng left in the root cgroup\n");
		execvp("stress-ng", (char **)argv);
		fprintf(stderr, "torture: cannot run stress-ng: %s\n", strerror(errno));
		_exit(127);
	}
	return pid;
}

/* Process pid as a line, if it is one of stress-ng's: pid, name, state, policy, CPU. */
static void print_if_stress(pid_t pid)
{
	char path[64], buf[1024] = "", state;
	int fd, cpu, policy;
	const char *name;

	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return;
	if (read(fd, buf, sizeof(buf) - 1) > 0 && (name = strstr(buf, "(stress-ng")) &&
	    !stat_fields(buf, &state, &cpu, &policy))
		printf("#   pid %d %.*s state %c policy %d cpu %d\n", pid,
		       (int)(strchr(name, ')') - name + 1), name, state, policy, cpu);
	close(fd);
}

/*
 * Reap stress-ng (its --timeout is the duration; 300 s more before it is killed: with the
 * heavy stressors its teardown took 65 s in a 2-vCPU guest on a loaded host) and print
 * its outcome; returns 1 unless it exited 0, its --verify checks included.
 */
int reap_stress(void)
{
	int status = wait_until(stress_pid, sb_now_ns() + 300000000000ULL);

	if (status == -1) {
		printf("# stress-ng still running 300 s after the churn; its processes:\n");
		for_each_pid(print_if_stress);
		kill(stress_pid, SIGKILL);
		waitpid(stress_pid, NULL, 0);
	}
	printf("# stress-ng (");
	print_stressors(cfg.light);
	printf(", --verify): %s %d\n",
	       status == -1 ? "did not finish, killed" :
	       WIFEXITED(status) ? "exit" : "signal",
	       status == -1 ? 0 : WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status));
	if (status == -1 || !WIFEXITED(status) || WEXITSTATUS(status)) {
		printf("# FAIL: stress-ng failed\n");
		return 1;
	}
	return 0;
}
