// SPDX-License-Identifier: GPL-2.0
/*
 * The starvation monitor (SCHED_FIFO 99, a sample every SAMPLE_NS): the longest window in
 * which a pair or hog made no progress while nothing held it back, and the real-time and
 * deadline threads that hold units back (found by the scanner, scanner.c).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "torture.h"

#define SAMPLE_NS	5000000ULL

/*
 * Real-time and deadline tasks as the monitor sees them. Such a task runnable on a CPU
 * holds that CPU against fair tasks by design (they get the fair server's 5%), so a unit
 * one of whose members last ran there is held back, and its window is not counted, like
 * the other holds. A scanner process (SCHED_OTHER: a walk of /proc costs up to a quarter
 * of a second on the debug kernel, too much for the SCHED_FIFO monitor) lists them once
 * a second in shm (every thread whose policy is FIFO, RR or DEADLINE, the monitor left
 * out); the monitor opens the stat files of those it does not track yet, keeps them open,
 * and rereads them every RT_POLL samples: policy, state and CPU. The scans' mean and
 * longest time are reported (the longest includes the host's stalls of the vCPU, and the
 * time the scanner waited for a CPU).
 */
#define MAX_RT		MAX_RT_FOUND
#define RT_POLL		4

static struct {
	int fd[MAX_RT];
	pid_t tid[MAX_RT];
	int n;
} rt;

static bool rt_tracked(pid_t tid)
{
	for (int i = 0; i < rt.n; i++)
		if (rt.tid[i] == tid)
			return true;
	return false;
}

/* Start tracking thread tid of process pid if it has a real-time or deadline policy. */
static void rt_consider(pid_t pid, pid_t tid)
{
	char path[64], state;
	int fd, cpu, policy;

	if (rt.n == MAX_RT || rt_tracked(tid))
		return;
	snprintf(path, sizeof(path), "/proc/%d/task/%d/stat", pid, tid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return;
	if (rt_read(fd, &state, &cpu, &policy) || !rt_policy(policy)) {
		close(fd);
		return;
	}
	rt.fd[rt.n] = fd;
	rt.tid[rt.n++] = tid;
}

/* The monitor: track the threads of the scanner's latest list that it does not track yet. */
static void rt_adopt(void)
{
	static unsigned long seen_seq;
	unsigned long seq = __atomic_load_n(&shm->rt_seq, __ATOMIC_ACQUIRE);
	pid_t pid[MAX_RT_FOUND], tid[MAX_RT_FOUND];
	int n;

	if (seq == seen_seq || seq & 1)
		return;
	n = shm->rt_found;
	for (int i = 0; i < n; i++) {
		pid[i] = shm->rt_pid[i];
		tid[i] = shm->rt_tid[i];
	}
	__atomic_thread_fence(__ATOMIC_ACQUIRE);	/* the copy before the check */
	if (__atomic_load_n(&shm->rt_seq, __ATOMIC_RELAXED) != seq)
		return;		/* rewritten meanwhile: the next sample reads it */
	seen_seq = seq;
	for (int i = 0; i < n; i++)
		rt_consider(pid[i], tid[i]);
	if (rt.n > shm->rt_seen)
		shm->rt_seen = rt.n;
}

/*
 * The CPU member @m (0: producer or hog, 1: consumer) of unit @u waits on: the one it
 * last ran on, as it published it, unless the hotplug thread has taken that CPU offline
 * since; then the member was moved without running, and its stat file says where to
 * (-1 when that cannot be read: the window counts).
 */
static int member_cpu(int u, int m)
{
	int cpu = shm->cpu[u][m], policy, fd;
	char path[64], state;

	if (cpu < 0 || cpu >= MAX_CPUS || !(shm->offline & 1ULL << cpu))
		return cpu;
	snprintf(path, sizeof(path), "/proc/%d/stat", shm->pid[u][m]);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	if (rt_read(fd, &state, &cpu, &policy))
		cpu = -1;
	close(fd);
	return cpu;
}

/*
 * Which units are held by a real-time or deadline task: held[u] is set when one runs or
 * waits on the CPU a member of u waits on (member_cpu()). Tasks that exited are dropped.
 */
static void rt_holds(bool held[MAX_UNITS])
{
	unsigned long long busy = 0;
	char state;
	int cpu, policy;

	for (int i = 0; i < rt.n; i++) {
		if (rt_read(rt.fd[i], &state, &cpu, &policy)) {
			close(rt.fd[i]);
			rt.n--;
			rt.fd[i] = rt.fd[rt.n];
			rt.tid[i--] = rt.tid[rt.n];
			continue;
		}
		if (rt_policy(policy) && state == 'R' && cpu >= 0 && cpu < MAX_CPUS)
			busy |= 1ULL << cpu;
	}
	for (int u = 0; u < nunits; u++) {
		int a = member_cpu(u, 0), b = u < npairs ? member_cpu(u, 1) : -1;

		held[u] = (a >= 0 && busy & 1ULL << a) || (b >= 0 && busy & 1ULL << b);
	}
}

/* The monitor: longest window without progress of a unit that is not held back. */
void monitor(void)
{
	struct sched_param sp = { .sched_priority = sched_get_priority_max(SCHED_FIFO) };
	unsigned long long last[MAX_UNITS], prev, now;
	uint64_t seen[MAX_UNITS];
	bool held[MAX_UNITS] = { 0 };

	if (sched_setscheduler(0, SCHED_FIFO, &sp))
		fprintf(stderr, "torture: monitor not SCHED_FIFO: %s\n", strerror(errno));
	prev = sb_now_ns();
	for (int u = 0; u < nunits; u++) {
		last[u] = prev;
		seen[u] = shm->progress[u];
	}
	while (!shm->monitor_stop) {
		unsigned long long gap;

		sb_sleep_ns(SAMPLE_NS);
		now = sb_now_ns();
		gap = now - prev;
		prev = now;
		if (shm->samples++ % RT_POLL == 0) {
			rt_adopt();
			rt_holds(held);
		}
		if (gap > shm->max_gap_ns)
			shm->max_gap_ns = gap;
		for (int u = 0; u < nunits; u++) {
			uint64_t p = __atomic_load_n(&shm->progress[u], __ATOMIC_RELAXED);

			/* Not counted: time the monitor itself did not run beyond 10 samples. */
			if (gap > 10 * SAMPLE_NS)
				last[u] += gap - SAMPLE_NS;
			shm->rt_held += held[u];
			if (p != seen[u] || shm->exempt[u] || shm->hotplug_busy || held[u]) {
				seen[u] = p;
				last[u] = now;
			} else if (now - last[u] > shm->max_window_ns) {
				shm->max_window_ns = now - last[u];
				shm->max_unit = u;
			}
		}
	}
	_exit(0);
}
