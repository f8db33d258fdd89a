// SPDX-License-Identifier: GPL-2.0
/*
 * An unprivileged process tree cannot game the buddies: as uid 65534 it runs, on CPU 0,
 * ping-pong pairs (each member wakes its partner as often as it can), a wake storm (one
 * task waking a crowd of sleepers in turn) and yield loops. The victim is another user's
 * (uid 65533) CPU-bound task on the same CPU. With NEXT_BUDDY + LAST_BUDDY on, the
 * victim's CPU share may drop by at most SHARE_BOUND against the same run with the
 * buddies off (the bound of buddy_fairness), and the buddies must actually have been
 * picked, or the comparison says nothing.
 */
#include "buddy_fixture.h"

#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#define SHARE_BOUND	0.03	/* of one CPU, as buddy_fairness */
#define RUN_MS		2000
#define NPAIRS		4
#define NSLEEPERS	6
#define NYIELDERS	2
#define ATTACKER	65534
#define VICTIM		65533

const char *const buddy_needs[] = { "NEXT_BUDDY", "buddy_next_picked", NULL };

/* Wait for the go pipe to close. */
static void await(int go)
{
	char b;

	while (read(go, &b, 1) > 0)
		;
}

static void pingpong(int in, int out, bool starts)
{
	char b = 0;

	if (starts && write(out, &b, 1) != 1)
		_exit(1);
	while (read(in, &b, 1) == 1)
		if (write(out, &b, 1) != 1)
			_exit(1);
	_exit(0);
}

/* The attacker's tree, forked after dropping privileges; never returns. */
static void attacker(int go)
{
	int storm[NSLEEPERS][2];

	for (int i = 0; i < NPAIRS; i++) {
		int ab[2], ba[2];

		if (pipe(ab) || pipe(ba))
			_exit(1);
		if (!fork()) {
			await(go);
			pingpong(ba[0], ab[1], true);
		}
		if (!fork()) {
			await(go);
			pingpong(ab[0], ba[1], false);
		}
	}
	/* wake storm: sleepers each block on a pipe, the waker wakes them in turn */
	for (int i = 0; i < NSLEEPERS; i++) {
		char b;

		if (pipe(storm[i]))
			_exit(1);
		if (!fork()) {
			await(go);
			while (read(storm[i][0], &b, 1) == 1)
				;
			_exit(0);
		}
	}
	for (int i = 0; i < NYIELDERS; i++) {
		if (!fork()) {
			await(go);
			for (;;) {
				sb_spin_ns(20000);
				sched_yield();
			}
		}
	}
	await(go);
	for (unsigned int n = 0;; n++) {	/* this process is the waker */
		char b = 0;

		if (write(storm[n % NSLEEPERS][1], &b, 1) != 1)
			_exit(1);
	}
}

static pid_t spawn(int go[2], uid_t uid, bool hostile)
{
	pid_t pid = fork();

	if (pid)
		return pid;
	close(go[1]);
	setpgid(0, 0);
	if (sb_pin_cpu(0) || setgid(uid) || setuid(uid) || !getuid())
		_exit(1);
	if (hostile)
		attacker(go[0]);
	await(go[0]);
	for (;;)
		sb_spin_ns(1000000);
}

/* The victim's share of CPU 0 in one run; -1 on error. */
static double run(bool buddies, long *picked)
{
	unsigned long long t0, v0, v1;
	long p0 = sb_sched_debug_sum("buddy_next_picked");
	long l0 = sb_sched_debug_sum("buddy_last_picked");
	pid_t victim, tree;
	int go[2];
	double share;

	if (sb_set_buddies(buddies, buddies) || pipe(go))
		return -1;
	victim = spawn(go, VICTIM, false);
	tree = spawn(go, ATTACKER, true);
	close(go[0]);
	usleep(100000);			/* the attacker's tree is forked */
	close(go[1]);
	usleep(200000);			/* settle */
	t0 = sb_now_ns();
	v0 = sb_task_cpu_ns(victim);
	usleep(RUN_MS * 1000);
	v1 = sb_task_cpu_ns(victim);
	share = (double)(v1 - v0) / (sb_now_ns() - t0);
	*picked = sb_sched_debug_sum("buddy_next_picked") - p0 +
		  sb_sched_debug_sum("buddy_last_picked") - l0;
	kill(-tree, SIGKILL);
	kill(victim, SIGKILL);
	/* the tree's children are ours to reap as well (subreaper) */
	while (waitpid(-1, NULL, 0) > 0 || errno == EINTR)
		;
	return v0 && v1 > v0 ? share : -1;
}

TEST_F_TIMEOUT(buddies, hostile, 60)
{
	double off, on;
	long picked_off, picked_on;

	ASSERT_EQ(0, prctl(PR_SET_CHILD_SUBREAPER, 1)) TH_LOG("cannot become a subreaper");
	off = run(false, &picked_off);
	on = run(true, &picked_on);
	ASSERT_TRUE(off >= 0 && on >= 0)
		TH_LOG("a run failed (victim share off %.3f on %.3f)", off, on);
	ksft_print_msg("attacker uid %d: %d ping-pong pairs, a waker and %d sleepers, %d yielders; victim uid %d, one CPU, %d ms\n",
		       ATTACKER, NPAIRS, NSLEEPERS, NYIELDERS, VICTIM, RUN_MS);
	ksft_print_msg("victim share: buddies off %.3f, next+last %.3f (may drop by <= %.2f); buddy picks off %ld, on %ld\n",
		       off, on, SHARE_BOUND, picked_off, picked_on);
	ASSERT_LT(0, picked_on) TH_LOG("the buddies were never picked: the attack did not engage them");
	ASSERT_TRUE(on >= off - SHARE_BOUND)
		TH_LOG("the victim lost %.3f of the CPU to the buddies", off - on);
}

TEST_HARNESS_MAIN
