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

SCHED_BUDDY_CACHE=${SCHED_BUDDY_CACHE:-/var/cache/sched-buddy}
# The checkout's top: the nearest directory above the running script that holds
# patches/series (host/*.sh and host/bench/*.sh source this file).
SB_TOP=$(d=$(cd "$(dirname "$0")" && pwd)
	while [ "$d" != / ] && [ ! -f "$d/patches/series" ]; do d=$(dirname "$d"); done
	echo "$d")
SB_SOURCE_PKG=linux-source-6.12
SB_TARBALL=/usr/src/linux-source-6.12.tar.xz
SB_BRANCH=sched-buddy
SB_BASE_TAG=debian-base
# Debian's source plus patches/fixes/ (fixes to 6.12 that are not about the buddies): the
# base kernel builds it, and the buddy series starts from it.
SB_FIXES_BRANCH=debian-fixes
export SCHED_BUDDY_CACHE
# sb_is_positive, shared with the guest scripts
. "$SB_TOP/guest/lib/sb.sh"

sb_prog=$(basename "$0" .sh)

log() { printf '%s: %s\n' "$sb_prog" "$*" >&2; }
die() { printf '%s: error: %s\n' "$sb_prog" "$*" >&2; exit 1; }

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

# Installed Debian version of the kernel source package, or empty.
sb_source_version() {
	dpkg-query -W -f='${Status} ${Version}\n' "$SB_SOURCE_PKG" 2>/dev/null |
		sed -n 's/^install ok installed //p'
}

# Directory name for a Debian version: '~' and ':' are awkward in paths.
sb_tree_dir() {
	v=$(sb_source_version)
	[ -n "$v" ] || die "$SB_SOURCE_PKG is not installed (run: make deps)"
	printf '%s/linux-%s\n' "$SCHED_BUDDY_CACHE" "$(printf %s "$v" | tr '~:' '_-')"
}

# sb_src base|patched|prefix: the source tree of that kernel variant. prefix is a
# worktree that host/prefixes.sh moves along the series.
sb_src() {
	case $1 in
	patched) sb_tree_dir ;;
	base | prefix) printf '%s-%s\n' "$(sb_tree_dir)" "$1" ;;
	*) die "unknown kernel variant '$1' (expected: base, patched or prefix)" ;;
	esac
}

# sb_fixes_summary: the subjects of patches/fixes/series, in order, "; " between them
# ("none" when it names no patch): what both kernels carry besides Debian's source.
sb_fixes_summary() {
	sb_fixes=$(for sb_f in $(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$SB_TOP/patches/fixes/series"); do
		sed -n 's/^Subject: \(\[PATCH[^]]*\] \)\{0,1\}//p' "$SB_TOP/patches/fixes/$sb_f" | head -n 1
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
