#!/bin/sh
# host/bench/report.sh gets the statistics right on constructed results: the harmonic mean
# for rates with the interval of the mean of the reciprocals transformed back (the
# arithmetic mean and its interval otherwise; Student t, 95%), the change against base,
# Welch's p and the p adjusted over the report's comparisons (Holm, or Benjamini-Hochberg
# with SB_BENCH_CORRECTION=bh), '*' only where the adjusted p is below 0.05 (never for a
# single run, which has no test), the table of comparisons and the line that names the
# correction and m, better directions and descriptions from guest/metrics.tsv, the headline table,
# the kernels of kernels.txt, lines that are not results skipped; guest/bench's argument
# checks, latency percentiles, wakelat's figures and restoring of the sched features;
# the features buddies_set writes per variant, and the retired variants refused;
# host/bench/compare.sh's verdict (Welch's p adjusted over the figures); and, when gnuplot is installed,
# host/bench/plot.sh's PNGs written and linked.
. "$(dirname "$0")/lib.sh"
dir=$(mktemp -d)
trap 'rm -rf "$out" "$dir"' EXIT
csv=$dir/results.csv
cat >"$csv" <<'CSV'
variant,rep,workload,metric,value
base,1,pingpong,trips_per_s,100
base,2,pingpong,trips_per_s,100
base,3,pingpong,trips_per_s,100
fast,1,pingpong,trips_per_s,200
fast,2,pingpong,trips_per_s,200
fast,3,pingpong,trips_per_s,200
noisy,1,pingpong,trips_per_s,50
noisy,2,pingpong,trips_per_s,150
noisy,3,pingpong,trips_per_s,150
hm,1,pingpong,trips_per_s,168
hm,2,pingpong,trips_per_s,210
hm,3,pingpong,trips_per_s,280
once,1,tbench-2,MB_per_s,80
base,1,tbench-2,MB_per_s,100
base,2,tbench-2,MB_per_s,101
base,1,hackbench-pipe-process,seconds,2
base,2,hackbench-pipe-process,seconds,2
base,3,hackbench-pipe-process,seconds,2
fast,1,hackbench-pipe-process,seconds,1
fast,2,hackbench-pipe-process,seconds,1
fast,3,hackbench-pipe-process,seconds,1
fast,1,bench: workload tbench-2 failed: throughput '0' MB/s
base,1,latency,lat_p99_us,40
base,2,latency,lat_p99_us,42
fast,1,latency,lat_p99_us,80
fast,2,latency,lat_p99_us,82
base,1,pairs-b0,cohesion,0.2
base,2,pairs-b0,cohesion,0.22
fast,1,pairs-b0,cohesion,0.9
fast,2,pairs-b0,cohesion,0.92
base,1,wakelat,lat_p999_us,300.5
base,2,wakelat,lat_p999_us,310.5
fast,1,wakelat,lat_p999_us,150
fast,2,wakelat,lat_p999_us,151
base,1,wakelat-heavy,wakeups_per_s,15000
base,2,wakelat-heavy,wakeups_per_s,15000
base,1,w,unlisted,5
base,2,w,unlisted,7
CSV
printf 'base 6.12-test\nfast 6.12-test-patched\n' >"$dir/kernels.txt"
report=$dir/report.md # not $out, which expect_failure below overwrites
"$top/host/bench/report.sh" "$csv" test >"$report" 2>"$dir/err"
cat "$report" "$dir/err" >&2
fail() { echo "FAIL: $*" >&2; exit 1; }
row() { grep -qxF -e "$1" "$report" || fail "no row '$1'"; }
# The comparisons against base, m = 7: pingpong fast, noisy and hm, hackbench fast,
# latency fast, pairs-b0 fast, wakelat fast (once has a single run, no test). Welch's p
# as checked independently (Simpson's rule over the t density; for df = 2 also the
# closed form p = 1 - |t| / sqrt(2 + t^2)): 0, 0.826, 0.0168, 0, 0.00125, 0.000408,
# 0.0193. Holm: sorted 0, 0, 0.000408, 0.00125, 0.0168, 0.0193, 0.826, times 7, 6, ... 1,
# the running maximum: 0, 0, 0.00204, 0.00499, 0.0504, 0.0504, 0.826.
grep -qF "Holm (family-wise error rate) correction over m = 7 comparisons, alpha 0.05" "$report" ||
	fail "the report does not name the correction, m and alpha"
# both sides without spread, different means: t is infinite, p 0
row '| fast | 3 | 200 | 200 .. 200 | +100.0% * | 0 | 0 |'
# Rates: the harmonic mean and the interval of the mean of the reciprocals, transformed
# back. 168, 210, 280: reciprocals 1/210 - 1/840, 1/210, 1/210 + 1/840, so the harmonic
# mean is 210, the reciprocals' sd 1/840, h = t(2) sd / sqrt(3) = 4.30 / (840 sqrt 3) =
# 0.0029556, the interval 1 / (1/210 +- h) = 129.6 .. 553.6, clear of base's 100. The
# test is of the reciprocals too: t = (1/210 - 1/100) / (1/840 / sqrt 3) = -7.62, df 2,
# p = 0.0168; below 0.05, but not after Holm's correction (0.0504): no mark.
row '| hm | 3 | 210 | 130 .. 554 | +110.0% | 0.0168 | 0.0504 |'
# 50, 150, 150: harmonic mean 90; the reciprocals' interval 1/90 +- 0.0191 reaches 0, so
# the interval is unbounded above; t = 0.25, p = 0.826
row '| noisy | 3 | 90.00 | 33.09 .. inf | -10.0% | 0.826 | 0.826 |'
# 100 and 101: harmonic mean 100.4975; reciprocals' sd 7.001e-5, t(1) = 12.71,
# h = 6.292e-4, interval 1 / (0.0099505 +- h) = 94.52 .. 107.28
row '| base | 2 | 100 | 94.52 .. 107 |  | | |'
# seconds: arithmetic mean and interval
row '| fast | 3 | 1.00 | 1.00 .. 1.00 | -50.0% * | 0 | 0 |'
# one run has no interval and no test, so however large the change it gets no mark
row '| once | 1 | 80.00 | - | -20.4% | - | - |'
# 40, 42 against 80, 82: t = 28.3, df 2, p = 0.00125, adjusted (4th of 7) 0.00499
row '| fast | 2 | 81.00 | 68.29 .. 93.71 | +97.6% * | 0.00125 | 0.00499 |'
# the table of comparisons: both means
row '| pingpong | trips_per_s | hm | 100 | 210 | +110.0% | 0.0168 | 0.0504 |'
row '| pairs-b0 | cohesion | fast | 0.210 | 0.910 | +333.3% * | 0.000408 | 0.00204 |'
! grep -q '| tbench-2 | MB_per_s | once |' "$report" || fail "a single run among the comparisons"
grep -q 'harmonic for rates.*interval of the mean of the reciprocals' "$report" ||
	fail "the report does not say which mean and which interval"
# direction and description from guest/metrics.tsv; a metric it lacks has neither
row '## latency: lat_p99_us (lower is better; mode: test)'
row '## hackbench-pipe-process: seconds (lower is better; mode: test)'
row '## pingpong: trips_per_s (higher is better; mode: test)'
row '## w: unlisted (mode: test)'
row '- `lat_*_us`: 50th, 99th, 99.9th percentile and maximum of the wakeup latency of a periodic SCHED_OTHER task (cyclictest, 1 ms period) sharing a CPU with pairs and hogs'
row '- `MB_per_s`: tbench throughput over loopback'
# two rows of the table share the name lat_*_us: each workload gets its own
row '## wakelat: lat_p999_us (lower is better; mode: test)'
row '## wakelat-heavy: wakeups_per_s (higher is better; mode: test)'
grep -q '^- `lat_\*_us`: 50th, 90th, 99th, 99.9th percentile and maximum of the wake-to-run latency' \
	"$report" || fail "no description of wakelat's latencies"
# p 0.0193 (df 1.02), 6th of 7: 2 x 0.0193 = 0.0387, but Holm's steps keep the 0.0504
# before it: no mark
row '| wakelat | lat_p999_us | lower | 306 | -50.7% | - | - | - |'
! grep -q '^- `unlisted`' "$report" || fail "a description for a metric guest/metrics.tsv lacks"
# headline: the reference's value, the others' change
row '| workload | metric | better | base | fast | noisy | hm | once |'
row '| pingpong | trips_per_s | higher | 100 | +100.0% * | -10.0% | +110.0% | - |'
row '| hackbench-pipe-process | seconds | lower | 2.00 | -50.0% * | - | - | - |'
row '| w | unlisted | - | 6.00 | - | - | - | - |'
row '| latency | lat_p99_us | lower | 41.00 | +97.6% * | - | - | - |'
row '| pairs-b0 | cohesion | higher | 0.210 | +333.3% * | - | - | - |'
row '- fast 6.12-test-patched'
grep -q 'failed' "$report" && fail "a guest message made it into the report"
grep -q 'skipped 1 line' "$dir/err" || fail "the line that is not a result was not reported as skipped"
# Benjamini-Hochberg on the same p: sorted, times 7/1, 7/2, ... 7/7, the running minimum
# from the top: 0.826, 0.0226 (0.01934 x 7/6), 0.0226 (0.0168 x 7/5 = 0.0235), 0.00218,
# 0.000952, 0, 0: hm and wakelat are marked at a false discovery rate of 0.05.
SB_BENCH_CORRECTION=bh "$top/host/bench/report.sh" "$csv" test >"$report" 2>/dev/null ||
	fail "report.sh failed with SB_BENCH_CORRECTION=bh"
grep -qF "Benjamini-Hochberg (false discovery rate) correction over m = 7 comparisons, alpha 0.05" \
	"$report" || fail "SB_BENCH_CORRECTION=bh: the report does not name the correction"
row '| hm | 3 | 210 | 130 .. 554 | +110.0% * | 0.0168 | 0.0226 |'
row '| wakelat | lat_p999_us | lower | 306 | -50.7% * | - | - | - |'
row '| fast | 2 | 81.00 | 68.29 .. 93.71 | +97.6% * | 0.00125 | 0.00218 |'

# guest/bench: bad arguments fail before anything runs; the latency percentiles (nearest
# rank over cyclictest's histogram, overflows counted) with stand-ins for cyclictest and
# pairs: 900 samples at 10 us, 90 at 20, 9 at 30, one beyond the histogram, max 50000.
fake=$dir/fake
mkdir "$fake"
printf '#!/bin/sh\necho cohesion=0.9 trips_per_s=100 min_hog_share=0.4 switches=7\nsleep 1\n' \
	>"$fake/pairs"
cat >"$fake/cyclictest" <<'CT'
#!/bin/sh
printf '%s\n' '# Histogram' '000010 000900' '000020 000090' '000030 000009' \
	'# Max Latencies: 50000' '# Histogram Overflows: 00001'
CT
cat >"$fake/wakelat" <<EOF
#!/bin/sh
echo "wakelat \$*" >>"$dir/wakelat-calls"
echo msg_threads=2 workers=8 seconds=3.00 samples=57000 wakeups=57008 wakeups_per_s=19003 \
	lat_p50_us=92.2 lat_p90_us=167.9 lat_p99_us=249.9 lat_p999_us=303.1 lat_max_us=332.0
EOF
chmod +x "$fake/pairs" "$fake/cyclictest" "$fake/wakelat"
expect_failure "unknown workload 'nope'" "$top/guest/bench" "$fake" base 1 "latency nope"
expect_failure "unknown variant" "$top/guest/bench" "$fake" sideways 1 latency
# the variants the curated series dropped say why
expect_failure "variant 'next-eevdf' is gone: .*NEXT_BUDDY_EEVDF" \
	"$top/guest/bench" "$fake" next-eevdf 1 latency
expect_failure "variant 'next\+last-long' is gone: .*BUDDY_SHORT_FIRST" \
	"$top/guest/bench" "$fake" next+last-long 1 latency
expect_failure "not a positive number" "$top/guest/bench" "$fake" base 0 latency
PATH=$fake:$PATH "$top/guest/bench" "$fake" base 1 latency >"$dir/lat" ||
	fail "guest/bench latency failed with stand-ins"
cat "$dir/lat" >&2
[ "$(tr '\n' ' ' <"$dir/lat")" = "latency,lat_p50_us,10 latency,lat_p99_us,20 \
latency,lat_p999_us,30 latency,lat_max_us,50000 " ] || fail "latency percentiles"
# cyclictest that says it went real-time (rt-tests 2.4 with '-p 0'): the workload fails
mkdir "$fake/rt"
printf '#!/bin/sh\necho "defaulting realtime priority to 2" >&2\nexec %s "$@"\n' \
	"$fake/cyclictest" >"$fake/rt/cyclictest"
chmod +x "$fake/rt/cyclictest"
PATH=$fake/rt:$fake:$PATH expect_failure "measured a real-time thread" \
	"$top/guest/bench" "$fake" base 1 latency
# guest/bench keeps of the pairs tool's figures those guest/metrics.tsv gives the workload
PATH=$fake:$PATH "$top/guest/bench" "$fake" base 1 "pingpong pairs-b0" >"$dir/pairs" ||
	fail "guest/bench pingpong pairs-b0 failed with stand-ins"
[ "$(tr '\n' ' ' <"$dir/pairs")" = "pingpong,trips_per_s,100 pairs-b0,cohesion,0.9 \
pairs-b0,trips_per_s,100 pairs-b0,min_hog_share,0.4 " ] || fail "pairs metrics: $(cat "$dir/pairs")"
# wakelat: its figures that guest/metrics.tsv names (not samples, not wakeups), for at
# least 3 s, the heavy variant with its own arguments
PATH=$fake:$PATH "$top/guest/bench" "$fake" base 1 "wakelat wakelat-heavy" >"$dir/wl" ||
	fail "guest/bench wakelat wakelat-heavy failed with a stand-in"
[ "$(grep -c . "$dir/wl")" = 12 ] && grep -qx 'wakelat,wakeups_per_s,19003' "$dir/wl" &&
	grep -qx 'wakelat-heavy,lat_p999_us,303.1' "$dir/wl" && grep -qx 'wakelat,lat_p90_us,167.9' "$dir/wl" ||
	fail "wakelat metrics: $(cat "$dir/wl")"
[ "$(tr '\n' '|' <"$dir/wakelat-calls")" = "wakelat -d 3000|wakelat -d 3000 -M 4 -W 4 -w 30|" ] ||
	fail "wakelat arguments: $(cat "$dir/wakelat-calls")"
PATH=$fake:$PATH "$top/guest/bench" "$fake" base 4 wakelat >/dev/null &&
	grep -qx 'wakelat -d 4000' "$dir/wakelat-calls" || fail "wakelat does not run for SECONDS above 3"
rm "$fake/wakelat"
expect_failure "no wakelat binary" "$top/guest/bench" "$fake" base 1 "latency wakelat-heavy"
# guest/bench puts the sched features back on exit (guest/lib/sb.sh): a stand-in features
# file takes each write whole, so after "off" (NO_NEXT_BUDDY written; LAST_BUDDY then
# looks absent and is left) it holds the last feature restored, LAST_BUDDY.
echo "NEXT_BUDDY LAST_BUDDY" >"$dir/features"
PATH=$fake:$PATH SB_SCHED_FEATURES=$dir/features "$top/guest/bench" "$fake" off 1 latency \
	>/dev/null || fail "guest/bench off failed with stand-ins"
[ "$(cat "$dir/features")" = LAST_BUDDY ] ||
	fail "features not restored after guest/bench off: '$(cat "$dir/features")'"
# buddies_set (guest/buddies.sh): off, next and next+last set NEXT_BUDDY and LAST_BUDDY
# and put BUDDY_ROOT back on where the kernel has it; a kernel without it needs nothing
# of it.
set_buddies() { # FEATURES VARIANT: what buddies_set writes, on one line
	echo "$1" >"$dir/features"
	SB_SCHED_FEATURES=$dir/features sh -c '. "$(dirname "$0")/buddies.sh"
		sb_features_write() { echo "$*"; }; trap - EXIT; buddies_set "$1"' \
		"$top/guest/bench" "$2"
}
got=$(set_buddies "NO_NEXT_BUDDY NO_LAST_BUDDY BUDDY_ROOT" next+last)
[ "$got" = "NEXT_BUDDY LAST_BUDDY BUDDY_ROOT" ] || fail "next+last wrote '$got'"
got=$(set_buddies "NO_NEXT_BUDDY LAST_BUDDY BUDDY_ROOT" next)
[ "$got" = "NEXT_BUDDY NO_LAST_BUDDY BUDDY_ROOT" ] || fail "next wrote '$got'"
got=$(set_buddies "NEXT_BUDDY LAST_BUDDY" off)
[ "$got" = "NO_NEXT_BUDDY NO_LAST_BUDDY" ] || fail "off without BUDDY_ROOT wrote '$got'"
got=$(set_buddies "NEXT_BUDDY PICK_BUDDY" off)
[ "$got" = "NO_NEXT_BUDDY" ] || fail "off on the base kernel wrote '$got'"
set_buddies "NEXT_BUDDY PICK_BUDDY" next+last >/dev/null &&
	fail "next+last succeeded without LAST_BUDDY"
# groups: next+last without BUDDY_ROOT, the others put it back on; without the feature
# groups cannot be had.
got=$(set_buddies "NO_NEXT_BUDDY LAST_BUDDY BUDDY_ROOT" groups)
[ "$got" = "NEXT_BUDDY LAST_BUDDY NO_BUDDY_ROOT" ] || fail "groups wrote '$got'"
got=$(set_buddies "NEXT_BUDDY LAST_BUDDY NO_BUDDY_ROOT" next+last)
[ "$got" = "NEXT_BUDDY LAST_BUDDY BUDDY_ROOT" ] || fail "next+last after groups wrote '$got'"
set_buddies "NEXT_BUDDY LAST_BUDDY" groups >/dev/null && fail "groups succeeded without BUDDY_ROOT"
# the modes of the features the curated series dropped are refused, saying why, and
# write nothing
expect_failure "mode 'next-eevdf\+last' is gone: .*NEXT_BUDDY_EEVDF" \
	set_buddies "NEXT_BUDDY LAST_BUDDY BUDDY_ROOT" next-eevdf+last
expect_failure "mode 'next-long' is gone: .*BUDDY_SHORT_FIRST" \
	set_buddies "NEXT_BUDDY LAST_BUDDY BUDDY_ROOT" next-long
[ -z "$(set_buddies "NEXT_BUDDY LAST_BUDDY BUDDY_ROOT" next-eevdf 2>/dev/null)" ] ||
	fail "the retired mode next-eevdf wrote features"
expect_failure "unknown mode 'sideways'" set_buddies "NEXT_BUDDY LAST_BUDDY BUDDY_ROOT" sideways

# host/bench/compare.sh: a second run that differs by noise passes, a moved figure fails.
# 1, 1, 1 against 1, 1, 1.01: t = 1, df 2, p = 1 - 1 / sqrt 3 = 0.423, adjusted over the
# 15 figures with two runs or more (tbench-2's once has one: untested) to 1
sed 's/^fast,3,hackbench-pipe-process,seconds,1$/fast,3,hackbench-pipe-process,seconds,1.01/' \
	"$csv" >"$dir/again.csv"
"$top/host/bench/compare.sh" "$csv" "$dir/again.csv" >"$dir/cmp" 2>&1 ||
	fail "compare: a run within the noise failed: $(tail -n 1 "$dir/cmp")"
grep -q '^hackbench-pipe-process:seconds:fast .* p=0.423 adj=1  same$' "$dir/cmp" ||
	fail "compare: no line for hackbench-pipe-process:seconds:fast with p 0.423: $(cat "$dir/cmp")"
grep -q '^tbench-2:MB_per_s:once .*untested$' "$dir/cmp" || fail "compare: a single run tested"
grep -qF 'Holm (family-wise error rate) correction over m = 15 comparisons' "$dir/cmp" ||
	fail "compare: no line naming the correction and m"
sed 's/^fast,\([0-9]\),pingpong,trips_per_s,200$/fast,\1,pingpong,trips_per_s,150/' "$csv" \
	>"$dir/moved.csv"
expect_failure '1 figures moved \(adjusted p < 0.05\)' "$top/host/bench/compare.sh" "$csv" "$dir/moved.csv"
if ! command -v gnuplot >/dev/null; then
	echo "ok: report right; plots not checked: no gnuplot (run: make deps)" >&2
	exit 0
fi
# the plot groups of guest/metrics.tsv that have results, and only those
for p in trips hackbench tbench latency wakelat wakeups cohesion; do
	f=$dir/$p.png
	[ -s "$f" ] || fail "no $p.png"
	[ "$(od -An -c -j1 -N3 "$f" | tr -d ' ')" = PNG ] || fail "$p.png is not a PNG"
	row "![$p.png]($p.png)"
done
for p in pgbench hog_share; do
	[ -e "$dir/$p.png" ] && fail "$p.png drawn without $p results"
done
echo "ok: report right; plots $(cd "$dir" && echo *.png) written and linked" >&2
