#!/bin/sh
# make yardsticks: the benchmarks upstream judges scheduler changes by, on one kernel
# version, Linux 7.3 (Debian experimental's source, KERNEL=7.3), in four variants of
# NEXT_BUDDY, through the A/B driver host/bench/run.sh and its report (host/bench/report.sh,
# Welch's test and Holm's correction of host/bench/signif.awk, or BH with
# SB_BENCH_CORRECTION=bh).
#
#   host/bench/yardsticks.sh [--variants LIST] [--cpus 1|2|4] [--wall] [--reps N]
#       [--seconds S] [--workloads LIST] [--config C] [--no-build] [--dry-run]
#
# The variants (default: all four, and series+last where the series has LAST_BUDDY):
#   off             the patched kernel (the whole 7.3 series, patches/7.3/series) with
#                   NEXT_BUDDY off: stock 7.3's pick (the series changes nothing with it off)
#   upstream        the unpatched base kernel (Debian's 7.3 with patches/7.3/fixes/, the
#                   same tree and config) with NEXT_BUDDY switched on at runtime: stock
#                   7.3's NEXT_BUDDY, its preempt_sync() bug included
#   upstream-fixed  NEXT_BUDDY on, with the preempt_sync() fix alone: the kernel of the
#                   series' first patch (its prefix of length 1), built in the prefix
#                   worktree as host/prefixes.sh builds prefixes (host/build.sh prefix)
#   series          the patched kernel, NEXT_BUDDY on: the whole series
#   series+last     the same with LAST_BUDDY on: only where the series has the feature
#                   (kernel/sched/features.h of the patched tree); otherwise left out of
#                   the default with the reason in the report, and refused when named
# Every variant boots once per repetition, in an order rotated per repetition (run.sh).
# --cpus: vCPUs of every guest, 1, 2 (default) or 4. Deterministic mode (-icount) unless
# --wall (multi-threaded TCG); the report's every table names the mode and the vCPUs.
# --reps (default 5), --seconds (default 4): run.sh's; --workloads: guest/bench's names or
# sets (default: its set 'yardsticks'; sizes in guest/bench and docs/benchmark.md).
# --config: the kernels' config (default bench). The kernels are built first (host/build.sh
# with KERNEL=7.3: base, patched, prefix as the variants need; the prefix worktree is moved
# to the series' first patch: no host/prefixes.sh of 7.3 may run meanwhile); --no-build
# boots them as they are (run.sh checks they exist and that the prefix kernel is the first
# patch's). --dry-run: check, print the variants, their kernels, the run.sh command and the
# expected duration, build and boot nothing.
# Needs the 7.3 trees (make mainline-tree); fetches nothing itself. Results as run.sh's:
# $SCHED_BUDDY_CACHE/bench/<date>/ (results.csv, every figure of every run; kernels.txt;
# kernels/, the bzImages booted; report.md).
set -eu
[ "${KERNEL:-7.3}" = 7.3 ] || {
	echo "yardsticks: error: make yardsticks runs on KERNEL=7.3 only, not KERNEL='$KERNEL'" >&2
	exit 1
}
KERNEL=7.3
export KERNEL
. "$(dirname "$0")/../lib.sh"
. "$SB_TOP/host/bench/lib.sh"

known="off upstream upstream-fixed series series+last"
variants= cpus=2 wall= reps=5 secs=4 workloads=yardsticks cfg=bench build=1 dry=
while [ $# -gt 0 ]; do
	case $1 in
	--variants) need "$@"; variants=$2; shift 2 ;;
	--cpus) need "$@"; cpus=$2; shift 2 ;;
	--wall) wall=--wall; shift ;;
	--reps) need "$@"; reps=$2; shift 2 ;;
	--seconds) need "$@"; secs=$2; shift 2 ;;
	--workloads) need "$@"; workloads=$2; shift 2 ;;
	--config) need "$@"; cfg=$2; shift 2 ;;
	--no-build) build=; shift ;;
	--dry-run) dry=1; shift ;;
	*) die "unknown option '$1' (see the header of $0)" ;;
	esac
done
asked=$variants
[ -n "$asked" ] || variants=$known
[ -n "$(echo $variants)" ] || die "no variants given"
seen=
for v in $variants; do
	case " $known " in
	*" $v "*) ;;
	*) die "unknown variant '$v' (make yardsticks knows: $known)" ;;
	esac
	case " $seen " in *" $v "*) die "variant '$v' named twice" ;; esac
	seen="$seen $v"
done
case $cpus in
1 | 2 | 4) ;;
*) die "--cpus '$cpus': make yardsticks runs 1, 2 or 4 vCPUs" ;;
esac
sb_positive "$reps" "$secs"
sb_check_config "$cfg"
bench_check_workloads "$workloads"
bench_check_correction
sb_checked

# The trees (host/tree.sh's: make mainline-tree) and LAST_BUDDY in the series.
patched=$(sb_src patched)
[ -d "$patched/.git" ] || die "no 7.3 tree at $patched (run: make mainline-tree)"
note=
case " $variants " in *" series+last "*) last=1 ;; *) last= ;; esac
if [ -n "$last" ] && ! grep -q 'SCHED_FEAT(LAST_BUDDY' "$patched/kernel/sched/features.h"; then
	why="the 7.3 series has no LAST_BUDDY (no SCHED_FEAT(LAST_BUDDY, ...) in kernel/sched/features.h of $patched)"
	case " $asked " in *" series+last "*) die "variant series+last: $why" ;; esac
	variants=$(echo $variants | tr ' ' '\n' | grep -vx 'series+last' | paste -sd' ' -)
	note="series+last left out: $why"
	log "$note"
fi
first=$(sb_series_commits | head -n 1)
[ -n "$first" ] || die "the 7.3 series is empty ($SB_FIXES_BRANCH..$SB_BRANCH in $patched)"
subject=$(git -C "$patched" log -1 --format=%s "$first")
case $subject in
*preempt_sync*) ;;
*) die "the series' first patch is \"$subject\", not the preempt_sync() fix upstream-fixed stands for" ;;
esac

# The kernels the variants boot: base (upstream), prefix (upstream-fixed), patched.
kernels=$(for v in $variants; do
	if [ "$v" = off ]; then echo patched; else bench_yardstick "$v" | cut -d' ' -f1; fi
done | sort -u | paste -sd' ' -)
nv=$(echo $variants | wc -w)
set -- --reps "$reps" --seconds "$secs" --config "$cfg" --cpus "$cpus" $wall \
	--workloads "$workloads" --variants "$variants"
[ -z "$note" ] || set -- "$@" --note "$note"

# Expected duration, for the set 'yardsticks': a boot of it took 250 s at --seconds 1, 2
# vCPUs, deterministic mode, on a 2-core host busy with two other guests (2026-12-07,
# docs/benchmark.md); most workloads run at least 3 to 6 s whatever SECONDS is, so each
# second more adds about 10 s (pgbench's four runs, mostly). 4 vCPUs: half as long again,
# a guess (not measured); other workload lists: the same guess, roughly.
per_boot=$((240 + 10 * secs))
[ "$cpus" != 4 ] || per_boot=$((per_boot * 3 / 2))
mins=$(((reps * nv * per_boot + 59) / 60))
if [ -n "$dry" ]; then
	echo "make yardsticks (KERNEL=7.3, config $cfg, $cpus vCPUs, ${wall:+wall-clock}${wall:-deterministic} mode):"
	for v in $variants; do
		case $v in
		off) echo "  off: patched kernel ($patched), NEXT_BUDDY off" ;;
		upstream) echo "  upstream: base kernel ($(sb_src base)), NEXT_BUDDY on" ;;
		upstream-fixed) echo "  upstream-fixed: prefix kernel ($(sb_src prefix)) at $first \"$subject\", NEXT_BUDDY on" ;;
		series) echo "  series: patched kernel ($patched), NEXT_BUDDY on" ;;
		series+last) echo "  series+last: patched kernel ($patched), NEXT_BUDDY and LAST_BUDDY on" ;;
		esac
	done
	[ -z "$note" ] || echo "  $note"
	echo "kernels: ${build:+build }$kernels"
	printf 'then: KERNEL=7.3 host/bench/run.sh'
	for a; do
		case $a in *[!A-Za-z0-9_.,+=/-]*) printf " '%s'" "$a" ;; *) printf ' %s' "$a" ;; esac
	done
	echo
	echo "$((reps * nv)) boots, about $mins min (workloads: $workloads)"
	exit 0
fi

if [ -n "$build" ]; then
	for k in $kernels; do
		if [ "$k" = prefix ]; then
			sb_prefix_at "$first"
			log "prefix kernel: $first \"$subject\""
		fi
		"$SB_TOP/host/build.sh" "$k" "$cfg" >/dev/null || die "building the $k kernel ($cfg) failed"
	done
fi
log "$((reps * nv)) boots, about $mins min"
exec "$SB_TOP/host/bench/run.sh" "$@"
