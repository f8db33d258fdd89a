/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SB_PAIRS_H
#define SB_PAIRS_H

#include "sb.h"

/*
 * The pairs workload: npairs producer/consumer pairs over pipes plus nhogs CPU hogs, all
 * pinned to one CPU. A pair member wakes its partner, keeps working burst_us, then blocks
 * reading the partner's reply. Measured with sched_switch tracing on that CPU.
 * With ws_kib, each member also owns ws_kib KiB of memory and writes every cache line of it
 * on each wakeup, before its burst: the working set the buddies keep cache hot or not.
 * With mark, the measured run is cache-model window mark_id (guest/lib/cachemark.h).
 */
struct sb_pairs_cfg {
	int npairs, nhogs, cpu;
	unsigned int burst_us, duration_ms;
	unsigned int ws_kib;	/* each member's working set, written per wakeup */
	bool unprivileged;	/* pair members drop to uid/gid 65534 */
	bool mark;		/* the measured run is cache-model window mark_id */
	unsigned int mark_id;
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
	unsigned long long hog_wait_max_ns[16];	/* each hog's longest wait (schedstats) */
	unsigned long long pair_ns[64];		/* CPU time of each pair (both members) */
	double cohesion;	/* to_partner / member_blocks */
	double seconds;
	bool overrun;		/* trace lost events: counts are a lower bound */
};
int sb_pairs_run(const struct sb_pairs_cfg *cfg, struct sb_pairs_result *res);

#endif
