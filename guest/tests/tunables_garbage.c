// SPDX-License-Identifier: GPL-2.0
/*
 * Garbage written to the scheduler's debugfs knobs is rejected and changes nothing:
 * /sys/kernel/debug/sched/buddy_gran_ns (negative, beyond its 32 bits, non-numeric, empty,
 * overlong, binary) and sched/features (unknown names, NO_NO_X, lower case, two names,
 * empty, overlong, binary). Each write must fail, and the file must read the same before
 * and after. An accepted write is undone before the test fails, naming the input.
 * On the base kernel, which has no buddy_gran_ns, only sched/features is checked.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sbtest.h"

#define GRAN "/sys/kernel/debug/sched/buddy_gran_ns"

struct garbage {
	const char *what;
	const char *buf;
	size_t len;
};

#define G(what, s) { what, s, sizeof(s) - 1 }

static const struct garbage gran_garbage[] = {
	G("negative", "-1"),
	G("negative", "-700000\n"),
	G("2^32, wraps to 0 in 32 bits", "4294967296"),
	G("2^32 + 1000, wraps to 1000", "4294968296\n"),
	G("10^12", "1000000000000"),
	G("2^64 - 1", "18446744073709551615"),
	G("beyond 64 bits", "18446744073709551616"),
	G("non-numeric", "abc"),
	G("number with a suffix", "700000ns"),
	G("fraction", "0.7"),
	G("two numbers", "700000 700000"),
	G("empty", ""),
	G("a newline", "\n"),
	G("overlong", "1000000000000000000000000000000000000000000000000"),
	G("binary", "\x01\x02\xff\xfe"),
	G("NUL first", "\0" "700000"),
};

static const struct garbage feature_garbage[] = {
	G("unknown name", "NO_SUCH_FEATURE"),
	G("NO_NO_X", "NO_NO_NEXT_BUDDY"),
	G("NO_ alone", "NO_"),
	G("lower case", "next_buddy"),
	G("two names", "NEXT_BUDDY NO_LAST_BUDDY"),
	G("empty", ""),
	G("a newline", "\n"),
	G("overlong", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
		      "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"),
	G("binary", "\x01\x02\xff\xfe"),
	G("NUL first", "\0" "NEXT_BUDDY"),
};

/* One write() of exactly len bytes; returns 0 if the kernel accepted it, else -errno. */
static int raw_write(const char *path, const char *buf, size_t len)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC);
	int ret = 0;

	if (fd < 0)
		return -errno;
	if (write(fd, buf, len) < 0)
		ret = -errno;
	close(fd);
	return ret;
}

/* Printable form of a garbage input for the report. */
static const char *show(const struct garbage *g)
{
	static char out[96];
	size_t o = 0;

	for (size_t i = 0; i < g->len && o + 5 < sizeof(out); i++) {
		unsigned char c = g->buf[i];

		if (c >= 0x20 && c < 0x7f)
			out[o++] = c;
		else
			o += snprintf(out + o, sizeof(out) - o, "\\x%02x", c);
	}
	if (o + 5 >= sizeof(out))
		o += snprintf(out + o, sizeof(out) - o, "...");
	out[o] = '\0';
	return out;
}

/*
 * Write each input to path; count the accepted writes and the ones that changed the file.
 * restore undoes a change.
 */
static int try_all(const char *path, const struct garbage *g, size_t n,
		   void (*restore)(const char *saved))
{
	char before[4096], after[4096];
	int bad = 0;

	for (size_t i = 0; i < n; i++) {
		int ret;
		bool changed;

		if (sb_read_file(path, before, sizeof(before)) < 0) {
			sb_info("cannot read %s", path);
			return -1;
		}
		ret = raw_write(path, g[i].buf, g[i].len);
		changed = sb_read_file(path, after, sizeof(after)) < 0 || strcmp(before, after);
		if (changed)
			restore(before);
		if (!ret || changed) {
			after[strcspn(after, "\n")] = '\0';
			sb_info("%s: %s \"%s\" (%zu bytes): write %s%s%.40s%s", path, g[i].what,
				show(&g[i]), g[i].len, ret ? strerror(-ret) : "ACCEPTED",
				changed ? ", contents CHANGED to \"" : "", changed ? after : "",
				changed ? "\" (restored)" : "");
			bad++;
		}
	}
	sb_info("%s: %d of %zu garbage writes accepted or changed it", path, bad, n);
	return bad;
}

static void restore_gran(const char *saved)
{
	char val[32];

	snprintf(val, sizeof(val), "%ld", atol(saved));
	sb_write_file(GRAN, val);
}

static void restore_features(const char *saved)
{
	sb_features_restore(saved);
}

static enum sb_result tunables_garbage(void)
{
	const char *kernel = getenv("SB_KERNEL");
	bool base = kernel && !strcmp(kernel, "base");
	int bad_gran = 0, bad_feat;

	if (access(GRAN, F_OK)) {
		sb_info("no %s%s", GRAN, base ? " (expected on the base kernel)" : "");
		SB_FAIL_IF(!base, "the patched kernel has no %s", GRAN);
	} else {
		bad_gran = try_all(GRAN, gran_garbage,
				   sizeof(gran_garbage) / sizeof(*gran_garbage), restore_gran);
	}
	bad_feat = try_all(SB_FEATURES, feature_garbage,
			   sizeof(feature_garbage) / sizeof(*feature_garbage), restore_features);
	SB_FAIL_IF(bad_gran, "%s accepted %d garbage writes", GRAN, bad_gran);
	SB_FAIL_IF(bad_feat, "%s accepted %d garbage writes", SB_FEATURES, bad_feat);
	return SB_PASS;
}
SB_TEST(tunables_garbage, "garbage written to buddy_gran_ns and sched/features is rejected", 20);
