// SPDX-License-Identifier: GPL-2.0
/*
 * The other promotions of a running fair task beside an enqueued fair server, the
 * siblings of dlserver_class_change (a task turning SCHED_FIFO in round 2 of
 * build/dlserver_stop -c -p 0, which the fair fast path of __pick_next_task() runs
 * directly, the server enqueued beside it): each passes when the fair server runs every
 * starved fair loop within 3 s.
 *   fifo_while_served      -s: the task turns SCHED_FIFO while the server runs it (a
 *                          SCHED_FIFO loop keeps the fair fast path off)
 *   deadline_beside        -d: the task turns SCHED_DEADLINE (all of CPU 1)
 *   deadline_while_served  -d -s: the same while the server runs it
 * Linux 7.3~rc7 does not reschedule when a running task moves to a higher class
 * (sched_change_end()); patches/7.3/fixes/ has the fix, and
 * docs/findings/rt-promotion-7.3.md which cases starve without it.
 */
#include "kselftest_harness.h"

#include <unistd.h>

#include "buddy_lib.h"

#define REPRO	SB_TOP "/build/dlserver_stop"
#define ROUNDS	"3"

/* build/dlserver_stop -c -p 0 -n ROUNDS and the variant's options; its status. */
static int repro(struct __test_metadata *_metadata, const char *opt1, const char *opt2)
{
	const char *const argv[] = { REPRO, "-c", "-p", "0", "-n", ROUNDS, opt1, opt2, NULL };
	int status;

	if (access(REPRO, X_OK)) {
		TH_LOG("%s missing (run: make guest)", REPRO);
		return -1;
	}
	status = sb_run(argv);
	/* its lines above say what each round measured */
	if (status)
		TH_LOG("dlserver_stop -c -p 0 %s %s exited %d: %s", opt1, opt2 ? opt2 : "",
		       status,
		       status == 3 ? "the fair server left a starved fair loop waiting 3 s" :
		       status < 0 ? "it could not run, or it died by a signal" :
		       "it could not set up");
	return status;
}

TEST(fifo_while_served)
{
	EXPECT_EQ(0, repro(_metadata, "-s", NULL));
}

TEST(deadline_beside)
{
	EXPECT_EQ(0, repro(_metadata, "-d", NULL));
}

TEST(deadline_while_served)
{
	EXPECT_EQ(0, repro(_metadata, "-d", "-s"));
}

TEST_HARNESS_MAIN
