/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Helpers shared by the in-guest tests and workloads: sysfs/debugfs files, CPU pinning,
 * sched features, sched_switch tracing. The pairs workload is in pairs.h.
 */
#ifndef SB_H
#define SB_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#define SB_FEATURES	"/sys/kernel/debug/sched/features"
#define SB_SCHEDSTATS	"/proc/sys/kernel/sched_schedstats"
#define SB_TRACING	"/sys/kernel/tracing"
#define SB_CGROUP	"/sys/fs/cgroup"

/*
 * The command-line number check of every guest program: arg must be a decimal integer in
 * min..max written without sign, blanks or leading zeros ("08" is refused, as the host
 * scripts' sb_positive refuses it). Otherwise print "PROG: 'ARG' is not a number in
 * MIN..MAX" and exit 2, before the program has changed anything.
 */
long sb_number(const char *prog, const char *arg, long min, long max);

/* Read a whole small file into buf (NUL-terminated); returns bytes read or -errno. */
ssize_t sb_read_file(const char *path, char *buf, size_t len);
/* Write a string to a file in one write(); returns 0 or -errno. */
int sb_write_file(const char *path, const char *s);
/* Read a file holding one integer; returns 0 or -errno. */
int sb_read_long(const char *path, long *val);

/* cgroup v2: create DIR (under SB_CGROUP) with cpu.weight (0: leave the default). */
int sb_cgroup_create(const char *dir, unsigned int weight);
/* Enable the cpu controller for DIR's children. */
int sb_cgroup_enable_cpu(const char *dir);
/* Write val to DIR's FILE (e.g. "cpu.max"); returns 0 or -errno. */
int sb_cgroup_write(const char *dir, const char *file, const char *val);
/* Move a task into DIR. */
int sb_cgroup_move(const char *dir, pid_t pid);
/* usage_usec from DIR's cpu.stat, or -1. */
long sb_cgroup_usage_usec(const char *dir);

/* Pin the calling thread to one CPU; returns 0 or -errno. */
int sb_pin_cpu(int cpu);
/* Ask for a slice of ns nanoseconds (sched_runtime, SCHED_OTHER); returns 0 or -errno. */
int sb_set_slice(pid_t pid, unsigned long long ns);
/*
 * The slice pid asked for in *ns (sched_getattr() reports a fair task's custom slice as
 * its sched_runtime; 0: none asked); 0 or -errno.
 */
int sb_get_slice(pid_t pid, unsigned long long *ns);
/*
 * Make pid SCHED_DEADLINE with runtime ns of every period ns (the deadline the period);
 * returns 0 or -errno (-EPERM for a task whose affinity is narrower than its root domain).
 */
int sb_set_deadline(pid_t pid, unsigned long long runtime, unsigned long long period);
/* Monotonic time in nanoseconds. */
unsigned long long sb_now_ns(void);
/* Spin on the CPU for about ns nanoseconds of wall time. */
void sb_spin_ns(unsigned long long ns);
/* Sleep ns nanoseconds, resuming after signals. */
void sb_sleep_ns(unsigned long long ns);

/* sched features: is name enabled (1), disabled (0), or unknown (-ENOENT)? */
int sb_feature_get(const char *name);
/* Enable or disable a sched feature; returns 0 or -errno. */
int sb_feature_set(const char *name, bool on);
/*
 * Every sched feature's state as the kernel lists it ("NEXT_BUDDY NO_LAST_BUDDY ...").
 * sb_features_save() fills saved (len >= 4096 holds any 6.12 list); returns 0 or -errno.
 * sb_features_restore() writes each entry back and returns 0, or the first -errno.
 */
#define SB_FEATURES_LEN	4096
int sb_features_save(char *saved, size_t len);
int sb_features_restore(const char *saved);

/* sched_switch tracing on the CPUs in cpumask (hex string, e.g. "1"). */
int sb_trace_start(const char *cpumask, unsigned int buffer_kb);
int sb_trace_stop(void);
struct sb_switch {
	int cpu;
	pid_t prev_pid, next_pid;
	char prev_state;	/* 'R' (preempted, still runnable), 'S', 'D', ... */
};
/* Call fn for each traced switch; returns the number of switches or -errno. */
long sb_trace_foreach(void (*fn)(const struct sb_switch *sw, void *arg), void *arg);
/* Did the ring buffer lose events since sb_trace_start()? */
bool sb_trace_overrun(void);

/* CPU time of a task in ns (first field of /proc/PID/schedstat), or 0. */
unsigned long long sb_task_cpu_ns(pid_t pid);
/* How many times a task was picked to run (third field of /proc/PID/schedstat), or 0. */
unsigned long long sb_task_runs(pid_t pid);

/*
 * The longest a task waited runnable for a CPU, in ns (wait_max of /proc/PID/sched: it
 * needs schedstats on; 0 when it cannot be read).
 */
unsigned long long sb_task_wait_max_ns(pid_t pid);

/* A value from the per-CPU section of /sys/kernel/debug/sched/debug, summed over CPUs. */
long sb_sched_debug_sum(const char *field);
/* The same for n fields in one read: sums[i] is -1 where field i is missing. */
int sb_sched_debug_sums(const char *const *fields, int n, long *sums);

#endif
