// SPDX-License-Identifier: GPL-2.0
/*
 * A fair task that turns SCHED_FIFO while the fair server is enqueued (running it, or,
 * since patches/fixes/0003, running beside it) does not keep the server from its other
 * fair tasks. In Debian's 6.12.118 the server stays enqueued above the
 * task's new class, and nothing makes the CPU pick again: a fair task there starves until
 * some other event reschedules (3 s and more). patches/fixes/0004 has the fix
 * (docs/findings/deadline-warn.md, section 7).
 *
 * Runs build/dlserver_stop -c -p 0 for ROUNDS rounds on CPU 1: a fair loop starved by a
 * SCHED_FIFO loop until the fair server runs it; the next round starts at once, so the
 * server, its deadline still ahead, runs the new loops at once, and the new FIFO loop's
 * process turns SCHED_FIFO while the server runs it. Passes when the server runs the
 * starved fair loop within 3 s in every round (without the fix round 2 or 3 starved in
 * each of 5 boots, the fair loop getting 7-83 ms of CPU in 3 s).
 */
#include "kselftest_harness.h"

#include <unistd.h>

#include "buddy_lib.h"

#define REPRO	SB_TOP "/build/dlserver_stop"
#define ROUNDS	"4"

TEST(fair_server_client_turns_fifo)
{
	const char *const argv[] = { REPRO, "-c", "-p", "0", "-n", ROUNDS, NULL };
	int status;

	ASSERT_EQ(0, access(REPRO, X_OK)) TH_LOG("%s missing (run: make guest)", REPRO);
	status = sb_run(argv);
	ASSERT_LE(0, status) TH_LOG("%s could not run, or it died by a signal", REPRO);
	/* its lines above say what each round measured */
	EXPECT_EQ(0, status) {
		TH_LOG("dlserver_stop -c -p 0 exited %d: %s", status,
		       status == 3 ?
		       "the fair server left a starved fair loop waiting 3 s" :
		       status == 1 ? "a round warned" : "it could not set up");
	}
}

TEST_HARNESS_MAIN
