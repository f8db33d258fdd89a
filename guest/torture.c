// SPDX-License-Identifier: GPL-2.0
/*
 * torture: the buddy system under sustained abuse, for a debug kernel (config/debug.config).
 *
 *   torture [-d SECONDS] [-p PAIRS] [-H HOGS] [-b BOUND_MS] [-s SEED] [-S] [-P] [--light]
 *     -d  duration (default 60)          -p  producer/consumer pairs (default 8)
 *     -H  CPU hogs (default 2)           -b  starvation bound in ms (default 4000)
 *     -s  seed of the operation sequence -S  no stress-ng   -P  no CPU hotplug
 *     --light  leave out stress-ng's heavy stressors (resched, and the real-time and
 *         deadline workers of mutex and schedpolicy)
 *
 * Runs concurrently, until the duration is over:
 *   - pairs over pipes (even) and over a futex word (odd): each message carries a sequence
 *     number the consumer checks, each is acknowledged before the next; and CPU hogs;
 *   - stress-ng's scheduler stressors (fair_stressors, heavy_stressors unless --light),
 *     its own --verify checks on, its exit status checked;
 *   - a fork/exit storm;
 *   - a churner doing at random: move a worker between nested cpu cgroups (created and
 *     destroyed as it goes), cpu.weight (50..200 for leaves, 100..200 for their parents:
 *     wider ratios starve by design), cpu.max set/lifted, cpu.idle, sched_setattr
 *     NORMAL (with a custom slice where supported) / BATCH / IDLE, affinity changes,
 *     CPU hotplug off/on (not in the last HOTPLUG_QUIET_S seconds, with every CPU back
 *     online for them, so that stress-ng ends with the CPUs it started with), sched
 *     features and buddy_gran_ns;
 *   - a starvation monitor (SCHED_FIFO 99, samples every 5 ms): the longest window in which a
 *     pair or hog made no progress. Windows are not counted while the unit is
 *     legitimately held back: a member in SCHED_IDLE, or in a cgroup with cpu.idle or
 *     cpu.max set, or on a CPU where a real-time or deadline task is runnable, or while a
 *     CPU hotplug write is in progress. Time in which the monitor itself did not run (a
 *     stalled vCPU) is reported and not counted either.
 * Fails (exit 1) when a pair lost or reordered a message, a pair did not drain at the end
 * (lost wakeup), stress-ng failed, or the longest window exceeds the bound.
 * Restores sched features, buddy_gran_ns and CPUs online at exit.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <linux/futex.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "lib/sb.h"

#define MAX_PAIRS	32
#define MAX_HOGS	16
#define MAX_UNITS	(MAX_PAIRS + MAX_HOGS)
#define MAX_PROCS	(2 * MAX_PAIRS + MAX_HOGS)
#define MAX_CPUS	64
#define NLEAVES		6
#define CG_ROOT		SB_CGROUP "/torture"
#define CG_STRESS	SB_CGROUP "/torture-stress"
#define GRAN		"/sys/kernel/debug/sched/buddy_gran_ns"
#define SAMPLE_NS	5000000ULL
#define STOP_MSG	UINT64_MAX
#define HOTPLUG_QUIET_S	10
#define PROGRESS_NS	60000000000ULL
#define MAX_RT_FOUND	128

/* Shared by all processes. */
struct shm {
	volatile int stop;		/* workers: finish up */
	volatile int monitor_stop;
	volatile int hotplug_busy;
	volatile unsigned long long offline;	/* CPUs the hotplug thread took offline */
	volatile int exempt[MAX_UNITS];	/* unit legitimately held back */
	volatile int cpu[MAX_UNITS][2];	/* CPU a member last ran on: producer or hog, consumer */
	volatile pid_t pid[MAX_UNITS][2];	/* the members */
	uint64_t progress[MAX_UNITS];	/* pair: messages received; hog: loops */
	uint64_t sent[MAX_PAIRS], acked[MAX_PAIRS], bad[MAX_PAIRS];
	uint32_t fword[MAX_PAIRS];	/* futex pairs: 0 producer's turn, 1 consumer's */
	uint64_t fmsg[MAX_PAIRS];
	uint64_t forks;
	/* monitor results */
	unsigned long long max_window_ns, max_gap_ns, samples;
	unsigned long long rt_held, rt_scans;		/* unit-samples held by RT; /proc scans */
	unsigned long long rt_scan_ns, rt_scan_max_ns;	/* their total and longest time */
	int max_unit, rt_seen;				/* most RT/DL tasks tracked at once */
	/* the scanner's last list of real-time and deadline threads (a seqcount: odd while written) */
	volatile unsigned long rt_seq;
	volatile int rt_found;
	volatile pid_t rt_pid[MAX_RT_FOUND], rt_tid[MAX_RT_FOUND];
	volatile pid_t monitor_pid;
};

struct proc {
	pid_t pid;
	int unit;
	int leaf;		/* -1: the root cgroup */
	int policy;		/* SCHED_OTHER, SCHED_BATCH, SCHED_IDLE */
};

struct leaf {
	char path[128];
	bool exists, idle, max;
};

static struct shm *shm;
static struct proc procs[MAX_PROCS];
static struct leaf leaves[NLEAVES];
static int nprocs, npairs = 8, nhogs = 2, nunits, ncpus;
static unsigned int seed;

/* The rest of the command line (hotplug is cleared when the kernel or the guest lacks it). */
static struct {
	int seconds, bound_ms;
	bool stress, hotplug, light;
} cfg = { .seconds = 60, .bound_ms = 4000, .stress = true, .hotplug = true };

/* Started besides the workers in procs[]; stress_pid stays 0 without stress-ng. */
static pid_t monitor_pid, scanner_pid, storm_pid, stress_pid;

static struct {
	unsigned long moves, weights, max_set, max_lift, idle, recreated, busy;
	unsigned long setattr, normal, batch, idlepol, slice, affinity;
	unsigned long offline, online, hotplug_refused, features, gran;
	bool slice_unsupported;
} ops;

static const char *const feature_names[] = {
	"NEXT_BUDDY", "LAST_BUDDY", "PICK_BUDDY", "BUDDY_BOUND", "NEXT_BUDDY_EEVDF",
	"BUDDY_SHORT_FIRST", "BUDDY_ROOT", "CACHE_HOT_BUDDY", "DELAY_DEQUEUE", "RUN_TO_PARITY",
	"PREEMPT_SHORT",
};
static const char *features[sizeof(feature_names) / sizeof(*feature_names)];
static int nfeatures;
static char saved_features[SB_FEATURES_LEN];
static long saved_gran = -1;

struct sched_attr_v1 {
	uint32_t size, sched_policy;
	uint64_t sched_flags;
	int32_t sched_nice;
	uint32_t sched_priority;
	uint64_t sched_runtime, sched_deadline, sched_period;
	uint32_t sched_util_min, sched_util_max;
};

static long rnd(long n)
{
	return n > 0 ? random() % n : 0;
}

static long futex(uint32_t *uaddr, int op, uint32_t val)
{
	return syscall(SYS_futex, uaddr, op, val, NULL, NULL, 0);
}

/* Wait until *w == want; a FUTEX_WAIT without a timeout: a lost wakeup hangs here. */
static void futex_await(uint32_t *w, uint32_t want)
{
	uint32_t v;

	while ((v = __atomic_load_n(w, __ATOMIC_ACQUIRE)) != want)
		futex(w, FUTEX_WAIT, v);
}

static void futex_set(uint32_t *w, uint32_t v)
{
	__atomic_store_n(w, v, __ATOMIC_RELEASE);
	futex(w, FUTEX_WAKE, 1);
}

static void pipe_producer(int i, int out, int in)
{
	uint64_t seq, ack;

	for (seq = 0; !shm->stop; seq++) {
		if (write(out, &seq, sizeof(seq)) != sizeof(seq) ||
		    read(in, &ack, sizeof(ack)) != sizeof(ack) || ack != seq) {
			__atomic_add_fetch(&shm->bad[i], 1, __ATOMIC_RELAXED);
			_exit(1);
		}
		shm->sent[i] = seq + 1;
		shm->acked[i] = seq + 1;
		shm->cpu[i][0] = sched_getcpu();
	}
	_exit(0);		/* closing out gives the consumer EOF */
}

static void pipe_consumer(int i, int in, int out)
{
	uint64_t seq, want = 0;
	ssize_t n;

	while ((n = read(in, &seq, sizeof(seq))) == sizeof(seq)) {
		if (seq != want++)
			__atomic_add_fetch(&shm->bad[i], 1, __ATOMIC_RELAXED);
		__atomic_add_fetch(&shm->progress[i], 1, __ATOMIC_RELAXED);
		shm->cpu[i][1] = sched_getcpu();
		if (write(out, &seq, sizeof(seq)) != sizeof(seq))
			_exit(1);
	}
	_exit(n == 0 ? 0 : 1);
}

static void futex_producer(int i)
{
	uint64_t seq;

	for (seq = 0; !shm->stop; seq++) {
		futex_await(&shm->fword[i], 0);
		shm->fmsg[i] = seq;
		shm->sent[i] = seq + 1;
		shm->cpu[i][0] = sched_getcpu();
		futex_set(&shm->fword[i], 1);
	}
	futex_await(&shm->fword[i], 0);
	shm->acked[i] = seq;
	shm->fmsg[i] = STOP_MSG;
	futex_set(&shm->fword[i], 1);
	_exit(0);
}

static void futex_consumer(int i)
{
	uint64_t want = 0;

	for (;;) {
		futex_await(&shm->fword[i], 1);
		if (shm->fmsg[i] == STOP_MSG)
			_exit(0);
		if (shm->fmsg[i] != want++)
			__atomic_add_fetch(&shm->bad[i], 1, __ATOMIC_RELAXED);
		__atomic_add_fetch(&shm->progress[i], 1, __ATOMIC_RELAXED);
		shm->cpu[i][1] = sched_getcpu();
		futex_set(&shm->fword[i], 0);
	}
}

static void hog(int unit)
{
	while (!shm->stop) {
		sb_spin_ns(100000);
		__atomic_add_fetch(&shm->progress[unit], 1, __ATOMIC_RELAXED);
		shm->cpu[unit][0] = sched_getcpu();
	}
	_exit(0);
}

static void fork_storm(void)
{
	while (!shm->stop) {
		pid_t pid = fork();

		if (pid == 0) {
			sb_spin_ns(rnd(200000));
			_exit(0);
		}
		if (pid > 0) {
			waitpid(pid, NULL, 0);
			__atomic_add_fetch(&shm->forks, 1, __ATOMIC_RELAXED);
		} else {
			sb_sleep_ns(1000000);
		}
	}
	_exit(0);
}

static void add_proc(pid_t pid, int unit)
{
	procs[nprocs++] = (struct proc){ .pid = pid, .unit = unit, .leaf = -1,
					 .policy = SCHED_OTHER };
}

static pid_t child(void)
{
	pid_t pid = fork();

	if (pid < 0) {
		perror("torture: fork");
		exit(1);
	}
	if (pid == 0)
		srandom(getpid());
	return pid;
}

static void start_workers(void)
{
	for (int i = 0; i < npairs; i++) {
		int ab[2], ba[2];
		pid_t p, c;

		if (i % 2 == 0) {
			if (pipe(ab) || pipe(ba)) {
				perror("torture: pipe");
				exit(1);
			}
			if (!(p = child())) {
				close(ab[0]);
				close(ba[1]);
				pipe_producer(i, ab[1], ba[0]);
			}
			if (!(c = child())) {
				close(ab[1]);
				close(ba[0]);
				pipe_consumer(i, ab[0], ba[1]);
			}
			close(ab[0]);
			close(ab[1]);
			close(ba[0]);
			close(ba[1]);
		} else {
			if (!(p = child()))
				futex_producer(i);
			if (!(c = child()))
				futex_consumer(i);
		}
		add_proc(p, i);
		add_proc(c, i);
		shm->pid[i][0] = p;
		shm->pid[i][1] = c;
	}
	for (int j = 0; j < nhogs; j++) {
		pid_t h = child();

		if (!h)
			hog(npairs + j);
		add_proc(h, npairs + j);
		shm->pid[npairs + j][0] = h;
	}
}

/*
 * Real-time and deadline tasks as the monitor sees them. Such a task runnable on a CPU
 * holds that CPU against fair tasks by design (they get the fair server's 5%), so a unit
 * one of whose members last ran there is held back, and its window is not counted, like
 * the other holds. A scanner process (SCHED_OTHER: a walk of /proc costs up to a quarter
 * of a second on the debug kernel, too much for the SCHED_FIFO monitor) lists them once
 * a second in shm (every thread whose policy is FIFO, RR or DEADLINE, the monitor left
 * out); the monitor opens the stat files of those it does not track yet, keeps them open,
 * and rereads them every RT_POLL samples: policy, state and CPU. The scans' mean and
 * longest time are reported (the longest includes the host's stalls of the vCPU, and the
 * time the scanner waited for a CPU).
 */
#define MAX_RT		MAX_RT_FOUND
#define RT_SCAN_NS	1000000000ULL
#define RT_POLL		4

static struct {
	int fd[MAX_RT];
	pid_t tid[MAX_RT];
	int n;
} rt;

/* Fields 3 (state), 39 (processor) and 41 (policy) of a /proc/.../stat line; 0 or -1. */
static int stat_fields(const char *line, char *state, int *cpu, int *policy)
{
	const char *s = strrchr(line, ')');
	int field = 2;

	if (!s)
		return -1;
	for (s++; *s && field < 41;) {
		while (*s == ' ')
			s++;
		if (!*s)
			break;
		field++;
		if (field == 3)
			*state = *s;
		else if (field == 39)
			*cpu = atoi(s);
		else if (field == 41)
			*policy = atoi(s);
		while (*s && *s != ' ')
			s++;
	}
	return field == 41 ? 0 : -1;
}

static bool rt_policy(int policy)
{
	return policy == SCHED_FIFO || policy == SCHED_RR || policy == 6 /* SCHED_DEADLINE */;
}

/* Reread an open stat file; 0, or -1 once the task is gone. */
static int rt_read(int fd, char *state, int *cpu, int *policy)
{
	char buf[1024];
	ssize_t n = pread(fd, buf, sizeof(buf) - 1, 0);

	if (n <= 0)
		return -1;
	buf[n] = '\0';
	return stat_fields(buf, state, cpu, policy);
}

static bool rt_tracked(pid_t tid)
{
	for (int i = 0; i < rt.n; i++)
		if (rt.tid[i] == tid)
			return true;
	return false;
}

/* Start tracking thread tid of process pid if it has a real-time or deadline policy. */
static void rt_consider(pid_t pid, pid_t tid)
{
	char path[64], state;
	int fd, cpu, policy;

	if (rt.n == MAX_RT || rt_tracked(tid))
		return;
	snprintf(path, sizeof(path), "/proc/%d/task/%d/stat", pid, tid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return;
	if (rt_read(fd, &state, &cpu, &policy) || !rt_policy(policy)) {
		close(fd);
		return;
	}
	rt.fd[rt.n] = fd;
	rt.tid[rt.n++] = tid;
}

/* Call fn for every process in /proc. */
static void for_each_pid(void (*fn)(pid_t pid))
{
	DIR *procdir = opendir("/proc");
	struct dirent *p;

	while (procdir && (p = readdir(procdir)))
		if (atoi(p->d_name) > 0)
			fn(atoi(p->d_name));
	if (procdir)
		closedir(procdir);
}

/* The scanner's list being built: the real-time and deadline threads found so far. */
static struct {
	pid_t pid[MAX_RT_FOUND], tid[MAX_RT_FOUND];
	int n;
} found;

/* The threads of process pid: the real-time and deadline ones join found. */
static void rt_find_threads(pid_t pid)
{
	char path[64], state;
	int fd, cpu, policy;
	DIR *taskdir;
	struct dirent *t;

	snprintf(path, sizeof(path), "/proc/%d/task", pid);
	taskdir = opendir(path);
	if (!taskdir)
		return;		/* gone meanwhile */
	while ((t = readdir(taskdir)) && found.n < MAX_RT_FOUND) {
		pid_t tid = atoi(t->d_name);

		if (tid <= 0 || tid == shm->monitor_pid)
			continue;
		snprintf(path, sizeof(path), "/proc/%d/task/%d/stat", pid, tid);
		fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd < 0)
			continue;
		if (!rt_read(fd, &state, &cpu, &policy) && rt_policy(policy)) {
			found.pid[found.n] = pid;
			found.tid[found.n++] = tid;
		}
		close(fd);
	}
	closedir(taskdir);
}

/*
 * The scanner: every RT_SCAN_NS, every thread on the system once; the real-time and
 * deadline ones are published in shm for the monitor (rt_adopt()).
 */
static void scanner(void)
{
	unsigned long long t, done;

	/* fair, but ahead of the workload's fair tasks: at nice 0 a scan took 9.6 s */
	if (setpriority(PRIO_PROCESS, 0, -20))
		fprintf(stderr, "torture: scanner not at nice -20: %s\n", strerror(errno));
	while (!shm->monitor_stop) {
		t = sb_now_ns();
		found.n = 0;
		for_each_pid(rt_find_threads);
		__atomic_add_fetch(&shm->rt_seq, 1, __ATOMIC_ACQ_REL);	/* odd: writing */
		for (int i = 0; i < found.n; i++) {
			shm->rt_pid[i] = found.pid[i];
			shm->rt_tid[i] = found.tid[i];
		}
		shm->rt_found = found.n;
		__atomic_add_fetch(&shm->rt_seq, 1, __ATOMIC_ACQ_REL);	/* even: done */
		done = sb_now_ns();
		shm->rt_scans++;
		shm->rt_scan_ns += done - t;
		if (done - t > shm->rt_scan_max_ns)
			shm->rt_scan_max_ns = done - t;
		if (done - t < RT_SCAN_NS)
			sb_sleep_ns(RT_SCAN_NS - (done - t));
	}
	_exit(0);
}

/* The monitor: track the threads of the scanner's latest list that it does not track yet. */
static void rt_adopt(void)
{
	static unsigned long seen_seq;
	unsigned long seq = __atomic_load_n(&shm->rt_seq, __ATOMIC_ACQUIRE);
	pid_t pid[MAX_RT_FOUND], tid[MAX_RT_FOUND];
	int n;

	if (seq == seen_seq || seq & 1)
		return;
	n = shm->rt_found;
	for (int i = 0; i < n; i++) {
		pid[i] = shm->rt_pid[i];
		tid[i] = shm->rt_tid[i];
	}
	__atomic_thread_fence(__ATOMIC_ACQUIRE);	/* the copy before the check */
	if (__atomic_load_n(&shm->rt_seq, __ATOMIC_RELAXED) != seq)
		return;		/* rewritten meanwhile: the next sample reads it */
	seen_seq = seq;
	for (int i = 0; i < n; i++)
		rt_consider(pid[i], tid[i]);
	if (rt.n > shm->rt_seen)
		shm->rt_seen = rt.n;
}

/*
 * The CPU member @m (0: producer or hog, 1: consumer) of unit @u waits on: the one it
 * last ran on, as it published it, unless the hotplug thread has taken that CPU offline
 * since; then the member was moved without running, and its stat file says where to
 * (-1 when that cannot be read: the window counts).
 */
static int member_cpu(int u, int m)
{
	int cpu = shm->cpu[u][m], policy, fd;
	char path[64], state;

	if (cpu < 0 || cpu >= MAX_CPUS || !(shm->offline & 1ULL << cpu))
		return cpu;
	snprintf(path, sizeof(path), "/proc/%d/stat", shm->pid[u][m]);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	if (rt_read(fd, &state, &cpu, &policy))
		cpu = -1;
	close(fd);
	return cpu;
}

/*
 * Which units are held by a real-time or deadline task: held[u] is set when one runs or
 * waits on the CPU a member of u waits on (member_cpu()). Tasks that exited are dropped.
 */
static void rt_holds(bool held[MAX_UNITS])
{
	unsigned long long busy = 0;
	char state;
	int cpu, policy;

	for (int i = 0; i < rt.n; i++) {
		if (rt_read(rt.fd[i], &state, &cpu, &policy)) {
			close(rt.fd[i]);
			rt.n--;
			rt.fd[i] = rt.fd[rt.n];
			rt.tid[i--] = rt.tid[rt.n];
			continue;
		}
		if (rt_policy(policy) && state == 'R' && cpu >= 0 && cpu < MAX_CPUS)
			busy |= 1ULL << cpu;
	}
	for (int u = 0; u < nunits; u++) {
		int a = member_cpu(u, 0), b = u < npairs ? member_cpu(u, 1) : -1;

		held[u] = (a >= 0 && busy & 1ULL << a) || (b >= 0 && busy & 1ULL << b);
	}
}

/* The monitor: longest window without progress of a unit that is not held back. */
static void monitor(void)
{
	struct sched_param sp = { .sched_priority = sched_get_priority_max(SCHED_FIFO) };
	unsigned long long last[MAX_UNITS], prev, now;
	uint64_t seen[MAX_UNITS];
	bool held[MAX_UNITS] = { 0 };

	if (sched_setscheduler(0, SCHED_FIFO, &sp))
		fprintf(stderr, "torture: monitor not SCHED_FIFO: %s\n", strerror(errno));
	prev = sb_now_ns();
	for (int u = 0; u < nunits; u++) {
		last[u] = prev;
		seen[u] = shm->progress[u];
	}
	while (!shm->monitor_stop) {
		unsigned long long gap;

		sb_sleep_ns(SAMPLE_NS);
		now = sb_now_ns();
		gap = now - prev;
		prev = now;
		if (shm->samples++ % RT_POLL == 0) {
			rt_adopt();
			rt_holds(held);
		}
		if (gap > shm->max_gap_ns)
			shm->max_gap_ns = gap;
		for (int u = 0; u < nunits; u++) {
			uint64_t p = __atomic_load_n(&shm->progress[u], __ATOMIC_RELAXED);

			/* Not counted: time the monitor itself did not run beyond 10 samples. */
			if (gap > 10 * SAMPLE_NS)
				last[u] += gap - SAMPLE_NS;
			shm->rt_held += held[u];
			if (p != seen[u] || shm->exempt[u] || shm->hotplug_busy || held[u]) {
				seen[u] = p;
				last[u] = now;
			} else if (now - last[u] > shm->max_window_ns) {
				shm->max_window_ns = now - last[u];
				shm->max_unit = u;
			}
		}
	}
	_exit(0);
}

/* Recompute which units are held back (idle policy, cpu.idle or cpu.max cgroup). */
static void update_exempt(void)
{
	int ex[MAX_UNITS] = { 0 };

	for (int i = 0; i < nprocs; i++) {
		struct proc *p = &procs[i];

		if (p->policy == SCHED_IDLE ||
		    (p->leaf >= 0 && (leaves[p->leaf].idle || leaves[p->leaf].max)))
			ex[p->unit] = 1;
	}
	for (int u = 0; u < nunits; u++)
		shm->exempt[u] = ex[u];
}

static int cg_move(struct proc *p, int leaf)
{
	int ret = sb_cgroup_move(leaf < 0 ? SB_CGROUP : leaves[leaf].path, p->pid);

	if (!ret)
		p->leaf = leaf;
	return ret;
}

static int leaf_create(int l)
{
	int parent = rnd(2);

	snprintf(leaves[l].path, sizeof(leaves[l].path), CG_ROOT "/p%d/l%d", parent, l);
	leaves[l].idle = leaves[l].max = false;
	if (mkdir(leaves[l].path, 0755))
		return -errno;
	leaves[l].exists = true;
	return 0;
}

static int cgroups_setup(void)
{
	int ret;

	rmdir(CG_ROOT "/p0");
	rmdir(CG_ROOT "/p1");
	rmdir(CG_ROOT);
	rmdir(CG_STRESS);
	ret = sb_cgroup_enable_cpu(SB_CGROUP);
	ret = ret ?: sb_cgroup_create(CG_STRESS, 0);
	ret = ret ?: sb_cgroup_create(CG_ROOT, 0);
	ret = ret ?: sb_cgroup_enable_cpu(CG_ROOT);
	ret = ret ?: sb_cgroup_create(CG_ROOT "/p0", 0);
	ret = ret ?: sb_cgroup_enable_cpu(CG_ROOT "/p0");
	ret = ret ?: sb_cgroup_create(CG_ROOT "/p1", 0);
	ret = ret ?: sb_cgroup_enable_cpu(CG_ROOT "/p1");
	for (int l = 0; !ret && l < NLEAVES; l++)
		ret = leaf_create(l);
	return ret;
}

static void cgroups_teardown(void)
{
	for (int l = 0; l < NLEAVES; l++)
		if (leaves[l].exists && !rmdir(leaves[l].path))
			leaves[l].exists = false;
	rmdir(CG_ROOT "/p0");
	rmdir(CG_ROOT "/p1");
	rmdir(CG_ROOT);
	rmdir(CG_STRESS);
}

static void op_cgroup(void)
{
	struct leaf *lf;
	char val[32];
	int l = rnd(NLEAVES), r = rnd(10);

	lf = &leaves[l];
	if (r < 4) {			/* move a worker */
		struct proc *p = &procs[rnd(nprocs)];
		int to = rnd(NLEAVES + 1) - 1;

		if (to >= 0 && !leaves[to].exists)
			to = -1;
		if (!cg_move(p, to))
			ops.moves++;
	} else if (r < 6) {		/* weight: leaves 50..200, parents 100..200 */
		bool leaf = rnd(3);

		snprintf(val, sizeof(val), "%ld", leaf ? 50 + rnd(151) : 100 + rnd(101));
		if (!sb_cgroup_write(leaf ? lf->path : (rnd(2) ? CG_ROOT "/p0" : CG_ROOT "/p1"),
				     "cpu.weight", val))
			ops.weights++;
	} else if (r < 7 && lf->exists) {	/* cpu.max */
		if (!lf->max && !sb_cgroup_write(lf->path, "cpu.max", "20000 100000")) {
			lf->max = true;
			ops.max_set++;
		} else if (lf->max && !sb_cgroup_write(lf->path, "cpu.max", "max 100000")) {
			lf->max = false;
			ops.max_lift++;
		}
	} else if (r < 8 && lf->exists) {	/* cpu.idle */
		if (!sb_cgroup_write(lf->path, "cpu.idle", lf->idle ? "0" : "1")) {
			lf->idle = !lf->idle;
			ops.idle++;
		}
	} else if (r < 9 && lf->exists) {	/* destroy and recreate, elsewhere maybe */
		for (int i = 0; i < nprocs; i++)
			if (procs[i].leaf == l)
				cg_move(&procs[i], -1);
		if (rmdir(lf->path)) {
			ops.busy++;
		} else {
			lf->exists = false;
			if (!leaf_create(l))
				ops.recreated++;
		}
	}
	update_exempt();
}

static int setattr(pid_t pid, int policy, uint64_t slice)
{
	struct sched_attr_v1 a = { .size = sizeof(a), .sched_policy = policy,
				   .sched_runtime = slice };

	return syscall(SYS_sched_setattr, pid, &a, 0) ? -errno : 0;
}

static void op_setattr(void)
{
	static const int policies[] = { SCHED_OTHER, SCHED_BATCH, SCHED_IDLE };
	struct proc *p = &procs[rnd(nprocs)];
	int policy = policies[rnd(3)];
	uint64_t slice = 0;

	/* 6.12: sched_runtime of a fair task is its slice, 0.1 ms .. 100 ms */
	if (policy == SCHED_OTHER && !ops.slice_unsupported && rnd(2))
		slice = 100000 + rnd(10000000);
	if (setattr(p->pid, policy, slice)) {
		if (!slice)
			return;
		ops.slice_unsupported = true;
		slice = 0;
		if (setattr(p->pid, policy, 0))
			return;
	}
	p->policy = policy;
	ops.setattr++;
	ops.slice += slice != 0;
	ops.normal += policy == SCHED_OTHER;
	ops.batch += policy == SCHED_BATCH;
	ops.idlepol += policy == SCHED_IDLE;
	update_exempt();
}

static void op_affinity(void)
{
	struct proc *p = &procs[rnd(nprocs)];
	cpu_set_t set;

	CPU_ZERO(&set);
	for (int c = 0; c < ncpus; c++)
		if (rnd(2))
			CPU_SET(c, &set);
	if (!CPU_COUNT(&set))
		CPU_SET(rnd(ncpus), &set);
	/* EINVAL: only offline CPUs in the mask */
	if (!sched_setaffinity(p->pid, sizeof(set), &set))
		ops.affinity++;
}

static int cpu_online(int cpu, bool on)
{
	char path[64];
	int ret;

	snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/online", cpu);
	shm->hotplug_busy = 1;
	ret = sb_write_file(path, on ? "1" : "0");
	if (!ret && on)
		__atomic_and_fetch(&shm->offline, ~(1ULL << cpu), __ATOMIC_RELAXED);
	else if (!ret)
		__atomic_or_fetch(&shm->offline, 1ULL << cpu, __ATOMIC_RELAXED);
	shm->hotplug_busy = 0;
	return ret;
}

static bool cpu_is_online(int cpu)
{
	char path[64];
	long v = 1;

	snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/online", cpu);
	sb_read_long(path, &v);
	return v;
}

static void all_cpus_online(void)
{
	for (int c = 1; c < ncpus; c++)
		if (!cpu_is_online(c))
			cpu_online(c, true);
}

static void op_hotplug(void)
{
	int cpu = 1 + rnd(ncpus - 1);
	bool on = !cpu_is_online(cpu);
	int ret = cpu_online(cpu, on);

	if (ret) {
		ops.hotplug_refused++;	/* e.g. EBUSY: deadline bandwidth of stress-ng */
		return;
	}
	on ? ops.online++ : ops.offline++;
}

static void op_feature(void)
{
	char val[32];

	if (saved_gran >= 0 && rnd(4) == 0) {
		snprintf(val, sizeof(val), "%ld", rnd(4) ? rnd(10000000) : 0);
		if (!sb_write_file(GRAN, val))
			ops.gran++;
		return;
	}
	if (nfeatures && !sb_feature_set(features[rnd(nfeatures)], rnd(2)))
		ops.features++;
}

static void restore(void)
{
	char val[32];

	sb_features_restore(saved_features);
	if (saved_gran >= 0) {
		snprintf(val, sizeof(val), "%ld", saved_gran);
		sb_write_file(GRAN, val);
	}
	all_cpus_online();
}

/*
 * stress-ng's scheduler stressors, one worker each. The fair ones: context switches
 * over pipes, yields, futex and semaphore waits: every one wakes or preempts, so sets
 * buddies. Tried and left out (600 s runs, 4 vCPUs): cpu-sched (not in 0.15, Debian
 * 12's); affinity (fails when a CPU it picked goes offline); race-sched and nanosleep
 * cut the churner's rate to a quarter, as resched does, for no new kind of load.
 */
static const char *const fair_stressors[] = {
	"--switch", "--yield", "--futex", "--pipe", "--sem", NULL
};
/*
 * The heavy ones, left out by --light: resched (children at every nice level and policy,
 * yielding), and mutex and schedpolicy, whose workers take SCHED_FIFO/RR/DEADLINE
 * policies: the monitor does not count a window while such a task holds the CPU.
 *
 * stress-ng runs in a cgroup of its own (CG_STRESS, the default weight) beside the
 * torture's tree, as a service would: its tasks, a score of resched's children among
 * them, then count as one entity at the top level instead of each weighing as much as
 * the whole torture tree (where they left a leaf's worker a share small enough for
 * waits of 3.7 s, in the 600 s runs with resched in the root cgroup).
 */
static const char *const heavy_stressors[] = { "--resched", "--mutex", "--schedpolicy", NULL };

static void print_stressors(bool light)
{
	for (int i = 0; fair_stressors[i]; i++)
		printf("%s%s", i ? " " : "", fair_stressors[i] + 2);
	for (int i = 0; !light && heavy_stressors[i]; i++)
		printf(" %s", heavy_stressors[i] + 2);
}

/* Append one worker of each of @names to @argv, from @argc; returns the new count. */
static int add_stressors(const char **argv, int argc, const char *const *names)
{
	for (; *names; names++) {
		argv[argc++] = *names;
		argv[argc++] = "1";
	}
	return argc;
}

static pid_t start_stress(int seconds, bool light)
{
	const char *argv[64] = { "stress-ng", "--timeout", NULL, "--verify", "--metrics-brief",
				 "--temp-path", "/tmp" };
	int argc = 7;
	char t[16];
	pid_t pid;

	snprintf(t, sizeof(t), "%d", seconds);
	argv[2] = t;
	argc = add_stressors(argv, argc, fair_stressors);
	if (!light)
		argc = add_stressors(argv, argc, heavy_stressors);
	argv[argc] = NULL;
	pid = fork();
	if (pid == 0) {
		if (sb_cgroup_move(CG_STRESS, getpid()))
			fprintf(stderr, "torture: stress-ng left in the root cgroup\n");
		execvp("stress-ng", (char **)argv);
		fprintf(stderr, "torture: cannot run stress-ng: %s\n", strerror(errno));
		_exit(127);
	}
	return pid;
}

/* Wait for pid until deadline (ns); returns its wait status, or -1 on timeout. */
static int wait_until(pid_t pid, unsigned long long deadline)
{
	int status;

	while (sb_now_ns() < deadline) {
		pid_t r = waitpid(pid, &status, WNOHANG);

		if (r == pid)
			return status;
		if (r < 0)
			return -1;
		sb_sleep_ns(10000000);
	}
	return -1;
}

enum { OPT_LIGHT = 256 };

static const char usage[] =
	"usage: torture [-d SECONDS] [-p PAIRS] [-H HOGS] [-b BOUND_MS] [-s SEED] [-S] [-P]\n"
	"               [--light]\n";

/*
 * Read the command line into cfg, npairs, nhogs and seed. Bad input (a bad number, an
 * unknown option, an operand) exits 2 here, before anything in the system is touched.
 */
static void parse_options(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "light", no_argument, NULL, OPT_LIGHT },
		{ NULL, 0, NULL, 0 }
	};
	int opt;

	while ((opt = getopt_long(argc, argv, "d:p:H:b:s:SP", longopts, NULL)) != -1) {
		switch (opt) {
		case 'd': cfg.seconds = sb_number("torture", optarg, 1, 86400); break;
		case 'p': npairs = sb_number("torture", optarg, 1, MAX_PAIRS); break;
		case 'H': nhogs = sb_number("torture", optarg, 0, MAX_HOGS); break;
		case 'b': cfg.bound_ms = sb_number("torture", optarg, 1, 3600000); break;
		case 's': seed = sb_number("torture", optarg, 0, 1 << 30); break;
		case 'S': cfg.stress = false; break;
		case 'P': cfg.hotplug = false; break;
		case OPT_LIGHT: cfg.light = true; break;
		default:
			fputs(usage, stderr);
			exit(2);
		}
	}
	if (optind < argc) {
		fprintf(stderr, "torture: unexpected argument '%s'\n%s", argv[optind], usage);
		exit(2);
	}
}

/* CPU hotplug needs a second CPU whose online file is writable (CONFIG_HOTPLUG_CPU). */
static bool hotplug_usable(void)
{
	if (ncpus < 2)
		return false;
	if (access("/sys/devices/system/cpu/cpu1/online", W_OK)) {
		printf("# no CPU hotplug in this kernel: %s\n", strerror(errno));
		return false;
	}
	return true;
}

/*
 * Save what the churn changes for restore() (sched features, buddy_gran_ns: saved_gran
 * stays -1 without it) and list the buddy features this kernel has, the ones toggled.
 */
static int save_tunables(void)
{
	if (sb_features_save(saved_features, sizeof(saved_features))) {
		fprintf(stderr, "torture: cannot read %s\n", SB_FEATURES);
		return -1;
	}
	for (size_t i = 0; i < sizeof(feature_names) / sizeof(*feature_names); i++)
		if (sb_feature_get(feature_names[i]) >= 0)
			features[nfeatures++] = feature_names[i];
	if (sb_read_long(GRAN, &saved_gran))
		saved_gran = -1;
	return 0;
}

/* The run's header: its parameters and what the churn toggles. */
static void print_setup(void)
{
	printf("# torture: %d s, %d CPUs, %d pairs, %d hogs, seed %u, bound %d ms\n",
	       cfg.seconds, ncpus, npairs, nhogs, seed, cfg.bound_ms);
	printf("# toggled features:");
	for (int i = 0; i < nfeatures; i++)
		printf(" %s", features[i]);
	printf("%s\n", saved_gran >= 0 ? " buddy_gran_ns" : " (no buddy_gran_ns)");
	fflush(stdout);
}

/*
 * Everything before the first process starts: the random sequence seeded, the tunables
 * saved, the shared page and the cgroup tree made. Returns 0, or 1 with the tunables
 * untouched (a failed cgroups_setup() may leave empty cgroups under CG_ROOT).
 */
static int setup(void)
{
	srandom(seed);
	nunits = npairs + nhogs;
	ncpus = sysconf(_SC_NPROCESSORS_CONF);
	if (ncpus > MAX_CPUS)
		ncpus = MAX_CPUS;
	cfg.hotplug = cfg.hotplug && hotplug_usable();
	if (save_tunables())
		return 1;
	print_setup();
	shm = mmap(NULL, sizeof(*shm), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (shm == MAP_FAILED) {
		perror("torture: mmap");
		return 1;
	}
	memset(shm, 0, sizeof(*shm));
	memset((void *)shm->cpu, 0xff, sizeof(shm->cpu));	/* -1: not run yet */
	if (cgroups_setup()) {
		fprintf(stderr, "torture: cannot set up cpu cgroups under %s\n", CG_ROOT);
		return 1;
	}
	return 0;
}

/* Start the workers (procs[]), then the monitor, the fork storm and stress-ng. */
static void start(void)
{
	start_workers();
	if (!(monitor_pid = child()))
		monitor();
	shm->monitor_pid = monitor_pid;
	if (!(scanner_pid = child()))
		scanner();
	if (!(storm_pid = child()))
		fork_storm();
	if (cfg.stress)
		stress_pid = start_stress(cfg.seconds, cfg.light);
}

/* One line a minute while the run lasts (host/torture.sh shows them as they come). */
static void print_progress(unsigned long long t0)
{
	uint64_t recv = 0;

	for (int i = 0; i < npairs; i++)
		recv += shm->progress[i];
	printf("# progress: %.0f of %d s: messages %llu, forks %llu, hotplug %lu/%lu, cgroup moves %lu, setattr %lu, longest window %.0f ms\n",
	       (sb_now_ns() - t0) / 1e9, cfg.seconds, (unsigned long long)recv,
	       (unsigned long long)shm->forks, ops.offline, ops.online, ops.moves, ops.setattr,
	       shm->max_window_ns / 1e6);
	fflush(stdout);
}

/*
 * One operation every 1..5 ms until t0 + the duration: a CPU hotplug write every 1..3 s,
 * otherwise cgroups 45%, sched_setattr 20%, affinity 20%, features and buddy_gran_ns 15%.
 * The last HOTPLUG_QUIET_S seconds have no hotplug and every CPU online: stress-ng 0.15's
 * parent once segfaulted in its teardown 84 ms after a CPU went offline, a cause not
 * found in its source (docs/torture.md). The fork storm keeps exits under hotplug covered.
 */
static void churn(unsigned long long t0)
{
	unsigned long long end = t0 + cfg.seconds * 1000000000ULL;
	unsigned long long quiet = cfg.seconds > HOTPLUG_QUIET_S ?
				   end - HOTPLUG_QUIET_S * 1000000000ULL : t0;
	unsigned long long next_hotplug = t0 + 1000000000ULL;
	unsigned long long next_progress = t0 + PROGRESS_NS;
	bool hotplug = cfg.hotplug;

	while (sb_now_ns() < end) {
		long r = rnd(100);

		if (hotplug && sb_now_ns() >= quiet) {
			all_cpus_online();
			hotplug = false;
		} else if (hotplug && sb_now_ns() >= next_hotplug) {
			op_hotplug();
			next_hotplug = sb_now_ns() + 1000000000ULL + rnd(2000000000L);
		} else if (r < 45) {
			op_cgroup();
		} else if (r < 65) {
			op_setattr();
		} else if (r < 85) {
			op_affinity();
		} else {
			op_feature();
		}
		if (sb_now_ns() >= next_progress) {
			print_progress(t0);
			next_progress += PROGRESS_NS;
		}
		sb_sleep_ns(1000000 + rnd(4000000));
	}
}

/*
 * Undo every hold the churn left: tunables and CPUs (restore()), cpu.max and cpu.idle on
 * the leaves, SCHED_BATCH and SCHED_IDLE back to SCHED_OTHER. Afterwards no unit is
 * exempt, so every window of the drain counts against the bound.
 */
static void release_holds(void)
{
	restore();
	for (int l = 0; l < NLEAVES; l++) {
		if (leaves[l].max)
			sb_cgroup_write(leaves[l].path, "cpu.max", "max 100000");
		if (leaves[l].idle)
			sb_cgroup_write(leaves[l].path, "cpu.idle", "0");
		leaves[l].max = leaves[l].idle = false;
	}
	for (int i = 0; i < nprocs; i++)
		if (procs[i].policy != SCHED_OTHER && !setattr(procs[i].pid, SCHED_OTHER, 0))
			procs[i].policy = SCHED_OTHER;
	update_exempt();
}

/*
 * Stop the workers and reap them. A pair finishes only once its last message is through,
 * so one still running 60 s after the stop is a lost wakeup: reported, killed, failed.
 * Returns 1 when a worker failed, else 0.
 */
static int drain_workers(void)
{
	unsigned long long drain;
	int failed = 0, status;

	shm->stop = 1;
	drain = sb_now_ns() + 60000000000ULL;
	for (int i = 0; i < nprocs; i++) {
		struct proc *p = &procs[i];

		status = wait_until(p->pid, drain);
		if (status == -1) {
			printf("# FAIL: %s %d (pid %d) did not finish within 60 s of the stop: lost wakeup? sent %llu received %llu\n",
			       p->unit < npairs ? "pair" : "hog", p->unit, p->pid,
			       p->unit < npairs ? (unsigned long long)shm->sent[p->unit] : 0ULL,
			       (unsigned long long)shm->progress[p->unit]);
			kill(p->pid, SIGKILL);
			waitpid(p->pid, NULL, 0);
			failed = 1;
		} else if (!WIFEXITED(status) || WEXITSTATUS(status)) {
			printf("# FAIL: worker pid %d of unit %d ended with status %#x\n", p->pid,
			       p->unit, status);
			failed = 1;
		}
	}
	return failed;
}

/* Stop the monitor and the fork storm; returns 1 when the storm did not stop in 30 s. */
static int stop_helpers(void)
{
	int failed = 0;

	shm->monitor_stop = 1;
	if (wait_until(storm_pid, sb_now_ns() + 30000000000ULL) == -1) {
		printf("# FAIL: the fork storm did not stop\n");
		kill(storm_pid, SIGKILL);
		waitpid(storm_pid, NULL, 0);
		failed = 1;
	}
	waitpid(monitor_pid, NULL, 0);
	waitpid(scanner_pid, NULL, 0);
	return failed;
}

/* Process pid as a line, if it is one of stress-ng's: pid, name, state, policy, CPU. */
static void print_if_stress(pid_t pid)
{
	char path[64], buf[1024] = "", state;
	int fd, cpu, policy;
	const char *name;

	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return;
	if (read(fd, buf, sizeof(buf) - 1) > 0 && (name = strstr(buf, "(stress-ng")) &&
	    !stat_fields(buf, &state, &cpu, &policy))
		printf("#   pid %d %.*s state %c policy %d cpu %d\n", pid,
		       (int)(strchr(name, ')') - name + 1), name, state, policy, cpu);
	close(fd);
}

/*
 * Reap stress-ng (its --timeout is the duration; 300 s more before it is killed: with the
 * heavy stressors its teardown took 65 s in a 2-vCPU guest on a loaded host) and print
 * its outcome; returns 1 unless it exited 0, its --verify checks included.
 */
static int reap_stress(void)
{
	int status = wait_until(stress_pid, sb_now_ns() + 300000000000ULL);

	if (status == -1) {
		printf("# stress-ng still running 300 s after the churn; its processes:\n");
		for_each_pid(print_if_stress);
		kill(stress_pid, SIGKILL);
		waitpid(stress_pid, NULL, 0);
	}
	printf("# stress-ng (");
	print_stressors(cfg.light);
	printf(", --verify): %s %d\n",
	       status == -1 ? "did not finish, killed" :
	       WIFEXITED(status) ? "exit" : "signal",
	       status == -1 ? 0 : WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status));
	if (status == -1 || !WIFEXITED(status) || WEXITSTATUS(status)) {
		printf("# FAIL: stress-ng failed\n");
		return 1;
	}
	return 0;
}

/*
 * After the churn: holds released, every process reaped, the cgroup tree removed and the
 * tunables restored. Returns 1 when a process failed or hung, else 0.
 */
static int wind_down(void)
{
	int failed;

	release_holds();
	failed = drain_workers();
	failed |= stop_helpers();
	if (stress_pid)
		failed |= reap_stress();
	cgroups_teardown();
	return failed;
}

/*
 * Every pair's messages accounted for: as many received and acknowledged as sent, none
 * out of order. Adds the pairs' totals to *sent and *recv; returns 1 when a pair is off.
 */
static int check_pairs(uint64_t *sent, uint64_t *recv)
{
	int failed = 0;

	for (int i = 0; i < npairs; i++) {
		*sent += shm->sent[i];
		*recv += shm->progress[i];
		if (shm->bad[i] || shm->sent[i] != shm->progress[i] ||
		    shm->acked[i] != shm->sent[i]) {
			printf("# FAIL: pair %d (%s): sent %llu received %llu acknowledged %llu, %llu out of order\n",
			       i, i % 2 ? "futex" : "pipe", (unsigned long long)shm->sent[i],
			       (unsigned long long)shm->progress[i],
			       (unsigned long long)shm->acked[i], (unsigned long long)shm->bad[i]);
			failed = 1;
		}
	}
	return failed;
}

/* The figures of the run: what was done, and the longest starvation window. */
static void print_figures(unsigned long long t0, uint64_t sent, uint64_t recv)
{
	printf("# duration %.1f s\n", (sb_now_ns() - t0) / 1e9);
	printf("# pairs: %d (pipe and futex), messages sent %llu received %llu\n", npairs,
	       (unsigned long long)sent, (unsigned long long)recv);
	printf("# forks %llu, setattr %lu (normal %lu, with slice %lu%s, batch %lu, idle %lu), affinity %lu\n",
	       (unsigned long long)shm->forks, ops.setattr, ops.normal, ops.slice,
	       ops.slice_unsupported ? ", custom slice rejected" : "", ops.batch, ops.idlepol,
	       ops.affinity);
	printf("# cgroups: moves %lu, weight %lu, cpu.max set %lu lifted %lu, cpu.idle %lu, recreated %lu (busy %lu)\n",
	       ops.moves, ops.weights, ops.max_set, ops.max_lift, ops.idle, ops.recreated,
	       ops.busy);
	printf("# hotplug: offline %lu online %lu refused %lu\n", ops.offline, ops.online,
	       ops.hotplug_refused);
	printf("# toggles: features %lu, buddy_gran_ns %lu\n", ops.features, ops.gran);
	printf("# real-time holds: %d RT/DL tasks tracked at most, units held back in %.1f%% of samples; %llu /proc scans, %.1f ms each, longest %.1f ms\n",
	       shm->rt_seen, shm->samples ? 100.0 * shm->rt_held / shm->samples / nunits : 0.0,
	       shm->rt_scans, shm->rt_scans ? shm->rt_scan_ns / 1e6 / shm->rt_scans : 0.0,
	       shm->rt_scan_max_ns / 1e6);
	printf("# starvation: longest window %.0f ms (%s %d), bound %d ms; %llu samples, longest monitor gap %.0f ms\n",
	       shm->max_window_ns / 1e6, shm->max_unit < npairs ? "pair" : "hog",
	       shm->max_unit < npairs ? shm->max_unit : shm->max_unit - npairs, cfg.bound_ms,
	       shm->samples, shm->max_gap_ns / 1e6);
}

/* The pairs' accounts, the figures, the bound; returns 1 when any check failed. */
static int verdict(unsigned long long t0)
{
	uint64_t sent = 0, recv = 0;
	int failed = check_pairs(&sent, &recv);

	print_figures(t0, sent, recv);
	if (shm->max_window_ns > cfg.bound_ms * 1000000ULL) {
		printf("# FAIL: a worker made no progress for %.0f ms (bound %d ms)\n",
		       shm->max_window_ns / 1e6, cfg.bound_ms);
		failed = 1;
	}
	if (sent == 0) {
		printf("# FAIL: no pair message was sent\n");
		failed = 1;
	}
	return failed;
}

int main(int argc, char **argv)
{
	unsigned long long t0;
	int failed;

	seed = time(NULL);
	parse_options(argc, argv);
	if (setup())
		return 1;
	start();
	t0 = sb_now_ns();
	churn(t0);
	failed = wind_down();
	failed |= verdict(t0);
	printf("# torture: %s\n", failed ? "FAILED" : "passed");
	return failed;
}
