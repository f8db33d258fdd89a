// SPDX-License-Identifier: GPL-2.0
/*
 * torture: the buddy system under sustained abuse, for a debug kernel (config/debug.config).
 *
 *   torture [-d SECONDS] [-p PAIRS] [-H HOGS] [-b BOUND_MS] [-s SEED] [-S] [-P] [--light]
 *     -d  duration (default 60)          -p  producer/consumer pairs (default 8)
 *     -H  CPU hogs (default 2)           -b  starvation bound in ms (default 4000)
 *     -s  seed of the operation sequence -S  no stress-ng   -P  no CPU hotplug
 *     --light  leave out stress-ng's heavy stressors (resched, and the real-time and
 *         deadline workers of mutex and schedpolicy)
 *
 * Runs concurrently, until the duration is over:
 *   - pairs over pipes (even) and over a futex word (odd): each message carries a sequence
 *     number the consumer checks, each is acknowledged before the next; and CPU hogs;
 *   - stress-ng's scheduler stressors (fair_stressors, heavy_stressors unless --light),
 *     its own --verify checks on, its exit status checked;
 *   - a fork/exit storm;
 *   - a churner doing at random: move a worker between nested cpu cgroups (created and
 *     destroyed as it goes), cpu.weight (50..200 for leaves, 100..200 for their parents:
 *     wider ratios starve by design), cpu.max set/lifted, cpu.idle, sched_setattr
 *     NORMAL (with a custom slice where supported) / BATCH / IDLE, affinity changes,
 *     CPU hotplug off/on (not in the last HOTPLUG_QUIET_S seconds, with every CPU back
 *     online for them, so that stress-ng ends with the CPUs it started with), sched
 *     features, and on a kernel with one runqueue (7.3) the cgroup mode, by which group
 *     weights fold into the task entities;
 *   - a starvation monitor (SCHED_FIFO 99, samples every 5 ms): the longest window in which a
 *     pair or hog made no progress. Windows are not counted while the unit is
 *     legitimately held back: a member in SCHED_IDLE, or in a cgroup with cpu.idle or
 *     cpu.max set, or on a CPU where a real-time or deadline task is runnable, or while a
 *     CPU hotplug write is in progress. Time in which the monitor itself did not run (a
 *     stalled vCPU) is reported and not counted either.
 * Fails (exit 1) when a pair lost or reordered a message, a pair did not drain at the end
 * (lost wakeup), stress-ng failed, or the longest window exceeds the bound.
 * The bound on buddies, relative to the pick EEVDF would have made, only the kernel can
 * check: where the series has WARN_BUDDY_WINDOW, it is on for the run, and its WARN (a
 * buddy taken after a window at any level) is a splat on the console, which fails the run.
 * Restores sched features, the cgroup mode and CPUs online at exit.
 *
 * Here: the command line, the setup, starting and stopping the processes, and main().
 * What the other files hold: torture.h.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "torture.h"

struct shm *shm;
int npairs = 8, nhogs = 2, nunits, ncpus;
unsigned int seed;

/* The rest of the command line (hotplug is cleared when the kernel or the guest lacks it). */
struct config cfg = { .seconds = 60, .bound_ms = 4000, .stress = true, .hotplug = true };

/* Started besides the workers in procs[]; stress_pid stays 0 without stress-ng. */
static pid_t monitor_pid, scanner_pid, storm_pid;
pid_t stress_pid;

pid_t child(void)
{
	pid_t pid = fork();

	if (pid < 0) {
		perror("torture: fork");
		exit(1);
	}
	if (pid == 0)
		srandom(getpid());
	return pid;
}

/* Wait for pid until deadline (ns); returns its wait status, or -1 on timeout. */
int wait_until(pid_t pid, unsigned long long deadline)
{
	int status;

	while (sb_now_ns() < deadline) {
		pid_t r = waitpid(pid, &status, WNOHANG);

		if (r == pid)
			return status;
		if (r < 0)
			return -1;
		sb_sleep_ns(10000000);
	}
	return -1;
}

enum { OPT_LIGHT = 256 };

static const char usage[] =
	"usage: torture [-d SECONDS] [-p PAIRS] [-H HOGS] [-b BOUND_MS] [-s SEED] [-S] [-P]\n"
	"               [--light]\n";

/*
 * Read the command line into cfg, npairs, nhogs and seed. Bad input (a bad number, an
 * unknown option, an operand) exits 2 here, before anything in the system is touched.
 */
static void parse_options(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "light", no_argument, NULL, OPT_LIGHT },
		{ NULL, 0, NULL, 0 }
	};
	int opt;

	while ((opt = getopt_long(argc, argv, "d:p:H:b:s:SP", longopts, NULL)) != -1) {
		switch (opt) {
		case 'd': cfg.seconds = sb_number("torture", optarg, 1, 86400); break;
		case 'p': npairs = sb_number("torture", optarg, 1, MAX_PAIRS); break;
		case 'H': nhogs = sb_number("torture", optarg, 0, MAX_HOGS); break;
		case 'b': cfg.bound_ms = sb_number("torture", optarg, 1, 3600000); break;
		case 's': seed = sb_number("torture", optarg, 0, 1 << 30); break;
		case 'S': cfg.stress = false; break;
		case 'P': cfg.hotplug = false; break;
		case OPT_LIGHT: cfg.light = true; break;
		default:
			fputs(usage, stderr);
			exit(2);
		}
	}
	if (optind < argc) {
		fprintf(stderr, "torture: unexpected argument '%s'\n%s", argv[optind], usage);
		exit(2);
	}
}

/* CPU hotplug needs a second CPU whose online file is writable (CONFIG_HOTPLUG_CPU). */
static bool hotplug_usable(void)
{
	if (ncpus < 2)
		return false;
	if (access("/sys/devices/system/cpu/cpu1/online", W_OK)) {
		printf("# no CPU hotplug in this kernel: %s\n", strerror(errno));
		return false;
	}
	return true;
}

/* The run's header: its parameters and what the churn toggles. */
static void print_setup(void)
{
	printf("# torture: %d s, %d CPUs, %d pairs, %d hogs, seed %u, bound %d ms\n",
	       cfg.seconds, ncpus, npairs, nhogs, seed, cfg.bound_ms);
	printf("# toggled features:");
	for (int i = 0; i < nfeatures; i++)
		printf(" %s", features[i]);
	printf("\n");
	printf("# buddy window check: %s\n", window_check ? "WARN_BUDDY_WINDOW on" :
	       "not in this kernel");
	if (ncgroup_modes) {
		printf("# cgroup modes:");
		for (int i = 0; i < ncgroup_modes; i++)
			printf(" %s", cgroup_modes[i]);
		printf("\n");
	}
	fflush(stdout);
}

/*
 * Everything before the first process starts: the random sequence seeded, the tunables
 * saved, the shared page and the cgroup tree made. Returns 0, or 1 with the tunables
 * untouched (a failed cgroups_setup() may leave empty cgroups under CG_ROOT).
 */
static int setup(void)
{
	srandom(seed);
	nunits = npairs + nhogs;
	ncpus = sysconf(_SC_NPROCESSORS_CONF);
	if (ncpus > MAX_CPUS)
		ncpus = MAX_CPUS;
	cfg.hotplug = cfg.hotplug && hotplug_usable();
	if (save_tunables())
		return 1;
	print_setup();
	shm = mmap(NULL, sizeof(*shm), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (shm == MAP_FAILED) {
		perror("torture: mmap");
		return 1;
	}
	memset(shm, 0, sizeof(*shm));
	memset((void *)shm->cpu, 0xff, sizeof(shm->cpu));	/* -1: not run yet */
	if (cgroups_setup()) {
		fprintf(stderr, "torture: cannot set up cpu cgroups under %s\n", CG_ROOT);
		return 1;
	}
	return 0;
}

/* Start the workers (procs[]), then the monitor, the fork storm and stress-ng. */
static void start(void)
{
	start_workers();
	if (!(monitor_pid = child()))
		monitor();
	shm->monitor_pid = monitor_pid;
	if (!(scanner_pid = child()))
		scanner();
	if (!(storm_pid = child()))
		fork_storm();
	if (cfg.stress)
		stress_pid = start_stress(cfg.seconds, cfg.light);
}

/* Stop the monitor and the fork storm; returns 1 when the storm did not stop in 30 s. */
static int stop_helpers(void)
{
	int failed = 0;

	shm->monitor_stop = 1;
	if (wait_until(storm_pid, sb_now_ns() + 30000000000ULL) == -1) {
		printf("# FAIL: the fork storm did not stop\n");
		kill(storm_pid, SIGKILL);
		waitpid(storm_pid, NULL, 0);
		failed = 1;
	}
	waitpid(monitor_pid, NULL, 0);
	waitpid(scanner_pid, NULL, 0);
	return failed;
}

/*
 * After the churn: holds released, every process reaped, the cgroup tree removed and the
 * tunables restored. Returns 1 when a process failed or hung, else 0.
 */
static int wind_down(void)
{
	int failed;

	release_holds();
	failed = drain_workers();
	failed |= stop_helpers();
	if (stress_pid)
		failed |= reap_stress();
	cgroups_teardown();
	return failed;
}

int main(int argc, char **argv)
{
	unsigned long long t0;
	int failed;

	seed = time(NULL);
	parse_options(argc, argv);
	if (setup())
		return 1;
	start();
	t0 = sb_now_ns();
	churn(t0);
	failed = wind_down();
	failed |= verdict(t0);
	printf("# torture: %s\n", failed ? "FAILED" : "passed");
	return failed;
}
