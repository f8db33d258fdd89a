/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Helpers shared by the in-guest tests and workloads: sysfs/debugfs files, CPU pinning,
 * sched_switch tracing, and the producer/consumer pairs workload.
 */
#ifndef SB_H
#define SB_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#define SB_FEATURES	"/sys/kernel/debug/sched/features"
#define SB_TRACING	"/sys/kernel/tracing"
#define SB_CGROUP	"/sys/fs/cgroup"

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
/* Move a task into DIR. */
int sb_cgroup_move(const char *dir, pid_t pid);
/* usage_usec from DIR's cpu.stat, or -1. */
long sb_cgroup_usage_usec(const char *dir);

/* Pin the calling thread to one CPU; returns 0 or -errno. */
int sb_pin_cpu(int cpu);
/* Monotonic time in nanoseconds. */
unsigned long long sb_now_ns(void);
/* Spin on the CPU for about ns nanoseconds of wall time. */
void sb_spin_ns(unsigned long long ns);

/* sched features: is name enabled (1), disabled (0), or unknown (-ENOENT)? */
int sb_feature_get(const char *name);
/* Enable or disable a sched feature; returns 0 or -errno. */
int sb_feature_set(const char *name, bool on);

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

/*
 * The pairs workload: npairs producer/consumer pairs over pipes plus nhogs CPU hogs, all
 * pinned to one CPU. A pair member wakes its partner, keeps working burst_us, then blocks
 * reading the partner's reply. Measured with sched_switch tracing on that CPU.
 */
struct sb_pairs_cfg {
	int npairs, nhogs, cpu;
	unsigned int burst_us, duration_ms;
	bool unprivileged;	/* pair members drop to uid/gid 65534 */
	/* Optional: called for each task before it starts (e.g. to move it to a cgroup). */
	int (*place)(pid_t pid, bool hog, int index, void *arg);
	void *arg;
};
struct sb_pairs_result {
	long switches;		/* all switches on the CPU */
	long member_blocks;	/* switches away from a blocking pair member */
	long to_partner;	/* ... whose next task was its partner */
	long hog_switches;	/* switches into a hog */
	unsigned long long round_trips;	/* completed ping-pongs, all pairs */
	unsigned long long hog_loops[16];	/* work done by each hog */
	unsigned long long hog_ns[16];		/* CPU time of each hog */
	unsigned long long pair_ns[64];		/* CPU time of each pair (both members) */
	double cohesion;	/* to_partner / member_blocks */
	double seconds;
	bool overrun;		/* trace lost events: counts are a lower bound */
};
int sb_pairs_run(const struct sb_pairs_cfg *cfg, struct sb_pairs_result *res);

/* CPU time of a task in ns (first field of /proc/PID/schedstat), or 0. */
unsigned long long sb_task_cpu_ns(pid_t pid);

/* A value from the per-CPU section of /sys/kernel/debug/sched/debug, summed over CPUs. */
long sb_sched_debug_sum(const char *field);

#endif
