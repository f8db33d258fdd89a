// SPDX-License-Identifier: GPL-2.0
/*
 * cachesweep [-c CPU] [-n ACCESSES] KIB...: the cache model's calibration workload. For each
 * size (KiB) in turn, pinned to CPU (default 0): allocate and fault in a buffer of that size,
 * read it once with a 64-byte stride (one load per line) to warm the caches, then, inside
 * cache-model window i (i = the size's position, 0..15), read it again in passes until at
 * least ACCESSES loads (default 1048576, at least 3 passes). It prints per window
 *
 *	cachesweep: window I kib K lines L passes P cpu C
 *
 * so the host can divide the window's misses by its L x P loads. Under LRU, a cyclic sweep
 * of a buffer well below a level's capacity misses there almost never after the warm pass,
 * one well above it misses on every line: the steps show where the model's sizes are.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "lib/cachemark.h"
#include "lib/sb.h"

#define LINE		64
#define MAX_SIZES	16

static unsigned long sweep(const volatile unsigned char *buf, size_t lines, unsigned long passes)
{
	unsigned long sum = 0;

	for (unsigned long p = 0; p < passes; p++)
		for (size_t i = 0; i < lines; i++)
			sum += buf[i * LINE];
	return sum;
}

static void usage(void)
{
	fprintf(stderr, "usage: cachesweep [-c CPU] [-n ACCESSES] KIB... (1..16 sizes)\n");
	exit(2);
}

int main(int argc, char **argv)
{
	long cpu = 0, accesses = 1 << 20;
	unsigned long sink = 0;
	int opt, err;

	while ((opt = getopt(argc, argv, "c:n:")) != -1) {
		switch (opt) {
		case 'c': cpu = sb_number("cachesweep", optarg, 0, 4095); break;
		case 'n': accesses = sb_number("cachesweep", optarg, 1, 1L << 34); break;
		default: usage();
		}
	}
	if (optind == argc || argc - optind > MAX_SIZES)
		usage();
	long kib[MAX_SIZES];
	int n = argc - optind;
	for (int i = 0; i < n; i++)
		kib[i] = sb_number("cachesweep", argv[optind + i], 1, 1L << 22);
	if ((err = sb_pin_cpu(cpu))) {
		fprintf(stderr, "cachesweep: cannot pin to CPU %ld: %s\n", cpu, strerror(-err));
		return 1;
	}
	for (int i = 0; i < n; i++) {
		size_t size = (size_t)kib[i] << 10, lines = size / LINE;
		unsigned long passes = (accesses + lines - 1) / lines;
		unsigned char *buf = mmap(NULL, size, PROT_READ | PROT_WRITE,
					  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

		if (buf == MAP_FAILED) {
			fprintf(stderr, "cachesweep: cannot map %ld KiB\n", kib[i]);
			return 1;
		}
		passes = passes < 3 ? 3 : passes;
		memset(buf, 1, size);
		sink += sweep(buf, lines, 1);
		sb_cachemark_start(i);
		sink += sweep(buf, lines, passes);
		sb_cachemark_stop(i);
		printf("cachesweep: window %d kib %ld lines %zu passes %lu cpu %ld\n",
		       i, kib[i], lines, passes, cpu);
		fflush(stdout);
		munmap(buf, size);
	}
	return sink == 0;	/* every byte is 1: never 0; keeps the loads */
}
