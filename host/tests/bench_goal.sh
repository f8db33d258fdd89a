#!/bin/sh
# host/bench/goal.sh, make yardsticks' decision table, on constructed results of the four
# variants, 5 runs each: where upstream gains significantly, the share of its gain each
# variant keeps (95% kept meets the goal, 50% does not); a variant significantly worse than
# off "loses" and breaks the goal; a significant loss of upstream is counted as a positive
# control that held; a row without a significant difference is "="; the last lines say for
# which variant the goal holds, or that it cannot be told from single runs;
# host/bench/report.sh appends the table to a report with off and upstream; results
# without off are refused.
. "$(dirname "$0")/lib.sh"
dir=$(mktemp -d)
trap 'rm -rf "$out" "$dir"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
goal=$top/host/bench/goal.sh

{
	echo variant,rep,workload,metric,value
	for r in 1 2 3 4 5; do
		# tbench: upstream +20, series +19 (95%), upstream-fixed +10 (50%)
		echo off,$r,tbench-2,MB_per_s,$((100 + r))
		echo upstream,$r,tbench-2,MB_per_s,$((120 + r))
		echo upstream-fixed,$r,tbench-2,MB_per_s,$((110 + r))
		echo series,$r,tbench-2,MB_per_s,$((119 + r))
		# hackbench: upstream 40% slower (the control), the others as off
		echo off,$r,hackbench-groups-16,seconds,$((10 + r))
		echo upstream,$r,hackbench-groups-16,seconds,$((14 + r))
		echo upstream-fixed,$r,hackbench-groups-16,seconds,$((10 + r))
		echo series,$r,hackbench-groups-16,seconds,$((10 + r))
		# pgbench: no difference but the series' -10%
		echo off,$r,pgbench-select-2,tx_per_s,$((1000 + r))
		echo upstream,$r,pgbench-select-2,tx_per_s,$((1000 + r))
		echo upstream-fixed,$r,pgbench-select-2,tx_per_s,$((1000 + r))
		echo series,$r,pgbench-select-2,tx_per_s,$((900 + r))
	done
} >"$dir/results.csv"
"$goal" "$dir/results.csv" deterministic >"$dir/out" 2>&1 || fail "goal.sh failed: $(cat "$dir/out")"
row() { grep -qF -- "$1" "$dir/out" || fail "no line '$1' in: $(cat "$dir/out")"; }
row '| tbench-2 | MB_per_s | higher | 103 |'
row '| +19.4% * | +9.7% * | +18.5% * | keeps 50% of the gain | keeps 95% |'
row '| hackbench-groups-16 | seconds | lower | 13.00 | 15.1% | +30.8% * | +0.0% | +0.0% | no loss | no loss |'
row '| -10.0% * | = | loses |'
row 'Rows where `upstream` differs significantly from `off`: 1 gains, 1 losses.'
row 'Goal for `upstream-fixed`: not met on 1 rows.'
row 'Goal for `series`: not met on 1 rows.'
row 'Holm (family-wise error rate) correction over m = 9 comparisons'

# the series' loss gone, and it meets the goal
sed 's/^series,\([0-9]\),pgbench-select-2,tx_per_s,90/series,\1,pgbench-select-2,tx_per_s,100/' \
	"$dir/results.csv" >"$dir/met.csv"
"$goal" "$dir/met.csv" >"$dir/out" 2>&1 || fail "goal.sh failed: $(cat "$dir/out")"
row 'Goal for `series`: met.'

# one run of each: nothing can be told
grep -E '^(variant|[a-z-]+,1,)' "$dir/results.csv" >"$dir/once.csv"
"$goal" "$dir/once.csv" >"$dir/out" 2>&1 || fail "goal.sh failed: $(cat "$dir/out")"
row 'Goal for `series`: cannot tell (no figure has two runs or more of it and of off).'

# report.sh carries the table for such results
"$top/host/bench/report.sh" "$dir/results.csv" deterministic >"$dir/report" 2>&1 ||
	fail "report.sh failed: $(tail -n 3 "$dir/report")"
grep -q '^## The goal: upstream NEXT_BUDDY' "$dir/report" || fail "report.sh left out the goal table"

grep -v '^off,' "$dir/results.csv" >"$dir/nooff.csv"
expect_failure 'no results of the variant off' "$goal" "$dir/nooff.csv"
echo "ok: gains kept and lost, a loss, the control and the verdicts as constructed" >&2
