// SPDX-License-Identifier: GPL-2.0
/*
 * CPU hotplug does not count the fair server as a task. In Debian's 6.12.118 the server
 * stays enqueued, and counted in rq->nr_running, after its last fair task has gone, until
 * a pick of the deadline class stops it; the hotplug checks read nr_running as the tasks
 * left on the outgoing CPU. balance_hotplug_wait() then busy-waits (its thread woken and
 * put back to sleep thousands of times) and sched_cpu_dying() may warn "Dying CPU not
 * properly vacated!". patches/fixes/0003, a backport of mainline's 52d15521eb75, has the fix:
 * the server is not counted in nr_running (docs/findings/deadline-warn.md, section 6).
 *
 * Runs build/dlserver_stop -o for ROUNDS rounds: each one has the fair server of CPU 1 run
 * a starved fair loop, then takes CPU 1 offline and online. Passes when no offline
 * busy-waited (more than 100 runs of CPU 1's hotplug thread; 4-5 measured with the fix,
 * 37399-46178 without) and none warned.
 */
#include "kselftest_harness.h"

#include <unistd.h>

#include "buddy_lib.h"

#define REPRO	SB_TOP "/build/dlserver_stop"
#define ROUNDS	"3"

TEST(fair_server_counted_on_offline)
{
	const char *const argv[] = { REPRO, "-o", "-n", ROUNDS, NULL };
	int status;

	ASSERT_EQ(0, access(REPRO, X_OK)) TH_LOG("%s missing (run: make guest)", REPRO);
	status = sb_run(argv);
	ASSERT_LE(0, status) TH_LOG("%s could not run, or it died by a signal", REPRO);
	/* its lines above say what each round measured; 1: busy wait or WARN, 2: no setup */
	EXPECT_EQ(0, status) {
		TH_LOG("dlserver_stop -o exited %d: %s", status,
		       status == 1 ?
		       "an offline busy-waited or warned: the fair server counted as a task" :
		       "it could not set up");
	}
}

TEST_HARNESS_MAIN
