// SPDX-License-Identifier: GPL-2.0
/*
 * Buddies cost nobody their CPU share: unprivileged ping-pong pairs (the adversary: each
 * member wakes its partner as often as it can, or works long bursts) share one CPU with a
 * hog. With NEXT_BUDDY on (and LAST_BUDDY, where the kernel has it), the hog's share may
 * drop, and a pair's share may grow, by at most SHARE_BOUND of the CPU compared with the
 * same run with buddies off.
 * The lag, sampled every 20 ms (the largest |lag| of the workload's runnable tasks in each
 * sample), may exceed buddies-off's by at most one buddy window (sb_buddy_window_ns(),
 * Documentation/scheduler/sched-buddy.rst) at its 95th percentile. Not at its maximum:
 * single samples swing it (buddies off, 16 runs: 4.8 to 17.5 ms). Nor at the p95 of one
 * 2 s run: its ~60 samples fall in phases (p50 about 1 or about 3.5 ms, off and on alike),
 * and one CI run failed on 16.69 against 8.42 + 6.8 ms while 20 runs of the same kernel
 * gave on-minus-off p95 of -3.8 to +5.4 ms. So each mode runs ROUNDS times, alternating
 * off and on, and the shares and the lag percentiles are of the pooled runs (~180
 * samples a mode). p50, p95 and max are printed. One case per burst length.
 */
#include "buddy_fixture.h"

#include <signal.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#define SHARE_BOUND	0.03	/* of one CPU; run-to-run noise measured ~0.01 */
#define RUN_MS		2000
#define ROUNDS		3	/* runs per mode, alternating off and on */

/*
 * LAST_BUDDY stands for 6.12 here: sb_max_lag_ms() reads 6.12's sched/debug, and on 7.3 it
 * reads lags of about 10^6 ms off and on alike, so the lag bound would check nothing there.
 */
const char *const buddy_needs[] = { "NEXT_BUDDY", "LAST_BUDDY", NULL };

#define LAG_SAMPLES	1024	/* more than ROUNDS * RUN_MS / 20 ms */

struct outcome {
	double hog, pair;	/* CPU shares: the hog, the larger pair */
	double lag_p50, lag_p95, lag_max;	/* of the sampled largest |lag|, ms */
	int nsamples;
};

/* Shared with the sampler: the workload's pids (filled in by place()) and the samples. */
struct lag_shm {
	pid_t pid[8];
	int npids;
	int nsamples;
	double sample_ms[LAG_SAMPLES];
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

		if (lag >= 0 && shm->nsamples < LAG_SAMPLES)
			shm->sample_ms[shm->nsamples++] = lag;
		usleep(20000);
	}
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* The q-quantile (nearest rank) of n sorted samples. */
static double quantile(const double *sorted, int n, double q)
{
	int i = (int)(q * n + 0.5);

	return sorted[i < 1 ? 0 : i > n ? n - 1 : i - 1];
}

/* What a mode's runs add up to: the CPU time of the hog and of each pair, the samples. */
struct pooled {
	unsigned long long hog_ns, pair_ns[2];
	double seconds;
	struct lag_shm *shm;
};

/* One run of the workload with the buddies on or off, added to @p. */
static int run(unsigned int burst, bool buddies, struct pooled *p)
{
	struct lag_shm *shm = p->shm;
	struct sb_pairs_cfg cfg = { .npairs = 2, .nhogs = 1, .burst_us = burst,
				    .duration_ms = RUN_MS, .unprivileged = true,
				    .place = place, .arg = shm };
	struct sb_pairs_result r;
	int ret = sb_set_buddies(buddies, buddies);
	pid_t pid;

	shm->npids = 0;
	pid = fork();
	if (!pid)
		lag_sampler(shm);
	ret = ret ?: sb_pairs_run(&cfg, &r);
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	if (ret)
		return ret;
	p->hog_ns += r.hog_ns[0];
	p->pair_ns[0] += r.pair_ns[0];
	p->pair_ns[1] += r.pair_ns[1];
	p->seconds += r.seconds;
	return 0;
}

/* The pooled shares and lag percentiles of @p. */
static int outcome(struct pooled *p, struct outcome *o)
{
	struct lag_shm *shm = p->shm;
	unsigned long long pair = p->pair_ns[0] > p->pair_ns[1] ? p->pair_ns[0] : p->pair_ns[1];

	o->hog = p->hog_ns / (p->seconds * 1e9);
	o->pair = pair / (p->seconds * 1e9);
	o->nsamples = shm->nsamples;
	if (!o->nsamples)
		return -1;
	qsort(shm->sample_ms, shm->nsamples, sizeof(double), cmp_double);
	o->lag_p50 = quantile(shm->sample_ms, o->nsamples, 0.50);
	o->lag_p95 = quantile(shm->sample_ms, o->nsamples, 0.95);
	o->lag_max = shm->sample_ms[o->nsamples - 1];
	return 0;
}

/* ROUNDS runs a mode, off and on alternating, pooled into @off and @on. */
static int measure(unsigned int burst, struct outcome *off, struct outcome *on)
{
	struct pooled p[2] = { 0 };
	int ret = 0;

	for (int i = 0; i < 2; i++) {
		p[i].shm = mmap(NULL, sizeof(*p[i].shm), PROT_READ | PROT_WRITE,
				MAP_SHARED | MAP_ANONYMOUS, -1, 0);
		if (p[i].shm == MAP_FAILED)
			return -1;
		p[i].shm->nsamples = 0;
	}
	for (int round = 0; !ret && round < ROUNDS; round++)
		ret = run(burst, false, &p[0]) ?: run(burst, true, &p[1]);
	ret = ret ?: outcome(&p[0], off) ?: outcome(&p[1], on);
	munmap(p[0].shm, sizeof(*p[0].shm));
	munmap(p[1].shm, sizeof(*p[1].shm));
	return ret;
}

static void check(struct __test_metadata *_metadata, unsigned int burst)
{
	long window = sb_buddy_window_ns();
	double window_ms = window / 1e6;
	struct outcome off, on;

	ASSERT_LE(0, window) TH_LOG("cannot work out the buddy window");
	ASSERT_EQ(0, measure(burst, &off, &on)) TH_LOG("pairs run failed");
	ksft_print_msg("burst %4uus: hog share off %.3f on %.3f, largest pair off %.3f on %.3f (bound %.2f)\n",
		       burst, off.hog, on.hog, off.pair, on.pair, SHARE_BOUND);
	ksft_print_msg("burst %4uus: |lag| ms p50/p95/max of %d/%d samples in %d runs a mode: off %.2f/%.2f/%.2f on %.2f/%.2f/%.2f (p95 bound +%.1f)\n",
		       burst, off.nsamples, on.nsamples, ROUNDS, off.lag_p50, off.lag_p95, off.lag_max,
		       on.lag_p50, on.lag_p95, on.lag_max, window_ms);
	ASSERT_TRUE(on.hog >= off.hog - SHARE_BOUND)
		TH_LOG("the hog lost %.3f of the CPU", off.hog - on.hog);
	ASSERT_TRUE(on.pair <= off.pair + SHARE_BOUND)
		TH_LOG("a pair gained %.3f of the CPU", on.pair - off.pair);
	ASSERT_TRUE(on.lag_p95 <= off.lag_p95 + window_ms)
		TH_LOG("p95 |lag| %.2fms exceeds %.2fms + %.1fms", on.lag_p95, off.lag_p95, window_ms);
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
