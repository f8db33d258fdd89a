// SPDX-License-Identifier: GPL-2.0
/*
 * sbtest: run the registered in-guest tests, each in its own process group with a timeout,
 * and report KTAP on stdout.
 *
 *   sbtest            run all tests
 *   sbtest NAME...    run the named tests
 *   sbtest -l         list the tests
 */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "sbtest.h"

#define MAX_TESTS 64

static const struct sb_test *tests[MAX_TESTS];
static int ntests;

void sb_register(const struct sb_test *test)
{
	if (ntests == MAX_TESTS) {
		fprintf(stderr, "sbtest: too many tests, raise MAX_TESTS\n");
		exit(2);
	}
	tests[ntests++] = test;
}

static int by_order(const void *a, const void *b)
{
	const struct sb_test *x = *(const struct sb_test **)a;
	const struct sb_test *y = *(const struct sb_test **)b;

	return x->order != y->order ? x->order - y->order : strcmp(x->name, y->name);
}

static volatile sig_atomic_t timed_out;

static void on_alarm(int sig)
{
	(void)sig;
	timed_out = 1;
}

/* Run one test in a child; returns its result and sets *why for a timeout or crash. */
static enum sb_result run_one(const struct sb_test *t, char *why, size_t len)
{
	struct sigaction sa = { .sa_handler = on_alarm };
	int status;
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid < 0) {
		snprintf(why, len, "fork: %s", strerror(errno));
		return SB_FAIL;
	}
	if (!pid) {
		setpgid(0, 0);
		exit(t->run());
	}
	setpgid(pid, pid);
	timed_out = 0;
	sigaction(SIGALRM, &sa, NULL);
	alarm(t->timeout_s);
	while (waitpid(pid, &status, 0) < 0) {
		if (errno == EINTR && timed_out) {
			kill(-pid, SIGKILL);
			waitpid(pid, &status, 0);
			snprintf(why, len, "TIMEOUT after %us", t->timeout_s);
			return SB_FAIL;
		}
	}
	alarm(0);
	kill(-pid, SIGKILL);		/* whatever the test left behind */
	if (WIFSIGNALED(status)) {
		snprintf(why, len, "killed by signal %d", WTERMSIG(status));
		return SB_FAIL;
	}
	switch (WEXITSTATUS(status)) {
	case SB_PASS:
		return SB_PASS;
	case SB_SKIP:
		return SB_SKIP;
	default:
		return SB_FAIL;
	}
}

static const struct sb_test *find(const char *name)
{
	for (int i = 0; i < ntests; i++)
		if (!strcmp(tests[i]->name, name))
			return tests[i];
	return NULL;
}

int main(int argc, char **argv)
{
	const struct sb_test *run[MAX_TESTS];
	int nrun = 0, failed = 0;

	qsort(tests, ntests, sizeof(tests[0]), by_order);
	if (argc == 2 && !strcmp(argv[1], "-l")) {
		for (int i = 0; i < ntests; i++)
			printf("%-20s %s\n", tests[i]->name, tests[i]->description);
		return 0;
	}
	for (int i = 1; i < argc; i++) {
		run[nrun] = find(argv[i]);
		if (!run[nrun]) {
			fprintf(stderr, "sbtest: no test named '%s' (sbtest -l lists them)\n", argv[i]);
			return 2;
		}
		nrun++;
	}
	if (argc == 1) {
		memcpy(run, tests, sizeof(tests[0]) * ntests);
		nrun = ntests;
	}

	setvbuf(stdout, NULL, _IOLBF, 0);
	printf("KTAP version 1\n1..%d\n", nrun);
	for (int i = 0; i < nrun; i++) {
		char why[128] = "";
		enum sb_result r;

		printf("# running: %s\n", run[i]->name);
		r = run_one(run[i], why, sizeof(why));
		failed += r == SB_FAIL;
		printf("%s %d %s%s%s\n", r == SB_FAIL ? "not ok" : "ok", i + 1, run[i]->name,
		       r == SB_SKIP ? " # SKIP" : why[0] ? " # " : "", why);
	}
	return failed ? 1 : 0;
}
