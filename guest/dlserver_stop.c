// SPDX-License-Identifier: GPL-2.0
/*
 * dlserver_stop: the short reproducer of Debian 6.12.118's deadline.c:265 WARN: a fair
 * server that a pick has already stopped is stopped a second time, which takes its
 * bandwidth off running_bw twice (docs/deadline-warn.md). The torture met it on CPU
 * offline (sched_cpu_dying() stops the server unconditionally); this program uses the
 * other unconditional stop, a write to the server's runtime in debugfs, which it can time.
 * Needs CONFIG_SCHED_DEBUG (the debugfs files; SCHED_WARN_ON() is compiled out without it),
 * and 2 CPUs. host/dlserver-repro.sh boots it many times; the in-guest test
 * dlserver_double_stop runs a few rounds.
 *
 *   dlserver_stop [-n ROUNDS] [-f]
 *     -n  rounds (default 3)
 *     -f  run outside a host/boot.sh guest too (its kernel command line has sb.run=):
 *         the program hogs this machine's CPU 1 with a SCHED_FIFO loop and changes the
 *         runtime of its fair server for a moment
 *
 * Each round, on CPU 1: a SCHED_FIFO busy loop starves a SCHED_NORMAL busy loop until the
 * fair server reaches its zero-laxity point and runs it (about 950 ms); the fair loop ends
 * itself 10 ms into that run. With the FIFO loop still runnable, the next pick on CPU 1
 * goes through the deadline class, picks the server, finds no fair task and stops it
 * (first stop). 20 ms later the server's runtime is written (1 ms less, or back), and the
 * write stops the server again (second stop) before it applies the new runtime; then the
 * FIFO loop is killed and the kernel log is read. The runtime it found is written back at
 * the end.
 * A deadline.c WARNING in the kernel log (or a backtrace through __sub_running_bw() or
 * task_non_contending()) ends the run. SCHED_WARN_ON() warns once per boot, so a boot can
 * show the 265 WARN only once: the rate is "boots that warned", the host's business.
 * Exits 1 when a round warned, 0 when none did, 2 on a setup error (outside a guest
 * without -f, not root, no CPU 1, no fair server in debugfs, no /dev/kmsg, a loop that
 * could not be placed, a write refused).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "lib/sb.h"

#define PROG		"dlserver_stop"
#define CPU		1
#define FAIR_RUNTIME	"/sys/kernel/debug/sched/fair_server/cpu1/runtime"
#define LOAD_NS		3000000000ULL	/* at most, for the fair server to run the fair loop */
#define GAP_NS		100000000ULL
#define GRACE_NS	10000000ULL
#define STOPPED_NS	20000000ULL	/* from the fair loop's end to the runtime write */
#define DELTA_NS	1000000ULL	/* the runtime written: 1 ms less than found, or back */
#define USAGE		"usage: " PROG " [-n ROUNDS] [-f]\n"

/*
 * The fair loop: spin until starved for GAP_NS (the FIFO loop took the CPU) and then run
 * again, which only the fair server lets it do; exit GRACE_NS into that run. The server is
 * then running, with runtime left and its zero-lag time ahead: its next pick finds no fair
 * task and stops it, arming the inactive timer.
 */
static void fair_spin(void)
{
	unsigned long long last = sb_now_ns(), now, resumed = 0;

	for (;;) {
		now = sb_now_ns();
		if (!resumed && now - last > GAP_NS)
			resumed = now;
		if (resumed && now - resumed > GRACE_NS)
			_exit(0);
		last = now;
	}
}

/*
 * A busy loop on CPU, SCHED_FIFO 10 when fifo, else SCHED_NORMAL (fair_spin()). It reports through the
 * pipe (0, or the errno of what failed) before it spins; it dies with its parent.
 * Returns its pid, or -errno.
 */
static pid_t start_loop(bool fifo)
{
	struct sched_param sp = { .sched_priority = 10 };
	int fd[2], err = 0;
	pid_t pid;

	if (pipe(fd))
		return -errno;
	pid = fork();
	if (pid == 0) {
		close(fd[0]);
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		err = -sb_pin_cpu(CPU);
		if (!err && fifo && sched_setscheduler(0, SCHED_FIFO, &sp))
			err = errno;
		if (write(fd[1], &err, sizeof(err)) != sizeof(err) || err)
			_exit(1);
		close(fd[1]);
		if (!fifo)
			fair_spin();
		for (;;)
			;
	}
	close(fd[1]);
	if (pid < 0)
		err = errno;
	else if (read(fd[0], &err, sizeof(err)) != sizeof(err))
		err = EIO;
	close(fd[0]);
	if (pid > 0 && err) {
		kill(pid, SIGKILL);
		waitpid(pid, NULL, 0);
	}
	return err ? -err : pid;
}

/* Booted by host/boot.sh: "sb.run=" on the kernel command line. */
static bool in_guest(void)
{
	char cmdline[4096];

	return sb_read_file("/proc/cmdline", cmdline, sizeof(cmdline)) > 0 &&
	       (!strncmp(cmdline, "sb.run=", 7) || strstr(cmdline, " sb.run="));
}

static void stop_loop(pid_t pid)
{
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
}

/*
 * Read what the kernel logged since the last call (kmsg: opened non-blocking, at its end,
 * before the first round). Returns 1 and copies the first line that is the WARN into
 * what, else 0.
 */
static int kmsg_check(int kmsg, char *what, size_t len)
{
	char rec[8192], *text, *nl;
	int found = 0;
	ssize_t n;

	for (;;) {
		n = read(kmsg, rec, sizeof(rec) - 1);
		if (n < 0 && errno == EPIPE)	/* records overwritten: go on with the next */
			continue;
		if (n <= 0)			/* EAGAIN: all read */
			break;
		rec[n] = '\0';
		/* "PRIO,SEQ,USEC,FLAGS;TEXT\n" then " KEY=VALUE" lines */
		text = strchr(rec, ';');
		text = text ? text + 1 : rec;
		nl = strchr(text, '\n');
		if (nl)
			*nl = '\0';
		if (found)
			continue;
		if ((strstr(text, "WARNING") && strstr(text, "deadline.c:")) ||
		    strstr(text, "__sub_running_bw") || strstr(text, "task_non_contending")) {
			n = strlen(text) < len ? (ssize_t)strlen(text) : (ssize_t)len - 1;
			memcpy(what, text, n);	/* (cut to len - 1 on purpose) */
			what[n] = '\0';
			found = 1;
		}
	}
	return found;
}

/* Write runtime_ns to the fair server of CPU 1; 0 or -errno. */
static int write_runtime(unsigned long long runtime_ns)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "%llu", runtime_ns);
	return sb_write_file(FAIR_RUNTIME, buf);
}

int main(int argc, char **argv)
{
	int rounds = 3, round, warned = 0, kmsg, opt, ret, status = 0;
	unsigned long long found_ns, runtime_ns, fair_ns, t;
	bool force = false;
	char what[512], buf[64];
	pid_t fair, fifo;

	while ((opt = getopt(argc, argv, "n:f")) != -1) {
		switch (opt) {
		case 'n': rounds = sb_number(PROG, optarg, 1, 100000); break;
		case 'f': force = true; break;
		default:
			fprintf(stderr, USAGE);
			return 2;
		}
	}
	if (optind < argc) {
		fprintf(stderr, PROG ": unexpected argument '%s'\n" USAGE, argv[optind]);
		return 2;
	}
	if (!force && !in_guest()) {
		fprintf(stderr, PROG ": not in a host/boot.sh guest (no sb.run= on the kernel command line):\n"
			"it would hog this machine's CPU 1 and change its fair server; -f to do so\n");
		return 2;
	}
	if (geteuid()) {
		fprintf(stderr, PROG ": needs root (SCHED_FIFO, debugfs, /dev/kmsg)\n");
		return 2;
	}
	if (sb_read_file(FAIR_RUNTIME, buf, sizeof(buf)) <= 0 ||
	    sscanf(buf, "%llu", &found_ns) != 1 || found_ns <= DELTA_NS) {
		fprintf(stderr, PROG ": no usable %s (no CPU 1, no CONFIG_SCHED_DEBUG, or the server is off)\n",
			FAIR_RUNTIME);
		return 2;
	}
	ret = sb_pin_cpu(0);	/* off CPU 1: the FIFO loop would starve us there */
	kmsg = open("/dev/kmsg", O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (ret || kmsg < 0 || lseek(kmsg, 0, SEEK_END) < 0) {
		fprintf(stderr, PROG ": %s: %s\n", ret ? "cannot pin to CPU 0" : "/dev/kmsg",
			strerror(ret ? -ret : errno));
		return 2;
	}
	printf("# " PROG ": up to %d rounds on CPU %d: a SCHED_FIFO loop starves a fair loop until the fair server runs it and a pick stops it, then a write of the server's runtime stops it again; fair server runtime %llu ns\n",
	       rounds, CPU, found_ns);
	fflush(stdout);

	for (round = 1; round <= rounds && !warned; round++) {
		fair = start_loop(false);
		fifo = fair > 0 ? start_loop(true) : 0;
		if (fair < 0 || fifo < 0) {
			printf("# round %d: cannot start the %s loop on CPU %d: %s\n", round,
			       fair < 0 ? "SCHED_NORMAL" : "SCHED_FIFO", CPU,
			       strerror(fair < 0 ? -fair : -fifo));
			if (fair > 0)
				stop_loop(fair);
			status = 2;
			break;
		}
		/* until the fair loop ends itself inside a fair server run */
		t = sb_now_ns();
		while (!(ret = waitpid(fair, NULL, WNOHANG)) && sb_now_ns() - t < LOAD_NS)
			sb_sleep_ns(1000000);
		fair_ns = sb_now_ns() - t;
		if (ret != fair) {
			stop_loop(fifo);
			stop_loop(fair);
			printf("# round %d: the fair server did not run the starved fair loop within %.1f s\n",
			       round, LOAD_NS / 1e9);
			status = 2;
			break;
		}
		sb_sleep_ns(STOPPED_NS);
		runtime_ns = round % 2 ? found_ns - DELTA_NS : found_ns;
		ret = write_runtime(runtime_ns);
		stop_loop(fifo);
		if (ret) {
			printf("# round %d: cannot write %llu to %s: %s\n", round, runtime_ns,
			       FAIR_RUNTIME, strerror(-ret));
			status = 2;
			break;
		}
		warned = kmsg_check(kmsg, what, sizeof(what));
		printf("# round %d: the fair loop ran again after %.0f ms, ended 10 ms in; runtime %llu ns written %.0f ms later; %s%s\n",
		       round, fair_ns / 1e6, runtime_ns, STOPPED_NS / 1e6,
		       warned ? "WARN: " : "no warning", warned ? what : "");
		fflush(stdout);
	}
	if (write_runtime(found_ns)) {
		printf("# cannot write the runtime back (%llu ns) to %s\n", found_ns, FAIR_RUNTIME);
		status = 2;
	}
	if (status)
		return status;
	round--;
	printf("# " PROG ": %d rounds run, %d warned", round, warned);
	if (warned)
		printf(" (first in round %d)", round);
	printf("\n");
	return warned;
}
