#!/bin/sh
# The benchmark on real hardware: run guest/bench's workloads directly on this machine,
# booted into the kernel under test, for each buddy combination, interleaved and repeated.
#
#   host/bench/hardware.sh [--reps N] [--seconds S] [--workloads LIST] [--variants LIST]
#                 [--out DIR] [--dry-run]
#
# --variants: off, next, next+last (default all three), groups (next+last inside groups
#   only, guest/buddies.sh), toggled at runtime through /sys/kernel/debug/sched/features:
#   the running kernel must be the patched one (its sched features include NEXT_BUDDY and
#   the series' LAST_BUDDY and BUDDY_ROOT), else hardware.sh refuses. The variants the
#   curated series dropped (next-eevdf, next-eevdf+last, the -long ones) are refused,
#   saying why. To measure the same machine booted into another kernel, name that
#   kernel's variant alone: base (the unpatched build) or stock-NAME (e.g. stock-6.12),
#   run as it boots, nothing toggled; give the same --out DIR to every boot, so one
#   results.csv and report.md hold them all.
# --workloads: names separated by spaces or commas, quick or all (default; see guest/bench).
# --dry-run: check, print the plan and change nothing (no root needed).
# Nothing is loaded into the kernel. Needs root (debugfs). Results: DIR (default
# $SCHED_BUDDY_CACHE/bench/host-<date>)/results.csv, kernels.txt, report.md.
# SB_BENCH_CORRECTION: the report's correction over its comparisons (holm, the default, or
# bh: host/bench/report.sh), checked before anything runs.
set -eu
. "$(dirname "$0")/../lib.sh"
. "$SB_TOP/host/bench/lib.sh"

reps=5 secs=10 workloads=all variants="off next next+last" out= dry=0
while [ $# -gt 0 ]; do
	case $1 in
	--reps) need "$@"; reps=$2; shift 2 ;;
	--seconds) need "$@"; secs=$2; shift 2 ;;
	--workloads) need "$@"; workloads=$2; shift 2 ;;
	--variants) need "$@"; variants=$2; shift 2 ;;
	--out) need "$@"; out=$2; shift 2 ;;
	--dry-run) dry=1; shift ;;
	*) die "unknown option '$1' (see the header of $0)" ;;
	esac
done
sb_positive "$reps" "$secs"
bench_check_workloads "$workloads"
bench_check_correction
workloads=$(echo "$workloads" | tr ',' ' ')
toggled=0 asis=
for v in $variants; do
	case $v in
	base | stock-?*) asis="$asis $v" ;;
	*)
		if ! bench_is_buddies "$v"; then
			why=$(sb_buddies_retired "$v") && die "variant '$v' is gone: $why"
			die "unknown variant '$v' ($BENCH_BUDDIES, base or stock-NAME)"
		fi
		toggled=1
		;;
	esac
done
[ -n "$(echo $variants)" ] || die "no variants given"
[ -z "$asis" ] || [ "$(echo $variants | wc -w)" = 1 ] ||
	die "variant$asis runs the kernel as it boots: name it alone (one boot per kernel)"
[ -x "$SB_TOP/build/pairs" ] || die "guest programs missing (run: make guest)"
rel=$(uname -r)

# Refusals: said before anything is changed. In a dry run they are shown, not fatal.
refuse() { if [ $dry = 1 ]; then log "would refuse: $*"; else die "$*"; fi; }
[ "$(id -u)" = 0 ] || refuse "needs root (the sched features are in debugfs)"
if [ ! -r "$SB_FEATURES" ]; then
	refuse "cannot read $SB_FEATURES (debugfs mounted? mount -t debugfs none /sys/kernel/debug; CONFIG_SCHED_DEBUG?)"
	feats=
else
	feats=$(tr ' ' '\n' <"$SB_FEATURES" | sed 's/^NO_//')
	[ $toggled = 0 ] || for f in NEXT_BUDDY LAST_BUDDY BUDDY_ROOT; do
		echo "$feats" | grep -qx "$f" && continue
		refuse "the running kernel ($rel) is not the patched sched-buddy kernel: its sched" \
			"features lack $f (boot the kernel of make deb, or name this kernel's variant" \
			"alone: --variants base or stock-NAME)"
		break
	done
fi

if [ -z "$out" ]; then
	out=$SCHED_BUDDY_CACHE/bench/host-$(date +%Y%m%d-%H%M%S)
fi
nv=$(echo $variants | wc -w)
total=$((reps * nv))
if [ $dry = 1 ]; then
	echo "kernel: $rel; results: $out"
	for rep in $(seq 1 "$reps"); do
		for v in $(bench_rotate $(((rep - 1) % nv)) $variants); do
			echo "rep $rep: $SB_TOP/guest/bench $SB_TOP/build $v $secs '$workloads'"
		done
	done
	echo "then: host/bench/report.sh $out/results.csv host"
	exit 0
fi

# Appends to an earlier boot's results in the same --out directory.
if [ -f "$out/results.csv" ]; then
	bench_resume "$out"
else
	bench_start "$out"
fi
echo "$variants $rel (real hardware, $(nproc) CPUs)" >>"$out/kernels.txt"
for rep in $(seq 1 "$reps"); do
	for v in $(bench_rotate $(((rep - 1) % nv)) $variants); do
		bench_progress "$rep" "$reps" "$v" "$total"
		status=0
		"$SB_TOP/guest/bench" "$SB_TOP/build" "$v" "$secs" "$workloads" \
			>"$out/raw.txt" 2>&1 || status=$?
		bench_keep "$v" "$rep" "$out/raw.txt" "$status"
	done
done
rm -f "$out/raw.txt"
bench_finish report.md "$SB_TOP/host/bench/report.sh" "$out/results.csv" host
