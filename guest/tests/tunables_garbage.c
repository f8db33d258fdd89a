// SPDX-License-Identifier: GPL-2.0
/*
 * Garbage written to the scheduler's debugfs knobs is rejected and changes nothing:
 * /sys/kernel/debug/sched/buddy_gran_ns (negative, beyond its 32 bits, non-numeric, empty,
 * overlong, binary) and sched/features (unknown names, NO_NO_X, lower case, two names,
 * empty, overlong, binary). Each write must fail, and the file must read the same before
 * and after. An accepted write is undone before the test fails, naming the input.
 * One case per file; the base kernel has no buddy_gran_ns, and skips that case.
 */
#include "kselftest_harness.h"

#include <fcntl.h>

#include "buddy_lib.h"

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
			ksft_print_msg("cannot read %s\n", path);
			return -1;
		}
		ret = raw_write(path, g[i].buf, g[i].len);
		changed = sb_read_file(path, after, sizeof(after)) < 0 || strcmp(before, after);
		if (changed)
			restore(before);
		if (!ret || changed) {
			after[strcspn(after, "\n")] = '\0';
			ksft_print_msg("%s: %s \"%s\" (%zu bytes): write %s%s%.40s%s\n", path,
				       g[i].what, show(&g[i]), g[i].len,
				       ret ? strerror(-ret) : "ACCEPTED",
				       changed ? ", contents CHANGED to \"" : "", changed ? after : "",
				       changed ? "\" (restored)" : "");
			bad++;
		}
	}
	ksft_print_msg("%s: %d of %zu garbage writes accepted or changed it\n", path, bad, n);
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

TEST(buddy_gran_ns)
{
	if (access(GRAN, F_OK) && sb_base_kernel())
		SKIP(return, "no %s (expected on the base kernel)", GRAN);
	ASSERT_EQ(0, access(GRAN, F_OK)) TH_LOG("this kernel has no %s", GRAN);
	ASSERT_EQ(0, try_all(GRAN, gran_garbage, ARRAY_SIZE(gran_garbage), restore_gran))
		TH_LOG("%s accepted garbage writes", GRAN);
}

TEST(sched_features)
{
	ASSERT_EQ(0, try_all(SB_FEATURES, feature_garbage, ARRAY_SIZE(feature_garbage),
			     restore_features))
		TH_LOG("%s accepted garbage writes", SB_FEATURES);
}

TEST_HARNESS_MAIN
