// SPDX-License-Identifier: GPL-2.0
/*
 * The scanner (SCHED_OTHER at nice -20): every RT_SCAN_NS a walk of every thread on the
 * system, whose real-time and deadline ones it lists in shm for the monitor. Why a
 * process of its own: the comment on the monitor's rt table (monitor.c).
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "torture.h"

#define RT_SCAN_NS	1000000000ULL

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
void scanner(void)
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
