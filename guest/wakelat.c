// SPDX-License-Identifier: GPL-2.0
/*
 * wakelat: the wake-to-run latency of worker threads that message threads wake over
 * futexes, with enough samples for a p99.9. Prints one line of key=value figures.
 *
 *   wakelat [-M MSG_THREADS] [-W WORKERS] [-w WORK_US] [-k WS_KIB] [-t THINK_US]
 *           [-d DURATION_MS] [-c CPUS] [-m WINDOW]
 *
 * Each of MSG_THREADS message threads (default 2) owns WORKERS worker threads (default 4)
 * and runs rounds: it wakes its workers one after the other, each through a futex word of
 * its own, taking the time just before each wake; waits until all of them are done; sleeps
 * THINK_US (default 100, timer slack 1 ns); and starts the next round, until DURATION_MS
 * (default 3000) have passed. A woken worker takes the time as soon as it runs: one sample
 * of wake-to-run latency. It then works: writes one byte in every cache line of its own
 * WS_KIB KiB (default 16), and again, until WORK_US (default 10) have passed since it woke
 * (at least one pass); then it says it is done and sleeps until the next round.
 * -c: every thread runs on CPUS (a list such as 0 or 0-1,3); default: wherever the
 * scheduler places them. -m: the measured run is cache-model window WINDOW (0..15; a no-op
 * without the model).
 *
 * Samples go into a log-linear histogram in ns: exact below 128 ns, then 64 buckets per
 * power of two (each under 1.6% wide); a percentile (nearest rank) is the upper edge of
 * its bucket, never below the true value, never above the maximum, which is exact. The
 * first round of every message thread is not sampled (the threads have just started).
 * Figures: samples; wakeups (every worker wakeup, sampled or not) and wakeups_per_s;
 * lat_p50_us, lat_p90_us, lat_p99_us, lat_p999_us, lat_max_us.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/futex.h>
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "lib/cachemark.h"
#include "lib/sb.h"

#define PROG		"wakelat"
#define LINE		64
#define MAX_THREADS	1024	/* message threads and workers together */

/* The histogram: values below 2 * SUB exactly, then SUB buckets per power of two. */
#define SUB_BITS	6
#define SUB		(1 << SUB_BITS)
#define NBUCKETS	((64 - SUB_BITS + 1) * SUB)	/* shift 0..57, 64 buckets each */

static unsigned int bucket(unsigned long long v)
{
	int shift;

	if (v < 2 * SUB)
		return v;
	shift = 63 - __builtin_clzll(v) - SUB_BITS;
	return shift * SUB + (v >> shift);	/* v >> shift is in SUB .. 2 * SUB - 1 */
}

/* The largest value bucket i holds. */
static unsigned long long bucket_top(unsigned int i)
{
	unsigned int shift;

	if (i < 2 * SUB)
		return i;
	shift = i / SUB - 1;
	return ((unsigned long long)(i - shift * SUB) << shift) + ((1ULL << shift) - 1);
}

struct msg;

struct worker {
	uint32_t seq __attribute__((aligned(LINE)));	/* futex: the round to run */
	bool sample, stop;		/* this round: take a sample; leave */
	unsigned long long woke_at;	/* when the message thread woke it, ns */
	struct msg *msg;
	unsigned char *ws;
	size_t ws_len;
	unsigned long long *hist;	/* NBUCKETS */
	unsigned long long samples, wakeups, max;
	pthread_t tid;
};

struct msg {
	uint32_t pending __attribute__((aligned(LINE)));	/* futex: workers not done */
	struct worker *w;
	int nw;
	pthread_t tid;
};

static struct {
	int nmsg, nworkers;		/* workers per message thread */
	unsigned int work_us, ws_kib, think_us, duration_ms;
	bool mark;
	unsigned int mark_id;
	cpu_set_t cpus;
	bool pinned;
} cfg = { .nmsg = 2, .nworkers = 4, .work_us = 10, .ws_kib = 16, .think_us = 100,
	  .duration_ms = 3000 };

static pthread_barrier_t go;
static unsigned long long t_end;	/* message threads start no round after this, ns */

static long futex(uint32_t *addr, int op, uint32_t val)
{
	return syscall(SYS_futex, addr, op, val, NULL, NULL, 0);
}

static void *worker(void *arg)
{
	struct worker *w = arg;
	uint32_t seen = 0, s;
	unsigned long long now, end;
	size_t i = 0;

	if (w->ws_len)
		memset(w->ws, 1, w->ws_len);	/* fault it in before the run */
	pthread_barrier_wait(&go);
	for (;;) {
		while ((s = __atomic_load_n(&w->seq, __ATOMIC_ACQUIRE)) == seen)
			futex(&w->seq, FUTEX_WAIT_PRIVATE, seen);
		now = sb_now_ns();
		seen = s;
		if (w->stop)
			break;
		w->wakeups++;
		if (w->sample) {
			unsigned long long lat = now > w->woke_at ? now - w->woke_at : 0;

			w->hist[bucket(lat)]++;
			w->samples++;
			if (lat > w->max)
				w->max = lat;
		}
		/* the work: write the working set, one byte a cache line, until WORK_US */
		end = now + cfg.work_us * 1000ULL;
		do {
			for (size_t n = 0; n < w->ws_len; n += LINE) {
				w->ws[i]++;
				i = i + LINE < w->ws_len ? i + LINE : 0;
			}
		} while (sb_now_ns() < end);
		if (__atomic_sub_fetch(&w->msg->pending, 1, __ATOMIC_RELEASE) == 0)
			futex(&w->msg->pending, FUTEX_WAKE_PRIVATE, 1);
	}
	return NULL;
}

/* Wake every worker of m for round seq; stop: for the last time. */
static void wake_all(struct msg *m, uint32_t seq, bool sample, bool stop)
{
	__atomic_store_n(&m->pending, m->nw, __ATOMIC_RELAXED);
	for (int i = 0; i < m->nw; i++) {
		struct worker *w = &m->w[i];

		w->sample = sample;
		w->stop = stop;
		w->woke_at = sb_now_ns();
		__atomic_store_n(&w->seq, seq, __ATOMIC_RELEASE);
		futex(&w->seq, FUTEX_WAKE_PRIVATE, 1);
	}
}

static void *message(void *arg)
{
	struct msg *m = arg;
	struct timespec think = { cfg.think_us / 1000000, cfg.think_us % 1000000 * 1000 };
	uint32_t seq = 0, p;

	/* THINK_US as asked: the default slack of 50 us would stretch a 100 us sleep by half */
	prctl(PR_SET_TIMERSLACK, 1UL, 0, 0, 0);
	pthread_barrier_wait(&go);
	do {
		seq++;
		wake_all(m, seq, seq > 1, false);
		while ((p = __atomic_load_n(&m->pending, __ATOMIC_ACQUIRE)) != 0)
			futex(&m->pending, FUTEX_WAIT_PRIVATE, p);
		if (cfg.think_us)
			nanosleep(&think, NULL);
	} while (sb_now_ns() < __atomic_load_n(&t_end, __ATOMIC_RELAXED));
	wake_all(m, seq + 1, false, true);
	return NULL;
}

/* CPUS: a list of CPU numbers and ranges, "0", "0-1,3". */
static void parse_cpus(const char *arg, cpu_set_t *set)
{
	char copy[256], *tok, *save, *dash;
	long lo, hi;

	if (strlen(arg) >= sizeof(copy) || !*arg || strstr(arg, ",,") || *arg == ',' ||
	    arg[strlen(arg) - 1] == ',') {
		fprintf(stderr, PROG ": '%s' is not a CPU list (e.g. 0 or 0-1,3)\n", arg);
		exit(2);
	}
	strcpy(copy, arg);
	CPU_ZERO(set);
	for (tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		dash = strchr(tok, '-');
		if (dash)
			*dash = '\0';
		lo = sb_number(PROG, tok, 0, CPU_SETSIZE - 1);
		hi = dash ? sb_number(PROG, dash + 1, lo, CPU_SETSIZE - 1) : lo;
		for (long c = lo; c <= hi; c++)
			CPU_SET(c, set);
	}
}

/* The q-th percentile in us: the top of the first bucket with q% of the n samples. */
static double percentile_us(const unsigned long long *hist, unsigned long long n,
			    unsigned long long max, double q)
{
	unsigned long long need = (unsigned long long)(q * n / 100), acc = 0;

	/* nearest rank: ceil(q n / 100), rounding error aside */
	if (q * n / 100 - need > 1e-6)
		need++;
	if (!need)
		need = 1;
	for (unsigned int i = 0; i < NBUCKETS; i++) {
		acc += hist[i];
		if (acc >= need) {
			unsigned long long top = bucket_top(i);

			return (top < max ? top : max) / 1000.0;
		}
	}
	return max / 1000.0;
}

static void usage(void)
{
	fprintf(stderr, "usage: " PROG " [-M MSG_THREADS] [-W WORKERS] [-w WORK_US] [-k WS_KIB] "
		"[-t THINK_US] [-d MS] [-c CPUS] [-m WINDOW]\n");
	exit(2);
}

int main(int argc, char **argv)
{
	struct msg *msgs;
	struct worker *workers;
	unsigned long long *hist, samples = 0, wakeups = 0, max = 0, t0, t1;
	pthread_attr_t attr;
	double secs;
	int opt, nthreads, ret;

	while ((opt = getopt(argc, argv, "M:W:w:k:t:d:c:m:")) != -1) {
		switch (opt) {
		case 'M': cfg.nmsg = sb_number(PROG, optarg, 1, 64); break;
		case 'W': cfg.nworkers = sb_number(PROG, optarg, 1, 256); break;
		case 'w': cfg.work_us = sb_number(PROG, optarg, 0, 1000000); break;
		case 'k': cfg.ws_kib = sb_number(PROG, optarg, 0, 65536); break;
		case 't': cfg.think_us = sb_number(PROG, optarg, 0, 10000000); break;
		case 'd': cfg.duration_ms = sb_number(PROG, optarg, 1, 600000); break;
		case 'c': parse_cpus(optarg, &cfg.cpus); cfg.pinned = true; break;
		case 'm':
			cfg.mark = true;
			cfg.mark_id = sb_number(PROG, optarg, 0, SB_CACHEMARK_RUNTIME_IDS - 1);
			break;
		default: usage();
		}
	}
	if (optind != argc)
		usage();
	nthreads = cfg.nmsg * (1 + cfg.nworkers);
	if (nthreads > MAX_THREADS) {
		fprintf(stderr, PROG ": %d message threads with %d workers each: more than %d threads\n",
			cfg.nmsg, cfg.nworkers, MAX_THREADS);
		return 2;
	}

	msgs = calloc(cfg.nmsg, sizeof(*msgs));
	workers = aligned_alloc(LINE, cfg.nmsg * cfg.nworkers * sizeof(*workers));
	hist = calloc(NBUCKETS, sizeof(*hist));
	if (!msgs || !workers || !hist)
		goto nomem;
	memset(workers, 0, cfg.nmsg * cfg.nworkers * sizeof(*workers));
	for (int i = 0; i < cfg.nmsg * cfg.nworkers; i++) {
		struct worker *w = &workers[i];

		w->msg = &msgs[i / cfg.nworkers];
		w->ws_len = cfg.ws_kib * 1024UL;
		w->ws = w->ws_len ? malloc(w->ws_len) : NULL;
		w->hist = calloc(NBUCKETS, sizeof(*w->hist));
		if ((w->ws_len && !w->ws) || !w->hist)
			goto nomem;
	}
	for (int i = 0; i < cfg.nmsg; i++) {
		msgs[i].w = &workers[i * cfg.nworkers];
		msgs[i].nw = cfg.nworkers;
	}

	if (cfg.pinned && sched_setaffinity(0, sizeof(cfg.cpus), &cfg.cpus)) {
		fprintf(stderr, PROG ": cannot run on the CPUs of -c: %s\n", strerror(errno));
		return 1;
	}
	/* threads inherit the affinity; small stacks, there may be a thousand of them */
	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, 256 * 1024);
	pthread_barrier_init(&go, NULL, nthreads + 1);
	for (int i = 0; i < cfg.nmsg * cfg.nworkers; i++) {
		ret = pthread_create(&workers[i].tid, &attr, worker, &workers[i]);
		if (ret)
			goto nothread;
	}
	for (int i = 0; i < cfg.nmsg; i++) {
		ret = pthread_create(&msgs[i].tid, &attr, message, &msgs[i]);
		if (ret)
			goto nothread;
	}

	t0 = sb_now_ns();
	__atomic_store_n(&t_end, t0 + cfg.duration_ms * 1000000ULL, __ATOMIC_RELAXED);
	if (cfg.mark)
		sb_cachemark_start(cfg.mark_id);
	pthread_barrier_wait(&go);
	for (int i = 0; i < cfg.nmsg; i++)
		pthread_join(msgs[i].tid, NULL);
	if (cfg.mark)
		sb_cachemark_stop(cfg.mark_id);
	t1 = sb_now_ns();
	for (int i = 0; i < cfg.nmsg * cfg.nworkers; i++) {
		struct worker *w = &workers[i];

		pthread_join(w->tid, NULL);
		for (int b = 0; b < NBUCKETS; b++)
			hist[b] += w->hist[b];
		samples += w->samples;
		wakeups += w->wakeups;
		max = w->max > max ? w->max : max;
	}
	secs = (t1 - t0) / 1e9;
	if (!samples) {
		fprintf(stderr, PROG ": no samples in %.2f s\n", secs);
		return 1;
	}
	if (samples < 10000)
		fprintf(stderr, PROG ": %llu samples: the p99.9 rests on fewer than 10 of them\n",
			samples);
	printf("msg_threads=%d workers=%d work_us=%u ws_kib=%u think_us=%u seconds=%.2f "
	       "samples=%llu wakeups=%llu wakeups_per_s=%.0f lat_p50_us=%.1f lat_p90_us=%.1f "
	       "lat_p99_us=%.1f lat_p999_us=%.1f lat_max_us=%.1f\n",
	       cfg.nmsg, cfg.nmsg * cfg.nworkers, cfg.work_us, cfg.ws_kib, cfg.think_us, secs,
	       samples, wakeups, wakeups / secs, percentile_us(hist, samples, max, 50),
	       percentile_us(hist, samples, max, 90), percentile_us(hist, samples, max, 99),
	       percentile_us(hist, samples, max, 99.9), max / 1000.0);
	return 0;

nomem:
	fprintf(stderr, PROG ": out of memory\n");
	return 1;
nothread:
	/* the threads already started wait at the barrier for ever: just leave */
	fprintf(stderr, PROG ": cannot start a thread: %s\n", strerror(ret));
	return 1;
}
