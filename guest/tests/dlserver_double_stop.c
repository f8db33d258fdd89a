// SPDX-License-Identifier: GPL-2.0
/*
 * A fair server that is already stopped is not stopped again. Debian's 6.12.118 stops it
 * unconditionally on CPU offline (sched_cpu_dying()) and on a write of its debugfs
 * parameters; when a pick has already stopped it, the second stop takes its bandwidth off
 * running_bw twice and deadline.c warns (lines 428 and 265). patches/fixes/ has the fix
 * (docs/findings/deadline-warn.md).
 *
 * Runs build/dlserver_stop, the reproducer, for ROUNDS rounds: each one has a pick stop
 * the server of CPU 1 and then writes the server's runtime. Passes when no round warned.
 * Without the fix the first round warns (and host/boot.sh fails the run on the console's
 * WARNING too).
 */
#include "kselftest_harness.h"

#include <unistd.h>

#include "buddy_lib.h"

#define REPRO	SB_TOP "/build/dlserver_stop"
#define ROUNDS	"3"

TEST(fair_server_stopped_twice)
{
	const char *const argv[] = { REPRO, "-n", ROUNDS, NULL };
	int status;

	ASSERT_EQ(0, access(REPRO, X_OK)) TH_LOG("%s missing (run: make guest)", REPRO);
	status = sb_run(argv);
	ASSERT_LE(0, status) TH_LOG("%s could not run, or it died by a signal", REPRO);
	/* its lines above say what each round measured; 1: a round warned, 2: no setup */
	EXPECT_EQ(0, status) {
		TH_LOG("dlserver_stop exited %d: %s", status,
		       status == 1 ? "a second stop of the fair server warned" :
		       "it could not set up");
	}
}

TEST_HARNESS_MAIN
