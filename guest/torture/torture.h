/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the files of build/torture share: the limits, the shared page, the workers as the
 * churn sees them, the command line and the churn's counts, and each file's entry points.
 *
 *   main.c     the command line, the setup, starting and stopping everything, main()
 *   workers.c  the checked workload: pairs over pipes and futexes, hogs, the fork storm
 *   monitor.c  the starvation monitor, and the real-time holds it does not count
 *   scanner.c  the /proc walk that finds real-time and deadline threads for the monitor
 *   procfs.c   reading /proc: a task's stat fields, every process
 *   churn.c    the churner: setattr, affinity, hotplug, sched features, cgroup mode; restore
 *   cgroups.c  the cpu cgroup tree and the churn's cgroup operation
 *   stress.c   stress-ng: started for the duration, reaped and checked at the end
 *   report.c   the progress line, the pairs' accounts, the figures, the verdict
 *
 * The workers, the monitor, the scanner, the fork storm and stress-ng are processes
 * forked by main(), which then runs the churn; what they and it share is *shm alone.
 * Everything else here (procs[], leaves[], cfg, ops) is the main process's own: a child
 * sees it as it was at the fork.
 */
#ifndef TORTURE_H
#define TORTURE_H

#include <stdint.h>
#include <stdlib.h>
#include <sys/types.h>

#include "../lib/sb.h"

#define MAX_PAIRS	32
#define MAX_HOGS	16
#define MAX_UNITS	(MAX_PAIRS + MAX_HOGS)
#define MAX_PROCS	(2 * MAX_PAIRS + MAX_HOGS)
#define MAX_CPUS	64
#define NLEAVES		6
#define CG_ROOT		SB_CGROUP "/torture"
#define CG_STRESS	SB_CGROUP "/torture-stress"
#define MAX_RT_FOUND	128

/* Shared by all processes. */
struct shm {
	volatile int stop;		/* workers: finish up */
	volatile int monitor_stop;
	volatile int hotplug_busy;
	volatile unsigned long long offline;	/* CPUs the hotplug thread took offline */
	volatile int exempt[MAX_UNITS];	/* unit legitimately held back */
	volatile int cpu[MAX_UNITS][2];	/* CPU a member last ran on: producer or hog, consumer */
	volatile pid_t pid[MAX_UNITS][2];	/* the members */
	uint64_t progress[MAX_UNITS];	/* pair: messages received; hog: loops */
	uint64_t sent[MAX_PAIRS], acked[MAX_PAIRS], bad[MAX_PAIRS];
	uint32_t fword[MAX_PAIRS];	/* futex pairs: 0 producer's turn, 1 consumer's */
	uint64_t fmsg[MAX_PAIRS];
	uint64_t forks;
	/* monitor results */
	unsigned long long max_window_ns, max_gap_ns, samples;
	unsigned long long rt_held, rt_scans;		/* unit-samples held by RT; /proc scans */
	unsigned long long rt_scan_ns, rt_scan_max_ns;	/* their total and longest time */
	int max_unit, rt_seen;				/* most RT/DL tasks tracked at once */
	/* the scanner's last list of real-time and deadline threads (a seqcount: odd while written) */
	volatile unsigned long rt_seq;
	volatile int rt_found;
	volatile pid_t rt_pid[MAX_RT_FOUND], rt_tid[MAX_RT_FOUND];
	volatile pid_t monitor_pid;
};

struct proc {
	pid_t pid;
	int unit;
	int leaf;		/* -1: the root cgroup */
	int policy;		/* SCHED_OTHER, SCHED_BATCH, SCHED_IDLE */
};

struct leaf {
	char path[128];
	bool exists, idle, max;
};

/* The rest of the command line (hotplug is cleared when the kernel or the guest lacks it). */
struct config {
	int seconds, bound_ms;
	bool stress, hotplug, light;
};

/* What the churn did, for the progress line and the report. */
struct churn_counts {
	unsigned long moves, weights, max_set, max_lift, idle, recreated, busy;
	unsigned long setattr, normal, batch, idlepol, slice, affinity;
	unsigned long offline, online, hotplug_refused, features, cgroup_modes;
	bool slice_unsupported;
};

/* main.c */
extern struct shm *shm;
extern int npairs, nhogs, nunits, ncpus;
extern unsigned int seed;
extern struct config cfg;
extern pid_t stress_pid;
pid_t child(void);
int wait_until(pid_t pid, unsigned long long deadline);

/* workers.c */
extern struct proc procs[MAX_PROCS];
extern int nprocs;
void start_workers(void);
void fork_storm(void);
int drain_workers(void);

/* monitor.c */
void monitor(void);

/* scanner.c */
void scanner(void);

/* procfs.c */
int stat_fields(const char *line, char *state, int *cpu, int *policy);
bool rt_policy(int policy);
int rt_read(int fd, char *state, int *cpu, int *policy);
void for_each_pid(void (*fn)(pid_t pid));

/* churn.c */
extern struct churn_counts ops;
extern const char *features[];
extern int nfeatures;
extern char *cgroup_modes[];
extern int ncgroup_modes;
int save_tunables(void);
#define NWINDOW_FIELDS	4
extern const char *const window_fields[NWINDOW_FIELDS];	/* buddy picks, too_long */
extern long window_counts[NWINDOW_FIELDS];	/* in the run; -1: not counted */
extern bool window_check;	/* WARN_BUDDY_WINDOW on for the run */
void update_exempt(void);
void churn(unsigned long long t0);
void release_holds(void);

/* cgroups.c */
extern struct leaf leaves[NLEAVES];
int cgroups_setup(void);
void cgroups_teardown(void);
void op_cgroup(void);

/* stress.c */
pid_t start_stress(int seconds, bool light);
int reap_stress(void);

/* report.c */
void print_progress(unsigned long long t0);
int verdict(unsigned long long t0);

/* 0..n-1 from random(), seeded with the run's seed (a child's with its pid); 0 if n <= 0. */
static inline long rnd(long n)
{
	return n > 0 ? random() % n : 0;
}

#endif /* TORTURE_H */
