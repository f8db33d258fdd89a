// SPDX-License-Identifier: GPL-2.0
/* Helpers shared by the in-guest tests; see buddy_lib.h. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>

#include "buddy_lib.h"

bool sb_base_kernel(void)
{
	const char *kernel = getenv("SB_KERNEL");

	return kernel && !strcmp(kernel, "base");
}

const char *sb_missing_feature(const char *const *names)
{
	for (; *names; names++)
		if (sb_feature_get(*names) < 0)
			return *names;
	return NULL;
}

int sb_set_buddies(bool next, bool last)
{
	return sb_feature_set("NEXT_BUDDY", next) ?: sb_feature_set("LAST_BUDDY", last);
}

pid_t sb_probe_start(long long *late, int n, unsigned long long period_ns, const char *cgroup)
{
	struct timespec ts;
	unsigned long long next;
	pid_t pid = fork();

	if (pid)
		return pid;
	if ((cgroup && sb_cgroup_move(cgroup, getpid())) || sb_pin_cpu(0))
		_exit(1);
	usleep(200000);		/* let the workload start */
	next = sb_now_ns();
	for (int i = 0; i < n; i++) {
		next += period_ns;
		ts.tv_sec = next / 1000000000ULL;
		ts.tv_nsec = next % 1000000000ULL;
		clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL);
		late[i] = sb_now_ns() - next;
	}
	_exit(0);
}

int sb_schedstats_on(void)
{
	return sb_write_file("/proc/sys/kernel/sched_schedstats", "1");
}

int sb_buddy_events_read(struct sb_buddy_events *ev)
{
	FILE *f = fopen(SB_TRACING "/trace", "re");
	char line[512];

	memset(ev, 0, sizeof(*ev));
	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f)) {
		bool next = strstr(line, " buddy=next "), group = strstr(line, " pid=0 ");

		if (!strstr(line, " sched_buddy: "))
			continue;
		ev->lines++;
		if (strstr(line, " verdict=set ")) {
			next ? ev->next_set++ : ev->last_set++;
			continue;
		}
		if (strstr(line, " verdict=picked "))
			next ? ev->next_picked++ : ev->last_picked++;
		/* "same": the buddy ran, and was the EEVDF pick too */
		if (strstr(line, " verdict=picked ") || strstr(line, " verdict=same "))
			group ? ev->group_ran++ : ev->task_ran++;
	}
	fclose(f);
	return 0;
}

static bool listed(pid_t pid, const volatile pid_t *pids, int npids)
{
	for (int i = 0; i < npids; i++)
		if (pids[i] == pid)
			return true;
	return false;
}

double sb_max_lag_ms(int cpu, const volatile pid_t *pids, int npids)
{
	FILE *f = fopen("/sys/kernel/debug/sched/debug", "re");
	char line[512], me[16], root[32], state[4], comm[32];
	double avg = NAN, max = -1, v;
	bool mine = false, tasks = false;
	int pid;

	if (!f)
		return -1;
	snprintf(me, sizeof(me), "cpu#%d", cpu);
	snprintf(root, sizeof(root), "cfs_rq[%d]:/\n", cpu);
	while (fgets(line, sizeof(line), f)) {
		if (!strncmp(line, "cpu#", 4)) {
			mine = !strncmp(line, me, strlen(me)) && line[strlen(me)] == ',';
			tasks = false;
		} else if (mine && !strcmp(line, root)) {
			while (fgets(line, sizeof(line), f) && line[0] == ' ')
				if (sscanf(line, " .avg_vruntime : %lf", &v) == 1)
					avg = v;
		} else if (mine && !strncmp(line, "runnable tasks:", 15)) {
			tasks = true;
		} else if (tasks && sscanf(line, "%3s %31s %d %lf", state, comm, &pid, &v) == 4 &&
			   strstr(state, "R") && listed(pid, pids, npids) && !isnan(avg) &&
			   fabs(avg - v) > max) {
			max = fabs(avg - v);
		}
	}
	fclose(f);
	return max;
}

/* The kernel's jiffies, from the header of sched/debug, or -1. */
static long jiffies(void)
{
	FILE *f = fopen("/sys/kernel/debug/sched/debug", "re");
	char line[256];
	long j = -1;

	while (f && fgets(line, sizeof(line), f))
		if (sscanf(line, "jiffies : %ld", &j) == 1)
			break;
	if (f)
		fclose(f);
	return j;
}

long sb_buddy_window_ns(void)
{
	long slice, j0, j1;
	unsigned long long t0, t1;

	/* The granularity G is base_slice_ns: G and the last buddy's slice are one each. */
	if (sb_read_long("/sys/kernel/debug/sched/base_slice_ns", &slice))
		return -1;
	t0 = sb_now_ns();
	j0 = jiffies();
	usleep(200000);
	j1 = jiffies();
	t1 = sb_now_ns();
	if (j0 < 0 || j1 <= j0)
		return -1;
	return 2 * slice + (long)((t1 - t0) / (j1 - j0));
}

int sb_run(const char *const argv[])
{
	int status;
	pid_t pid = fork();

	if (pid < 0)
		return -1;
	if (!pid) {
		execv(argv[0], (char *const *)argv);
		_exit(127);
	}
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}
