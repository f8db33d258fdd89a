/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The fixture of the buddy tests, on the kernel tree's kselftest_harness.h. A test file
 * includes it (first: the harness sets _GNU_SOURCE) and names what it needs, sched
 * features and buddy counters (sb_missing_need()): a test of NEXT_BUDDY's bounds alone
 * names a counter of theirs, since they have no feature,
 *
 *	const char *const buddy_needs[] = { "NEXT_BUDDY", "buddy_next_too_long", NULL };
 *
 * and one of the last buddy too names LAST_BUDDY.
 *
 *	TEST_F_TIMEOUT(buddies, some_case, 60) { ... }
 *
 * Setup: every need must be there. On the base kernel (sb_base_kernel()) a missing one
 * skips the case, which shows it cannot pass without the series; so it does on the
 * patched kernel of another version than 6.12 (sb_series_version(): 7.3's series has no
 * BUDDY_ROOT, nothing to contain on one runqueue); on any other kernel it fails the
 * case. Schedstats go on (the buddy counters need them) and the whole sched feature set
 * is saved. Where the kernel has
 * BUDDY_ROOT (off as it boots) it goes on: the cases test the rules on tasks of the root
 * queue, and buddy_root switches it itself. Where it has WARN_BUDDY_WINDOW that goes on
 * too: the kernel checks the window of every buddy pick a case makes, and a buddy taken
 * after it is a WARN, which fails the run (host/boot.sh, dmesg_clean). Teardown writes the
 * saved set back after the
 * case, passed or failed; a failed write back fails the case. It runs in the harness's
 * parent process (FIXTURE_TEARDOWN_PARENT, the fixture data shared): the harness's child
 * teardown after a failed ASSERT tests a local written after setjmp(), which longjmp()
 * leaves indeterminate, and at -O2 it skipped the teardown, leaving the case's features
 * (NEXT_BUDDY on) to the next test file. A case killed at its timeout (the harness kills
 * its process group) is not torn down.
 */
#ifndef BUDDY_FIXTURE_H
#define BUDDY_FIXTURE_H

#include "kselftest_harness.h"

#include "buddy_lib.h"

extern const char *const buddy_needs[];

FIXTURE(buddies) {
	char features[SB_FEATURES_LEN];	/* the feature set as the setup found it */
};

FIXTURE_SETUP(buddies)
{
	const char *missing = sb_missing_need(buddy_needs);
	const char *version = sb_series_version();
	const char *what = missing && sb_need_is_counter(missing) ? "counter" : "sched feature";

	if (missing && sb_base_kernel())
		SKIP(return, "no %s %s (expected on the base kernel)", what, missing);
	if (missing && strcmp(version, "6.12"))
		SKIP(return, "no %s %s (not in the %s series)", what, missing, version);
	ASSERT_NULL(missing) TH_LOG("this kernel has no %s %s", what, missing);
	ASSERT_EQ(0, sb_schedstats_on()) TH_LOG("cannot enable schedstats");
	ASSERT_EQ(0, sb_features_save(self->features, sizeof(self->features)))
		TH_LOG("cannot read " SB_FEATURES);
	if (sb_feature_get("BUDDY_ROOT") >= 0)
		ASSERT_EQ(0, sb_feature_set("BUDDY_ROOT", true)) TH_LOG("cannot set BUDDY_ROOT");
	if (sb_feature_get("WARN_BUDDY_WINDOW") >= 0)
		ASSERT_EQ(0, sb_feature_set("WARN_BUDDY_WINDOW", true))
			TH_LOG("cannot set WARN_BUDDY_WINDOW");
}

/*
 * Not EXPECT_EQ(...) TH_LOG(...): after a failed ASSERT in the case the harness leaves its
 * trigger set, and the EXPECT's log would print even though the restore succeeded.
 */
FIXTURE_TEARDOWN_PARENT(buddies)
{
	if (sb_features_restore(self->features)) {
		TH_LOG("cannot restore the sched features: %s", self->features);
		_metadata->exit_code = KSFT_FAIL;
	}
}

#endif
