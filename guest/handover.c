// SPDX-License-Identifier: GPL-2.0
/*
 * handover: a server that wakes its client without waiting for it, beside a hog, on one
 * CPU: the workload for where a backward buddy (LAST_BUDDY) could pay. The server never
 * blocks, so a wakeup rarely preempts it (RUN_TO_PARITY) and the wakeup-preemption
 * nomination of the last buddy never fires; the client runs when the server's slice ends,
 * and then either the server (its working set still cached) or the hog (its own working
 * set) runs next.
 *
 *   handover [-d MS] [-c CPU] [-s SERVER_KIB] [-k HOG_KIB] [-e EVERY_KIB] [-m WINDOW]
 *     -d  duration in ms (default 2000)
 *     -s  the server's working set, rewritten in turn (default 512 KiB)
 *     -k  the hog's working set, rewritten in turn (default 512 KiB)
 *     -e  the server sends a message each time it has written this much (default 64 KiB):
 *         the client reads those lines of the server's set (shared memory) and sleeps
 *     -m  the measured run is cache-model window WINDOW (0..15; a no-op without the model)
 *
 * Prints one line: messages read (the operations), the server's, client's and hog's CPU
 * shares and the run's length.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "lib/cachemark.h"
#include "lib/sb.h"

#define PROG	"handover"
#define LINE	64
#define USAGE	"usage: " PROG " [-d MS] [-c CPU] [-s SERVER_KIB] [-k HOG_KIB] [-e EVERY_KIB] [-m WINDOW]\n"

/* Shared with the children: the server's working set and the client's count. */
struct shared {
	volatile unsigned long long messages;
	volatile int stop;
};

static void write_lines(volatile char *p, size_t len, char v)
{
	for (size_t i = 0; i < len; i += LINE)
		p[i] = v;
}

static unsigned long read_lines(volatile const char *p, size_t len)
{
	unsigned long sum = 0;

	for (size_t i = 0; i < len; i += LINE)
		sum += p[i];
	return sum;
}

/* Fork a child pinned to cpu running fn; it dies with its parent. Returns its pid or -1. */
static pid_t spawn(int cpu, void (*fn)(void *), void *arg)
{
	pid_t pid = fork();

	if (pid)
		return pid;
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (sb_pin_cpu(cpu))
		_exit(1);
	fn(arg);
	_exit(0);
}

static struct shared *sh;
static char *server_set;
static size_t server_len, every_len, hog_len;
static int pipefd[2];

static void server(void *arg)
{
	size_t off = 0;
	char v = 0;

	(void)arg;
	close(pipefd[0]);
	while (!sh->stop) {
		write_lines(server_set + off, every_len, ++v);
		/* the message: where the chunk just written starts (the client keeps up) */
		if (write(pipefd[1], &off, sizeof(off)) != sizeof(off) && errno != EAGAIN)
			_exit(1);
		off = (off + every_len) % server_len;
	}
}

static void client(void *arg)
{
	size_t off;

	(void)arg;
	close(pipefd[1]);
	while (read(pipefd[0], &off, sizeof(off)) == sizeof(off)) {
		read_lines(server_set + off, every_len);
		sh->messages++;
	}
}

static void hog(void *arg)
{
	char *set = malloc(hog_len), v = 0;

	(void)arg;
	if (!set)
		_exit(1);
	for (;;)
		write_lines(set, hog_len, ++v);
}

int main(int argc, char **argv)
{
	unsigned int duration_ms = 2000, window = 0, skib = 512, hkib = 512, ekib = 64;
	unsigned long long t0, t1, msgs;
	bool mark = false;
	pid_t pid[3];
	int cpu = 0, opt;
	double s;

	while ((opt = getopt(argc, argv, "d:c:s:k:e:m:")) != -1) {
		switch (opt) {
		case 'd': duration_ms = sb_number(PROG, optarg, 1, 600000); break;
		case 'c': cpu = sb_number(PROG, optarg, 0, 63); break;
		case 's': skib = sb_number(PROG, optarg, 1, 65536); break;
		case 'k': hkib = sb_number(PROG, optarg, 1, 65536); break;
		case 'e': ekib = sb_number(PROG, optarg, 1, 65536); break;
		case 'm':
			mark = true;
			window = sb_number(PROG, optarg, 0, SB_CACHEMARK_RUNTIME_IDS - 1);
			break;
		default:
			fprintf(stderr, USAGE);
			return 2;
		}
	}
	if (optind < argc || ekib > skib) {
		fprintf(stderr, PROG ": %s\n" USAGE, optind < argc ? "unexpected argument" :
			"-e must not exceed -s");
		return 2;
	}
	server_len = (size_t)skib << 10;
	every_len = (size_t)ekib << 10;
	server_len -= server_len % every_len;
	hog_len = (size_t)hkib << 10;
	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	server_set = mmap(NULL, server_len, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
			  -1, 0);
	if (sh == MAP_FAILED || server_set == MAP_FAILED || pipe(pipefd)) {
		fprintf(stderr, PROG ": setup: %s\n", strerror(errno));
		return 1;
	}
	memset(server_set, 0, server_len);
	pid[0] = spawn(cpu, client, NULL);
	pid[1] = spawn(cpu, hog, NULL);
	pid[2] = spawn(cpu, server, NULL);
	close(pipefd[0]);
	close(pipefd[1]);
	if (pid[0] < 0 || pid[1] < 0 || pid[2] < 0) {
		fprintf(stderr, PROG ": fork: %s\n", strerror(errno));
		return 1;
	}
	/* warm up, then the measured run */
	sb_sleep_ns(100000000ULL);
	if (mark)
		sb_cachemark_start(window);
	msgs = sh->messages;
	t0 = sb_now_ns();
	unsigned long long c0[3] = { sb_task_cpu_ns(pid[0]), sb_task_cpu_ns(pid[1]),
				     sb_task_cpu_ns(pid[2]) };
	sb_sleep_ns((unsigned long long)duration_ms * 1000000ULL);
	unsigned long long c1[3] = { sb_task_cpu_ns(pid[0]), sb_task_cpu_ns(pid[1]),
				     sb_task_cpu_ns(pid[2]) };
	t1 = sb_now_ns();
	msgs = sh->messages - msgs;
	if (mark)
		sb_cachemark_stop(window);
	sh->stop = 1;
	for (int i = 0; i < 3; i++) {
		kill(pid[i], SIGKILL);
		waitpid(pid[i], NULL, 0);
	}
	s = (t1 - t0) / 1e9;
	printf("server_kib=%u hog_kib=%u every_kib=%u seconds=%.2f messages=%llu msgs_per_s=%.0f "
	       "server_share=%.3f client_share=%.3f hog_share=%.3f\n",
	       skib, hkib, ekib, s, msgs, msgs / s, (c1[2] - c0[2]) / (s * 1e9),
	       (c1[0] - c0[0]) / (s * 1e9), (c1[1] - c0[1]) / (s * 1e9));
	return 0;
}
