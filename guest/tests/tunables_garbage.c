// SPDX-License-Identifier: GPL-2.0
/*
 * Garbage written to sched/features is rejected and changes nothing: unknown names,
 * NO_NO_X, lower case, two names, empty, overlong, binary. Each write must fail, and the
 * file must read the same before and after. An accepted write is undone before the test
 * fails, naming the input. Both kernels run it; the patched one's file lists the
 * series' features too.
 *
 * The series has no knob of its own any more: its granularity G is base_slice_ns, a
 * debugfs u32 of stock 6.12 that keeps the low 32 bits of a larger number on either
 * kernel, so it is not fed garbage here.
 */
#include "kselftest_harness.h"

#include <fcntl.h>

#include "buddy_lib.h"

struct garbage {
	const char *what;
	const char *buf;
	size_t len;
};

#define G(what, s) { what, s, sizeof(s) - 1 }

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
 * Write each input to path, the sched features file; count the accepted writes and the
 * ones that changed it, undoing each change.
 */
static int try_all(const char *path, const struct garbage *g, size_t n)
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
			sb_features_restore(before);
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

TEST(sched_features)
{
	ASSERT_EQ(0, try_all(SB_FEATURES, feature_garbage, ARRAY_SIZE(feature_garbage)))
		TH_LOG("%s accepted garbage writes", SB_FEATURES);
}

TEST_HARNESS_MAIN
