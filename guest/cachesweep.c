// SPDX-License-Identifier: GPL-2.0
/*
 * cachesweep [-c CPU] [-n ACCESSES] [-p KIB [-t TURNS]] KIB...: the cache model's calibration
 * workload. For each
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
 *
 * -p KIB: then a ping-pong, in the window after the sizes': a process on CPU 0 and one on
 * CPU 1 take TURNS turns each (default 100), handing over through pipes, each turn storing
 * to every line of a shared buffer of KIB. With coherence every line a side stores to was
 * last written by the other CPU: one invalidation, one L1D and one L2 miss, an LLC hit.
 * It prints "cachesweep: pingpong window I kib K lines L turns T stores S".
 */
#define _GNU_SOURCE
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
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
	fprintf(stderr, "usage: cachesweep [-c CPU] [-n ACCESSES] [-p KIB [-t TURNS]] KIB... "
		"(1..15 sizes)\n");
	exit(2);
}

static void store_lines(volatile unsigned char *buf, size_t lines, unsigned char v)
{
	for (size_t i = 0; i < lines; i++)
		buf[i * LINE] = v;
}

/* One side of the ping-pong: wait for the token on in (unless first), store, pass it on. */
static int side(volatile unsigned char *buf, size_t lines, long turns, int in, int out,
		bool first)
{
	char token = 0;

	for (long t = 0; t < turns; t++) {
		if ((!first || t) && read(in, &token, 1) != 1)
			return -1;
		store_lines(buf, lines, t);
		if (write(out, &token, 1) != 1)
			return -1;
	}
	return first && read(in, &token, 1) != 1 ? -1 : 0;	/* the other's last turn */
}

static int pingpong(long kib, unsigned int id, long turns)
{
	size_t size = (size_t)kib << 10, lines = size / LINE;
	unsigned char *buf = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
				  -1, 0);
	int ab[2], ba[2], status, err;
	pid_t pid;

	if (buf == MAP_FAILED || pipe(ab) || pipe(ba)) {
		perror("cachesweep: ping-pong setup");
		return 1;
	}
	memset(buf, 0, size);
	pid = fork();
	if (pid < 0) {
		perror("cachesweep: fork");
		return 1;
	}
	if (pid == 0)
		_exit(sb_pin_cpu(1) || side(buf, lines, turns, ab[0], ba[1], false) ? 1 : 0);
	if ((err = sb_pin_cpu(0))) {
		fprintf(stderr, "cachesweep: cannot pin to CPU 0: %s\n", strerror(-err));
		return 1;
	}
	sb_cachemark_start(id);
	err = side(buf, lines, turns, ba[0], ab[1], true);
	sb_cachemark_stop(id);
	if (err || waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status)) {
		fprintf(stderr, "cachesweep: the ping-pong failed\n");
		return 1;
	}
	printf("cachesweep: pingpong window %u kib %ld lines %zu turns %ld stores %zu\n",
	       id, kib, lines, turns, 2 * turns * lines);
	return 0;
}

int main(int argc, char **argv)
{
	long cpu = 0, accesses = 1 << 20, ping_kib = 0, turns = 100;
	unsigned long sink = 0;
	int opt, err;

	while ((opt = getopt(argc, argv, "c:n:p:t:")) != -1) {
		switch (opt) {
		case 'c': cpu = sb_number("cachesweep", optarg, 0, 4095); break;
		case 'n': accesses = sb_number("cachesweep", optarg, 1, 1L << 34); break;
		case 'p': ping_kib = sb_number("cachesweep", optarg, 1, 1L << 20); break;
		case 't': turns = sb_number("cachesweep", optarg, 1, 1L << 20); break;
		default: usage();
		}
	}
	if (optind == argc || argc - optind > MAX_SIZES - 1)
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
	if (sink == 0)		/* every byte is 1: never 0; keeps the loads */
		return 1;
	return ping_kib ? pingpong(ping_kib, n, turns) : 0;
}
