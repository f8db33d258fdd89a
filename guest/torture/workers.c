// SPDX-License-Identifier: GPL-2.0
/*
 * The workload whose every step is checked: producer/consumer pairs over pipes (even)
 * and over a futex word (odd), each message carrying a sequence number and acknowledged
 * before the next; CPU hogs; the fork/exit storm. Started into procs[] and drained at
 * the end, where a pair still running 60 s after the stop is a lost wakeup.
 */
#define _GNU_SOURCE
#include <linux/futex.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "torture.h"

#define STOP_MSG	UINT64_MAX

struct proc procs[MAX_PROCS];
int nprocs;

static long futex(uint32_t *uaddr, int op, uint32_t val)
{
	return syscall(SYS_futex, uaddr, op, val, NULL, NULL, 0);
}

/* Wait until *w == want; a FUTEX_WAIT without a timeout: a lost wakeup hangs here. */
static void futex_await(uint32_t *w, uint32_t want)
{
	uint32_t v;

	while ((v = __atomic_load_n(w, __ATOMIC_ACQUIRE)) != want)
		futex(w, FUTEX_WAIT, v);
}

static void futex_set(uint32_t *w, uint32_t v)
{
	__atomic_store_n(w, v, __ATOMIC_RELEASE);
	futex(w, FUTEX_WAKE, 1);
}

static void pipe_producer(int i, int out, int in)
{
	uint64_t seq, ack;

	for (seq = 0; !shm->stop; seq++) {
		if (write(out, &seq, sizeof(seq)) != sizeof(seq) ||
		    read(in, &ack, sizeof(ack)) != sizeof(ack) || ack != seq) {
			__atomic_add_fetch(&shm->bad[i], 1, __ATOMIC_RELAXED);
			_exit(1);
		}
		shm->sent[i] = seq + 1;
		shm->acked[i] = seq + 1;
		shm->cpu[i][0] = sched_getcpu();
	}
	_exit(0);		/* closing out gives the consumer EOF */
}

static void pipe_consumer(int i, int in, int out)
{
	uint64_t seq, want = 0;
	ssize_t n;

	while ((n = read(in, &seq, sizeof(seq))) == sizeof(seq)) {
		if (seq != want++)
			__atomic_add_fetch(&shm->bad[i], 1, __ATOMIC_RELAXED);
		__atomic_add_fetch(&shm->progress[i], 1, __ATOMIC_RELAXED);
		shm->cpu[i][1] = sched_getcpu();
		if (write(out, &seq, sizeof(seq)) != sizeof(seq))
			_exit(1);
	}
	_exit(n == 0 ? 0 : 1);
}

static void futex_producer(int i)
{
	uint64_t seq;

	for (seq = 0; !shm->stop; seq++) {
		futex_await(&shm->fword[i], 0);
		shm->fmsg[i] = seq;
		shm->sent[i] = seq + 1;
		shm->cpu[i][0] = sched_getcpu();
		futex_set(&shm->fword[i], 1);
	}
	futex_await(&shm->fword[i], 0);
	shm->acked[i] = seq;
	shm->fmsg[i] = STOP_MSG;
	futex_set(&shm->fword[i], 1);
	_exit(0);
}

static void futex_consumer(int i)
{
	uint64_t want = 0;

	for (;;) {
		futex_await(&shm->fword[i], 1);
		if (shm->fmsg[i] == STOP_MSG)
			_exit(0);
		if (shm->fmsg[i] != want++)
			__atomic_add_fetch(&shm->bad[i], 1, __ATOMIC_RELAXED);
		__atomic_add_fetch(&shm->progress[i], 1, __ATOMIC_RELAXED);
		shm->cpu[i][1] = sched_getcpu();
		futex_set(&shm->fword[i], 0);
	}
}

static void hog(int unit)
{
	while (!shm->stop) {
		sb_spin_ns(100000);
		__atomic_add_fetch(&shm->progress[unit], 1, __ATOMIC_RELAXED);
		shm->cpu[unit][0] = sched_getcpu();
	}
	_exit(0);
}

void fork_storm(void)
{
	while (!shm->stop) {
		pid_t pid = fork();

		if (pid == 0) {
			sb_spin_ns(rnd(200000));
			_exit(0);
		}
		if (pid > 0) {
			waitpid(pid, NULL, 0);
			__atomic_add_fetch(&shm->forks, 1, __ATOMIC_RELAXED);
		} else {
			sb_sleep_ns(1000000);
		}
	}
	_exit(0);
}

static void add_proc(pid_t pid, int unit)
{
	procs[nprocs++] = (struct proc){ .pid = pid, .unit = unit, .leaf = -1,
					 .policy = SCHED_OTHER };
}

void start_workers(void)
{
	for (int i = 0; i < npairs; i++) {
		int ab[2], ba[2];
		pid_t p, c;

		if (i % 2 == 0) {
			if (pipe(ab) || pipe(ba)) {
				perror("torture: pipe");
				exit(1);
			}
			if (!(p = child())) {
				close(ab[0]);
				close(ba[1]);
				pipe_producer(i, ab[1], ba[0]);
			}
			if (!(c = child())) {
				close(ab[1]);
				close(ba[0]);
				pipe_consumer(i, ab[0], ba[1]);
			}
			close(ab[0]);
			close(ab[1]);
			close(ba[0]);
			close(ba[1]);
		} else {
			if (!(p = child()))
				futex_producer(i);
			if (!(c = child()))
				futex_consumer(i);
		}
		add_proc(p, i);
		add_proc(c, i);
		shm->pid[i][0] = p;
		shm->pid[i][1] = c;
	}
	for (int j = 0; j < nhogs; j++) {
		pid_t h = child();

		if (!h)
			hog(npairs + j);
		add_proc(h, npairs + j);
		shm->pid[npairs + j][0] = h;
	}
}

/*
 * Stop the workers and reap them. A pair finishes only once its last message is through,
 * so one still running 60 s after the stop is a lost wakeup: reported, killed, failed.
 * Returns 1 when a worker failed, else 0.
 */
int drain_workers(void)
{
	unsigned long long drain;
	int failed = 0, status;

	shm->stop = 1;
	drain = sb_now_ns() + 60000000000ULL;
	for (int i = 0; i < nprocs; i++) {
		struct proc *p = &procs[i];

		status = wait_until(p->pid, drain);
		if (status == -1) {
			printf("# FAIL: %s %d (pid %d) did not finish within 60 s of the stop: lost wakeup? sent %llu received %llu\n",
			       p->unit < npairs ? "pair" : "hog", p->unit, p->pid,
			       p->unit < npairs ? (unsigned long long)shm->sent[p->unit] : 0ULL,
			       (unsigned long long)shm->progress[p->unit]);
			kill(p->pid, SIGKILL);
			waitpid(p->pid, NULL, 0);
			failed = 1;
		} else if (!WIFEXITED(status) || WEXITSTATUS(status)) {
			printf("# FAIL: worker pid %d of unit %d ended with status %#x\n", p->pid,
			       p->unit, status);
			failed = 1;
		}
	}
	return failed;
}
