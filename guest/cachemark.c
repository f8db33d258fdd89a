// SPDX-License-Identifier: GPL-2.0
/*
 * cachemark start|stop ID: open or close measurement window ID (0..15) of the cache model
 * (host/cachesim/), for shell workloads:
 *
 *	cachemark start 3; some workload; cachemark stop 3
 *
 * The window counts every vCPU from the marker on, so it also counts this program's exit
 * and the shell's next fork: small against a workload of a second, not nothing. Without
 * the plugin the marker is a no-op and this program does nothing.
 */
#include <stdio.h>
#include <string.h>

#include "lib/cachemark.h"
#include "lib/sb.h"

int main(int argc, char **argv)
{
	unsigned int id;

	if (argc != 3 || (strcmp(argv[1], "start") && strcmp(argv[1], "stop"))) {
		fprintf(stderr, "usage: cachemark start|stop ID (0..15)\n");
		return 2;
	}
	id = sb_number("cachemark", argv[2], 0, 15);
	if (!strcmp(argv[1], "start"))
		sb_cachemark_start(id);
	else
		sb_cachemark_stop(id);
	return 0;
}
