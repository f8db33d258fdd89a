// SPDX-License-Identifier: GPL-2.0
/*
 * A buddy's latency cost is bounded: a periodic task (5 ms period) shares one CPU with 4
 * pipe pairs and 2 hogs. Buddies may keep the EEVDF pick waiting for at most
 * buddy_gran_ns, after which the last buddy finishes at most its slice: one window. The
 * periodic task, which sleeps most of the time, is usually the EEVDF pick when it wakes,
 * so with NEXT_BUDDY + LAST_BUDDY on its p99 wakeup latency may exceed the buddies-off p99
 * by at most one window (sb_buddy_window_ns(): the slice ends at a tick, so a tick more).
 * The maximum is reported: a task
 * with others ahead of it in EEVDF order can meet a window before each of them
 * (Documentation/scheduler/sched-buddy.rst).
 */
#include "buddy_fixture.h"

#include <stdlib.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define PERIOD_NS	5000000ULL
#define RUN_MS		5500
#define SAMPLES		1000	/* 5 s of periods, inside the pairs' run */

const char *const buddy_needs[] = { "NEXT_BUDDY", "LAST_BUDDY", "BUDDY_BOUND", NULL };

static int by_value(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return (x > y) - (x < y);
}

/* The probe: wake every PERIOD_NS on CPU 0, record how late each wakeup was. */
static void probe(long long *late)
{
	struct timespec ts;
	unsigned long long next;

	sb_pin_cpu(0);
	usleep(200000);		/* let the pairs start */
	next = sb_now_ns();
	for (int i = 0; i < SAMPLES; i++) {
		next += PERIOD_NS;
		ts.tv_sec = next / 1000000000ULL;
		ts.tv_nsec = next % 1000000000ULL;
		clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL);
		late[i] = sb_now_ns() - next;
	}
	_exit(0);
}

/* p50/p99/max wakeup latency in us, with the buddies on or off. */
static int measure(bool buddies, double pct[3])
{
	struct sb_pairs_cfg cfg = { .npairs = 4, .nhogs = 2, .burst_us = 1000,
				    .duration_ms = RUN_MS };
	struct sb_pairs_result r;
	long long *late = mmap(NULL, SAMPLES * sizeof(*late), PROT_READ | PROT_WRITE,
			       MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	int ret, status;
	pid_t pid;

	if (late == MAP_FAILED)
		return -1;
	ret = sb_set_buddies(buddies, buddies);
	pid = fork();
	if (!pid)
		probe(late);
	ret = ret ?: sb_pairs_run(&cfg, &r);
	waitpid(pid, &status, 0);
	qsort(late, SAMPLES, sizeof(*late), by_value);
	pct[0] = late[SAMPLES / 2] / 1e3;
	pct[1] = late[SAMPLES * 99 / 100] / 1e3;
	pct[2] = late[SAMPLES - 1] / 1e3;
	munmap(late, SAMPLES * sizeof(*late));
	return ret ?: !WIFEXITED(status);
}

TEST_F_TIMEOUT(buddies, latency, 60)
{
	long window = sb_buddy_window_ns();
	double off[3], on[3], bound = window / 1e3;

	ASSERT_LE(0, window) TH_LOG("cannot work out the buddy window");
	ASSERT_EQ(0, measure(false, off)) TH_LOG("measurement failed");
	ASSERT_EQ(0, measure(true, on)) TH_LOG("measurement failed");
	ksft_print_msg("wakeup latency us, p50/p99/max: buddies off %.0f/%.0f/%.0f, on %.0f/%.0f/%.0f; p99 bound off + %.0f\n",
		       off[0], off[1], off[2], on[0], on[1], on[2], bound);
	ASSERT_TRUE(on[1] <= off[1] + bound)
		TH_LOG("p99 with buddies %.0fus > %.0fus + %.0fus", on[1], off[1], bound);
}

TEST_HARNESS_MAIN
