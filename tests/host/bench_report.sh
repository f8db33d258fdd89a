#!/bin/sh
# bench/report.sh gets the statistics right on constructed results: harmonic mean for
# rates, the change against base, and '*' only where the 95% intervals do not overlap
# (and never for a single run, which has no interval).
. "$(dirname "$0")/lib.sh"
csv=$(mktemp)
cat >"$csv" <<'CSV'
variant,rep,workload,metric,value
base,1,w,trips_per_s,100
base,2,w,trips_per_s,100
base,3,w,trips_per_s,100
fast,1,w,trips_per_s,200
fast,2,w,trips_per_s,200
fast,3,w,trips_per_s,200
noisy,1,w,trips_per_s,50
noisy,2,w,trips_per_s,150
noisy,3,w,trips_per_s,150
once,1,w,MB_per_s,80
base,1,w,MB_per_s,100
base,2,w,MB_per_s,101
base,1,w,seconds,2
base,2,w,seconds,2
base,3,w,seconds,2
fast,1,w,seconds,1
fast,2,w,seconds,1
fast,3,w,seconds,1
CSV
"$top/bench/report.sh" "$csv" test >"$out"
rm -f "$csv"
cat "$out" >&2
fail() { echo "FAIL: $*" >&2; exit 1; }
grep -q '^| fast | 3 | 200 | 0.000 | +100.0% \* |$' "$out" || fail "fast rate row"
# harmonic mean of 50, 150, 150 is 90; its interval overlaps base: no mark
grep -q '^| noisy | 3 | 90.00 | .* | -10.0% |$' "$out" || fail "noisy rate row"
grep -q '^| fast | 3 | 1.00 | 0.000 | -50.0% \* |$' "$out" || fail "seconds row"
# one run has no interval, so however large the change it gets no mark
grep -q '^| once | 1 | 80.00 | 0.000 | -20.4% |$' "$out" || fail "single-run row"
