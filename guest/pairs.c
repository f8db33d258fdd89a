// SPDX-License-Identifier: GPL-2.0
/*
 * pairs: the producer/consumer pairs-plus-hogs workload on one CPU, measured with
 * sched_switch tracing. Prints one line of key=value figures.
 *
 *   pairs [-p PAIRS] [-H HOGS] [-b BURST_US] [-d DURATION_MS] [-c CPU] [-w WS_KIB]
 *         [-m WINDOW]
 *
 * -w: each member writes every cache line of WS_KIB KiB of its own per wakeup (default 0);
 * -m: the measured run is cache-model window WINDOW (0..15; a no-op without the model).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/cachemark.h"
#include "lib/pairs.h"

int main(int argc, char **argv)
{
	struct sb_pairs_cfg cfg = { .npairs = 4, .nhogs = 2, .cpu = 0, .burst_us = 0,
				    .duration_ms = 3000 };
	struct sb_pairs_result r;
	unsigned long long hog_min = 0, pair_max = 0;
	int opt, ret;

	while ((opt = getopt(argc, argv, "p:H:b:d:c:w:m:")) != -1) {
		switch (opt) {
		case 'p': cfg.npairs = sb_number("pairs", optarg, 0, 64); break;
		case 'H': cfg.nhogs = sb_number("pairs", optarg, 0, 16); break;
		case 'b': cfg.burst_us = sb_number("pairs", optarg, 0, 1000000); break;
		case 'd': cfg.duration_ms = sb_number("pairs", optarg, 0, 600000); break;
		case 'c': cfg.cpu = sb_number("pairs", optarg, 0, 63); break;
		case 'w': cfg.ws_kib = sb_number("pairs", optarg, 0, 65536); break;
		case 'm':
			cfg.mark = true;
			cfg.mark_id = sb_number("pairs", optarg, 0, SB_CACHEMARK_RUNTIME_IDS - 1);
			break;
		default:
			fprintf(stderr, "usage: pairs [-p PAIRS] [-H HOGS] [-b BURST_US] [-d MS] [-c CPU] [-w WS_KIB] [-m WINDOW]\n");
			return 2;
		}
	}
	if (cfg.npairs < 1) {
		fprintf(stderr, "pairs: need at least one pair\n");
		return 2;
	}
	ret = sb_pairs_run(&cfg, &r);
	if (ret) {
		fprintf(stderr, "pairs: workload failed: %s\n", strerror(-ret));
		return 1;
	}
	for (int i = 0; i < cfg.nhogs; i++)
		hog_min = i ? (r.hog_ns[i] < hog_min ? r.hog_ns[i] : hog_min) : r.hog_ns[i];
	for (int i = 0; i < cfg.npairs; i++)
		pair_max = r.pair_ns[i] > pair_max ? r.pair_ns[i] : pair_max;
	printf("pairs=%d hogs=%d burst_us=%u ws_kib=%u seconds=%.2f cohesion=%.3f switches=%ld "
	       "member_blocks=%ld to_partner=%ld hog_switches=%ld round_trips=%llu "
	       "trips_per_s=%.0f min_hog_share=%.3f max_pair_share=%.3f overrun=%d\n",
	       cfg.npairs, cfg.nhogs, cfg.burst_us, cfg.ws_kib, r.seconds, r.cohesion, r.switches,
	       r.member_blocks, r.to_partner, r.hog_switches, r.round_trips,
	       r.round_trips / r.seconds, hog_min / (r.seconds * 1e9),
	       pair_max / (r.seconds * 1e9), r.overrun);
	return 0;
}
