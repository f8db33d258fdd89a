// SPDX-License-Identifier: GPL-2.0
/*
 * cachesim: a cache model for QEMU's TCG plugin API (version 1, QEMU 7.2), loaded into the
 * host's QEMU with -plugin. It models per-vCPU L1I, L1D and L2 caches and one last-level
 * cache (LLC) shared by all vCPUs, and counts per measurement window (opened and closed by
 * the guest with the markers of guest/lib/cachemark.h) and per vCPU: instructions, memory
 * accesses, accesses and misses per level, and modelled cycles. See docs/cache-model.md.
 *
 * Model:
 * - Set-associative caches with true LRU replacement; size, associativity and line size of
 *   each level are plugin arguments. Defaults, those of an AMD Zen 4 core (Ryzen 7000,
 *   EPYC 9004): L1D and L1I 32 KiB 8-way, L2 1 MiB 8-way per core, 64-byte lines; its
 *   L3 is 32 MiB 16-way shared by the 8 cores of a CCD, 4 MiB per core, so the default
 *   LLC is 8 MiB 16-way: the share of the 2 vCPUs of the project's default guest.
 * - Non-inclusive, non-exclusive: a miss fills every level it went through, an eviction
 *   removes the line from that level only. L1 misses go to the vCPU's L2, L2 misses to
 *   the LLC. Stores allocate like loads (write-allocate; write-backs are not modelled).
 * - Data accesses use guest physical addresses. Accesses to MMIO (no RAM behind them) and
 *   accesses whose address QEMU cannot translate are counted apart and not modelled.
 * - Instruction fetches: QEMU 7.2's API gives no guest physical address of an instruction,
 *   only the host address of its bytes (qemu_plugin_insn_haddr). Guest RAM is one
 *   2 MiB-aligned host mapping, so host and guest physical addresses agree modulo 2 MiB and
 *   index the same sets; but a line read both as code and as data is two lines in L2 and
 *   the LLC. Consecutive instructions of a translation block in one L1I line are one fetch
 *   (the 2nd.. would hit, and LRU order would not change): one callback per line, not
 *   per instruction. Code without host bytes (executed from MMIO) is counted apart.
 * - Coherence (argument coherence=on, the default): a store invalidates the line in the
 *   other vCPUs' L1D and L2, so data written on one vCPU misses in another's private
 *   caches (and is found in the shared LLC). Off, private caches keep stale copies, as
 *   QEMU's example plugin does (contrib/plugins/cache.c; the validation compares with it).
 * - Modelled cycles = instructions + L1 misses x l1_penalty + L2 misses x l2_penalty +
 *   LLC misses x llc_penalty (defaults 10, 40, 200: the extra latency of an L2 hit, an
 *   LLC hit and a DRAM access over the level above, in cycles of a ~3-4 GHz core). A
 *   model: TCG does not stall on a miss, the guest's time does not feel the cache.
 *
 * Windows: counters per vCPU run from the start; opening a window snapshots them, closing
 * it adds the difference to the window's sums, so windows cost nothing per access, may
 * overlap, and a window opened again accumulates (its "opens" column counts the intervals).
 * A window still open when QEMU exits is closed then. Window "run" is the whole run.
 *
 * Threads: every callback that touches the model runs on one thread when QEMU runs all vCPUs
 * on one (-accel tcg,thread=single, implied by -icount), which is what the project's
 * deterministic mode does. With MTTCG (one thread per vCPU) the shared LLC, coherence and
 * windows would race: the plugin detects a second vCPU thread and stops QEMU with a message.
 *
 * Output: CSV, header first, one line per (window, vCPU) and one "all" line per window
 * (sums over vCPUs); to the file of the out= argument, else to QEMU's plugin log.
 */
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <qemu-plugin.h>

#include "../../guest/lib/cachemark.h"

#ifndef CACHESIM_QEMU_SOURCE
#define CACHESIM_QEMU_SOURCE "unknown"
#endif
/* The code is written for API version 1 (QEMU 7.2): a header of another version fails here. */
#if QEMU_PLUGIN_VERSION != 1
#error "cachesim is written for QEMU plugin API version 1 (QEMU 7.2)"
#endif
/*
 * The API version the plugin requires of the QEMU that loads it: the header's. Only the
 * test of the refusal (host/tests/cache_model.sh) builds a copy with another value.
 */
#ifndef CACHESIM_API
#define CACHESIM_API QEMU_PLUGIN_VERSION
#endif

QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;

#define INVALID_LINE	UINT64_MAX
#define NWINDOWS	(SB_CACHEMARK_MAX_ID + 1)

struct cache {
	const char *name;
	uint64_t size, assoc, line;	/* bytes, ways, bytes */
	unsigned int line_shift;
	uint64_t set_mask;		/* sets - 1 (sets is a power of two) */
	uint64_t *tags;			/* sets x assoc line numbers, MRU first in each set */
};

/* Per-vCPU event counters, monotonic from the start of the run. */
struct counts {
	uint64_t insns;		/* instructions executed (per fetched line group) */
	uint64_t fetch_io;	/* fetched lines without host bytes: not modelled */
	uint64_t mem;		/* modelled data accesses (loads and stores to RAM) */
	uint64_t mem_io;	/* accesses to MMIO: not modelled */
	uint64_t mem_nophys;	/* accesses QEMU could not translate: not modelled */
	uint64_t l1i_miss, l1d_miss, l2_miss, llc_miss;
	uint64_t invalidated;	/* lines of this vCPU's L1D/L2 removed by others' stores */
};
#define NCOUNTS (sizeof(struct counts) / sizeof(uint64_t))

struct vcpu {
	struct cache l1i, l1d, l2;
	struct counts c;
};

struct window {
	unsigned int opens;	/* closed intervals so far */
	bool open;
	struct counts *at_open;	/* per vCPU, snapshot at the START marker */
	struct counts *sum;	/* per vCPU, sums over closed intervals */
};

static struct cache cfg_l1i = { .name = "l1i", .size = 32 << 10, .assoc = 8, .line = 64 };
static struct cache cfg_l1d = { .name = "l1d", .size = 32 << 10, .assoc = 8, .line = 64 };
static struct cache cfg_l2 = { .name = "l2", .size = 1 << 20, .assoc = 8, .line = 64 };
static struct cache llc = { .name = "llc", .size = 8 << 20, .assoc = 16, .line = 64 };
static uint64_t pen_l1 = 10, pen_l2 = 40, pen_llc = 200;
static bool coherence = true;
static const char *out_path;

static struct vcpu *vcpus;
static unsigned int nvcpus;	/* max_vcpus: hot-plugged vCPUs have their slots */
static struct window *windows[NWINDOWS];	/* allocated when first opened */
static unsigned int stray_markers;	/* STARTs of open and STOPs of closed windows */
static pthread_t model_thread;
static bool have_thread;

/* --- caches ------------------------------------------------------------------------- */

static const char *cache_check(const struct cache *c)
{
	if (!c->line || (c->line & (c->line - 1)))
		return "line size must be a power of two";
	if (!c->assoc || !c->size || c->size % (c->line * c->assoc))
		return "size must be a multiple of line size x associativity";
	uint64_t sets = c->size / (c->line * c->assoc);
	if (sets & (sets - 1))
		return "size / (line x associativity), the number of sets, must be a power of two";
	return NULL;
}

static int cache_init(struct cache *c, const struct cache *cfg)
{
	*c = *cfg;
	c->line_shift = __builtin_ctzll(c->line);
	c->set_mask = c->size / (c->line * c->assoc) - 1;
	c->tags = malloc(c->size / c->line * sizeof(*c->tags));
	if (!c->tags)
		return -1;
	memset(c->tags, 0xff, c->size / c->line * sizeof(*c->tags));	/* INVALID_LINE */
	return 0;
}

/*
 * Look addr up; true on a hit. Either way its line becomes the set's MRU way: the ways
 * before it move down one in the same pass (on a miss all do, and the LRU way falls out).
 */
static inline bool cache_access(struct cache *c, uint64_t addr)
{
	uint64_t line = addr >> c->line_shift;
	uint64_t *set = c->tags + (line & c->set_mask) * c->assoc;
	uint64_t prev = set[0];

	if (prev == line)
		return true;
	set[0] = line;
	for (uint64_t i = 1; i < c->assoc; i++) {
		uint64_t t = set[i];

		set[i] = prev;
		if (t == line)
			return true;
		prev = t;
	}
	return false;
}

/* Remove addr's line if present (the ways after it move up, the LRU way becomes invalid). */
static inline bool cache_invalidate(struct cache *c, uint64_t addr)
{
	uint64_t line = addr >> c->line_shift;
	uint64_t *set = c->tags + (line & c->set_mask) * c->assoc;
	uint64_t i;

	for (i = 0; i < c->assoc; i++)
		if (set[i] == line)
			break;
	if (i == c->assoc)
		return false;
	for (; i + 1 < c->assoc; i++)
		set[i] = set[i + 1];
	set[i] = INVALID_LINE;
	return true;
}

/* An L1 miss: on to the vCPU's L2, then the shared LLC. */
static void below_l1(struct vcpu *v, uint64_t addr)
{
	if (cache_access(&v->l2, addr))
		return;
	v->c.l2_miss++;
	if (!cache_access(&llc, addr))
		v->c.llc_miss++;
}

/* --- threads ------------------------------------------------------------------------ */

/*
 * The model has no locks: it is only valid with all vCPUs on one thread. The first
 * callback names that thread; one from another thread stops QEMU (exit() from a vCPU
 * thread would run QEMU's exit handlers under the other threads' feet). Checked per
 * fetch group and marker: a memory access always follows its instruction's fetch.
 */
static inline void one_thread(void)
{
	pthread_t self = pthread_self();

	if (__builtin_expect(have_thread && pthread_equal(self, model_thread), 1))
		return;
	if (!have_thread) {
		model_thread = self;
		have_thread = true;
		return;
	}
	fprintf(stderr, "cachesim: vCPUs run on more than one thread (MTTCG): the model "
		"needs one thread for all vCPUs (-accel tcg,thread=single, or -icount); "
		"stopping QEMU\n");
	_exit(1);
}

/* --- windows ------------------------------------------------------------------------ */

static void counts_add(struct counts *to, const struct counts *a, const struct counts *b,
		       int sign)
{
	const uint64_t *pa = (const uint64_t *)a, *pb = (const uint64_t *)b;
	uint64_t *pt = (uint64_t *)to;

	for (size_t i = 0; i < NCOUNTS; i++)
		pt[i] = pa[i] + (sign > 0 ? pb[i] : -pb[i]);
}

static struct window *window_get(unsigned int id)
{
	struct window *w = windows[id];

	if (w)
		return w;
	w = calloc(1, sizeof(*w));
	if (w) {
		w->at_open = calloc(nvcpus, sizeof(*w->at_open));
		w->sum = calloc(nvcpus, sizeof(*w->sum));
	}
	if (!w || !w->at_open || !w->sum) {
		fprintf(stderr, "cachesim: out of memory for window %u\n", id);
		_exit(1);
	}
	windows[id] = w;
	return w;
}

static void window_close(struct window *w)
{
	for (unsigned int i = 0; i < nvcpus; i++) {
		struct counts d;

		counts_add(&d, &vcpus[i].c, &w->at_open[i], -1);
		counts_add(&w->sum[i], &w->sum[i], &d, 1);
	}
	w->open = false;
	w->opens++;
}

static void marker_exec(unsigned int vcpu_index, void *udata)
{
	unsigned int disp = (uintptr_t)udata;
	unsigned int op = (disp >> 12) & 0xf, id = disp & SB_CACHEMARK_MAX_ID;
	struct window *w = window_get(id);

	(void)vcpu_index;
	one_thread();
	if (op == SB_CACHEMARK_START && !w->open) {
		for (unsigned int i = 0; i < nvcpus; i++)
			w->at_open[i] = vcpus[i].c;
		w->open = true;
	} else if (op == SB_CACHEMARK_STOP && w->open) {
		window_close(w);
	} else {
		stray_markers++;
	}
}

/* --- callbacks ---------------------------------------------------------------------- */

/*
 * A fetch group: instructions of one TB in one L1I line. udata packs the host address of
 * the group's first instruction (bits 63..8; host addresses have 56 bits at most) and the
 * number of its instructions (bits 7..0; tb_trans() splits a group at 255).
 */
static void fetch_exec(unsigned int vcpu_index, void *udata)
{
	struct vcpu *v = &vcpus[vcpu_index];
	uint64_t haddr = (uintptr_t)udata >> 8;

	one_thread();
	v->c.insns += (uintptr_t)udata & 0xff;
	if (!haddr) {
		v->c.fetch_io++;
		return;
	}
	if (cache_access(&v->l1i, haddr))
		return;
	v->c.l1i_miss++;
	below_l1(v, haddr);
}

/* A store: the line leaves the other vCPUs' private data caches. */
static void invalidate_others(unsigned int vcpu_index, uint64_t pa)
{
	for (unsigned int i = 0; i < nvcpus; i++) {
		if (i == vcpu_index)
			continue;
		if (cache_invalidate(&vcpus[i].l1d, pa) | cache_invalidate(&vcpus[i].l2, pa))
			vcpus[i].c.invalidated++;
	}
}

static void mem_exec(unsigned int vcpu_index, qemu_plugin_meminfo_t info, uint64_t vaddr,
		     void *udata)
{
	struct vcpu *v = &vcpus[vcpu_index];
	struct qemu_plugin_hwaddr *hw = qemu_plugin_get_hwaddr(info, vaddr);
	uint64_t pa;

	(void)udata;	/* the thread was checked by the fetch_exec() of this instruction's group */
	if (!hw) {
		v->c.mem_nophys++;
		return;
	}
	if (qemu_plugin_hwaddr_is_io(hw)) {
		v->c.mem_io++;
		return;
	}
	pa = qemu_plugin_hwaddr_phys_addr(hw);
	v->c.mem++;
	if (coherence && qemu_plugin_mem_is_store(info))
		invalidate_others(vcpu_index, pa);
	if (cache_access(&v->l1d, pa))
		return;
	v->c.l1d_miss++;
	below_l1(v, pa);
}

/* The marker's displacement if insn is one (guest/lib/cachemark.h), else 0. */
static unsigned int marker_disp(const struct qemu_plugin_insn *insn)
{
	const unsigned char *b = qemu_plugin_insn_data(insn);
	unsigned int disp;

	if (qemu_plugin_insn_size(insn) != 8 || b[0] != 0x0f || b[1] != 0x1f ||
	    b[2] != 0x84 || b[3] != 0x00)
		return 0;
	disp = b[4] | b[5] << 8 | b[6] << 16 | (unsigned int)b[7] << 24;
	return disp >> 16 == SB_CACHEMARK_MAGIC ? disp : 0;
}

static void register_fetch(struct qemu_plugin_insn *first, uint64_t haddr, size_t n)
{
	qemu_plugin_register_vcpu_insn_exec_cb(first, fetch_exec, QEMU_PLUGIN_CB_NO_REGS,
					       (void *)(uintptr_t)(haddr << 8 | n));
}

static void tb_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	size_t n = qemu_plugin_tb_n_insns(tb), group = 0;
	struct qemu_plugin_insn *first = NULL;
	uint64_t first_haddr = 0;

	(void)id;
	for (size_t i = 0; i < n; i++) {
		struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
		uint64_t haddr = (uintptr_t)qemu_plugin_insn_haddr(insn);
		unsigned int disp = marker_disp(insn);

		if (!first || group == 0xff || !haddr != !first_haddr ||
		    haddr >> cfg_l1i.line_shift != first_haddr >> cfg_l1i.line_shift) {
			if (first)
				register_fetch(first, first_haddr, group);
			first = insn, first_haddr = haddr, group = 0;
		}
		group++;
		if (disp)
			qemu_plugin_register_vcpu_insn_exec_cb(insn, marker_exec,
					QEMU_PLUGIN_CB_NO_REGS, (void *)(uintptr_t)disp);
		qemu_plugin_register_vcpu_mem_cb(insn, mem_exec, QEMU_PLUGIN_CB_NO_REGS,
						 QEMU_PLUGIN_MEM_RW, NULL);
	}
	if (first)
		register_fetch(first, first_haddr, group);
}

/* --- output ------------------------------------------------------------------------- */

static const char csv_header[] =
	"window,vcpu,opens,instructions,mem_accesses,mem_io,mem_nophys,fetch_io,"
	"l1i_accesses,l1i_misses,l1d_accesses,l1d_misses,l2_accesses,l2_misses,"
	"llc_accesses,llc_misses,invalidated,cycles\n";

/*
 * L1I accesses are the instructions (hardware fetches per instruction; the model looks a
 * line up once per group, the rest would hit), L2 accesses the L1 misses, LLC accesses
 * the L2 misses.
 */
static void csv_line(FILE *f, const char *win, const char *cpu, unsigned int opens,
		     const struct counts *c)
{
	uint64_t cycles = c->insns + (c->l1i_miss + c->l1d_miss) * pen_l1 +
			  c->l2_miss * pen_l2 + c->llc_miss * pen_llc;

	fprintf(f, "%s,%s,%u,%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64
		",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64
		",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 "\n",
		win, cpu, opens, c->insns, c->mem, c->mem_io, c->mem_nophys, c->fetch_io,
		c->insns, c->l1i_miss, c->mem, c->l1d_miss, c->l1i_miss + c->l1d_miss,
		c->l2_miss, c->l2_miss, c->llc_miss, c->invalidated, cycles);
}

/* Lines for each vCPU that ran, then "all". */
static void csv_window(FILE *f, const char *win, unsigned int opens, const struct counts *per)
{
	struct counts all = { 0 };
	char cpu[16];

	for (unsigned int i = 0; i < nvcpus; i++) {
		if (!vcpus[i].c.insns)
			continue;	/* a vCPU slot never used */
		snprintf(cpu, sizeof(cpu), "%u", i);
		csv_line(f, win, cpu, opens, &per[i]);
		counts_add(&all, &all, &per[i], 1);
	}
	csv_line(f, win, "all", opens, &all);
}

static void write_csv(FILE *f)
{
	struct counts *run = calloc(nvcpus, sizeof(*run));
	char win[16];

	fputs(csv_header, f);
	for (unsigned int id = 0; id < NWINDOWS; id++) {
		struct window *w = windows[id];

		if (!w || (!w->opens && !w->open))
			continue;
		if (w->open) {
			fprintf(stderr, "cachesim: window %u still open at exit: closed now\n", id);
			window_close(w);
		}
		snprintf(win, sizeof(win), "%u", id);
		csv_window(f, win, w->opens, w->sum);
	}
	if (run) {
		for (unsigned int i = 0; i < nvcpus; i++)
			run[i] = vcpus[i].c;
		csv_window(f, "run", 1, run);
		free(run);
	}
}

static void plugin_exit(qemu_plugin_id_t id, void *p)
{
	(void)id, (void)p;
	if (stray_markers)
		fprintf(stderr, "cachesim: %u markers ignored (START of an open window or STOP "
			"of a closed one)\n", stray_markers);
	if (out_path) {
		FILE *f = fopen(out_path, "w");

		if (!f) {
			fprintf(stderr, "cachesim: cannot write %s: %s\n", out_path, strerror(errno));
			return;
		}
		write_csv(f);
		if (fclose(f))
			fprintf(stderr, "cachesim: writing %s failed: %s\n", out_path,
				strerror(errno));
		return;
	}
	char *buf;
	size_t len;
	FILE *m = open_memstream(&buf, &len);

	if (!m)
		return;
	write_csv(m);
	fclose(m);
	qemu_plugin_outs(buf);
	free(buf);
}

/* --- arguments ---------------------------------------------------------------------- */

/* A size or count: decimal digits, optionally followed by K, M or G (powers of 1024). */
static bool parse_u64(const char *s, uint64_t *v)
{
	char *end;
	unsigned long long n;

	if (*s < '0' || *s > '9')
		return false;
	errno = 0;
	n = strtoull(s, &end, 10);
	if (errno)
		return false;
	switch (*end) {
	case 'K': n <<= 10, end++; break;
	case 'M': n <<= 20, end++; break;
	case 'G': n <<= 30, end++; break;
	}
	*v = n;
	return !*end;
}

static struct cache *arg_cache(const char *key, size_t len)
{
	struct cache *all[] = { &cfg_l1i, &cfg_l1d, &cfg_l2, &llc };

	for (size_t i = 0; i < sizeof(all) / sizeof(*all); i++)
		if (strlen(all[i]->name) == len && !strncmp(key, all[i]->name, len))
			return all[i];
	return NULL;
}

/* key=value; returns an error message or NULL. */
static const char *parse_arg(const char *arg)
{
	const char *eq = strchr(arg, '='), *us;
	struct cache *c;
	uint64_t v;

	if (!eq)
		return "expected key=value";
	if (!strncmp(arg, "out=", 4)) {
		out_path = eq + 1;
		return *out_path ? NULL : "out= needs a file name";
	}
	if (!strncmp(arg, "coherence=", 10)) {
		if (strcmp(eq + 1, "on") && strcmp(eq + 1, "off"))
			return "coherence is on or off";
		coherence = !strcmp(eq + 1, "on");
		return NULL;
	}
	if (!parse_u64(eq + 1, &v))
		return "not a number (digits, optionally K, M or G)";
	if (!strncmp(arg, "l1_penalty=", 11))
		return pen_l1 = v, NULL;
	if (!strncmp(arg, "l2_penalty=", 11))
		return pen_l2 = v, NULL;
	if (!strncmp(arg, "llc_penalty=", 12))
		return pen_llc = v, NULL;
	us = strchr(arg, '_');
	if (!us || us > eq || !(c = arg_cache(arg, us - arg)))
		return "unknown argument";
	if (!strncmp(us, "_size=", 6))
		c->size = v;
	else if (!strncmp(us, "_assoc=", 7))
		c->assoc = v;
	else if (!strncmp(us, "_line=", 6))
		c->line = v;
	else
		return "unknown argument";
	return NULL;
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info,
					   int argc, char **argv)
{
	const char *err;

	if (info->version.cur != CACHESIM_API || info->version.min > CACHESIM_API) {
		fprintf(stderr, "cachesim: built for QEMU plugin API version %d (the qemu-plugin.h "
			"of Debian's qemu %s), but this QEMU provides versions %d..%d: rebuild it "
			"against this QEMU's source (make cachesim)\n", CACHESIM_API,
			CACHESIM_QEMU_SOURCE, info->version.min, info->version.cur);
		return -1;
	}
	if (!info->system_emulation || strcmp(info->target_name, "x86_64")) {
		fprintf(stderr, "cachesim: needs qemu-system-x86_64 (this is %s%s)\n",
			info->target_name, info->system_emulation ? "" : " user mode");
		return -1;
	}
	for (int i = 0; i < argc; i++) {
		if ((err = parse_arg(argv[i]))) {
			fprintf(stderr, "cachesim: argument '%s': %s\n", argv[i], err);
			return -1;
		}
	}
	struct cache *cfgs[] = { &cfg_l1i, &cfg_l1d, &cfg_l2, &llc };
	for (size_t i = 0; i < sizeof(cfgs) / sizeof(*cfgs); i++) {
		if ((err = cache_check(cfgs[i]))) {
			fprintf(stderr, "cachesim: %s: %s (size %" PRIu64 ", assoc %" PRIu64
				", line %" PRIu64 ")\n", cfgs[i]->name, err, cfgs[i]->size,
				cfgs[i]->assoc, cfgs[i]->line);
			return -1;
		}
	}
	nvcpus = info->system.max_vcpus;
	vcpus = calloc(nvcpus, sizeof(*vcpus));
	if (!vcpus || cache_init(&llc, &llc))
		goto oom;
	for (unsigned int i = 0; i < nvcpus; i++)
		if (cache_init(&vcpus[i].l1i, &cfg_l1i) || cache_init(&vcpus[i].l1d, &cfg_l1d) ||
		    cache_init(&vcpus[i].l2, &cfg_l2))
			goto oom;
	cfg_l1i.line_shift = vcpus[0].l1i.line_shift;
	qemu_plugin_register_vcpu_tb_trans_cb(id, tb_trans);
	qemu_plugin_register_atexit_cb(id, plugin_exit, NULL);
	return 0;
oom:
	fprintf(stderr, "cachesim: out of memory for the caches of %u vCPUs\n", nvcpus);
	return -1;
}
