// SPDX-License-Identifier: GPL-2.0
/*
 * dlserver_stop: the short reproducer of Debian 6.12.118's deadline.c:265 WARN: a fair
 * server that a pick has already stopped is stopped a second time, which takes its
 * bandwidth off running_bw twice (docs/findings/deadline-warn.md). The torture met it on CPU
 * offline (sched_cpu_dying() stops the server unconditionally); this program uses the
 * other unconditional stop, a write to the server's runtime in debugfs, which it can time.
 * Needs CONFIG_SCHED_DEBUG (the debugfs files; SCHED_WARN_ON() is compiled out without it),
 * and 2 CPUs. host/dlserver-repro.sh boots it many times; the in-guest test
 * dlserver_double_stop runs a few rounds. With -o it checks the hotplug side of the fair
 * server instead (patches/fixes/0003, a backport of mainline's 52d15521eb75; the in-guest
 * test dlserver_offline).
 *
 *   dlserver_stop [-n ROUNDS] [-o | -c] [-f]
 *     -n  rounds (default 3)
 *     -o  end each round with CPU 1 going offline and online again, not a runtime write
 *     -c  the control of -o: CPU 1 stays online, a 50 ms pause instead of the offline
 *     -p  with -o or -c: the pause after each round, in ms (default 1100, PERIOD_NS)
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
 *
 * With -o the server's runtime is WIDE_NS for the rounds (written in debugfs). A round
 * ends as above until the fair loop's exit; then the FIFO loop is killed and CPU 1 goes
 * offline at once, while the server's deadline is still ahead (dl_defer_running): each
 * wakeup of CPU 1's hotplug thread then enqueues the server at once, and it counts in
 * rq->nr_running until a pick of the deadline class stops it. Read as a task by
 * balance_hotplug_wait(), it has the hotplug thread wake and sleep until the deadline
 * passes: the round counts the thread's runs (its schedstat) in the offline, more than
 * BUSY_RUNS is a busy wait. Read by sched_cpu_dying(), it makes "Dying CPU not properly
 * vacated!" (that needs the server enqueued after the wait, which these rounds do not
 * time; every round runs, as that WARN is not once-only). A round ends with a pause of
 * PERIOD_NS, so that the next one starts, as the first, past the server's period: without
 * it (-p 0) the next round starts with the server's deadline still ahead, so a start runs
 * the server at once, and the FIFO loop's process turns SCHED_FIFO while the server runs
 * it: without patches/fixes/0004 nothing then picks again and the fair loop starves (exit 3).
 * (Linux 7.3~rc7 starves there too, for another reason: its sched_change_end() does not
 * reschedule when a running task moves to a higher class; patches/7.3/fixes/.)
 * Two variants of -c check the other promotions of a running task beside the fair
 * server (the in-guest test dlserver_promotion):
 *   -d  the round's real-time loop turns SCHED_DEADLINE (runtime = period = DL_NS, all of
 *       CPU 1; unpinned first, as SCHED_DEADLINE needs) in place of SCHED_FIFO
 *   -s  once the fair loop has ended, a second fair loop and a second real-time loop
 *       start beside the first SCHED_FIFO loop, which keeps running: the fair server
 *       alone runs the new loops' processes (no fair task runs directly, as the fair fast
 *       path of __pick_next_task() does), so the second one turns real-time (SCHED_FIFO
 *       at a priority above the first loop's, so that once preempted it runs again and
 *       reports; or with -d SCHED_DEADLINE) while the server runs it. The round then
 *       waits up to LOAD_NS for the second fair loop as for the first
 *
 * Exits 1 when a round warned (or with -o busy-waited), 0 when none did, 2 on a setup
 * error (outside a guest without -f, not root, no CPU 1, no fair server in debugfs, no
 * /dev/kmsg, a loop that could not be placed, a write refused, CPU 1 refusing hotplug),
 * 3 when the fair server did not run a starved fair loop within LOAD_NS (the FIFO loop
 * turned SCHED_FIFO while the server ran it: patches/fixes/0004; the in-guest test
 * dlserver_class_change runs -c -p 0).
 */
#define _GNU_SOURCE
#include <dirent.h>
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
#define WIDE_NS		400000000ULL	/* -o: the server's runtime, its deadline that far off */
/*
 * -o: more runs of the hotplug thread than this in one offline is the busy wait of
 * balance_hotplug_wait() on a fair server counted as a task (patches/fixes/0003 fixes it): 4-5
 * runs measured with a fix, up to 1041 (default runtime) and 37399-46178 (WIDE_NS) without.
 */
#define BUSY_RUNS	100
#define STOPPED_NS	20000000ULL	/* from the fair loop's end to the runtime write */
#define DELTA_NS	1000000ULL	/* the runtime written: 1 ms less than found, or back */
#define CPU_ONLINE	"/sys/devices/system/cpu/cpu1/online"
#define PERIOD_NS	1100000000ULL	/* -o: a pause past the server's period */
#define OFFLINE_NS	50000000ULL	/* -c: about what an offline takes */
#define DL_NS		100000000ULL	/* -d: the SCHED_DEADLINE loop's runtime and period */
#define USAGE		"usage: " PROG " [-n ROUNDS] [-o | -c [-d] [-s]] [-p MS] [-f]\n"

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

enum loop { FAIR, FIFO, DEADLINE };

/*
 * A busy loop on CPU: SCHED_NORMAL (fair_spin()), SCHED_FIFO prio, or SCHED_DEADLINE (DL_NS
 * of every DL_NS; its affinity widened to every CPU first, while it runs on CPU). The
 * process starts fair on CPU and changes its own policy there, running. It reports
 * through the pipe (0, or the errno of what failed) before it spins; it dies with its
 * parent. Returns its pid, or -errno.
 */
static pid_t start_loop(enum loop kind, int prio)
{
	struct sched_param sp = { .sched_priority = prio };
	int fd[2], err = 0;
	cpu_set_t all;
	pid_t pid;

	if (pipe(fd))
		return -errno;
	pid = fork();
	if (pid == 0) {
		close(fd[0]);
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		err = -sb_pin_cpu(CPU);
		if (!err && kind == FIFO && sched_setscheduler(0, SCHED_FIFO, &sp))
			err = errno;
		if (!err && kind == DEADLINE) {
			CPU_ZERO(&all);
			for (int c = 0; c < CPU_SETSIZE; c++)
				CPU_SET(c, &all);
			if (sched_setaffinity(0, sizeof(all), &all))
				err = errno;
			else
				err = -sb_set_deadline(0, DL_NS, DL_NS);
		}
		if (write(fd[1], &err, sizeof(err)) != sizeof(err) || err)
			_exit(1);
		close(fd[1]);
		if (kind == FAIR)
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
		    strstr(text, "__sub_running_bw") || strstr(text, "task_non_contending") ||
		    strstr(text, "Dying CPU not properly vacated")) {
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

/* The pid of the kernel thread named comm, or 0. */
static pid_t kthread_pid(const char *comm)
{
	char path[300], name[64];
	struct dirent *d;
	pid_t pid = 0;
	DIR *proc;

	proc = opendir("/proc");
	while (proc && !pid && (d = readdir(proc))) {
		if (d->d_name[0] < '1' || d->d_name[0] > '9')
			continue;
		snprintf(path, sizeof(path), "/proc/%s/comm", d->d_name);
		if (sb_read_file(path, name, sizeof(name)) > 0 &&
		    !strncmp(name, comm, strlen(comm)) && name[strlen(comm)] == '\n')
			pid = atoi(d->d_name);
	}
	if (proc)
		closedir(proc);
	return pid;
}

/*
 * The offline round (-o): the fair server of CPU 1 has just run (a pick stopped it, its
 * period not over); end the FIFO loop and take CPU 1 down and up again. Within that
 * period a start of the server (the hotplug thread of CPU 1 waking up) enqueues it at
 * once, and the server is only stopped again by a pick of the deadline class, or by
 * sched_cpu_dying(). Prints the first part of the round's line, stores in runs how often
 * the hotplug thread ran during the offline; 0 or -errno.
 */
static bool control;	/* -c */
static bool served;	/* -s */
static enum loop second = FIFO;	/* -d: DEADLINE */

/* The name of a loop's policy. */
static const char *policy(enum loop kind)
{
	return kind == FAIR ? "SCHED_NORMAL" : kind == FIFO ? "SCHED_FIFO" : "SCHED_DEADLINE";
}

/*
 * Wait for the fair loop fair to end itself, up to LOAD_NS. Returns the wait in ns, or 0
 * when it starved: then it prints the round's line and stops both loops.
 */
static unsigned long long wait_fair(int round, const char *which, pid_t fair, pid_t rt,
				    enum loop kind)
{
	unsigned long long t = sb_now_ns(), fair_ns, rt_ns;
	pid_t ret;

	while (!(ret = waitpid(fair, NULL, WNOHANG)) && sb_now_ns() - t < LOAD_NS)
		sb_sleep_ns(1000000);
	if (ret == fair)
		return sb_now_ns() - t + 1;	/* (never 0) */
	fair_ns = sb_task_cpu_ns(fair);
	rt_ns = sb_task_cpu_ns(rt);
	stop_loop(rt);
	stop_loop(fair);
	printf("# round %d: the fair server did not run the starved %sfair loop within %.1f s (CPU time: fair loop %.0f ms, %s loop %.0f ms)\n",
	       round, which, LOAD_NS / 1e9, fair_ns / 1e6, policy(kind), rt_ns / 1e6);
	fflush(stdout);
	return 0;
}

/*
 * -s: beside the running SCHED_FIFO loop fifo, a second fair loop and a second real-time
 * loop (-d: SCHED_DEADLINE), whose process the fair server alone can run; they are gone on
 * return. Returns 0, 3 when the second fair loop starved, 2 when a loop did not start.
 */
static int served_round(int round)
{
	unsigned long long ns;
	pid_t fair, rt;

	fair = start_loop(FAIR, 0);
	rt = fair > 0 ? start_loop(second, 20) : 0;
	if (fair < 0 || rt < 0) {
		printf("# round %d: cannot start the second %s loop on CPU %d: %s\n", round,
		       policy(fair < 0 ? FAIR : second), CPU, strerror(fair < 0 ? -fair : -rt));
		if (fair > 0)
			stop_loop(fair);
		return 2;
	}
	ns = wait_fair(round, "second ", fair, rt, second);
	if (!ns)
		return 3;
	stop_loop(rt);
	printf("# round %d: beside it, the second fair loop ran again after %.0f ms (the second loop's process turned %s while the fair server ran it)\n",
	       round, ns / 1e6, policy(second));
	fflush(stdout);
	return 0;
}
static unsigned long long pause_ns = PERIOD_NS;	/* -p */

static int offline_round(int round, pid_t fifo, unsigned long long fair_ns, pid_t hotplug,
			 unsigned long long *runs)
{
	unsigned long long t;
	int ret = 0;

	stop_loop(fifo);
	*runs = sb_task_runs(hotplug);
	t = sb_now_ns();
	if (control)
		sb_sleep_ns(OFFLINE_NS);
	else
		ret = sb_write_file(CPU_ONLINE, "0");
	t = sb_now_ns() - t;
	*runs = sb_task_runs(hotplug) - *runs;
	printf("# round %d: the fair loop ran again after %.0f ms, ended 10 ms in; CPU %d ",
	       round, fair_ns / 1e6, CPU);
	if (ret) {
		printf("refused to go offline: %s; ", strerror(-ret));
		return ret;
	}
	printf("%s in %.0f ms, its hotplug thread ran %llu times%s; ",
	       control ? "stayed online (control)" : "offline", t / 1e6, *runs,
	       *runs > BUSY_RUNS ? " (busy wait)" : "");
	ret = control ? 0 : sb_write_file(CPU_ONLINE, "1");
	if (ret)
		printf("cannot bring it back online: %s; ", strerror(-ret));
	sb_sleep_ns(pause_ns);
	return ret;
}

int main(int argc, char **argv)
{
	int rounds = 3, round, warned = 0, nwarned = 0, nbusy = 0, first = 0, kmsg, opt, ret;
	unsigned long long found_ns, runtime_ns, fair_ns, runs = 0, most = 0;
	enum loop kind;
	int status = 0;
	bool force = false, offline = false;
	char what[512], buf[64];
	pid_t fair, fifo, hotplug;

	while ((opt = getopt(argc, argv, "n:ocdsp:f")) != -1) {
		switch (opt) {
		case 'n': rounds = sb_number(PROG, optarg, 1, 100000); break;
		case 'f': force = true; break;
		case 'o': offline = true; break;
		case 'c': offline = control = true; break;
		case 'd': second = DEADLINE; break;
		case 's': served = true; break;
		case 'p': pause_ns = sb_number(PROG, optarg, 0, 10000) * 1000000ULL; break;
		default:
			fprintf(stderr, USAGE);
			return 2;
		}
	}
	if (optind < argc) {
		fprintf(stderr, PROG ": unexpected argument '%s'\n" USAGE, argv[optind]);
		return 2;
	}
	if ((served || second != FIFO) && !control) {
		fprintf(stderr, PROG ": -d and -s go with -c\n" USAGE);
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
	printf("# " PROG ": %s%d rounds on CPU %d: a %s loop starves a fair loop until the fair server runs it and a pick stops it, then %s; fair server runtime %llu ns\n",
	       offline ? "" : "up to ", rounds, CPU, policy(served ? FIFO : second),
	       served ? "beside the SCHED_FIFO loop a second fair loop and a second real-time loop, which the fair server alone runs, and CPU 1 stays online" :
	       control ? "CPU 1 stays online (the control of -o)" :
	       offline ? "CPU 1 goes offline and online again" :
	       "a write of the server's runtime stops it again",
	       offline ? WIDE_NS : found_ns);
	fflush(stdout);

	hotplug = offline ? kthread_pid("cpuhp/1") : 0;
	if (offline && !hotplug) {
		fprintf(stderr, PROG ": no kernel thread cpuhp/1\n");
		return 2;
	}
	if (offline && (ret = write_runtime(WIDE_NS))) {
		fprintf(stderr, PROG ": cannot write %llu to %s: %s\n", WIDE_NS, FAIR_RUNTIME,
			strerror(-ret));
		return 2;
	}
	for (round = 1; round <= rounds && !warned; round++) {
		kind = served ? FIFO : second;
		fair = start_loop(FAIR, 0);
		fifo = fair > 0 ? start_loop(kind, 10) : 0;
		if (fair < 0 || fifo < 0) {
			printf("# round %d: cannot start the %s loop on CPU %d: %s\n", round,
			       policy(fair < 0 ? FAIR : kind), CPU,
			       strerror(fair < 0 ? -fair : -fifo));
			if (fair > 0)
				stop_loop(fair);
			status = 2;
			break;
		}
		/* until the fair loop ends itself inside a fair server run */
		fair_ns = wait_fair(round, "", fair, fifo, kind);
		if (!fair_ns) {
			status = 3;
			break;
		}
		if (served && (ret = served_round(round))) {
			stop_loop(fifo);
			status = ret;
			break;
		}
		if (offline) {
			ret = offline_round(round, fifo, fair_ns, hotplug, &runs);
			nbusy += !ret && runs > BUSY_RUNS;
			most = runs > most ? runs : most;
			if (kmsg_check(kmsg, what, sizeof(what))) {
				first = first ? first : round;
				nwarned++;
				printf("WARN: %s\n", what);
			} else {
				printf("no warning\n");
			}
			fflush(stdout);
			if (ret) {
				status = 2;
				break;
			}
			continue;
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
	if (offline) {	/* every round ran: sched_cpu_dying() warns each time */
		printf("# " PROG ": %d rounds run, %d warned", round, nwarned);
		if (nwarned)
			printf(" (first in round %d)", first);
		printf(", %d busy waits (the hotplug thread ran up to %llu times an offline, %d allowed)\n",
		       nbusy, most, BUSY_RUNS);
		return nwarned || nbusy;
	}
	printf("# " PROG ": %d rounds run, %d warned", round, warned);
	if (warned)
		printf(" (first in round %d)", round);
	printf("\n");
	return warned;
}
