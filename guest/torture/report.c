// SPDX-License-Identifier: GPL-2.0
/*
 * What the run reports: a progress line once a minute, and at the end the pairs'
 * accounts, the figures of everything done and the verdict on the starvation bound.
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>

#include "torture.h"

/* One line a minute while the run lasts (host/torture.sh shows them as they come). */
void print_progress(unsigned long long t0)
{
	uint64_t recv = 0;

	for (int i = 0; i < npairs; i++)
		recv += shm->progress[i];
	printf("# progress: %.0f of %d s: messages %llu, forks %llu, hotplug %lu/%lu, cgroup moves %lu, setattr %lu, longest window %.0f ms\n",
	       (sb_now_ns() - t0) / 1e9, cfg.seconds, (unsigned long long)recv,
	       (unsigned long long)shm->forks, ops.offline, ops.online, ops.moves, ops.setattr,
	       shm->max_window_ns / 1e6);
	fflush(stdout);
}

/*
 * Every pair's messages accounted for: as many received and acknowledged as sent, none
 * out of order. Adds the pairs' totals to *sent and *recv; returns 1 when a pair is off.
 */
static int check_pairs(uint64_t *sent, uint64_t *recv)
{
	int failed = 0;

	for (int i = 0; i < npairs; i++) {
		*sent += shm->sent[i];
		*recv += shm->progress[i];
		if (shm->bad[i] || shm->sent[i] != shm->progress[i] ||
		    shm->acked[i] != shm->sent[i]) {
			printf("# FAIL: pair %d (%s): sent %llu received %llu acknowledged %llu, %llu out of order\n",
			       i, i % 2 ? "futex" : "pipe", (unsigned long long)shm->sent[i],
			       (unsigned long long)shm->progress[i],
			       (unsigned long long)shm->acked[i], (unsigned long long)shm->bad[i]);
			failed = 1;
		}
	}
	return failed;
}

/* The figures of the run: what was done, and the longest starvation window. */
static void print_figures(unsigned long long t0, uint64_t sent, uint64_t recv)
{
	printf("# duration %.1f s\n", (sb_now_ns() - t0) / 1e9);
	printf("# pairs: %d (pipe and futex), messages sent %llu received %llu\n", npairs,
	       (unsigned long long)sent, (unsigned long long)recv);
	printf("# forks %llu, setattr %lu (normal %lu, with slice %lu%s, batch %lu, idle %lu), affinity %lu\n",
	       (unsigned long long)shm->forks, ops.setattr, ops.normal, ops.slice,
	       ops.slice_unsupported ? ", custom slice rejected" : "", ops.batch, ops.idlepol,
	       ops.affinity);
	printf("# cgroups: moves %lu, weight %lu, cpu.max set %lu lifted %lu, cpu.idle %lu, recreated %lu (busy %lu)\n",
	       ops.moves, ops.weights, ops.max_set, ops.max_lift, ops.idle, ops.recreated,
	       ops.busy);
	printf("# hotplug: offline %lu online %lu refused %lu\n", ops.offline, ops.online,
	       ops.hotplug_refused);
	printf("# toggles: features %lu, cgroup mode %lu\n", ops.features, ops.cgroup_modes);
	printf("# real-time holds: %d RT/DL tasks tracked at most, units held back in %.1f%% of samples; %llu /proc scans, %.1f ms each, longest %.1f ms\n",
	       shm->rt_seen, shm->samples ? 100.0 * shm->rt_held / shm->samples / nunits : 0.0,
	       shm->rt_scans, shm->rt_scans ? shm->rt_scan_ns / 1e6 / shm->rt_scans : 0.0,
	       shm->rt_scan_max_ns / 1e6);
	printf("# starvation: longest window %.0f ms (%s %d), bound %d ms; %llu samples, longest monitor gap %.0f ms\n",
	       shm->max_window_ns / 1e6, shm->max_unit < npairs ? "pair" : "hog",
	       shm->max_unit < npairs ? shm->max_unit : shm->max_unit - npairs, cfg.bound_ms,
	       shm->samples, shm->max_gap_ns / 1e6);
}

/* What the kernel's window check looked at; its WARN fails the run on the console. */
static void print_window_check(void)
{
	const long *n = window_counts;

	if (!window_check) {
		printf("# buddy window check: not in this kernel (no WARN_BUDDY_WINDOW)\n");
		return;
	}
	if (n[0] < 0 || n[1] < 0 || n[2] < 0 || n[3] < 0) {
		printf("# buddy window check (WARN_BUDDY_WINDOW): on; buddy picks not counted (no schedstats)\n");
		return;
	}
	printf("# buddy window check (WARN_BUDDY_WINDOW): on; buddy picks over the EEVDF pick %ld, refused at the window's end %ld (every level)\n",
	       n[0] + n[1], n[2] + n[3]);
}

/* The pairs' accounts, the figures, the bound; returns 1 when any check failed. */
int verdict(unsigned long long t0)
{
	uint64_t sent = 0, recv = 0;
	int failed = check_pairs(&sent, &recv);

	print_figures(t0, sent, recv);
	print_window_check();
	if (shm->max_window_ns > cfg.bound_ms * 1000000ULL) {
		printf("# FAIL: a worker made no progress for %.0f ms (bound %d ms)\n",
		       shm->max_window_ns / 1e6, cfg.bound_ms);
		failed = 1;
	}
	if (sent == 0) {
		printf("# FAIL: no pair message was sent\n");
		failed = 1;
	}
	return failed;
}
