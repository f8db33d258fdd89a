// SPDX-License-Identifier: GPL-2.0
/* The producer/consumer pairs workload; see pairs.h. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cachemark.h"
#include "pairs.h"

/* Shared between the pairs workload's processes. */
struct pairs_shm {
	unsigned long long round_trips[64];
	unsigned long long hog_loops[16];
};

struct pairs_ctx {
	const struct sb_pairs_cfg *cfg;
	pid_t *member, *hog;		/* member[2i], member[2i+1] form pair i */
	struct sb_pairs_result *res;
};

static int member_index(const struct pairs_ctx *c, pid_t pid)
{
	for (int i = 0; i < 2 * c->cfg->npairs; i++)
		if (c->member[i] == pid)
			return i;
	return -1;
}

static void count_switch(const struct sb_switch *sw, void *arg)
{
	struct pairs_ctx *c = arg;
	int i;

	if (sw->cpu != c->cfg->cpu)
		return;
	c->res->switches++;
	for (i = 0; i < c->cfg->nhogs; i++)
		if (c->hog[i] == sw->next_pid)
			c->res->hog_switches++;
	i = member_index(c, sw->prev_pid);
	if (i < 0 || sw->prev_state == 'R')
		return;
	c->res->member_blocks++;
	if (sw->next_pid == c->member[i ^ 1])
		c->res->to_partner++;
}

#define PAIRS_LINE	64

/* Write one byte in every cache line of the working set; returns a value to keep. */
static unsigned char touch(volatile unsigned char *ws, size_t len, unsigned char v)
{
	for (size_t i = 0; i < len; i += PAIRS_LINE)
		ws[i] += v;
	return len ? ws[0] : v;
}

/*
 * A pair member: on each wakeup, wake the partner, write its working set (ws_kib KiB of
 * its own), work burst_us, block on the partner.
 */
static void member(int in, int out, bool starts, const struct sb_pairs_cfg *cfg,
		   unsigned long long *trips)
{
	size_t len = cfg->ws_kib * 1024UL;
	unsigned char *ws = len ? malloc(len) : NULL;
	char b = 0;

	if (len && !ws)
		_exit(1);
	if (len)
		memset(ws, 1, len);	/* fault it in before the run */
	if (starts && write(out, &b, 1) != 1)
		_exit(1);
	while (read(in, &b, 1) == 1) {
		if (write(out, &b, 1) != 1)
			_exit(1);
		if (starts)
			__atomic_add_fetch(trips, 1, __ATOMIC_RELAXED);
		b = touch(ws, len, b);
		sb_spin_ns(cfg->burst_us * 1000ULL);
	}
	_exit(0);
}

static void hog(unsigned long long *loops)
{
	for (;;) {
		sb_spin_ns(10000);
		__atomic_add_fetch(loops, 1, __ATOMIC_RELAXED);
	}
}

/*
 * Fork a child pinned to cpu, optionally as uid/gid 65534, that waits for the go pipe to
 * close, then runs.
 */
static pid_t spawn(int cpu, const int go[2], bool unprivileged)
{
	char b;
	pid_t pid = fork();

	if (pid)
		return pid;
	close(go[1]);
	if (sb_pin_cpu(cpu))
		_exit(1);
	if (unprivileged && (setgid(65534) || setuid(65534)))
		_exit(1);
	while (read(go[0], &b, 1) > 0)
		;
	return 0;
}

int sb_pairs_run(const struct sb_pairs_cfg *cfg, struct sb_pairs_result *res)
{
	pid_t member_pid[128], hog_pid[16];
	struct pairs_ctx ctx = { cfg, member_pid, hog_pid, res };
	struct pairs_shm *shm;
	unsigned long long t0;
	int go[2], ret = 0;
	char mask[32];

	if (cfg->npairs < 1 || cfg->npairs > 64 || cfg->nhogs < 0 || cfg->nhogs > 16 ||
	    cfg->cpu < 0 || cfg->cpu > 63 || cfg->ws_kib > 65536 ||
	    cfg->mark_id >= SB_CACHEMARK_RUNTIME_IDS)
		return -EINVAL;
	memset(res, 0, sizeof(*res));
	shm = mmap(NULL, sizeof(*shm), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (shm == MAP_FAILED || pipe(go))
		return -errno;
	memset(shm, 0, sizeof(*shm));

	for (int i = 0; i < cfg->npairs; i++) {
		int ab[2], ba[2];

		if (pipe(ab) || pipe(ba))
			return -errno;
		member_pid[2 * i] = spawn(cfg->cpu, go, cfg->unprivileged);
		if (!member_pid[2 * i])
			member(ba[0], ab[1], true, cfg, &shm->round_trips[i]);
		member_pid[2 * i + 1] = spawn(cfg->cpu, go, cfg->unprivileged);
		if (!member_pid[2 * i + 1])
			member(ab[0], ba[1], false, cfg, &shm->round_trips[i]);
		close(ab[0]);
		close(ab[1]);
		close(ba[0]);
		close(ba[1]);
	}
	for (int i = 0; i < cfg->nhogs; i++) {
		hog_pid[i] = spawn(cfg->cpu, go, false);
		if (!hog_pid[i])
			hog(&shm->hog_loops[i]);
	}
	close(go[0]);

	for (int i = 0; cfg->place && !ret && i < 2 * cfg->npairs; i++)
		ret = cfg->place(member_pid[i], false, i / 2, cfg->arg);
	for (int i = 0; cfg->place && !ret && i < cfg->nhogs; i++)
		ret = cfg->place(hog_pid[i], true, i, cfg->arg);

	snprintf(mask, sizeof(mask), "%llx", 1ULL << cfg->cpu);
	ret = ret ?: sb_trace_start(mask, 16384);
	t0 = sb_now_ns();
	if (cfg->mark)
		sb_cachemark_start(cfg->mark_id);
	close(go[1]);			/* go */
	if (!ret) {
		usleep(cfg->duration_ms * 1000);
		if (cfg->mark)
			sb_cachemark_stop(cfg->mark_id);
	}
	/*
	 * Every figure at the window's end, before the trace stops: the tasks keep running
	 * meanwhile, the cache model divides the window's counts by these round trips, and
	 * the CPU shares divide these CPU times by these seconds.
	 */
	res->seconds = (sb_now_ns() - t0) / 1e9;
	for (int i = 0; i < cfg->npairs; i++) {
		res->round_trips += __atomic_load_n(&shm->round_trips[i], __ATOMIC_RELAXED);
		res->pair_ns[i] = sb_task_cpu_ns(member_pid[2 * i]) +
				  sb_task_cpu_ns(member_pid[2 * i + 1]);
	}
	for (int i = 0; i < cfg->nhogs; i++) {
		res->hog_ns[i] = sb_task_cpu_ns(hog_pid[i]);
		res->hog_wait_max_ns[i] = sb_task_wait_max_ns(hog_pid[i]);
	}
	memcpy(res->hog_loops, shm->hog_loops, sizeof(res->hog_loops));
	ret = ret ?: sb_trace_stop();

	/* Reap only the workload's tasks: the caller may have children of its own. */
	for (int i = 0; i < 2 * cfg->npairs; i++) {
		kill(member_pid[i], SIGKILL);
		waitpid(member_pid[i], NULL, 0);
	}
	for (int i = 0; i < cfg->nhogs; i++) {
		kill(hog_pid[i], SIGKILL);
		waitpid(hog_pid[i], NULL, 0);
	}
	munmap(shm, sizeof(*shm));
	if (ret)
		return ret;

	res->overrun = sb_trace_overrun();
	if (sb_trace_foreach(count_switch, &ctx) < 0)
		return -errno;
	res->cohesion = res->member_blocks ? (double)res->to_partner / res->member_blocks : 0;
	return 0;
}
