// SPDX-License-Identifier: GPL-2.0
/*
 * Buddies cost nobody their CPU share: unprivileged ping-pong pairs (the adversary: each
 * member wakes its partner as often as it can, or works long bursts) share one CPU with a
 * hog. With NEXT_BUDDY + LAST_BUDDY on, the hog's share may drop, and a pair's share may
 * grow, by at most SHARE_BOUND of the CPU compared with the same run with buddies off.
 * The largest lag, sampled every 20 ms, may exceed the buddies-off maximum by at most one
 * buddy window (sb_buddy_window_ns(), Documentation/scheduler/sched-buddy.rst). One case
 * per burst length.
 */
#include "buddy_fixture.h"

#include <signal.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#define SHARE_BOUND	0.03	/* of one CPU; run-to-run noise measured ~0.01 */
#define RUN_MS		2000

const char *const buddy_needs[] = { "NEXT_BUDDY", "LAST_BUDDY", "BUDDY_BOUND", NULL };

struct outcome {
	double hog, pair;	/* CPU shares: the hog, the larger pair */
	double lag_ms;		/* largest |lag| sampled */
};

/* Shared with the sampler: the workload's pids (filled in by place()) and the result. */
struct lag_shm {
	pid_t pid[8];
	int npids;
	double max_ms;
};

static int place(pid_t pid, bool hog, int index, void *arg)
{
	struct lag_shm *shm = arg;

	(void)hog;
	(void)index;
	shm->pid[shm->npids++] = pid;
	return 0;
}

/* Sample the largest |lag| of the workload on CPU 0 from CPU 1 until killed. */
static void lag_sampler(volatile struct lag_shm *shm)
{
	sb_pin_cpu(1);
	for (;;) {
		double lag = sb_max_lag_ms(0, shm->pid, shm->npids);

		if (lag > shm->max_ms)
			shm->max_ms = lag;
		usleep(20000);
	}
}

static int run(unsigned int burst, bool buddies, struct outcome *o)
{
	struct lag_shm *shm = mmap(NULL, sizeof(*shm), PROT_READ | PROT_WRITE,
				   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	struct sb_pairs_cfg cfg = { .npairs = 2, .nhogs = 1, .burst_us = burst,
				    .duration_ms = RUN_MS, .unprivileged = true,
				    .place = place, .arg = shm };
	struct sb_pairs_result r;
	int ret = sb_set_buddies(buddies, buddies);
	pid_t pid;

	if (shm == MAP_FAILED)
		return -1;
	shm->npids = 0;
	shm->max_ms = -1;
	pid = fork();
	if (!pid)
		lag_sampler(shm);
	ret = ret ?: sb_pairs_run(&cfg, &r);
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	o->hog = r.hog_ns[0] / (r.seconds * 1e9);
	o->pair = (r.pair_ns[0] > r.pair_ns[1] ? r.pair_ns[0] : r.pair_ns[1]) / (r.seconds * 1e9);
	o->lag_ms = shm->max_ms;
	munmap(shm, sizeof(*shm));
	return ret ?: (o->lag_ms < 0);
}

static void check(struct __test_metadata *_metadata, unsigned int burst)
{
	long window = sb_buddy_window_ns();
	double window_ms = window / 1e6;
	struct outcome off, on;

	ASSERT_LE(0, window) TH_LOG("cannot work out the buddy window");
	ASSERT_EQ(0, run(burst, false, &off)) TH_LOG("pairs run failed");
	ASSERT_EQ(0, run(burst, true, &on)) TH_LOG("pairs run failed");
	ksft_print_msg("burst %4uus: hog share off %.3f on %.3f, largest pair off %.3f on %.3f (bound %.2f); max |lag| off %.2fms on %.2fms (bound +%.1fms)\n",
		       burst, off.hog, on.hog, off.pair, on.pair, SHARE_BOUND, off.lag_ms, on.lag_ms,
		       window_ms);
	ASSERT_TRUE(on.hog >= off.hog - SHARE_BOUND)
		TH_LOG("the hog lost %.3f of the CPU", off.hog - on.hog);
	ASSERT_TRUE(on.pair <= off.pair + SHARE_BOUND)
		TH_LOG("a pair gained %.3f of the CPU", on.pair - off.pair);
	ASSERT_TRUE(on.lag_ms <= off.lag_ms + window_ms)
		TH_LOG("max |lag| %.2fms exceeds %.2fms + %.1fms", on.lag_ms, off.lag_ms, window_ms);
}

TEST_F_TIMEOUT(buddies, burst_0, 60)
{
	check(_metadata, 0);
}

TEST_F_TIMEOUT(buddies, burst_3000, 60)
{
	check(_metadata, 3000);
}

TEST_HARNESS_MAIN
