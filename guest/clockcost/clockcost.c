// SPDX-License-Identifier: GPL-2.0
/*
 * clockcost: the per-call cost of the scheduler's clocks, for the sched-buddy benchmark.
 *
 * At load time, for each clock read below, time @calls back-to-back calls with
 * ktime_get_ns(), @rounds times, and keep the minimum and the median of the per-call
 * cost. The reads run with preemption disabled, as the scheduler calls them; the
 * "_irqsave" variants wrap each read in local_irq_save()/local_irq_restore(), the cost
 * that 2008's "sched: optimize sched_clock() a bit" removed from native_sched_clock().
 * "irqsave" alone is the save/restore pair without a read, "empty" the bare loop.
 * "idle_wakeup" is sched_clock_idle_wakeup_event() as the idle exit calls it, with
 * IRQs disabled: with a stable clock it returns at once, with an unstable one (boot
 * with tsc=unstable) it resyncs the per-CPU clock.
 *
 * Results: /sys/kernel/debug/clockcost/results, one CSV line per figure,
 * "clockcost,<read>_<min|median>_ns,<value>", in nanoseconds with three decimals (under
 * QEMU's -icount these are instruction-count nanoseconds, not wall time).
 *
 * Loaded only inside a guest (guest/clockcost/load), never on the host.
 */
#include <linux/debugfs.h>
#include <linux/irqflags.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/preempt.h>
#include <linux/sched/clock.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/sort.h>

static unsigned int calls = 20000;
module_param(calls, uint, 0444);
MODULE_PARM_DESC(calls, "calls per round (default 20000)");

static unsigned int rounds = 11;
module_param(rounds, uint, 0444);
MODULE_PARM_DESC(rounds, "rounds per clock read (default 11)");

enum cc_read {
	CC_EMPTY,
	CC_IRQSAVE,
	CC_SCHED_CLOCK,
	CC_LOCAL_CLOCK,
	CC_SCHED_CLOCK_CPU,
	CC_SCHED_CLOCK_IRQSAVE,
	CC_LOCAL_CLOCK_IRQSAVE,
	CC_SCHED_CLOCK_CPU_IRQSAVE,
	CC_IDLE_WAKEUP,
	CC_NR,
};

static const char *const cc_name[CC_NR] = {
	[CC_EMPTY] = "empty",
	[CC_IRQSAVE] = "irqsave",
	[CC_SCHED_CLOCK] = "sched_clock",
	[CC_LOCAL_CLOCK] = "local_clock",
	[CC_SCHED_CLOCK_CPU] = "sched_clock_cpu",
	[CC_SCHED_CLOCK_IRQSAVE] = "sched_clock_irqsave",
	[CC_LOCAL_CLOCK_IRQSAVE] = "local_clock_irqsave",
	[CC_SCHED_CLOCK_CPU_IRQSAVE] = "sched_clock_cpu_irqsave",
	[CC_IDLE_WAKEUP] = "idle_wakeup",
};

/* per-call cost in picoseconds */
static u64 cc_min[CC_NR], cc_median[CC_NR];
static struct dentry *cc_dir;

/* Keeps the compiler from dropping the reads. */
static u64 cc_sink;

/*
 * @calls reads of @read, summed into @acc so that the compiler keeps them. One loop
 * per kind of read: a switch inside the loop would add its dispatch to every call.
 */
#define CC_LOOP(read) do {						\
	for (i = 0; i < calls; i++)					\
		acc += (read);						\
} while (0)

static __always_inline u64 cc_irqsave(u64 (*read)(int cpu), int cpu)
{
	unsigned long flags;
	u64 t;

	local_irq_save(flags);
	t = read ? read(cpu) : 0;
	local_irq_restore(flags);
	return t;
}

static __always_inline u64 cc_none(int cpu) { barrier(); return 0; }
static __always_inline u64 cc_sched_clock(int cpu) { return sched_clock(); }
static __always_inline u64 cc_local_clock(int cpu) { return local_clock(); }
static __always_inline u64 cc_idle_wakeup(int cpu)
{
	sched_clock_idle_wakeup_event();
	return 0;
}

/* One round: picoseconds per call of @calls reads of kind @r. */
static u64 cc_round(enum cc_read r)
{
	u64 start, end, acc = 0;
	unsigned int i;
	int cpu;

	preempt_disable();
	cpu = smp_processor_id();
	start = ktime_get_ns();
	switch (r) {
	case CC_EMPTY:
		CC_LOOP(cc_none(cpu));
		break;
	case CC_IRQSAVE:
		CC_LOOP(cc_irqsave(NULL, cpu));
		break;
	case CC_SCHED_CLOCK:
		CC_LOOP(cc_sched_clock(cpu));
		break;
	case CC_LOCAL_CLOCK:
		CC_LOOP(cc_local_clock(cpu));
		break;
	case CC_SCHED_CLOCK_CPU:
		CC_LOOP(sched_clock_cpu(cpu));
		break;
	case CC_SCHED_CLOCK_IRQSAVE:
		CC_LOOP(cc_irqsave(cc_sched_clock, cpu));
		break;
	case CC_LOCAL_CLOCK_IRQSAVE:
		CC_LOOP(cc_irqsave(cc_local_clock, cpu));
		break;
	case CC_SCHED_CLOCK_CPU_IRQSAVE:
		CC_LOOP(cc_irqsave(sched_clock_cpu, cpu));
		break;
	case CC_IDLE_WAKEUP:
		CC_LOOP(cc_irqsave(cc_idle_wakeup, cpu));
		break;
	default:
		break;
	}
	end = ktime_get_ns();
	preempt_enable();
	WRITE_ONCE(cc_sink, cc_sink + acc);
	return div_u64((end - start) * 1000, calls);
}

static int cc_cmp(const void *a, const void *b)
{
	u64 x = *(const u64 *)a, y = *(const u64 *)b;

	return x < y ? -1 : x > y;
}

static int cc_measure(void)
{
	u64 *ps;
	unsigned int i;
	int r;

	ps = kcalloc(rounds, sizeof(*ps), GFP_KERNEL);
	if (!ps)
		return -ENOMEM;
	for (r = 0; r < CC_NR; r++) {
		cc_round(r);	/* warm up */
		for (i = 0; i < rounds; i++) {
			ps[i] = cc_round(r);
			cond_resched();
		}
		sort(ps, rounds, sizeof(*ps), cc_cmp, NULL);
		cc_min[r] = ps[0];
		cc_median[r] = ps[rounds / 2];
	}
	kfree(ps);
	return 0;
}

static int results_show(struct seq_file *m, void *v)
{
	int r;

	for (r = 0; r < CC_NR; r++) {
		seq_printf(m, "clockcost,%s_min_ns,%llu.%03llu\n", cc_name[r],
			   cc_min[r] / 1000, cc_min[r] % 1000);
		seq_printf(m, "clockcost,%s_median_ns,%llu.%03llu\n", cc_name[r],
			   cc_median[r] / 1000, cc_median[r] % 1000);
	}
	seq_printf(m, "clockcost,calls,%u\nclockcost,rounds,%u\n", calls, rounds);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(results);

static int __init clockcost_init(void)
{
	int ret;

	if (!calls || !rounds || calls > 10000000 || rounds > 1001) {
		pr_err("clockcost: calls must be 1..10000000, rounds 1..1001\n");
		return -EINVAL;
	}
	ret = cc_measure();
	if (ret)
		return ret;
	cc_dir = debugfs_create_dir("clockcost", NULL);
	debugfs_create_file("results", 0444, cc_dir, NULL, &results_fops);
	return 0;
}

static void __exit clockcost_exit(void)
{
	debugfs_remove_recursive(cc_dir);
}

module_init(clockcost_init);
module_exit(clockcost_exit);
MODULE_DESCRIPTION("Per-call cost of sched_clock(), local_clock() and sched_clock_cpu()");
MODULE_LICENSE("GPL");
