// SPDX-License-Identifier: GPL-2.0
/*
 * slice US CMD [ARG...]: run CMD with a slice request of US microseconds (SCHED_OTHER,
 * nice 0, sched_runtime = US * 1000 through sched_setattr()), for programs that cannot
 * ask for one themselves (cyclictest). The request is read back (sched_getattr(), which
 * reports a fair task's custom slice as its sched_runtime) before CMD is executed.
 *
 * The slice stays with CMD: exec keeps it, fork and clone copy it (unless the task asked
 * for SCHED_RESET_ON_FORK), and since Linux 6.12 sched_setscheduler(SCHED_OTHER) keeps a
 * custom slice, so cyclictest's own setscheduler call in its measurement thread (with
 * --policy=other) leaves it in place. The kernel clamps a slice to 100 us .. 100 ms: US
 * outside that range is refused here. Exit status 2 when the request fails, 127 when CMD
 * cannot be executed.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "lib/sb.h"

int main(int argc, char **argv)
{
	unsigned long long ns, got;
	int err;

	if (argc < 3) {
		fprintf(stderr, "usage: slice US CMD [ARG...] (US: 100..100000)\n");
		return 2;
	}
	ns = sb_number("slice", argv[1], 100, 100000) * 1000ULL;
	err = sb_set_slice(0, ns);
	if (err) {
		fprintf(stderr, "slice: sched_setattr(SCHED_OTHER, runtime %llu ns): %s\n", ns,
			strerror(-err));
		return 2;
	}
	err = sb_get_slice(0, &got);
	if (err) {
		fprintf(stderr, "slice: sched_getattr: %s\n", strerror(-err));
		return 2;
	}
	if (got != ns) {
		fprintf(stderr, "slice: asked for a slice of %llu ns, the kernel reports %llu\n",
			ns, got);
		return 2;
	}
	execvp(argv[2], argv + 2);
	fprintf(stderr, "slice: cannot run %s: %s\n", argv[2], strerror(errno));
	return 127;
}
