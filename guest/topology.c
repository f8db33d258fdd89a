// SPDX-License-Identifier: GPL-2.0
/*
 * topology: the pairs and their bystanders on one CPU, placed in one of the group
 * topologies below, for one run. Measures what the buddies give the pairs (cohesion,
 * round trips) and what they cost the bystanders: a periodic probe's wakeup latency (5 ms
 * period, default slice or -s SLICE_US) and the hogs' CPU share. Prints one line of
 * key=value figures. The buddy features are left as they are: the caller sets the mode.
 * With the probe the line ends in "hist=" and the probe's wakeup latencies as a sparse
 * histogram, BUCKET:COUNT pairs of HIST_US-wide buckets (bucket b holds b * HIST_US to
 * (b + 1) * HIST_US us), from which runs can be pooled (host/bench/topology.awk).
 *
 *   topology -t TOPOLOGY [-d DURATION_MS] [-s SLICE_US] [-w WS_KIB] [-m WINDOW]
 *
 * TOPOLOGY (the cgroups are created below /sys/fs/cgroup, all with the cpu controller,
 * and removed afterwards):
 *   root       all on the root queue
 *   group      the pairs in one cgroup, the hogs and the probe on the root queue
 *   sibling    the pairs in one cgroup, the hogs and the probe in a sibling cgroup
 *   cross      each pair's first member in one cgroup, its partner in another (a
 *              server and its clients in two services), the bystanders on the root queue
 *   autogroup  no cgroups: the pairs in a session of their own, each hog and the probe
 *              too (setsid(); the kernel needs CONFIG_SCHED_AUTOGROUP)
 *   nest       systemd's shape: the pairs in system.slice/db.service, the probe in
 *              system.slice/mon.service, the hogs in user.slice/build.scope
 *   inside     the pairs and the probe in one cgroup, the hogs on the root queue
 *   alone      one pair alone on the CPU: no hogs, no probe (the pairs' limit)
 * -w, -m: as for pairs (each member's working set; the cache-model window of the run).
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "lib/cachemark.h"
#include "lib/pairs.h"

#define CPU		0
#define PERIOD_NS	5000000ULL
#define HIST_US		10
#define PROBE_DELAY_MS	200	/* the pairs start first */
#define NHOGS		2

struct topology {
	const char *name;
	const char *parents[2];	/* created first, with the cpu controller for children */
	const char *server, *client, *hogs, *probe;	/* NULL: the root queue */
	bool sessions;		/* the pairs, each hog, the probe: a session each */
	int npairs, nhogs;
	bool has_probe;
};

#define TOP "sbx-"
static const struct topology topologies[] = {
	{ "root", { 0 }, NULL, NULL, NULL, NULL, false, 4, NHOGS, true },
	{ "group", { 0 }, TOP "pairs", TOP "pairs", NULL, NULL, false, 4, NHOGS, true },
	{ "sibling", { 0 }, TOP "pairs", TOP "pairs", TOP "other", TOP "other", false, 4,
	  NHOGS, true },
	{ "cross", { 0 }, TOP "srv", TOP "cli", NULL, NULL, false, 4, NHOGS, true },
	{ "autogroup", { 0 }, NULL, NULL, NULL, NULL, true, 4, NHOGS, true },
	{ "nest", { TOP "system.slice", TOP "user.slice" }, TOP "system.slice/db.service",
	  TOP "system.slice/db.service", TOP "user.slice/build.scope",
	  TOP "system.slice/mon.service", false, 4, NHOGS, true },
	{ "inside", { 0 }, TOP "pairs", TOP "pairs", NULL, TOP "pairs", false, 4, NHOGS, true },
	{ "alone", { 0 }, NULL, NULL, NULL, NULL, false, 1, 0, false },
};

static const struct topology *topo;

/* The cgroup directory of a placement, in buf; NULL for the root queue. */
static const char *cgdir(const char *where, char *buf, size_t len)
{
	if (!where)
		return NULL;
	snprintf(buf, len, "%s/%s", SB_CGROUP, where);
	return buf;
}

static int move(const char *where, pid_t pid)
{
	char buf[256];
	const char *dir = cgdir(where, buf, sizeof(buf));

	return dir ? sb_cgroup_move(dir, pid) : 0;
}

/* Create (or, with remove, remove) the topology's cgroups, parents first. */
static int cgroups(bool remove)
{
	const char *dirs[6] = { topo->parents[0], topo->parents[1], topo->server,
				topo->client, topo->hogs, topo->probe };
	char buf[256];
	int ret = 0;

	if (remove) {
		for (int i = 5; i >= 0; i--)
			if (dirs[i])
				rmdir(cgdir(dirs[i], buf, sizeof(buf)));
		return 0;
	}
	ret = sb_cgroup_enable_cpu(SB_CGROUP);
	for (int i = 0; !ret && i < 6; i++) {
		if (!dirs[i] || access(cgdir(dirs[i], buf, sizeof(buf)), F_OK) == 0)
			continue;
		ret = sb_cgroup_create(buf, 0);
		if (!ret && i < 2)
			ret = sb_cgroup_enable_cpu(buf);
	}
	return ret;
}

/* Pair members come in order: even ones are the servers, odd ones their clients. */
static int place(pid_t pid, bool hog, int index, void *arg)
{
	int *member = arg;

	(void)hog;
	(void)index;
	return move((*member)++ % 2 ? topo->client : topo->server, pid);
}

static void hog(void)
{
	sb_pin_cpu(CPU);
	for (;;)
		;
}

/* Print the sorted late[0..n-1] (ns) as " hist=" and the nonempty HIST_US buckets. */
static void print_hist(const long long *late, int n)
{
	printf(" hist=");
	for (int i = 0; i < n;) {
		long long b = late[i] / 1000 / HIST_US;
		int j = i;

		while (j < n && late[j] / 1000 / HIST_US == b)
			j++;
		printf("%s%lld:%d", i ? "," : "", b, j - i);
		i = j;
	}
}

/* The probe: wake every PERIOD_NS, record how late each of n wakeups was. */
static void probe(long long *late, int n, unsigned int slice_us)
{
	struct timespec ts;
	unsigned long long next;

	if (topo->sessions && setsid() < 0)
		_exit(1);
	if (move(topo->probe, getpid()) || sb_pin_cpu(CPU) ||
	    (slice_us && sb_set_slice(0, slice_us * 1000ULL)))
		_exit(1);
	usleep(PROBE_DELAY_MS * 1000);
	next = sb_now_ns();
	for (int i = 0; i < n; i++) {
		next += PERIOD_NS;
		ts.tv_sec = next / 1000000000ULL;
		ts.tv_nsec = next % 1000000000ULL;
		clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL);
		late[i] = sb_now_ns() - next;
	}
	_exit(0);
}

/* Fork the hogs, each in a session of its own if the topology says so. */
static int start_hogs(pid_t *pids)
{
	for (int i = 0; i < topo->nhogs; i++) {
		pids[i] = fork();
		if (pids[i] < 0)
			return -errno;
		if (!pids[i]) {
			if (topo->sessions && setsid() < 0)
				_exit(1);
			hog();
		}
		if (move(topo->hogs, pids[i]))
			return -1;
	}
	return 0;
}

/*
 * The pairs, in a child in a session of its own if the topology says so (the members
 * inherit it), else in this process.
 */
static int run_pairs(const struct sb_pairs_cfg *cfg, struct sb_pairs_result *r)
{
	int status;
	pid_t pid;

	if (!topo->sessions)
		return sb_pairs_run(cfg, r);
	pid = fork();
	if (pid < 0)
		return -errno;
	if (!pid)
		_exit(setsid() < 0 || sb_pairs_run(cfg, r) ? 1 : 0);
	if (waitpid(pid, &status, 0) < 0)
		return -errno;
	return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}

static int by_value(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return (x > y) - (x < y);
}

static void usage(void)
{
	fprintf(stderr, "usage: topology -t TOPOLOGY [-d DURATION_MS] [-s SLICE_US] [-w WS_KIB] [-m WINDOW]\n  TOPOLOGY:");
	for (size_t i = 0; i < sizeof(topologies) / sizeof(*topologies); i++)
		fprintf(stderr, " %s", topologies[i].name);
	fprintf(stderr, "\n");
	exit(2);
}

int main(int argc, char **argv)
{
	struct sb_pairs_cfg cfg = { .burst_us = 1000, .cpu = CPU, .duration_ms = 6000 };
	unsigned int slice_us = 0;
	pid_t hogs[NHOGS] = { 0 }, probe_pid = 0;
	unsigned long long hog_ns = 0;
	struct sb_pairs_result *r;
	long long *late;
	int opt, n, member = 0, ret, status;

	while ((opt = getopt(argc, argv, "t:d:s:w:m:")) != -1) {
		switch (opt) {
		case 't':
			for (size_t i = 0; i < sizeof(topologies) / sizeof(*topologies); i++)
				if (!strcmp(optarg, topologies[i].name))
					topo = &topologies[i];
			if (!topo) {
				fprintf(stderr, "topology: unknown topology '%s'\n", optarg);
				usage();
			}
			break;
		case 'd': cfg.duration_ms = sb_number("topology", optarg, 1000, 600000); break;
		case 's': slice_us = sb_number("topology", optarg, 100, 100000); break;
		case 'w': cfg.ws_kib = sb_number("topology", optarg, 0, 65536); break;
		case 'm':
			cfg.mark = true;
			cfg.mark_id = sb_number("topology", optarg, 0, SB_CACHEMARK_RUNTIME_IDS - 1);
			break;
		default: usage();
		}
	}
	if (!topo || optind != argc)
		usage();
	if (topo->sessions && access("/proc/sys/kernel/sched_autogroup_enabled", F_OK)) {
		fprintf(stderr, "topology: '%s' needs a kernel with CONFIG_SCHED_AUTOGROUP\n",
			topo->name);
		return 1;
	}
	cfg.npairs = topo->npairs;
	cfg.place = place;
	cfg.arg = &member;
	/* The probe's wakeups fit in the pairs' run, with half a second to spare. */
	n = topo->has_probe ? (cfg.duration_ms - PROBE_DELAY_MS - 300) * 1000000ULL / PERIOD_NS : 0;
	late = mmap(NULL, (n + 1) * sizeof(*late), PROT_READ | PROT_WRITE,
		    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	r = mmap(NULL, sizeof(*r), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (late == MAP_FAILED || r == MAP_FAILED) {
		perror("topology: mmap");
		return 1;
	}
	ret = cgroups(false);
	if (ret) {
		fprintf(stderr, "topology: cannot create the cgroups of '%s': %s\n", topo->name,
			strerror(-ret));
		cgroups(true);
		return 1;
	}
	ret = start_hogs(hogs);
	if (!ret && n) {
		probe_pid = fork();
		if (!probe_pid)
			probe(late, n, slice_us);
		ret = probe_pid < 0 ? -errno : 0;
	}
	ret = ret ?: run_pairs(&cfg, r);
	for (int i = 0; i < topo->nhogs; i++) {
		if (hogs[i] <= 0)
			continue;
		hog_ns += sb_task_cpu_ns(hogs[i]);
		kill(hogs[i], SIGKILL);
		waitpid(hogs[i], NULL, 0);
	}
	if (probe_pid > 0 && (waitpid(probe_pid, &status, 0) < 0 || !WIFEXITED(status) ||
			      WEXITSTATUS(status)))
		ret = ret ?: -1;
	cgroups(true);
	if (ret) {
		fprintf(stderr, "topology: the run in '%s' failed\n", topo->name);
		return 1;
	}
	printf("topology=%s slice_us=%u ws_kib=%u cohesion=%.3f round_trips=%llu hog_share=%.3f",
	       topo->name, slice_us, cfg.ws_kib, r->cohesion, r->round_trips,
	       topo->nhogs ? hog_ns / (r->seconds * 1e9) / topo->nhogs : 0.0);
	if (n) {
		qsort(late, n, sizeof(*late), by_value);
		printf(" wakeups=%d p50=%.0f p99=%.0f p999=%.0f max=%.0f", n, late[n / 2] / 1e3,
		       late[n * 99 / 100] / 1e3, late[n * 999 / 1000] / 1e3, late[n - 1] / 1e3);
	}
	printf("%s", r->overrun ? " overrun=1" : "");
	if (n)
		print_hist(late, n);
	printf("\n");
	return 0;
}
