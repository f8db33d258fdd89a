// SPDX-License-Identifier: GPL-2.0
/*
 * buddy_gran_ns keeps what was written across CPU hotplug. The fair class rescales its
 * CPU-count-scaled tunables from their normalized values whenever a CPU goes offline or
 * online (update_sysctl()); a value written to a scaled file only is lost there. The
 * granularity reads one base slice by default and follows base_slice_ns; a write pins it,
 * 0 makes it follow the base slice again. The case takes CPU 1 offline and online with
 * the granularity written, then with it following the base slice, and restores both
 * files and the CPU.
 */
#include "kselftest_harness.h"

#include <unistd.h>

#include "buddy_lib.h"

#define GRAN	"/sys/kernel/debug/sched/buddy_gran_ns"
#define SLICE	"/sys/kernel/debug/sched/base_slice_ns"
#define CPU1	"/sys/devices/system/cpu/cpu1/online"
#define WRITTEN	500000

static int cycle_cpu1(void)
{
	return sb_write_file(CPU1, "0") ?: sb_write_file(CPU1, "1");
}

TEST(kept_across_hotplug)
{
	long saved, slice, after_write, after_cycle, followed, followed_cycle;
	char val[32];
	int ret;

	if (access(GRAN, F_OK) && sb_base_kernel())
		SKIP(return, "no %s (expected on the base kernel)", GRAN);
	ASSERT_EQ(0, sb_read_long(GRAN, &saved)) TH_LOG("cannot read %s", GRAN);
	ASSERT_EQ(0, sb_read_long(SLICE, &slice)) TH_LOG("cannot read %s", SLICE);
	ASSERT_EQ(0, access(CPU1, W_OK)) TH_LOG("CPU 1 cannot go offline here (%s)", CPU1);

	snprintf(val, sizeof(val), "%d", WRITTEN);
	ret = sb_write_file(GRAN, val) ?: sb_read_long(GRAN, &after_write) ?:
	      cycle_cpu1() ?: sb_read_long(GRAN, &after_cycle) ?:
	      sb_write_file(GRAN, "0") ?: sb_read_long(GRAN, &followed) ?:
	      cycle_cpu1() ?: sb_read_long(GRAN, &followed_cycle);

	/* Put back what the case found; a pinned value stays pinned. */
	sb_write_file(CPU1, "1");
	if (saved != slice) {
		snprintf(val, sizeof(val), "%ld", saved);
		sb_write_file(GRAN, val);
	}
	ASSERT_EQ(0, ret) TH_LOG("a write, a read or the hotplug failed: %d", ret);
	ksft_print_msg("buddy_gran_ns: %ld as found, base slice %ld; wrote %d: read %ld, after CPU 1 offline+online %ld; wrote 0: read %ld, after offline+online %ld\n",
		       saved, slice, WRITTEN, after_write, after_cycle, followed,
		       followed_cycle);
	EXPECT_EQ(WRITTEN, after_write);
	EXPECT_EQ(WRITTEN, after_cycle) TH_LOG("the written granularity was lost on hotplug");
	EXPECT_EQ(slice, followed) TH_LOG("0 did not make it follow the base slice");
	EXPECT_EQ(slice, followed_cycle);
}

TEST_HARNESS_MAIN
