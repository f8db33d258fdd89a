// SPDX-License-Identifier: GPL-2.0
/*
 * The churner: until the duration is over, one operation at random every 1..5 ms
 * (sched_setattr(), affinity, CPU hotplug, sched features, the cgroup mode; the cgroup
 * one is in cgroups.c), and which units its holds exempt from the starvation bound. What
 * it changes in the system is saved before and restored after, with every CPU online.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "torture.h"

#define HOTPLUG_QUIET_S	10
#define CGROUP_MODE	"/sys/kernel/debug/sched/cgroup_mode"
#define MAX_MODES	8
#define PROGRESS_NS	60000000000ULL

struct sched_attr_v1 {
	uint32_t size, sched_policy;
	uint64_t sched_flags;
	int32_t sched_nice;
	uint32_t sched_priority;
	uint64_t sched_runtime, sched_deadline, sched_period;
	uint32_t sched_util_min, sched_util_max;
};

struct churn_counts ops;

static const char *const feature_names[] = {
	"NEXT_BUDDY", "LAST_BUDDY", "PICK_BUDDY", "BUDDY_ROOT", "CACHE_HOT_BUDDY",
	"DELAY_DEQUEUE", "RUN_TO_PARITY", "PREEMPT_SHORT",
};
const char *features[sizeof(feature_names) / sizeof(*feature_names)];
int nfeatures;
static char saved_features[SB_FEATURES_LEN];

/*
 * The modes of a kernel with one runqueue for group scheduling (7.3's debugfs
 * cgroup_mode: how group weights fold into the task entities), as the file lists
 * them, "(mode)" the current one; none on a kernel with a runqueue per group.
 */
static char mode_list[128];
char *cgroup_modes[MAX_MODES];
int ncgroup_modes;
static int saved_mode = -1;

/*
 * The kernel's own check of the buddy window, where the series has it: WARN_BUDDY_WINDOW
 * WARNs when a buddy is taken over the EEVDF pick after buddies kept it waiting longer than
 * the window, at any level, and the WARN is a splat that fails the run. Schedstats on, to
 * count the buddy picks it checked and the buddies the window's end refused.
 */
#define WINDOW_CHECK	"WARN_BUDDY_WINDOW"
const char *const window_fields[NWINDOW_FIELDS] = {
	"buddy_next_picked", "buddy_last_picked", "buddy_next_too_long", "buddy_last_too_long",
};
static long window_start[NWINDOW_FIELDS];
long window_counts[NWINDOW_FIELDS];
bool window_check;
static long saved_schedstats = -1;

static void window_check_on(void)
{
	if (sb_feature_get(WINDOW_CHECK) < 0)
		return;
	if (sb_read_long(SB_SCHEDSTATS, &saved_schedstats) || sb_write_file(SB_SCHEDSTATS, "1"))
		saved_schedstats = -1;
	window_check = !sb_feature_set(WINDOW_CHECK, true);
	sb_sched_debug_sums(window_fields, NWINDOW_FIELDS, window_start);
}

/* Recompute which units are held back (idle policy, cpu.idle or cpu.max cgroup). */
void update_exempt(void)
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
	if (nfeatures && !sb_feature_set(features[rnd(nfeatures)], rnd(2)))
		ops.features++;
}

static void op_cgroup_mode(void)
{
	if (ncgroup_modes &&
	    !sb_write_file(CGROUP_MODE, cgroup_modes[rnd(ncgroup_modes)]))
		ops.cgroup_modes++;
}

/* List the cgroup modes CGROUP_MODE offers and note the current one; 0 if it has none. */
static int save_cgroup_mode(void)
{
	char *tok, *save;

	if (access(CGROUP_MODE, F_OK))
		return 0;
	if (sb_read_file(CGROUP_MODE, mode_list, sizeof(mode_list)) <= 0)
		return -1;
	for (tok = strtok_r(mode_list, " \n", &save); tok && ncgroup_modes < MAX_MODES;
	     tok = strtok_r(NULL, " \n", &save)) {
		size_t n = strlen(tok);

		if (tok[0] == '(' && n > 2 && tok[n - 1] == ')') {
			tok[n - 1] = '\0';
			tok++;
			saved_mode = ncgroup_modes;
		}
		cgroup_modes[ncgroup_modes++] = tok;
	}
	return saved_mode >= 0 ? 0 : -1;
}

/*
 * Save what the churn changes for restore() (the sched features, the cgroup mode,
 * schedstats), list the buddy features this kernel has, the ones toggled, and its cgroup
 * modes, and switch the kernel's window check on.
 */
int save_tunables(void)
{
	if (sb_features_save(saved_features, sizeof(saved_features))) {
		fprintf(stderr, "torture: cannot read %s\n", SB_FEATURES);
		return -1;
	}
	for (size_t i = 0; i < sizeof(feature_names) / sizeof(*feature_names); i++)
		if (sb_feature_get(feature_names[i]) >= 0)
			features[nfeatures++] = feature_names[i];
	if (save_cgroup_mode()) {
		fprintf(stderr, "torture: cannot read the modes and the current one of %s\n",
			CGROUP_MODE);
		return -1;
	}
	window_check_on();
	return 0;
}

/* The counts of the run, read before restore() can switch schedstats off. */
static void window_check_count(void)
{
	long end[NWINDOW_FIELDS];

	if (!window_check)
		return;
	sb_sched_debug_sums(window_fields, NWINDOW_FIELDS, end);
	for (int i = 0; i < NWINDOW_FIELDS; i++)
		window_counts[i] = end[i] < 0 || window_start[i] < 0 ? -1 :
				   end[i] - window_start[i];
}

static void restore(void)
{
	window_check_count();
	sb_features_restore(saved_features);
	if (saved_schedstats >= 0)
		sb_write_file(SB_SCHEDSTATS, saved_schedstats ? "1" : "0");
	if (saved_mode >= 0)
		sb_write_file(CGROUP_MODE, cgroup_modes[saved_mode]);
	all_cpus_online();
}

/*
 * One operation every 1..5 ms until t0 + the duration: a CPU hotplug write every 1..3 s,
 * otherwise cgroups 45%, sched_setattr 20%, affinity 20%, sched features 15% (10% and
 * the cgroup mode 5% on a kernel that has one).
 * The last HOTPLUG_QUIET_S seconds have no hotplug and every CPU online: stress-ng 0.15's
 * parent once segfaulted in its teardown 84 ms after a CPU went offline, a cause not
 * found in its source (docs/torture.md). The fork storm keeps exits under hotplug covered.
 */
void churn(unsigned long long t0)
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
		} else if (r < 95 || !ncgroup_modes) {
			op_feature();
		} else {
			op_cgroup_mode();
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
void release_holds(void)
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
