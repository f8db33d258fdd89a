#!/bin/sh
# host/bench/hardware.sh and host/bench/run.sh refuse what they must before changing
# anything: a kernel without the series' sched features, mixed boots, no or bad variants
# (the ones the curated series dropped saying why), bad workload lists and numbers;
# hardware.sh --dry-run prints the rotated plan; a bad SB_BENCH_CORRECTION is refused
# before a run.
. "$(dirname "$0")/lib.sh"
feat=$(mktemp)
trap 'rm -f "$out" "$feat"' EXIT
echo "PLACE_LAG RUN_TO_PARITY NO_NEXT_BUDDY PICK_BUDDY CACHE_HOT_BUDDY" >"$feat"
export SB_SCHED_FEATURES=$feat
expect_failure "not the patched sched-buddy kernel: its sched features lack LAST_BUDDY" \
	"$top/host/bench/hardware.sh" --reps 1
expect_failure "no variants given" "$top/host/bench/hardware.sh" --variants ' '
expect_failure "'0' is not a positive number" "$top/host/bench/hardware.sh" --seconds 0
expect_failure "name it alone" "$top/host/bench/hardware.sh" --variants "base off"
expect_failure "unknown variant 'bogus'" "$top/host/bench/hardware.sh" --variants bogus
expect_failure "variant 'next-eevdf' is gone: .*NEXT_BUDDY_EEVDF" \
	"$top/host/bench/hardware.sh" --variants "off next-eevdf"
expect_failure "variant 'next\+last-long' is gone: .*BUDDY_SHORT_FIRST" \
	"$top/host/bench/hardware.sh" --variants next+last-long
expect_failure "variant 'next-eevdf\+last' is gone: .*NEXT_BUDDY_EEVDF" \
	"$top/host/bench/run.sh" --variants "base next-eevdf+last"
expect_failure "variant 'next-long' is gone: .*BUDDY_SHORT_FIRST" \
	"$top/host/bench/run.sh" --variants next-long
expect_failure "unknown variant 'off-long'" "$top/host/bench/run.sh" --variants off-long
expect_failure "use stock-6.1-wall" "$top/host/bench/run.sh" --variants stock-6.1
expect_failure "bad workload list" "$top/host/bench/run.sh" --workloads 'a;b'
# the reports' correction is checked before a run, not at its end
expect_failure "SB_BENCH_CORRECTION='fdr': .* holm .* or bh" \
	env SB_BENCH_CORRECTION=fdr "$top/host/bench/run.sh" --variants base
expect_failure "SB_BENCH_CORRECTION='Holm': .* holm .* or bh" \
	env SB_BENCH_CORRECTION=Holm "$top/host/bench/hardware.sh" --dry-run
expect_failure "SB_BENCH_CORRECTION='x': .* holm .* or bh" \
	env SB_BENCH_CORRECTION=x "$top/host/bench/defaults.sh"
# a patched kernel from before BUDDY_ROOT is not the series either
echo "PLACE_LAG NO_NEXT_BUDDY LAST_BUDDY PICK_BUDDY" >"$feat"
expect_failure "its sched features lack BUDDY_ROOT" "$top/host/bench/hardware.sh" --reps 1
echo "PLACE_LAG NO_NEXT_BUDDY LAST_BUDDY BUDDY_ROOT PICK_BUDDY" >"$feat"
plan=$("$top/host/bench/hardware.sh" --dry-run --reps 2 --workloads quick 2>/dev/null) || {
	echo "FAIL: hardware.sh --dry-run failed" >&2
	exit 1
}
order=$(echo "$plan" | sed -n 's/^rep \([0-9]\): .*guest\/bench [^ ]* \([^ ]*\) .*/\1\2/p' | tr '\n' ' ')
[ "$order" = "1off 1next 1next+last 2next 2next+last 2off " ] || {
	echo "FAIL: dry-run plan not rotated as expected: '$order'" >&2
	exit 1
}
echo "ok: dry-run plan $order" >&2
