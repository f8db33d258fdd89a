// SPDX-License-Identifier: GPL-2.0
/*
 * syncwake: does a WF_SYNC wakeup preempt a waker that keeps running? Two processes on
 * one CPU and two pipes; prints one line of key=value figures.
 *
 *   syncwake [-n ROUNDS] [-b BEFORE_US] [-a AFTER_US] [-c CPU]
 *
 * Each round the waker spins BEFORE_US (default 1000) after it was woken, so it has run
 * that long since it was picked; then takes the time and writes it into the first pipe:
 * a pipe write wakes the reader with WF_SYNC (wake_up_interruptible_sync_poll). It goes
 * on spinning until AFTER_US (default 1000) have passed since the write, then blocks
 * reading the second pipe. The wakee, blocked on the first pipe, takes the time when it
 * runs and writes it back into the second, which wakes the waker for the next round.
 *
 * A wakee that ran before the waker's spin ended was let in by a preemption of the
 * waker: at the wakeup, or later, when the waker's slice ran out (the tick, HRTICK). One
 * that ran before the waker's write returned was let in by the wakeup itself (with lazy
 * preemption, the waker's return to user space acts on it). Figures: rounds; at_wakeup,
 * the rounds in which the wakee ran before the waker's write returned; early, those in
 * which it ran before the waker's spin ended (at_wakeup included); waker_nivcsw and
 * wakee_nivcsw, each one's involuntary context switches (getrusage(): preempted while
 * runnable; the wakee's include the first rounds); lat_p50_us, lat_p90_us, lat_max_us
 * and lat_mean_us, from the write to the wakee running. The first ROUNDS/10 rounds are
 * not counted (the two have just started).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "lib/sb.h"

static int cmp_ull(const void *a, const void *b)
{
	unsigned long long x = *(const unsigned long long *)a, y = *(const unsigned long long *)b;

	return x < y ? -1 : x > y;
}

static long nivcsw(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return ru.ru_nivcsw;
}

/* Exactly len bytes, or exit: a short or failed pipe transfer ends the run. */
static void xfer(int write_it, int fd, void *buf, size_t len, const char *who)
{
	ssize_t n = write_it ? write(fd, buf, len) : read(fd, buf, len);

	if (n != (ssize_t)len) {
		fprintf(stderr, "syncwake: %s: pipe %s: %s\n", who, write_it ? "write" : "read",
			n < 0 ? strerror(errno) : "short transfer");
		exit(1);
	}
}

/* The wakee: answer every time stamp with the time it ran, until the pipe closes. */
static void wakee(int in, int out, int cpu)
{
	unsigned long long t[2];
	long ncs;
	ssize_t n;

	if (sb_pin_cpu(cpu)) {
		perror("syncwake: wakee: pinning");
		exit(1);
	}
	ncs = nivcsw();
	while ((n = read(in, t, sizeof(t[0]))) == sizeof(t[0])) {
		t[1] = sb_now_ns();
		xfer(1, out, t, sizeof(t), "wakee");
	}
	if (n) {
		fprintf(stderr, "syncwake: wakee: pipe read: %s\n",
			n < 0 ? strerror(errno) : "short transfer");
		exit(1);
	}
	/* The wakee's own figure, as the last message. */
	t[0] = nivcsw() - ncs;
	xfer(1, out, t, sizeof(t), "wakee");
	exit(0);
}

int main(int argc, char **argv)
{
	long rounds = 2000, before_us = 1000, after_us = 1000, cpu = 0, warm, early = 0, ncs;
	unsigned long long *lat, t[2], ret, end, sum = 0;
	long at_wakeup = 0;
	int to[2], back[2], opt, status;
	pid_t pid;

	while ((opt = getopt(argc, argv, "n:b:a:c:")) != -1) {
		switch (opt) {
		case 'n': rounds = sb_number("syncwake", optarg, 10, 1000000); break;
		case 'b': before_us = sb_number("syncwake", optarg, 0, 1000000); break;
		case 'a': after_us = sb_number("syncwake", optarg, 0, 1000000); break;
		case 'c': cpu = sb_number("syncwake", optarg, 0, 63); break;
		default:
			fprintf(stderr, "usage: syncwake [-n ROUNDS] [-b BEFORE_US] [-a AFTER_US] [-c CPU]\n");
			return 2;
		}
	}
	warm = rounds / 10;
	lat = calloc(rounds, sizeof(*lat));
	if (!lat || pipe(to) || pipe(back)) {
		perror("syncwake: setup");
		return 1;
	}
	pid = fork();
	if (pid < 0) {
		perror("syncwake: fork");
		return 1;
	}
	if (!pid) {
		close(to[1]);
		close(back[0]);
		wakee(to[0], back[1], cpu);
	}
	close(to[0]);
	close(back[1]);
	if (sb_pin_cpu(cpu)) {
		perror("syncwake: waker: pinning");
		kill(pid, SIGKILL);
		return 1;
	}
	ncs = nivcsw();
	for (long i = -warm; i < rounds; i++) {
		if (!i)
			ncs = nivcsw();
		sb_spin_ns(before_us * 1000ULL);
		t[0] = sb_now_ns();
		xfer(1, to[1], t, sizeof(t[0]), "waker");
		ret = sb_now_ns();
		sb_spin_ns(after_us * 1000ULL);
		end = sb_now_ns();
		xfer(0, back[0], t, sizeof(t), "waker");
		if (i < 0)
			continue;
		lat[i] = t[1] - t[0];
		sum += lat[i];
		at_wakeup += t[1] < ret;
		early += t[1] < end;
	}
	ncs = nivcsw() - ncs;
	close(to[1]);
	xfer(0, back[0], t, sizeof(t), "waker");
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status)) {
		fprintf(stderr, "syncwake: the wakee failed\n");
		return 1;
	}
	qsort(lat, rounds, sizeof(*lat), cmp_ull);
	printf("rounds=%ld before_us=%ld after_us=%ld at_wakeup=%ld early=%ld waker_nivcsw=%ld "
	       "wakee_nivcsw=%llu lat_p50_us=%.1f lat_p90_us=%.1f lat_max_us=%.1f lat_mean_us=%.1f\n",
	       rounds, before_us, after_us, at_wakeup, early, ncs, t[0], lat[rounds / 2] / 1e3,
	       lat[rounds * 9 / 10] / 1e3, lat[rounds - 1] / 1e3, (double)sum / rounds / 1e3);
	free(lat);
	return 0;
}
