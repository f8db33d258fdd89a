// SPDX-License-Identifier: GPL-2.0
/*
 * Reading /sys/kernel/debug/sched/debug leaves the scheduler's state alone. Debian's
 * 6.12.118 breaks that: print_cfs_rq() calls avg_vruntime(), which (since the backport of
 * "sched/fair: Fix zero_vruntime tracking") moves cfs_rq->zero_vruntime and rewrites
 * cfs_rq->avg_vruntime, after the rq lock is dropped. A read that races the CPU's own
 * scheduling loses an update of that sum; once it is off by enough, no entity is
 * eligible, pick_eevdf() returns NULL and pick_next_entity() oopses (host/boot.sh fails
 * the run and names this test). patches/fixes/ has the fix.
 *
 * On every CPU a pipe ping-pong pair switches as fast as it can while a reader pinned
 * there reads the file in a loop, each reader racing the other CPUs' scheduling, for
 * RUN_MS. Passes when every pair kept its messages going and every reader read.
 */
#include "kselftest_harness.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../lib/sb.h"

#define SCHED_DEBUG	"/sys/kernel/debug/sched/debug"
#define RUN_MS		20000
#define MAX_CPUS	8

struct counts {
	unsigned long trips[MAX_CPUS];	/* round trips of each CPU's pair */
	unsigned long reads[MAX_CPUS];	/* whole reads of the file on each CPU */
};

/* Bounce a byte between two processes pinned to @cpu; count round trips. */
static void pair(int cpu, volatile unsigned long *trips)
{
	int ping[2], pong[2];
	char c = 0;

	if (pipe(ping) || pipe(pong) || sb_pin_cpu(cpu))
		_exit(1);
	if (!fork()) {
		/* with only this end left, the partner's death ends the loop */
		close(ping[1]);
		close(pong[0]);
		for (;;)
			if (read(ping[0], &c, 1) != 1 || write(pong[1], &c, 1) != 1)
				_exit(1);
	}
	close(ping[0]);
	close(pong[1]);
	for (;;) {
		if (write(ping[1], &c, 1) != 1 || read(pong[0], &c, 1) != 1)
			_exit(1);
		(*trips)++;
	}
}

/* Read the debug file start to end, again and again, on @cpu. */
static void reader(int cpu, volatile unsigned long *reads)
{
	static char buf[1 << 16];

	if (sb_pin_cpu(cpu))
		_exit(1);
	for (;;) {
		ssize_t n;
		int fd = open(SCHED_DEBUG, O_RDONLY | O_CLOEXEC);

		if (fd < 0)
			_exit(1);
		while ((n = read(fd, buf, sizeof(buf))) > 0)
			;
		close(fd);
		if (n < 0)
			_exit(1);
		(*reads)++;
	}
}

TEST(sched_debug_read)
{
	struct counts *cnt = mmap(NULL, sizeof(*cnt), PROT_READ | PROT_WRITE,
				  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	long ncpus = sysconf(_SC_NPROCESSORS_ONLN);
	pid_t pid[2 * MAX_CPUS];
	int n = 0;

	ASSERT_NE(MAP_FAILED, cnt);
	if (access(SCHED_DEBUG, R_OK))
		SKIP(return, "no %s (CONFIG_SCHED_DEBUG, debugfs)", SCHED_DEBUG);
	ASSERT_LE(2, ncpus) TH_LOG("needs two CPUs: a reader races another CPU");
	if (ncpus > MAX_CPUS)
		ncpus = MAX_CPUS;
	for (int cpu = 0; cpu < ncpus; cpu++) {
		pid[n] = fork();
		if (!pid[n++])
			pair(cpu, &cnt->trips[cpu]);
		pid[n] = fork();
		if (!pid[n++])
			reader(cpu, &cnt->reads[cpu]);
	}
	usleep(RUN_MS * 1000);
	for (int i = 0; i < n; i++) {
		int status = 0;

		EXPECT_EQ(0, waitpid(pid[i], &status, WNOHANG))
			TH_LOG("process %d of the workload ended early (status %#x)", i, status);
		kill(pid[i], SIGKILL);
		waitpid(pid[i], NULL, 0);
	}
	for (int cpu = 0; cpu < ncpus; cpu++) {
		ksft_print_msg("cpu %d: %lu round trips, %lu reads of %s in %d ms\n", cpu,
			       cnt->trips[cpu], cnt->reads[cpu], SCHED_DEBUG, RUN_MS);
		EXPECT_LT(0, cnt->trips[cpu]) TH_LOG("the pair on cpu %d made no progress", cpu);
		EXPECT_LT(0, cnt->reads[cpu]) TH_LOG("the reader on cpu %d read nothing", cpu);
	}
	munmap(cnt, sizeof(*cnt));
}

TEST_HARNESS_MAIN
