#!/bin/sh
# A/B benchmark: boot each variant, run guest/bench in it, repeat, interleaved.
#
#   bench/run.sh [--reps N] [--seconds S] [--wall] [--variants "base off next next+last"]
#
# Variants: base (the unpatched kernel), off / next / next+last (the patched kernel with
# the buddies toggled at runtime). Each repetition boots every variant once, in an order
# rotated per repetition. Deterministic mode (-icount) unless --wall. Results go to
# $SCHED_BUDDY_CACHE/bench/<date>/ (results.csv, report.md); a failed boot is reported
# and the results gathered so far are kept.
set -eu
. "$(dirname "$0")/../scripts/lib.sh"

reps=3 secs=2 mode=--icount variants="base off next next+last"
need() { [ $# -ge 2 ] || die "option $1 needs a value"; }
while [ $# -gt 0 ]; do
	case $1 in
	--reps) need "$@"; reps=$2; shift 2 ;;
	--seconds) need "$@"; secs=$2; shift 2 ;;
	--wall) mode=; shift ;;
	--variants) need "$@"; variants=$2; shift 2 ;;
	*) die "unknown option '$1' (see the header of $0)" ;;
	esac
done
for n in "$reps" "$secs"; do
	case $n in '' | *[!0-9]* | 0) die "'$n' is not a positive number" ;; esac
done
for v in $variants; do
	case $v in base | off | next | next+last) ;; *) die "unknown variant '$v'" ;; esac
done

out=$SCHED_BUDDY_CACHE/bench/$(date +%Y%m%d-%H%M%S)
mkdir -p "$out"
echo "variant,rep,workload,metric,value" >"$out/results.csv"
nv=$(echo $variants | wc -w)
# rotate K V...: V from the K-th on, then the first K (each repetition starts elsewhere)
rotate() {
	k=$1
	shift
	i=0
	for v; do [ $i -ge "$k" ] && printf '%s ' "$v"; i=$((i + 1)); done
	i=0
	for v; do [ $i -lt "$k" ] && printf '%s ' "$v"; i=$((i + 1)); done
}
total=$((reps * nv)) done=0 start=$(date +%s) failed=0

for rep in $(seq 1 "$reps"); do
	order=$(rotate $(((rep - 1) % nv)) $variants)
	for v in $order; do
		kernel=patched
		[ "$v" = base ] && kernel=base
		left=""
		if [ $done -gt 0 ]; then
			per=$((($(date +%s) - start) / done))
			left=", about $(((total - done) * per / 60 + 1)) min left"
		fi
		log "rep $rep/$reps: $v ($((done + 1))/$total boots$left)"
		if "$SB_TOP/scripts/boot.sh" --variant $kernel $mode --timeout 1800 \
			--name "bench-$v" -- "$SB_TOP/guest/bench" "$SB_TOP/build" "$v" "$secs" \
			>"$out/raw.txt" 2>&1; then
			sed "s/^/$v,$rep,/" "$out/raw.txt" >>"$out/results.csv"
		else
			failed=$((failed + 1))
			log "rep $rep $v failed; its output:"
			sed 's/^/    /' "$out/raw.txt" >&2
		fi
		done=$((done + 1))
	done
done
rm -f "$out/raw.txt"
"$SB_TOP/bench/report.sh" "$out/results.csv" ${mode:+deterministic} >"$out/report.md"
cat "$out/report.md"
log "results: $out/results.csv, report: $out/report.md"
[ $failed = 0 ] || die "$failed of $total boots failed"
