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

const char *sb_series_version(void)
{
	const char *version = getenv("SB_VERSION");

	return version && *version ? version : "6.12";
}

bool sb_need_is_counter(const char *name)
{
	return !strncmp(name, "buddy_", 6);
}

bool sb_counts(const char *counter)
{
	char was[8] = "";
	bool counts;

	/* The counters show only with schedstats on: on for the look, then as they were. */
	if (sb_read_file(SB_SCHEDSTATS, was, sizeof(was)) < 0 ||
	    sb_schedstats_on())
		return false;
	counts = sb_sched_debug_sum(counter) >= 0;
	if (was[0] == '0')
		sb_write_file(SB_SCHEDSTATS, "0");
	return counts;
}

const char *sb_missing_need(const char *const *needs)
{
	for (; *needs; needs++)
		if (sb_need_is_counter(*needs) ? !sb_counts(*needs) : sb_feature_get(*needs) < 0)
			return *needs;
	return NULL;
}

int sb_set_buddies(bool next, bool last)
{
	int ret = sb_feature_set("NEXT_BUDDY", next);

	if (ret || sb_feature_get("LAST_BUDDY") < 0)
		return ret;
	return sb_feature_set("LAST_BUDDY", last);
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
	return sb_write_file(SB_SCHEDSTATS, "1");
}

int sb_buddy_trace(bool on)
{
	static const char probe[] = "t:buddy/sched_buddy sched_buddy_tp cpu=$arg1:s32 "
		"pid=$arg2:s32 kind=$arg3:s32 verdict=$arg4:s32 delta=$arg5:s64";

	if (access(SB_BUDDY_EVENT, F_OK)) {
		if (!on)
			return 0;
		if (sb_write_file(SB_TRACING "/dynamic_events", probe))
			return -ENOENT;
	}
	return sb_write_file(SB_BUDDY_EVENT "/enable", on ? "1" : "0");
}

#define SB_BUDDY_NAME 16

/* The names of enum buddy_kind and enum buddy_stat, in their order, as the counters show them. */
struct buddy_names {
	int kinds, stats;
	char kind[4][SB_BUDDY_NAME], stat[16][SB_BUDDY_NAME];
};

static int buddy_names(struct buddy_names *n)
{
	FILE *f = fopen("/sys/kernel/debug/sched/debug", "re");
	char line[256], kind[SB_BUDDY_NAME], stat[SB_BUDDY_NAME];

	memset(n, 0, sizeof(*n));
	if (!f)
		return -errno;
	/* "  .buddy_next_set   : 12", kind by kind, a stat a line: the first CPU's will do */
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, " .buddy_%15[a-z]_%15[a-z_] :", kind, stat) != 2)
			continue;
		if (n->kinds && !strcmp(kind, n->kind[0]) && !strcmp(stat, n->stat[0]) &&
		    n->kinds * n->stats > 1)
			break;
		if (!n->kinds || strcmp(kind, n->kind[n->kinds - 1])) {
			if (n->kinds == 4)
				break;
			strcpy(n->kind[n->kinds++], kind);
		}
		if (n->kinds == 1 && n->stats < 16)
			strcpy(n->stat[n->stats++], stat);
	}
	fclose(f);
	return n->kinds && n->stats ? 0 : -ENODATA;
}

static const char *buddy_name(const char (*names)[SB_BUDDY_NAME], int n, const char *line,
			      const char *field)
{
	const char *at = strstr(line, field);
	int i;

	if (!at || sscanf(at + strlen(field), "%d", &i) != 1 || i < 0 || i >= n)
		return "?";
	return names[i];
}

int sb_buddy_events_read(struct sb_buddy_events *ev)
{
	FILE *f;
	char line[512];
	struct buddy_names n;
	int ret = buddy_names(&n);

	memset(ev, 0, sizeof(*ev));
	if (ret)
		return ret;
	f = fopen(SB_TRACING "/trace", "re");
	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f)) {
		const char *kind, *verdict;
		bool next, picked;

		if (!strstr(line, " sched_buddy: "))
			continue;
		ev->lines++;
		kind = buddy_name(n.kind, n.kinds, line, " kind=");
		verdict = buddy_name(n.stat, n.stats, line, " verdict=");
		next = !strcmp(kind, "next");
		if (!strcmp(verdict, "set")) {
			next ? ev->next_set++ : ev->last_set++;
			continue;
		}
		picked = !strcmp(verdict, "picked");
		if (picked)
			next ? ev->next_picked++ : ev->last_picked++;
		/* "same": the buddy ran, and was the EEVDF pick too */
		if (picked || !strcmp(verdict, "same"))
			strstr(line, " pid=0 ") ? ev->group_ran++ : ev->task_ran++;
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

bool sb_flat_runqueue(void)
{
	return access("/sys/kernel/debug/sched/cgroup_mode", F_OK) == 0;
}

double sb_max_lag_ms(int cpu, const volatile pid_t *pids, int npids)
{
	FILE *f = fopen("/sys/kernel/debug/sched/debug", "re");
	char line[512], me[16], root[32], state[4], comm[32];
	double avg = NAN, max = -1, v, w;
	bool mine = false, tasks = false, weighted = false;
	int pid, n;

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
			/* The column heads: 7.3 has a weight before the vruntime. */
			tasks = fgets(line, sizeof(line), f) != NULL;
			weighted = tasks && strstr(line, " weight ");
		} else if (tasks &&
			   (n = sscanf(line, "%3s %31s %d %lf %lf", state, comm, &pid, &w, &v)) >= 4 &&
			   strstr(state, "R") && listed(pid, pids, npids) && !isnan(avg)) {
			if (!weighted)
				v = w;
			else if (n < 5)
				continue;
			if (fabs(avg - v) > max)
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
