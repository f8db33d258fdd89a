// SPDX-License-Identifier: GPL-2.0
/*
 * Reading /proc: the fields of a task's stat line, and every process in turn. Shared by
 * the monitor, the scanner and the report of a stress-ng that does not finish.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "torture.h"

/* Fields 3 (state), 39 (processor) and 41 (policy) of a /proc/.../stat line; 0 or -1. */
int stat_fields(const char *line, char *state, int *cpu, int *policy)
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

bool rt_policy(int policy)
{
	return policy == SCHED_FIFO || policy == SCHED_RR || policy == 6 /* SCHED_DEADLINE */;
}

/* Reread an open stat file; 0, or -1 once the task is gone. */
int rt_read(int fd, char *state, int *cpu, int *policy)
{
	char buf[1024];
	ssize_t n = pread(fd, buf, sizeof(buf) - 1, 0);

	if (n <= 0)
		return -1;
	buf[n] = '\0';
	return stat_fields(buf, state, cpu, policy);
}

/* Call fn for every process in /proc. */
void for_each_pid(void (*fn)(pid_t pid))
{
	DIR *procdir = opendir("/proc");
	struct dirent *p;

	while (procdir && (p = readdir(procdir)))
		if (atoi(p->d_name) > 0)
			fn(atoi(p->d_name));
	if (procdir)
		closedir(procdir);
}
