# sched-buddy: the wakeup buddy system for EEVDF, as a patch series against Debian's
# linux-source-6.12, built and tested booted in QEMU. See README.md.
#
#   make demo            build the patched kernel, boot it, show the buddies off vs on
#   make test            the full gate: host, in-guest and KUnit tests, every prefix of the
#                        series, the short torture run
#   make check           the edit-test loop: host tests and in-guest tests on the built kernels
#   make bench-quick     A/B benchmark, ~10 min: base, off, next+last, quick workloads
#   make bench           A/B benchmark, ~50 min: six variants incl. stock kernels, all workloads
#   make bench-clock     the scheduler clocks' cost, base against patched (both with the clock fix)
#   make bench-topology  where the buddies' cost goes with groups: pairs and bystanders in
#                        seven placements (TOPOLOGY_ARGS, e.g. --slice 100)
#   make bench-cache     A/B benchmark under the cache model, 12 boots (~21 min here): misses
#                        and modelled cycles per operation (BENCH_CACHE=large: 20 longer boots)
#   make bench-defaults  the table the buddies' defaults rest on, ~60 min: four buddy
#                        configurations, plain and under the cache model, in one report
#   make yardsticks      upstream's own benchmarks (dbench, tbench, hackbench, wakelat,
#                        cyclictest, pgbench) on Linux 7.3 in four NEXT_BUDDY variants: off,
#                        upstream, upstream-fixed, series (YARDSTICKS_ARGS; not in make test)
#   make kunit           the buddy KUnit suite through the tree's kunit.py: x86_64 in QEMU
#                        (KERNEL=7.3: the 7.3 series' suite; SB_KUNIT_TREE=DIR: DIR's)
#   make torture         debug kernels under load, churn and hotplug (TORTURE_SECONDS)
#   make torture-quick   60 s of it on the patched debug kernel, without the heavy stressors
#   make soak            hours of torture: SOAK_HOURS (default 2) on the patched debug kernel,
#                        then a quarter of that on the base kernel as the control
#   make deb             Debian packages of the patched kernel for real hardware, in
#                        $SCHED_BUDDY_CACHE/deb: from Debian's own 6.12 config (hours here), or
#                        DEB_CONFIG=/path/to/config; DEB_LSMOD=FILE (the test machine's lsmod
#                        output) trims it to that machine's modules (localmodconfig)
#   make deb-boot        boot the newest package of make deb in QEMU (unpacked, never
#                        installed): is it the patched kernel, and the quick workloads in it
#   make anchors         fetch Debian's stock 6.12 and 6.1 kernels for the benchmark
#   make cachesim        the cache-model plugin for QEMU (docs/cache-model.md)
#   make tree            unpack the source and apply the series in $SCHED_BUDDY_CACHE
#   make mainline-tree   fetch Debian experimental's linux-source-7.3 (private package
#                        lists, never installed) into $SCHED_BUDDY_CACHE/mainline-7.3 as a
#                        git tree with patches/7.3/fixes/ applied (the base kernel) and
#                        patches/7.3/series above them (the patched kernel)
#                        (docs/mainline.md); MAINLINE=7.2: Debian unstable's 7.2 as it
#                        ships, into mainline/
#   make mainline-kernel build those 7.3 kernels (MAINLINE=7.2: 7.2's one) with CONFIG
#   make mainline        boot each and run the in-guest tests that apply to it, and the
#                        patched one's KUnit suite at boot (~2 min a kernel once built);
#                        MAINLINE_ARGS=--preempt-sync measures
#                        NEXT_BUDDY's WF_SYNC wakeups besides
#   make export          turn the commits on the tree's sched-buddy branch back into patches/
#                        (KERNEL=7.3: into patches/7.3/)
#   make deps            install the Debian packages the build and the guests need (apt)
#   make kernels         build the base and the patched kernel of CONFIG (make patched: the
#                        patched one alone)
#   make guest           build the in-guest tests and workloads into build/ (make tests: the
#                        tests alone)
#   make clean           remove build/ (the kernel trees and builds stay in the cache)
#
# CONFIG selects config/$(CONFIG).config (on top of config/base.config).
# KERNEL selects the kernel version the scripts work on: 6.12 (unset: the series' base),
# 7.2 (Debian's source alone, no patched kernel; config/7.2/ adds what it needs changed) or
# 7.3 (Debian's source with patches/7.3/fixes/, and patches/7.3/series for the patched
# kernel; config/7.3/). MAINLINE (7.3 unset, or 7.2) is the one the mainline targets work on.
#
# Every variable is checked before anything runs. sb_run_GOAL, beside each rule, holds the
# commands of its recipe, each ended by ';', and the recipe is $(sb_recipe): it runs them
# and stops at the first that fails. sb_check_GOAL is its prerequisites' sb_check and its
# own sb_run: while make reads this file, the checks of the goals asked for run those
# same commands in check-only mode (the end of this file), and a bad value stops make with
# one line naming it, before apt, an unpacking or a build.

CONFIG ?= test
CC ?= gcc
CFLAGS ?= -O2 -g -Wall -Wextra
GUEST_LIB := guest/lib/sb.c guest/lib/sb.h guest/lib/pairs.c guest/lib/pairs.h guest/lib/cachemark.h

# The goals make is asked for (default: all); sb_q VALUE: VALUE quoted for the shell.
sb_goals = $(or $(MAKECMDGOALS),all)
sb_q = '$(subst ','\'',$(1))'
sb_config = $(call sb_q,$(CONFIG))
# A goal's recipe: its sb_run commands, the first failure stopping it.
sb_recipe = set -e; $(sb_run_$@)

all: demo
sb_check_all = $(sb_check_demo)

sb_run_deps = host/deps.sh;
deps:
	@$(sb_recipe)
sb_check_deps = $(sb_run_deps)

sb_run_tree = host/tree.sh;
tree: deps
	@$(sb_recipe)
sb_check_tree = $(sb_check_deps) $(sb_run_tree)

sb_run_kernels = host/build.sh base $(sb_config) >/dev/null; host/build.sh patched $(sb_config) >/dev/null;
kernels: tree
	@$(sb_recipe)
sb_check_kernels = $(sb_check_tree) $(sb_run_kernels)

sb_run_patched = host/build.sh patched $(sb_config) >/dev/null;
patched: tree
	@$(sb_recipe)
sb_check_patched = $(sb_check_tree) $(sb_run_patched)

# Debian experimental's 7.3 with its fixes (patches/7.3/fixes/), and its own series
# (patches/7.3/series) for the patched kernel (docs/mainline.md): the kernel upstream
# develops. MAINLINE=7.2: Debian unstable's 7.2 as it ships, base kernel only, kept because
# the 7.2 findings (docs/findings/mainline-7.2.md) were measured on it.
MAINLINE ?= 7.3
# 1 when MAINLINE has a patched kernel, asked of host/build.sh's own check (check-only mode).
mainline_patched = $(shell KERNEL=$(call sb_q,$(MAINLINE)) SB_CHECK_ONLY=1 \
	host/build.sh patched test >/dev/null 2>&1 && echo 1)
sb_run_mainline-tree = KERNEL=$(call sb_q,$(MAINLINE)) host/tree.sh;
mainline-tree: deps
	@$(sb_recipe)
sb_check_mainline-tree = $(sb_check_deps) $(sb_run_mainline-tree)

sb_run_mainline-kernel = KERNEL=$(call sb_q,$(MAINLINE)) host/build.sh base $(sb_config) >/dev/null; \
	$(if $(mainline_patched),KERNEL=$(call sb_q,$(MAINLINE)) host/build.sh patched $(sb_config) >/dev/null;)
mainline-kernel: mainline-tree
	@$(sb_recipe)
sb_check_mainline-kernel = $(sb_check_mainline-tree) $(sb_run_mainline-kernel)

# The checks that apply on 7.3 (or MAINLINE's): its kernels booted, base and patched (7.2:
# base), and the in-guest suite run in each, with make test's closing line (host/mainline.sh). Not part of make test. The
# guest programs are built on 6.12's kselftest harness (make guest), which runs in any
# guest. MAINLINE_ARGS=--preempt-sync adds a boot measuring NEXT_BUDDY's WF_SYNC preemption.
MAINLINE_ARGS ?=
sb_run_mainline = MAINLINE=$(call sb_q,$(MAINLINE)) CONFIG=$(sb_config) host/mainline.sh $(MAINLINE_ARGS);
mainline: mainline-kernel guest
	@$(sb_recipe)
sb_check_mainline = $(sb_check_mainline-kernel) $(sb_check_guest) $(sb_run_mainline)

# In-guest tests: one binary per guest/tests/*.c on the kernel tree's kselftest harness,
# laid out in build/ as kselftest's install does: build/run_kselftest.sh (the tree's
# runner) runs the collection "tests" (build/tests/: the binaries and their settings) in
# the order of build/kselftest-list.txt; dmesg_clean goes last, it checks the whole run's
# kernel log. The harness is not -Wextra clean: it is included as a system header.
KSFT = $(shell host/tree.sh path patched)/tools/testing/selftests
TESTS := $(patsubst guest/tests/%.c,%,$(filter-out %_lib.c,$(wildcard guest/tests/*.c)))
TEST_ORDER := $(filter-out dmesg_clean,$(TESTS)) dmesg_clean

build/tests/%: guest/tests/%.c guest/tests/buddy_lib.c $(wildcard guest/tests/*.h) $(GUEST_LIB) | tree
	@mkdir -p build/tests
	$(CC) $(CFLAGS) -isystem $(KSFT) -DSB_TOP='"$(CURDIR)"' -o $@ $(filter %.c,$^) -lm

tests: $(addprefix build/tests/,$(TESTS)) | tree
	@cp guest/tests/settings build/tests/settings
	@printf 'tests:%s\n' $(TEST_ORDER) >build/kselftest-list.txt
	@rm -rf build/kselftest && cp -r $(KSFT)/kselftest build/kselftest
	@cp $(KSFT)/run_kselftest.sh build/run_kselftest.sh
sb_check_tests = $(sb_check_tree)

build/pairs: guest/pairs.c $(GUEST_LIB)
	@mkdir -p build
	$(CC) $(CFLAGS) -o $@ $(filter %.c,$^) -lm

build/topology: guest/topology.c $(GUEST_LIB)
	@mkdir -p build
	$(CC) $(CFLAGS) -o $@ $(filter %.c,$^) -lm

build/wakelat: guest/wakelat.c $(GUEST_LIB)
	@mkdir -p build
	$(CC) $(CFLAGS) -pthread -o $@ $(filter %.c,$^) -lm

build/torture: $(wildcard guest/torture/*.c) $(wildcard guest/torture/*.h) $(GUEST_LIB)
	@mkdir -p build
	$(CC) $(CFLAGS) -o $@ $(filter %.c,$^) -lm

build/handover: guest/handover.c $(GUEST_LIB)
	@mkdir -p build
	$(CC) $(CFLAGS) -o $@ $(filter %.c,$^) -lm

build/dlserver_stop: guest/dlserver_stop.c $(GUEST_LIB)
	@mkdir -p build
	$(CC) $(CFLAGS) -o $@ $(filter %.c,$^) -lm

build/syncwake: guest/syncwake.c $(GUEST_LIB)
	@mkdir -p build
	$(CC) $(CFLAGS) -o $@ $(filter %.c,$^) -lm

build/slice: guest/slice.c $(GUEST_LIB)
	@mkdir -p build
	$(CC) $(CFLAGS) -o $@ $(filter %.c,$^) -lm

build/cachemark: guest/cachemark.c guest/lib/cachemark.h $(GUEST_LIB)
	@mkdir -p build
	$(CC) $(CFLAGS) -o $@ $(filter %.c,$^) -lm

build/cachesweep: guest/cachesweep.c guest/lib/cachemark.h $(GUEST_LIB)
	@mkdir -p build
	$(CC) $(CFLAGS) -o $@ $(filter %.c,$^) -lm

guest: tests build/pairs build/topology build/wakelat build/torture build/dlserver_stop build/cachemark build/cachesweep build/handover build/syncwake build/slice
sb_check_guest = $(sb_check_tests)

# The cache-model plugin (host/cachesim/), built against the installed QEMU's source.
build/cachesim.so: host/cachesim/cachesim.c guest/lib/cachemark.h host/cachesim/build-plugin.sh
	@host/cachesim/build-plugin.sh cachesim $@

cachesim: deps build/cachesim.so
sb_check_cachesim = $(sb_check_deps) host/cachesim/build-plugin.sh cachesim build/cachesim.so;

sb_run_test = CONFIG=$(sb_config) host/test.sh;
test: kernels guest cachesim
	@$(sb_recipe)
sb_check_test = $(sb_check_kernels) $(sb_check_guest) $(sb_check_cachesim) $(sb_run_test)

# The edit-test loop: host tests, in-guest tests on both kernels and KUnit, as make test,
# but without the prefix builds (series_prefixes) and the torture run (torture_quick).
sb_run_check = CONFIG=$(sb_config) host/test.sh --leave-out "series_prefixes torture_quick";
check: kernels guest cachesim
	@$(sb_recipe)
sb_check_check = $(sb_check_kernels) $(sb_check_guest) $(sb_check_cachesim) $(sb_run_check)

# The buddy KUnit suite as kunit.py builds and runs it from the series' kernel/sched/.kunitconfig
# (x86_64 in QEMU, ~9 min cold here), in $SCHED_BUDDY_CACHE/kunit-x86_64; KERNEL=7.3: the 7.3
# series' suite from its patched tree, in kunit-x86_64-7.3. A run whose log has no suite, or a
# suite that ran no case or skipped every case, fails. SB_KUNIT_TREE=DIR: kunit.py of the
# kernel tree DIR instead of the patched tree (a worktree with a suite the series lacks).
sb_run_kunit = host/kunit.sh;
kunit: tree
	@$(sb_recipe)
sb_check_kunit = $(sb_check_tree) $(sb_run_kunit)

sb_run_demo = host/boot.sh --icount --timeout 900 --config $(sb_config) --name demo -- \
	$(CURDIR)/guest/demo $(CURDIR)/build;
demo: patched guest
	@$(sb_recipe)
sb_check_demo = $(sb_check_patched) $(sb_check_guest) $(sb_run_demo)

# The bench targets build the bench config's kernels in a make of their own.
sb_check_bench_kernels = host/build.sh base bench; host/build.sh patched bench;

# A/B benchmark, deterministic mode: every variant booted per repetition, interleaved, on
# the bench config's kernels (no KUnit, no debug checks).
# bench-quick: ~70 s a boot here, 9 boots; add stock-6.12 with BENCH_QUICK_VARIANTS (+3 boots).
BENCH_QUICK_VARIANTS ?= base off next+last
sb_run_bench-quick = host/bench/run.sh --reps 3 --seconds 2 --workloads quick \
	--variants $(call sb_q,$(BENCH_QUICK_VARIANTS));
bench-quick: guest
	@$(MAKE) --no-print-directory kernels CONFIG=bench
	@$(sb_recipe)
sb_check_bench-quick = $(sb_check_guest) $(sb_check_bench_kernels) $(sb_run_bench-quick)

# bench: all six variants (base, off, next, next+last, stock-6.12, stock-6.1-wall) and all
# workloads incl. pgbench, 3 repetitions of 4 s workloads: 18 boots of ~3 min, ~50 min
# here (measured 2026-12-03).
sb_run_bench = host/bench/run.sh --reps 3 --seconds 4;
bench: guest
	@$(MAKE) --no-print-directory kernels CONFIG=bench
	@$(sb_recipe)
sb_check_bench = $(sb_check_guest) $(sb_check_bench_kernels) $(sb_run_bench)

# bench-cache: base, off, next, next+last under the cache model (docs/cache-model.md),
# deterministic mode, the workloads of guest/bench's 'cache' set each in a window of its
# own; figures per operation. Default: 3 repetitions of 1 s workloads (12 boots);
# BENCH_CACHE=large: 5 repetitions of 2 s workloads (20 boots). A guest under the model
# keeps one host core busy (the plugin slows busy workloads ~5-6x), so BENCH_JOBS guests
# (default: one per host CPU) boot side by side; their figures follow the instruction
# count, not the host's load. The default took 21 min here with two at a time (2026-12-04;
# one at a time ~40 min).
BENCH_CACHE ?= default
BENCH_JOBS ?= $(shell nproc)
bench_cache_size_default := --reps 3 --seconds 1
bench_cache_size_large := --reps 5 --seconds 2
sb_run_bench-cache = host/bench/run.sh --cachesim '' --jobs $(call sb_q,$(BENCH_JOBS)) \
	$(bench_cache_size_$(BENCH_CACHE));
bench-cache: guest cachesim
	@$(MAKE) --no-print-directory kernels CONFIG=bench
	@$(sb_recipe)
sb_check_bench-cache = $(sb_check_guest) $(sb_check_cachesim) $(sb_check_bench_kernels) \
	$(sb_run_bench-cache)
ifneq ($(filter bench-cache,$(sb_goals)),)
ifeq ($(bench_cache_size_$(BENCH_CACHE)),)
$(error BENCH_CACHE='$(BENCH_CACHE)' is not a size of make bench-cache (accepted: default or large))
endif
endif

# bench-defaults: what the buddies' defaults rest on (docs/findings/defaults.md): the four
# buddy configurations (base, off, next, next+last) over guest/bench's 'defaults' set (5
# repetitions of 2 s workloads, 20 boots), then under the cache model over its
# 'defaults-cache' set (3 repetitions of 1 s, 12 boots), merged into one report
# (host/bench/defaults.sh); BENCH_JOBS guests at a time, deterministic mode.
sb_run_bench-defaults = host/bench/defaults.sh --jobs $(call sb_q,$(BENCH_JOBS));
bench-defaults: guest cachesim
	@$(MAKE) --no-print-directory kernels CONFIG=bench
	@$(sb_recipe)
sb_check_bench-defaults = $(sb_check_guest) $(sb_check_cachesim) $(sb_check_bench_kernels) \
	$(sb_run_bench-defaults)

# bench-topology: the topology table (docs/topology.md): the pairs and their bystanders in
# seven placements (autogroup needs a kernel with it), buddies off / everywhere / inside
# groups only, 16 rounds (~30 min here). TOPOLOGY_ARGS passes options to host/bench/topology.sh (e.g. --slice 100).
sb_run_bench-topology = host/bench/topology.sh $(TOPOLOGY_ARGS);
bench-topology: kernels guest
	@$(sb_recipe)
sb_check_bench-topology = $(sb_check_kernels) $(sb_check_guest) $(sb_run_bench-topology)

# yardsticks: the benchmarks upstream judges scheduler changes by, on Linux 7.3 alone
# (KERNEL=7.3; its trees come from make mainline-tree, which this does not run), in four
# variants: off (the patched kernel, NEXT_BUDDY off), upstream (the unpatched base kernel,
# NEXT_BUDDY on, preempt_sync() bug included), upstream-fixed (the series' first patch
# alone, the preempt_sync() fix, NEXT_BUDDY on), series (the patched kernel, NEXT_BUDDY on),
# and series+last where the series has LAST_BUDDY. host/bench/yardsticks.sh builds the
# bench config's kernels (base, patched, prefix) and runs host/bench/run.sh: 5 repetitions
# of 4 s workloads, deterministic mode, 2 vCPUs (docs/benchmark.md: sizes, duration).
# YARDSTICKS_ARGS passes options: --cpus 1|2|4, --wall, --reps N, --seconds S, --variants,
# --workloads, --no-build, --dry-run.
YARDSTICKS_ARGS ?=
sb_run_yardsticks = host/bench/yardsticks.sh $(YARDSTICKS_ARGS);
yardsticks: deps build/pairs build/wakelat build/slice
	@$(sb_recipe)
sb_check_yardsticks = $(sb_check_deps) $(sb_run_yardsticks)

# bench-clock: the clockcost module (guest/clockcost/) built against the bench config's
# base and patched kernels and loaded in deterministic boots of each, as it boots and with
# tsc=unstable (4 boots): does the buddy series change the scheduler clocks' cost? Both
# kernels carry the sched_clock_idle_wakeup_event() fix of patches/fixes/.
sb_run_bench-clock = host/bench/clock.sh;
bench-clock: tree
	@$(sb_recipe)
sb_check_bench-clock = $(sb_check_tree) $(sb_run_bench-clock)

sb_run_anchors = host/anchors.sh 6.12 >/dev/null; host/anchors.sh 6.1 >/dev/null;
anchors: deps
	@$(sb_recipe)
sb_check_anchors = $(sb_check_deps) $(sb_run_anchors)

# deb: the QEMU guest configs (test, bench, debug) cannot boot hardware: host/deb.sh refuses them.
DEB_CONFIG ?=
DEB_LSMOD ?=
sb_run_deb = host/deb.sh $(if $(DEB_LSMOD),--lsmod $(call sb_q,$(DEB_LSMOD))) \
	$(if $(DEB_CONFIG),$(call sb_q,$(DEB_CONFIG)));
deb: tree
	@$(sb_recipe)
sb_check_deb = $(sb_check_tree) $(sb_run_deb)

# deb-boot: the newest linux-image package in $SCHED_BUDDY_CACHE/deb (or DEB=FILE) unpacked
# with its own modules' initramfs and booted: release and buddy features checked, the quick
# workloads run for next+last and off (one deterministic boot).
DEB ?=
sb_run_deb-boot = host/deb-boot.sh $(if $(DEB),$(call sb_q,$(DEB)));
deb-boot: build/pairs
	@$(sb_recipe)
sb_check_deb-boot = $(sb_run_deb-boot)

# Torture on the debug kernels: patched, then base as the control (docs/torture.md).
TORTURE_SECONDS ?= 600
sb_run_torture = host/torture.sh --seconds $(call sb_q,$(TORTURE_SECONDS)) --cpus 4;
torture: tree guest
	@$(sb_recipe)
sb_check_torture = $(sb_check_guest) $(sb_run_torture)

sb_run_torture-quick = host/torture.sh --quick;
torture-quick: tree guest
	@$(sb_recipe)
sb_check_torture-quick = $(sb_check_guest) $(sb_run_torture-quick)

SOAK_HOURS ?= 2
sb_run_soak = host/torture.sh --soak $(call sb_q,$(SOAK_HOURS)) --cpus 4;
soak: tree guest
	@$(sb_recipe)
sb_check_soak = $(sb_check_guest) $(sb_run_soak)

sb_run_export = host/tree.sh export;
export:
	@$(sb_recipe)
sb_check_export = $(sb_run_export)

clean:
	rm -rf build

# The checks of the goals asked for, in check-only mode (SB_CHECK_ONLY=1: a script exits at
# host/lib.sh's sb_checked once its input is checked), with the scripts' variables given
# on make's command line (recipes get them; $(shell) sees only make's own environment).
# The first refusal stops make, with the script's error.
sb_env = $(foreach v,KERNEL SCHED_BUDDY_CACHE SB_PATCHES FORCE SB_KUNIT_TREE,$(if \
	$(filter command line,$(origin $(v))),$(v)=$(call sb_q,$($(v)))))
sb_checks := $(strip $(foreach g,$(sb_goals),$(sb_check_$(g))))
ifneq ($(sb_checks),)
sb_refusal := $(shell exec 2>&1 >/dev/null; export SB_CHECK_ONLY=1 $(sb_env); set -e; $(sb_checks))
ifneq ($(.SHELLSTATUS),0)
$(error $(or $(sb_refusal),an input check failed: $(sb_checks)))
endif
endif

.PHONY: all deps tree kernels patched mainline-tree mainline-kernel mainline tests guest cachesim test check demo bench-quick bench bench-cache bench-defaults bench-clock bench-topology yardsticks anchors deb deb-boot kunit torture torture-quick soak export clean
