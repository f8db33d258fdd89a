# shellcheck shell=sh
# Shared helpers for the host-side scripts. Source it; do not run it.
#
# Layout of the cache (never inside the repository):
#   $SCHED_BUDDY_CACHE/linux-<debver>/         git tree, branch sched-buddy = base + patches/series
#   $SCHED_BUDDY_CACHE/linux-<debver>-base/    git worktree of the same repo at the pristine tag
#   $SCHED_BUDDY_CACHE/linux-<debver>-prefix/  git worktree for building each prefix of the series
#   <tree>/build-<config>/                     O= build dir of that tree (a direct child, so the
#                                              kernel uses relative paths and ccache is shared
#                                              between the base and patched trees)
#   $SCHED_BUDDY_CACHE/ccache/                 compiler cache
#   $SCHED_BUDDY_CACHE/runs/<name>/            one guest run: console.log, result.log, cmd
#   $SCHED_BUDDY_CACHE/mainline/               KERNEL=7.2 (below): apt/ (its private package
#                                              lists), linux-source-7.2.version (the Debian
#                                              version unpacked), linux-<debver>/ (its tree,
#                                              with build-<config>/ inside), modules/ (the
#                                              out-of-tree modules built against it)
#   $SCHED_BUDDY_CACHE/mainline-7.3/           KERNEL=7.3: the same, for linux-source-7.3

SCHED_BUDDY_CACHE=${SCHED_BUDDY_CACHE:-/var/cache/sched-buddy}
# The checkout's top: the nearest directory above the running script that holds
# patches/series (host/*.sh and host/bench/*.sh source this file).
SB_TOP=$(d=$(cd "$(dirname "$0")" && pwd)
	while [ "$d" != / ] && [ ! -f "$d/patches/series" ]; do d=$(dirname "$d"); done
	echo "$d")
SB_BASE_TAG=debian-base
# Debian's source plus its fixes (SB_FIXES below: for 6.12 patches/fixes/, fixes that are
# not about the buddies): the base kernel builds it, and the buddy series starts from it.
SB_FIXES_BRANCH=debian-fixes
export SCHED_BUDDY_CACHE
# sb_is_positive, shared with the guest scripts
. "$SB_TOP/guest/lib/sb.sh"

sb_prog=$(basename "$0" .sh)

log() { printf '%s: %s\n' "$sb_prog" "$*" >&2; }
die() { printf '%s: error: %s\n' "$sb_prog" "$*" >&2; exit 1; }
# die_log MESSAGE LOG: die with MESSAGE and the last lines of LOG.
die_log() { die "$1: $(tail -n 2 "$2" | tr '\n' ' ')(see $2)"; }

# The kernel the tooling works on: KERNEL, unset or empty for 6.12. Anything else is
# refused here, before a script creates anything.
#   6.12  Debian bookworm's linux-source-6.12, installed by make deps: the base of
#         patches/fixes/ and the series. Trees in the cache: linux-<debver>/ (branch
#         sched-buddy: the patched kernel), -base/ and -prefix/ worktrees.
#   7.2   Debian unstable's linux-source-7.2, fetched by host/tree.sh with private package
#         lists (sb_private_apt) and unpacked from the package, never installed. Debian's
#         source alone: the series does not apply to it, so its one tree, mainline/linux-
#         <debver>/ (branch debian at tag debian-base), is the base kernel and there is no
#         patched or prefix kernel. config/7.2/ holds what its configs need changed.
#   7.3   Debian experimental's linux-source-7.3, fetched the same way into its own
#         folder, mainline-7.3/ (7.2's stays usable), with a series of its own,
#         patches/7.3/series: its trees are laid out as 6.12's (branch debian-fixes =
#         Debian's source + patches/7.3/fixes/, the base kernel, in the -base worktree;
#         branch sched-buddy = debian-fixes + patches/7.3/series, the patched kernel; a
#         -prefix worktree). config/7.3/ as config/7.2/.
# SB_SOURCE_SUITE is the Debian suite a fetched source comes from (empty: installed from
# the machine's own sources), SB_TREES the directory its trees are in, SB_HAS_SERIES is 1
# when a series applies to it, SB_SERIES the folder under patches/ of that series (its
# series file, the patches, the cover letter; empty: patches/ itself), SB_FIXES the
# folder under patches/ of the fixes applied to Debian's source first (empty: none, the base kernel is
# Debian's source as it ships), SB_TREE_CMD what fetches a source from a suite,
# SB_TARBALL the source tarball's path in its package (installed there for 6.12).
SB_KERNEL=${KERNEL:-6.12}
case $SB_KERNEL in
6.12)
	SB_SOURCE_PKG=linux-source-6.12 SB_SOURCE_SUITE='' SB_HAS_SERIES=1 SB_FIXES=fixes
	SB_SERIES='' SB_TREES=$SCHED_BUDDY_CACHE SB_BRANCH=sched-buddy SB_TREE_CMD=
	;;
7.2)
	SB_SOURCE_PKG=linux-source-7.2 SB_SOURCE_SUITE=unstable SB_HAS_SERIES='' SB_FIXES=''
	SB_SERIES='' SB_TREES=$SCHED_BUDDY_CACHE/mainline SB_BRANCH=debian SB_TREE_CMD='make mainline-tree MAINLINE=7.2'
	;;
7.3)
	SB_SOURCE_PKG=linux-source-7.3 SB_SOURCE_SUITE=experimental SB_HAS_SERIES=1
	SB_FIXES=7.3/fixes SB_SERIES=7.3 SB_TREES=$SCHED_BUDDY_CACHE/mainline-7.3
	SB_BRANCH=sched-buddy SB_TREE_CMD='make mainline-tree'
	;;
*) die "unknown kernel version KERNEL='$SB_KERNEL' (accepted: 6.12, the default, 7.2 or 7.3)" ;;
esac
SB_TARBALL=/usr/src/$SB_SOURCE_PKG.tar.xz

# The option parsers' checks: need OPTION "$@" (OPTION has a value after it),
# sb_positive VALUE... (each passes guest/lib/sb.sh's sb_is_positive, else die).
need() { [ $# -ge 2 ] || die "option $1 needs a value"; }
sb_positive() {
	for n; do sb_is_positive "$n" || die "'$n' is not a positive number"; done
}

# What counts as a kernel splat: the patterns of guest/splats (one extended regular
# expression a line; the in-guest test dmesg_clean reads the same file), one a line,
# without the file's comments and blank lines (an empty pattern would match every line).
sb_splats() { sed -e '/^#/d' -e '/^[[:space:]]*$/d' "$SB_TOP/guest/splats"; }

# The file in which host/tree.sh records the Debian version of the fetched source it
# unpacked (a source from SB_SOURCE_SUITE).
sb_fetched_record() { echo "$SB_TREES/$SB_SOURCE_PKG.version"; }

# Debian version of the kernel source package, or empty: the installed one, or for a
# fetched source the one unpacked.
sb_source_version() {
	if [ -z "$SB_SOURCE_SUITE" ]; then
		dpkg-query -W -f='${Status} ${Version}\n' "$SB_SOURCE_PKG" 2>/dev/null |
			sed -n 's/^install ok installed //p'
	else
		cat "$(sb_fetched_record)" 2>/dev/null || true
	fi
}

# What to run when there is no source yet.
sb_source_missing() {
	if [ -z "$SB_SOURCE_SUITE" ]; then
		echo "$SB_SOURCE_PKG is not installed (run: make deps)"
	else
		echo "$SB_SOURCE_PKG has not been fetched (run: $SB_TREE_CMD)"
	fi
}

# sb_tree_dir_of VERSION: the tree of that Debian version ('~' and ':' are awkward in
# paths); sb_tree_dir: the tree of the installed or fetched one.
sb_tree_dir_of() { printf '%s/linux-%s\n' "$SB_TREES" "$(printf %s "$1" | tr '~:' '_-')"; }
sb_tree_dir() {
	v=$(sb_source_version)
	[ -n "$v" ] || die "$(sb_source_missing)"
	sb_tree_dir_of "$v"
}

# sb_src base|patched|prefix: the source tree of that kernel variant. prefix is a
# worktree that host/prefixes.sh moves along the series. A source no series applies to
# (KERNEL=7.2) has the base kernel alone, its tree.
sb_src() {
	case $1 in
	base | patched | prefix) ;;
	*) die "unknown kernel variant '$1' (expected: base, patched or prefix)" ;;
	esac
	if [ -z "$SB_HAS_SERIES" ]; then
		[ "$1" = base ] || die "KERNEL=$SB_KERNEL has no $1 kernel:" \
			"the series applies to 6.12 and 7.3 only (the base kernel is Debian's $SB_SOURCE_PKG${SB_FIXES:+ with patches/$SB_FIXES/})"
		sb_tree_dir
	elif [ "$1" = patched ]; then
		sb_tree_dir
	else
		printf '%s-%s\n' "$(sb_tree_dir)" "$1"
	fi
}

# Debian packages fetched without touching the machine's apt configuration (/etc/apt) or
# package lists (host/qemu-src.sh, host/tree.sh for KERNEL=7.2 and 7.3).
# sb_machine_sources: the archive hosts of the machine's own Debian sources, one URI and
# the suite per line: "URI SUITE" from one-line (sources.list) and deb822 (.sources) files.
sb_machine_sources() {
	for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
		[ -r "$f" ] || continue
		awk '$1 == "deb" { i = 2; if ($2 ~ /^\[/) while ($i !~ /\]$/) i++
			if ($2 ~ /^\[/) i++; print $i, $(i + 1) }' "$f"
	done
	for f in /etc/apt/sources.list.d/*.sources; do
		[ -r "$f" ] || continue
		awk 'function flush() { if (t ~ /deb( |$)/) for (s in S) print u, S[s]
				t = u = ""; delete S }
			/^[ \t]*$/ { flush(); next }
			/^#/ { next }
			$1 == "Types:" { t = $0 }
			$1 == "URIs:" { u = $2 }
			$1 == "Suites:" { for (i = 2; i <= NF; i++) S[i] = $i }
			END { flush() }' "$f"
	done
}

# sb_machine_mirror SUITE DEFAULT: the URI the machine's sources use for SUITE, or DEFAULT.
sb_machine_mirror() {
	sb_mm=$(sb_machine_sources | awk -v suite="$1" '$2 == suite { print $1; exit }')
	echo "${sb_mm:-$2}"
}

# sb_private_apt DIR apt-get|apt-cache ARGS...: run that apt tool with DIR/sources.list
# (the caller writes it) as its only sources list and DIR/lists and DIR/cache as its
# package lists and cache.
sb_private_apt() {
	sb_pa_dir=$1 sb_pa_tool=$2
	shift 2
	"$sb_pa_tool" -o Dir::Etc::SourceList="$sb_pa_dir/sources.list" \
		-o Dir::Etc::SourceParts=/dev/null -o Dir::State::Lists="$sb_pa_dir/lists" \
		-o Dir::Cache="$sb_pa_dir/cache" "$@"
}

# sb_series DIR: the patch files DIR/series names, one per line, in order ('#' starts a
# comment; blank lines are skipped).
sb_series() { sed -e 's/#.*//' -e 's/[[:space:]]*$//' -e '/^$/d' "$1/series"; }

# sb_series_commits: the commits of KERNEL's series, first to last (branch SB_BRANCH above
# SB_FIXES_BRANCH in the patched tree).
sb_series_commits() {
	git -C "$(sb_src patched)" rev-list --reverse "$SB_FIXES_BRANCH..$SB_BRANCH"
}

# sb_prefix_at COMMIT: check COMMIT out in the prefix worktree (sb_src prefix), added at
# SB_FIXES_BRANCH first if it is not there.
sb_prefix_at() {
	sb_pa_wt=$(sb_src prefix)
	[ -d "$sb_pa_wt" ] || git -C "$(sb_src patched)" worktree add -q --detach "$sb_pa_wt" \
		"$SB_FIXES_BRANCH" || die "cannot add worktree $sb_pa_wt"
	git -C "$sb_pa_wt" checkout -q --detach "$1" || die "cannot check out $1 in $sb_pa_wt"
}

# sb_fixes_summary: the subjects of the fixes' series of KERNEL (patches/$SB_FIXES/series:
# patches/fixes/ for 6.12, patches/7.3/fixes/ for 7.3), in order, "; " between them ("none"
# when it names no patch or KERNEL has no fixes): what both kernels carry besides Debian's
# source.
sb_fixes_summary() {
	[ -n "$SB_FIXES" ] || { echo none; return 0; }
	sb_fixes=$(for sb_f in $(sb_series "$SB_TOP/patches/$SB_FIXES"); do
		sed -n 's/^Subject: \(\[PATCH[^]]*\] \)\{0,1\}//p' "$SB_TOP/patches/$SB_FIXES/$sb_f" | head -n 1
	done | paste -sd';' - | sed 's/;/; /g')
	echo "${sb_fixes:-none}"
}

# sb_obj base|patched|prefix CONFIG: the O= build directory.
sb_obj() { printf '%s/build-%s\n' "$(sb_src "$1")" "$2"; }

# sb_kmake VARIANT OBJ MAKE-ARGS...: the kernel's make in VARIANT's tree with O=OBJ through
# ccache in $SCHED_BUDDY_CACHE/ccache on every CPU: the one place that knows the flags
# (host/build.sh, host/deb.sh). The kernel's Makefile checks CC at configure time, so
# every call passes the same CC; LOCALVERSION -VARIANT is in the release the modules built
# against the tree must match.
sb_kmake() {
	sb_kmake_src=$(sb_src "$1") sb_kmake_var=$1 sb_kmake_obj=$2
	shift 2
	CCACHE_DIR="$SCHED_BUDDY_CACHE/ccache" CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-8G} \
		make -C "$sb_kmake_src" O="$sb_kmake_obj" CC="ccache gcc" HOSTCC="ccache gcc" \
		LOCALVERSION="-$sb_kmake_var" -j"$(nproc)" "$@"
}

# sb_uts OBJ release|version: the built kernel's UTS_RELEASE or UTS_VERSION, which
# the in-guest kernel_version test compares with uname.
sb_uts() {
	sed -n "s/.*UTS_$(echo "$2" | tr a-z A-Z) \"\(.*\)\"/\1/p" "$1/include/generated/uts$2.h"
}


# sb_ktap_count FILE: count the results of a kselftest run in FILE, KTAP as the tree's
# run_kselftest.sh prints it (each test binary's own KTAP nested under "# ", then the
# binary's result) or as a flat list of results. Prints "PASSED FAILED SKIPPED REPORTED
# PLANNED" (REPORTED and PLANNED: top-level results, and the top-level plan or -1), and on
# stderr a line for each failure. Each test case a binary reports counts; a binary that
# reports none counts by its own result, but a kselftest binary ("selftests: " in its
# result line) that printed no plan of its own is a failure (its output was lost); a
# binary that failed (crashed, timed out, exited non-zero) or reported fewer cases than it
# planned, without a failed case, is one failure.
# The cases a binary reported before it was cut short (a guest that died) count too.
sb_ktap_count() {
	awk '
	function reset() { n = cp = cf = cs = 0; cplan = -1; failed = "" }
	BEGIN { reset(); plan = -1 }
	/^1\.\.[0-9]+/ { plan = substr($1, 4) + 0; next }
	/^# 1\.\.[0-9]+/ { cplan = substr($2, 4) + 0; next }
	/^# ok [0-9]+ / { n++; if (/ # SKIP/) cs++; else cp++; next }
	/^# not ok [0-9]+ / { n++; cf++; failed = failed "\n" substr($0, 3); next }
	/^(not )?ok [0-9]+ / {
		top++
		name = $0
		sub(/^(not )?ok [0-9]+ (selftests: [^:]*: )?/, "", name)
		sub(/ # .*/, "", name)
		if (!n) {
			if (/^not ok/) { f++; print "    " $0 > "/dev/stderr" }
			else if (/ selftests: / && cplan < 0) {
				f++
				print "    " $0 " (printed no KTAP of its own: output lost?)" > "/dev/stderr"
			}
			else if (/ # SKIP/) s++
			else p++
		} else {
			p += cp; f += cf; s += cs
			if (failed != "") {
				gsub(/\n/, "\n    " name ": ", failed)
				print substr(failed, 2) > "/dev/stderr"
			}
			if (!cf && (/^not ok/ || n < cplan)) {
				f++
				print "    " $0 " (" n " of " cplan " cases reported)" > "/dev/stderr"
			}
		}
		reset()
	}
	END {
		p += cp; f += cf; s += cs	# a binary cut short: the cases it reported
		printf "%d %d %d %d %d\n", p, f, s, top, plan
	}' "$1"
}

# sb_kunit_count FILE: the KUnit results in FILE, a kernel log holding KUnit's KTAP
# (kunit.py run's test.log, a console log; a printk time stamp before a line is skipped):
# one line a suite, in order, "SUITE PASSED FAILED SKIPPED", counted from its cases'
# results (a parameterised case counts once, by its own result). Cases reported after the
# last suite's result (a kernel that died in a suite) are printed as suite '-', with one
# failure more.
sb_kunit_count() {
	sed 's/^\[[ 0-9.]*\] //' "$1" | awk '
	BEGIN { p = f = s = 0 }
	/^    not ok [0-9]+ / { f++; next }
	/^    ok [0-9]+ / { if (/ # SKIP/) s++; else p++; next }
	/^(not )?ok [0-9]+ / {
		name = $0
		sub(/^(not )?ok [0-9]+ /, "", name)
		sub(/ .*/, "", name)
		print name, p, f, s
		p = f = s = 0
	}
	END { if (p + f + s) print "-", p, f + 1, s }'
}

# sb_kunit_verdict FILE: sb_kunit_count's suites in FILE summed, "PASSED FAILED SKIPPED";
# fails, naming why on stderr, when there is no suite, a case failed, or a suite ran no
# case or skipped all it ran: a suite that did not run must not pass as one that did.
sb_kunit_verdict() {
	sb_kunit_count "$1" | awk '
	{ p += $2; f += $3; s += $4; n++ }
	$3 > 0 { bad = 1; print "suite " $1 ": " $3 " failed" > "/dev/stderr" }
	$2 == 0 {
		bad = 1
		if ($4) print "suite " $1 ": every case skipped (" $4 ")" > "/dev/stderr"
		else print "suite " $1 ": no case ran" > "/dev/stderr"
	}
	END {
		if (!n) { bad = 1; print "no KUnit suite ran" > "/dev/stderr" }
		printf "%d %d %d\n", p, f, s
		exit bad
	}'
}

# sb_boot_kunit CONSOLE OBJ OUT: the KUnit suites a kernel ran at boot. CONSOLE, its
# console log, is parsed by the patched tree's tools/testing/kunit/kunit.py into OUT, whose
# table goes to stderr; prints "PASSED FAILED SKIPPED" from kunit.py's closing line ("Ran N
# tests: passed: P, failed: F, skipped: S", zeros left out; errors and crashes count as
# failures). A log without a test is one failure when OBJ's .config has a suite
# (*_KUNIT_TEST=y: configured, but none ran), nothing otherwise. make test runs it on
# 6.12's patched test kernel, make mainline on 7.3's.
sb_boot_kunit() {
	python3 "$(sb_src patched)/tools/testing/kunit/kunit.py" parse "$1" >"$3" 2>&1
	sed -n '/=====/,$p' "$3" | grep -v '^\[[^]]*\] =*$' | sed 's/^\[[^]]*\] //' >&2
	sb_bk_sum=$(grep -o 'Ran [0-9]* tests.*' "$3" | tail -n 1)
	case $sb_bk_sum in
	"" | "Ran 0 tests"*)
		echo "no KUnit test ran" >&2
		if grep -q '_KUNIT_TEST=y$' "$2/.config"; then
			log "the kernel in $2 has KUnit suites configured, but none ran"
			echo "0 1 0"
		else
			echo "0 0 0"
		fi
		return
		;;
	esac
	# each count follows its name ("failed: 2,"): awk's number of "2," is 2
	printf '%s\n' "$sb_bk_sum" | awk '{
		for (i = 1; i < NF; i++) { k = $i; sub(/:$/, "", k); c[k] = $(i + 1) + 0 }
		print c["passed"] + 0, c["failed"] + c["errors"] + c["crashed"], c["skipped"] + 0
	}'
}

# sb_guest_suite VARIANT CONFIG NAME OUT: boot VARIANT's kernel of CONFIG (host/boot.sh,
# deterministic mode, schedstats on, run directory runs/latest-NAME) and run the in-guest
# suite in it (build/run_kselftest.sh: make tests), telling kernel_version what release
# and version to expect and the buddy tests the variant and the kernel version (SB_KERNEL,
# SB_VERSION: guest/tests/buddy_fixture.h skips what a kernel lacks); the suite's KTAP goes
# to stdout and to OUT, the guest's exit status (host/boot.sh's: 125 for a panic, a splat
# or a timeout) to OUT.rc. make test runs it on 6.12's two kernels, make mainline on 7.3's
# two (KERNEL=7.3) or 7.2's one.
sb_guest_suite() {
	sb_gs_obj=$(sb_obj "$1" "$2")
	sb_gs_release=$(sb_uts "$sb_gs_obj" release)
	echo "== guest tests on the $1 kernel ($sb_gs_release)"
	{
		"$SB_TOP/host/boot.sh" --variant "$1" --config "$2" \
			--name "$3" --icount --timeout 900 --append schedstats=enable -- \
			env SB_KERNEL="$1" SB_VERSION="$SB_KERNEL" SB_EXPECT_RELEASE="$sb_gs_release" \
			SB_EXPECT_VERSION="$(sb_uts "$sb_gs_obj" version)" "$SB_TOP/build/run_kselftest.sh"
		echo $? >"$4.rc"
	} | tee "$4"
}

# sb_guest_count OUT WHAT: count sb_guest_suite's results in OUT: prints "PASSED FAILED
# SKIPPED" as sb_ktap_count counts them (naming each failure on stderr). The runner exits
# 0 whatever the tests did; a guest that exited otherwise (OUT.rc), or reported fewer
# results than it planned, is one failure more, logged as WHAT's.
sb_guest_count() {
	# shellcheck disable=SC2046 # (five numbers)
	set -- $(sb_ktap_count "$1") "$1" "$2"
	sb_gc_rc=$(cat "$6.rc" 2>/dev/null) || sb_gc_rc=none
	sb_gc_fail=$2
	if [ "$sb_gc_rc" != 0 ] || [ "$5" -lt 0 ] || [ "$4" != "$5" ]; then
		sb_gc_fail=$(($2 + 1))
		log "$7 failed: $4 of $5 results reported, exit $sb_gc_rc"
	fi
	echo "$1 $sb_gc_fail $3"
}

# sb_unpack_kernel DEB DIR: unpack the kernel image package DEB into DIR/root with
# dpkg -x (never installed: nothing of it is ever loaded into this machine's kernel) and
# write its modules.dep there (depmod -b); DIR/.unpacked marks it done. Nothing happens
# when DIR was unpacked after DEB was last written. Prints the kernel release
# (DIR/root/lib/modules/RELEASE).
sb_unpack_kernel() {
	sb_uk_deb=$1 sb_uk_dir=$2
	if [ ! -f "$sb_uk_dir/.unpacked" ] || [ "$sb_uk_deb" -nt "$sb_uk_dir/.unpacked" ]; then
		command -v depmod >/dev/null || die "depmod missing (run: make deps)"
		log "unpacking $sb_uk_deb into $sb_uk_dir (dpkg -x: not installed)"
		rm -rf "$sb_uk_dir.tmp" && mkdir -p "$sb_uk_dir.tmp"
		dpkg -x "$sb_uk_deb" "$sb_uk_dir.tmp/root" || die "cannot unpack $sb_uk_deb"
		sb_uk_rel=$(ls "$sb_uk_dir.tmp/root/lib/modules" 2>/dev/null | head -n 1)
		[ -n "$sb_uk_rel" ] && [ -f "$sb_uk_dir.tmp/root/boot/vmlinuz-$sb_uk_rel" ] ||
			die "$sb_uk_deb holds no kernel (boot/vmlinuz-RELEASE and lib/modules/RELEASE)"
		depmod -b "$sb_uk_dir.tmp/root" "$sb_uk_rel" || die "depmod failed for $sb_uk_deb"
		rm -rf "$sb_uk_dir" && mv "$sb_uk_dir.tmp" "$sb_uk_dir" && touch "$sb_uk_dir/.unpacked"
	fi
	ls "$sb_uk_dir/root/lib/modules" | head -n 1
}

# sb_initramfs ROOT OUT: an initramfs at OUT for the kernel unpacked at ROOT
# (sb_unpack_kernel's DIR/root: a distribution kernel whose 9p and overlay are modules,
# the stock anchors' or make deb's), made again when older than ROOT's modules.dep or
# this file: busybox-static, the modules a 9p root over virtio-pci and guest/init's
# overlays need, with their dependencies from modules.dep, decompressed, in load order
# (built-in ones are skipped), and a small /init that loads them, mounts the 9p root the
# way host/boot.sh's root=, rootfstype= and rootflags= say and switch_root's into its
# init=. The archive is made by the kernel tree's gen_init_cpio (a device node without
# root).
sb_initramfs() {
	sb_ir_root=$1 sb_ir_out=$2
	sb_ir_rel=$(ls "$sb_ir_root/lib/modules" 2>/dev/null | head -n 1)
	sb_ir_mods=$sb_ir_root/lib/modules/$sb_ir_rel
	[ -n "$sb_ir_rel" ] && [ -f "$sb_ir_mods/modules.dep" ] ||
		die "$sb_ir_root holds no modules.dep (lib/modules/RELEASE)"
	[ ! -f "$sb_ir_out" ] || [ "$sb_ir_out" -ot "$sb_ir_mods/modules.dep" ] ||
		[ "$sb_ir_out" -ot "$SB_TOP/host/lib.sh" ] || return 0
	sb_ir_busybox=/bin/busybox
	[ -x $sb_ir_busybox ] && $sb_ir_busybox --list | grep -qx switch_root ||
		die "busybox-static missing (run: make deps)"
	log "making the initramfs for $sb_ir_rel"
	sb_ir_w=$sb_ir_out.d
	rm -rf "$sb_ir_w" && mkdir -p "$sb_ir_w/lib/modules"
	# modules.dep lists paths relative to $sb_ir_mods.
	sb_ir_need=
	for sb_ir_m in virtio_pci 9p 9pnet 9pnet_virtio netfs overlay; do
		sb_ir_p=$(sed -n "s|^\([^:]*/$sb_ir_m\.ko[.a-z]*\):.*|\1|p" "$sb_ir_mods/modules.dep")
		if [ -z "$sb_ir_p" ]; then
			grep -q "/$sb_ir_m\.ko\$" "$sb_ir_mods/modules.builtin" ||
				die "$sb_ir_rel has module $sb_ir_m neither built in nor as a module"
			continue
		fi
		sb_ir_need="$sb_ir_need $sb_ir_p"
	done
	# Close over dependencies, then order: a module after all it depends on.
	sb_ir_all=
	while [ -n "$sb_ir_need" ]; do
		sb_ir_next=
		for sb_ir_p in $sb_ir_need; do
			case " $sb_ir_all " in *" $sb_ir_p "*) continue ;; esac
			sb_ir_all="$sb_ir_all $sb_ir_p"
			sb_ir_next="$sb_ir_next $(sb_ir_deps "$sb_ir_p")"
		done
		sb_ir_need=$sb_ir_next
	done
	sb_ir_order=
	while [ -n "$sb_ir_all" ]; do
		sb_ir_rest=
		for sb_ir_p in $sb_ir_all; do
			sb_ir_ok=1
			for sb_ir_d in $(sb_ir_deps "$sb_ir_p"); do
				case " $sb_ir_order " in *" $sb_ir_d "*) ;; *) sb_ir_ok=0 ;; esac
			done
			if [ $sb_ir_ok = 1 ]; then
				sb_ir_order="$sb_ir_order $sb_ir_p"
			else
				sb_ir_rest="$sb_ir_rest $sb_ir_p"
			fi
		done
		[ "$sb_ir_rest" != "$sb_ir_all" ] ||
			die "circular module dependencies in $sb_ir_mods/modules.dep"
		sb_ir_all=$sb_ir_rest
	done
	: >"$sb_ir_w/modules"
	for sb_ir_p in $sb_ir_order; do
		sb_ir_n=$(basename "$sb_ir_p")
		case $sb_ir_n in
		*.xz) xz -dc "$sb_ir_mods/$sb_ir_p" >"$sb_ir_w/lib/modules/${sb_ir_n%.xz}" ;;
		*.zst) zstd -qdc "$sb_ir_mods/$sb_ir_p" >"$sb_ir_w/lib/modules/${sb_ir_n%.zst}" ;;
		*.gz) gzip -dc "$sb_ir_mods/$sb_ir_p" >"$sb_ir_w/lib/modules/${sb_ir_n%.gz}" ;;
		*) cp "$sb_ir_mods/$sb_ir_p" "$sb_ir_w/lib/modules/$sb_ir_n" ;;
		esac || die "cannot unpack module $sb_ir_p (xz, zstd or gzip missing? run: make deps)"
		echo "${sb_ir_n%.ko*}.ko" >>"$sb_ir_w/modules"
	done
	cat >"$sb_ir_w/init" <<'INIT'
#!/bin/busybox sh
# PID 1 of the initramfs of a distribution kernel (host/lib.sh's sb_initramfs: the stock
# anchors, make deb's packages): load the modules of a 9p root, mount it as root=,
# rootfstype= and rootflags= say, switch_root into init=.
b=/bin/busybox
$b mount -t proc proc /proc
$b mount -t devtmpfs devtmpfs /dev
for m in $($b cat /modules); do
	$b insmod /lib/modules/$m || echo "initramfs-init: cannot load $m"
done
root= fstype=9p flags= init=/sbin/init
for a in $($b cat /proc/cmdline); do
	case $a in
	root=*) root=${a#root=} ;;
	rootfstype=*) fstype=${a#rootfstype=} ;;
	rootflags=*) flags=,${a#rootflags=} ;;
	init=*) init=${a#init=} ;;
	esac
done
$b mount -t "$fstype" -o "ro$flags" "$root" /newroot ||
	{ echo "initramfs-init: cannot mount root '$root'"; $b poweroff -f; }
$b mount --move /dev /newroot/dev
$b umount /proc
exec $b switch_root /newroot "$init"
INIT
	sb_ir_gen=$SCHED_BUDDY_CACHE/anchors/gen_init_cpio
	if [ ! -x "$sb_ir_gen" ]; then
		mkdir -p "$SCHED_BUDDY_CACHE/anchors"
		cc -O2 -o "$sb_ir_gen" "$(sb_src patched)/usr/gen_init_cpio.c" ||
			die "cannot build gen_init_cpio (from the kernel tree: make tree)"
	fi
	{
		for sb_ir_d in /dev /proc /bin /lib /lib/modules /newroot; do
			echo "dir $sb_ir_d 0755 0 0"
		done
		echo "nod /dev/console 0600 0 0 c 5 1"
		echo "file /bin/busybox $sb_ir_busybox 0755 0 0"
		echo "file /init $sb_ir_w/init 0755 0 0"
		echo "file /modules $sb_ir_w/modules 0644 0 0"
		for sb_ir_f in "$sb_ir_w"/lib/modules/*.ko; do
			[ ! -f "$sb_ir_f" ] || echo "file /lib/modules/${sb_ir_f##*/} $sb_ir_f 0644 0 0"
		done
	} >"$sb_ir_w/list"
	"$sb_ir_gen" "$sb_ir_w/list" | gzip -9 >"$sb_ir_out.tmp" || die "cannot make the initramfs"
	mv "$sb_ir_out.tmp" "$sb_ir_out"
	log "initramfs $sb_ir_out: $(tr '\n' ' ' <"$sb_ir_w/modules")"
	rm -rf "$sb_ir_w"
}
# sb_ir_deps PATH: what module PATH depends on (sb_initramfs's modules.dep).
sb_ir_deps() { sed -n "s|^$1: *||p" "$sb_ir_mods/modules.dep"; }

# Input checks. A script checks every option, argument and variable it takes before it
# installs, fetches, unpacks, builds or boots anything, and refuses a bad one in one line
# naming the value and what is accepted. The Makefile runs the scripts of the goals it is
# asked for in check-only mode while it reads the Makefile, before any prerequisite
# runs: with SB_CHECK_ONLY=1 a script exits 0 at sb_checked, which it calls once its input
# is checked and before it changes anything. A script without that call refuses to run
# in that mode.
sb_checked() { [ "${SB_CHECK_ONLY:-}" != 1 ] || exit 0; }
if [ "${SB_CHECK_ONLY:-}" = 1 ] && ! grep -q '^[[:space:]]*sb_checked$' "$0"; then
	die "$0 has no check-only mode (SB_CHECK_ONLY=1): it calls no sb_checked"
fi

# sb_check_config NAME: NAME names a config of config/ (config/NAME.config): CONFIG,
# --config.
sb_check_config() {
	case $1 in
	'' | */*) ;;
	*) [ ! -f "$SB_TOP/config/$1.config" ] || return 0 ;;
	esac
	die "unknown config '$1' (accepted: $(cd "$SB_TOP/config" && ls -- *.config |
		sed 's/\.config$//' | paste -sd, - | sed 's/,/, /g'): the files config/NAME.config)"
}

# sb_check_variant VARIANT: VARIANT is a kernel variant that KERNEL has (sb_src's own
# refusals), without looking for its tree, which need not exist yet.
sb_check_variant() { (sb_tree_dir() { :; }; sb_src "$1" >/dev/null) || exit 1; }

# sb_check_name WHAT VALUE: VALUE can name a file in a directory of the cache (a run's
# name): not empty, no '/'.
sb_check_name() {
	case $2 in
	'' | . | .. | */*) die "bad $1 '$2' (a file name: not empty, no '/')" ;;
	esac
}

# sb_no_blank WHAT VALUE: VALUE goes to QEMU as one word (plugin arguments).
sb_no_blank() {
	case $2 in *[[:space:]]*) die "$1 must not contain blanks: '$2'" ;; esac
}
