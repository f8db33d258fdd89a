#!/bin/sh
# The figures the buddies' defaults are chosen by (docs/findings/defaults.md): every buddy
# configuration over guest/bench's 'defaults' set, then under the cache model over its
# 'defaults-cache' set, merged into one results.csv (the first run's figures, and the
# second's per-operation counts *_per_op) with one report.
#
#   host/bench/defaults.sh [--jobs J]            both runs, then the merge
#   host/bench/defaults.sh --merge PLAIN CACHE   only the merge, of two earlier runs'
#                                                directories ($SCHED_BUDDY_CACHE/bench/*)
#
# Variants: base off next next+last. Plain: 5 repetitions of 2 s workloads (20 boots);
# cache model: 3 repetitions of 1 s (12 boots); both in
# deterministic mode, J guests at a time (default 1). The merged run goes to
# $SCHED_BUDDY_CACHE/bench/defaults-<date>/ (results.csv, kernels.txt, report.md against the
# unpatched kernel, report-vs-off.md against the buddies off in the patched one).
# SB_BENCH_CORRECTION: the reports' correction over their comparisons (holm, the default,
# or bh: host/bench/report.sh), checked before anything runs.
set -eu
. "$(dirname "$0")/../lib.sh"
. "$SB_TOP/host/bench/lib.sh"

variants="base off next next+last"
jobs=1 plain= cache=
while [ $# -gt 0 ]; do
	case $1 in
	--jobs) need "$@"; sb_positive "$2"; jobs=$2; shift 2 ;;
	--merge)
		[ $# -ge 3 ] || die "--merge needs two run directories"
		plain=$2 cache=$3
		for d in "$plain" "$cache"; do
			[ -r "$d/results.csv" ] || die "no results.csv in '$d'"
		done
		shift 3 ;;
	*) die "unknown option '$1' (see the header of $0)" ;;
	esac
done
bench_check_correction
sb_checked

# run ARGS...: host/bench/run.sh ARGS (its output shown), then print its directory.
run() {
	run_out=$(mktemp)
	"$SB_TOP/host/bench/run.sh" --jobs "$jobs" --variants "$variants" "$@" 2>&1 | tee "$run_out" >&2
	dir=$(sed -n 's|^run: results: \(.*\)/results.csv.*|\1|p' "$run_out" | tail -n 1)
	rm -f "$run_out"
	[ -n "$dir" ] || die "host/bench/run.sh $* gave no results"
	echo "$dir"
}
if [ -z "$plain" ]; then
	plain=$(run --reps 5 --seconds 2 --workloads defaults)
	cache=$(run --cachesim '' --reps 3 --seconds 1 --workloads defaults-cache)
fi

out=$SCHED_BUDDY_CACHE/bench/defaults-$(date +%Y%m%d-%H%M%S)
mkdir -p "$out" || die "cannot create $out"
{
	cat "$plain/results.csv"
	awk -F, 'NR > 1 && $4 ~ /_per_op$/' "$cache/results.csv"
} >"$out/results.csv"
{
	echo "figures: $plain (plain); *_per_op: $cache (cache model)"
	cat "$plain/kernels.txt"
	grep '^cache model' "$cache/kernels.txt" || true
} >"$out/kernels.txt"
mode="deterministic; *_per_op under the cache model"
"$SB_TOP/host/bench/report.sh" "$out/results.csv" "$mode" >"$out/report.md" ||
	die "report.sh failed on $out/results.csv"
# The choice is between configurations of one kernel: the same against the buddies off.
awk -F, '$1 != "base"' "$out/results.csv" >"$out/results-vs-off.csv"
"$SB_TOP/host/bench/report.sh" "$out/results-vs-off.csv" "$mode" >"$out/report-vs-off.md" ||
	die "report.sh failed on $out/results-vs-off.csv"
log "merged: $out/results.csv; reports: $out/report.md (against base), $out/report-vs-off.md (against off)"
