// SPDX-License-Identifier: GPL-2.0
/* Helpers shared by the in-guest tests and workloads; see sb.h. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "sb.h"

long sb_number(const char *prog, const char *arg, long min, long max)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(arg, &end, 10);
	if (*arg < '0' || *arg > '9' || (*arg == '0' && arg[1]) || *end || errno ||
	    v < min || v > max) {
		fprintf(stderr, "%s: '%s' is not a number in %ld..%ld\n", prog, arg, min, max);
		exit(2);
	}
	return v;
}

ssize_t sb_read_file(const char *path, char *buf, size_t len)
{
	size_t got = 0;
	ssize_t n = 0;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -errno;
	while (got + 1 < len && (n = read(fd, buf + got, len - 1 - got)) > 0)
		got += n;
	n = n < 0 ? -errno : (ssize_t)got;
	close(fd);
	buf[got] = '\0';
	return n;
}

int sb_write_file(const char *path, const char *s)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC);
	int ret = 0;

	if (fd < 0)
		return -errno;
	if (write(fd, s, strlen(s)) < 0)
		ret = -errno;
	close(fd);
	return ret;
}

int sb_read_long(const char *path, long *val)
{
	char buf[64], *end;
	ssize_t n = sb_read_file(path, buf, sizeof(buf));

	if (n < 0)
		return n;
	errno = 0;
	*val = strtol(buf, &end, 10);
	return (errno || end == buf) ? -EINVAL : 0;
}

int sb_cgroup_write(const char *dir, const char *file, const char *val)
{
	char path[256];

	snprintf(path, sizeof(path), "%s/%s", dir, file);
	return sb_write_file(path, val);
}

int sb_cgroup_create(const char *dir, unsigned int weight)
{
	char w[16];

	rmdir(dir);
	if (mkdir(dir, 0755))
		return -errno;
	snprintf(w, sizeof(w), "%u", weight);
	return weight ? sb_cgroup_write(dir, "cpu.weight", w) : 0;
}

int sb_cgroup_enable_cpu(const char *dir)
{
	return sb_cgroup_write(dir, "cgroup.subtree_control", "+cpu");
}

int sb_cgroup_move(const char *dir, pid_t pid)
{
	char num[16];

	snprintf(num, sizeof(num), "%d", pid);
	return sb_cgroup_write(dir, "cgroup.procs", num);
}

long sb_cgroup_usage_usec(const char *dir)
{
	char path[256], buf[1024], *p;

	snprintf(path, sizeof(path), "%s/cpu.stat", dir);
	if (sb_read_file(path, buf, sizeof(buf)) < 0 || !(p = strstr(buf, "usage_usec ")))
		return -1;
	return atol(p + 11);
}

int sb_pin_cpu(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(0, sizeof(set), &set) ? -errno : 0;
}

/* struct sched_attr as of Linux 4.13: glibc 2.36 has neither it nor sched_setattr(). */
struct sb_sched_attr {
	unsigned int size, sched_policy;
	unsigned long long sched_flags;
	int sched_nice;
	unsigned int sched_priority;
	unsigned long long sched_runtime, sched_deadline, sched_period;
	unsigned int sched_util_min, sched_util_max;
};

int sb_set_slice(pid_t pid, unsigned long long ns)
{
	struct sb_sched_attr a = { .size = sizeof(a), .sched_policy = SCHED_OTHER,
				   .sched_runtime = ns };

	return syscall(SYS_sched_setattr, pid, &a, 0) ? -errno : 0;
}

int sb_get_slice(pid_t pid, unsigned long long *ns)
{
	struct sb_sched_attr a = { 0 };

	if (syscall(SYS_sched_getattr, pid, &a, sizeof(a), 0))
		return -errno;
	*ns = a.sched_runtime;
	return 0;
}

int sb_set_deadline(pid_t pid, unsigned long long runtime, unsigned long long period)
{
	struct sb_sched_attr a = { .size = sizeof(a), .sched_policy = SCHED_DEADLINE,
				   .sched_runtime = runtime, .sched_deadline = period,
				   .sched_period = period };

	return syscall(SYS_sched_setattr, pid, &a, 0) ? -errno : 0;
}

unsigned long long sb_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

void sb_spin_ns(unsigned long long ns)
{
	unsigned long long end = sb_now_ns() + ns;

	while (sb_now_ns() < end)
		;
}

void sb_sleep_ns(unsigned long long ns)
{
	struct timespec ts = { ns / 1000000000ULL, ns % 1000000000ULL };

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

int sb_feature_get(const char *name)
{
	static char buf[4096];
	ssize_t n = sb_read_file(SB_FEATURES, buf, sizeof(buf));
	char *tok, *save;

	if (n < 0)
		return n;
	for (tok = strtok_r(buf, " \n", &save); tok; tok = strtok_r(NULL, " \n", &save)) {
		if (!strcmp(tok, name))
			return 1;
		if (!strncmp(tok, "NO_", 3) && !strcmp(tok + 3, name))
			return 0;
	}
	return -ENOENT;
}

int sb_feature_set(const char *name, bool on)
{
	char buf[64];

	snprintf(buf, sizeof(buf), "%s%s", on ? "" : "NO_", name);
	return sb_write_file(SB_FEATURES, buf);
}

int sb_features_save(char *saved, size_t len)
{
	ssize_t n = sb_read_file(SB_FEATURES, saved, len);

	if (n < 0)
		return (int)n;
	return n == 0 ? -ENODATA : 0;
}

int sb_features_restore(const char *saved)
{
	char copy[SB_FEATURES_LEN], *tok, *save;
	int ret = 0, r;

	snprintf(copy, sizeof(copy), "%s", saved);
	for (tok = strtok_r(copy, " \n", &save); tok; tok = strtok_r(NULL, " \n", &save)) {
		r = sb_write_file(SB_FEATURES, tok);
		if (r && !ret)
			ret = r;
	}
	return ret;
}

static int trace_write(const char *file, const char *s)
{
	char path[128];

	snprintf(path, sizeof(path), SB_TRACING "/%s", file);
	return sb_write_file(path, s);
}

/* Opening the trace file with O_TRUNC empties the ring buffer. */
static int trace_clear(void)
{
	int fd = open(SB_TRACING "/trace", O_WRONLY | O_TRUNC | O_CLOEXEC);

	if (fd < 0)
		return -errno;
	close(fd);
	return 0;
}

int sb_trace_start(const char *cpumask, unsigned int buffer_kb)
{
	char kb[32];
	int ret;

	snprintf(kb, sizeof(kb), "%u", buffer_kb);
	trace_write("tracing_on", "0");
	ret = trace_write("buffer_size_kb", kb);
	ret = ret ?: trace_write("tracing_cpumask", cpumask);
	ret = ret ?: trace_clear();
	ret = ret ?: trace_write("events/sched/sched_switch/enable", "1");
	ret = ret ?: trace_write("tracing_on", "1");
	return ret;
}

int sb_trace_stop(void)
{
	int ret = trace_write("tracing_on", "0");

	trace_write("events/sched/sched_switch/enable", "0");
	return ret;
}

bool sb_trace_overrun(void)
{
	char path[128], buf[1024], *p;
	int cpu;

	for (cpu = 0; cpu < 64; cpu++) {
		snprintf(path, sizeof(path), SB_TRACING "/per_cpu/cpu%d/stats", cpu);
		if (sb_read_file(path, buf, sizeof(buf)) < 0)
			break;
		p = strstr(buf, "overrun: ");
		if (p && atol(p + 9) > 0)
			return true;
	}
	return false;
}

/* Parse one line of the text trace; returns false if it is not a sched_switch. */
static bool parse_switch(const char *line, struct sb_switch *sw)
{
	const char *p = strstr(line, " sched_switch: ");
	const char *cpu = strchr(line, '[');
	const char *prev, *state, *next;

	if (!p || !cpu || cpu > p)
		return false;
	prev = strstr(p, " prev_pid=");
	state = strstr(p, " prev_state=");
	next = strstr(p, " next_pid=");
	if (!prev || !state || !next)
		return false;
	sw->cpu = atoi(cpu + 1);
	sw->prev_pid = atoi(prev + 10);
	sw->prev_state = state[12];
	sw->next_pid = atoi(next + 10);
	return true;
}

long sb_trace_foreach(void (*fn)(const struct sb_switch *sw, void *arg), void *arg)
{
	FILE *f = fopen(SB_TRACING "/trace", "re");
	char line[512];
	struct sb_switch sw;
	long n = 0;

	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f)) {
		if (line[0] == '#' || !parse_switch(line, &sw))
			continue;
		fn(&sw, arg);
		n++;
	}
	fclose(f);
	return n;
}

/* Field n (0: CPU time in ns, 1: wait time in ns, 2: runs) of /proc/PID/schedstat, or 0. */
static unsigned long long schedstat_field(pid_t pid, int n)
{
	char path[64], buf[128], *s = buf;
	unsigned long long v = 0;

	snprintf(path, sizeof(path), "/proc/%d/schedstat", pid);
	if (sb_read_file(path, buf, sizeof(buf)) <= 0)
		return 0;
	for (int i = 0; i <= n; i++)
		v = strtoull(s, &s, 10);
	return v;
}

unsigned long long sb_task_cpu_ns(pid_t pid)
{
	return schedstat_field(pid, 0);
}

unsigned long long sb_task_runs(pid_t pid)
{
	return schedstat_field(pid, 2);
}

unsigned long long sb_task_wait_max_ns(pid_t pid)
{
	char path[64], line[256];
	unsigned long long ms = 0, frac = 0;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/sched", (int)pid);
	f = fopen(path, "re");
	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f)) {
		char *colon = strchr(line, ':');

		/* "wait_max    :    12.345678": ms, then ns within the ms */
		if (strncmp(line, "wait_max ", 9) || !colon)
			continue;
		if (sscanf(colon + 1, " %llu.%llu", &ms, &frac) != 2)
			ms = frac = 0;
		break;
	}
	fclose(f);
	return ms * 1000000ULL + frac;
}

int sb_sched_debug_sums(const char *const *fields, int n, long *sums)
{
	FILE *f = fopen("/sys/kernel/debug/sched/debug", "re");
	char line[256], key[80];

	for (int i = 0; i < n; i++)
		sums[i] = -1;
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		for (int i = 0; i < n; i++) {
			char *p, *colon;

			snprintf(key, sizeof(key), ".%s ", fields[i]);
			if (!(p = strstr(line, key)) || !(colon = strchr(p, ':')))
				continue;
			sums[i] = (sums[i] < 0 ? 0 : sums[i]) + atol(colon + 1);
			break;
		}
	}
	fclose(f);
	return 0;
}

long sb_sched_debug_sum(const char *field)
{
	long sum;

	sb_sched_debug_sums(&field, 1, &sum);
	return sum;
}
