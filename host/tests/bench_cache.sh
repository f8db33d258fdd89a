#!/bin/sh
# make bench-cache's two halves without a guest: guest/bench -m runs each workload in a
# cache-model window of its own (ids in order: the pairs tool gets -m ID, a shell workload
# is wrapped in cachemark start/stop ID, wakelat gets -m ID too) and prints its operation
# count (wakelat: worker wakeups, for at least 3 s); a workload without one (latency) is
# refused before anything runs; host/bench/lib.sh's bench_cache_figures divides the
# window's "all" line of the model's CSV by that count.
. "$(dirname "$0")/lib.sh"
. "$top/host/lib.sh"
. "$top/host/bench/lib.sh"
dir=$(mktemp -d)
trap 'rm -rf "$out" "$dir"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

# Stand-ins: pairs and cachemark log their arguments; hackbench says what rt-tests' does.
fake=$dir/fake
mkdir "$fake"
cat >"$fake/pairs" <<EOF
#!/bin/sh
echo "pairs \$*" >>"$dir/calls"
echo cohesion=0.9 trips_per_s=100 min_hog_share=0.4 round_trips=2500
EOF
printf '#!/bin/sh\necho "cachemark $*" >>"%s/calls"\n' "$dir" >"$fake/cachemark"
cat >"$fake/hackbench" <<EOF
#!/bin/sh
echo "hackbench \$*" >>"$dir/calls"
echo 'Time: 1.5'
EOF
cat >"$fake/wakelat" <<EOF
#!/bin/sh
echo "wakelat \$*" >>"$dir/calls"
echo samples=990 wakeups=1000 wakeups_per_s=333 lat_p50_us=90.1 lat_p999_us=300.2
EOF
chmod +x "$fake/pairs" "$fake/cachemark" "$fake/hackbench" "$fake/wakelat"

expect_failure "no operation count" "$top/guest/bench" -m "$fake" base 1 "pingpong latency"
[ ! -e "$dir/calls" ] || fail "guest/bench -m ran something before refusing latency"
PATH=$fake:$PATH "$top/guest/bench" -m "$fake" base 1 "pairs-w64 hackbench-pipe-process wakelat" \
	>"$dir/bench" || fail "guest/bench -m failed with stand-ins: $(cat "$dir/bench")"
cat "$dir/bench" "$dir/calls" >&2
grep -qx 'window pairs-w64 0 2500 round_trips' "$dir/bench" || fail "no window line for pairs-w64"
grep -qx 'window hackbench-pipe-process 1 160000 messages' "$dir/bench" ||
	fail "no window line for hackbench (2 groups x 20 x 20 x 200 messages)"
grep -qx 'window wakelat 2 1000 wakeups' "$dir/bench" || fail "no window line for wakelat"
[ "$(tr '\n' '|' <"$dir/calls")" = "pairs -d 1000 -m 0 -p 4 -H 2 -b 0 -w 64|cachemark start 1|\
hackbench -g 2 -l 200 -p -P|cachemark stop 1|wakelat -d 3000 -m 2|" ] || fail "windows or arguments: $(cat "$dir/calls")"

# The join: window 0 all-vCPU counts / 2500 round trips, window 1 / 160000 messages,
# window 2 / 1000 wakeups; a
# per-vCPU line is not taken; window 7 has no line in the CSV and is reported.
{
	echo "window,vcpu,opens,instructions,mem_accesses,mem_io,mem_nophys,fetch_io,l1i_accesses,l1i_misses,l1d_accesses,l1d_misses,l2_accesses,l2_misses,llc_accesses,llc_misses,invalidated,cycles"
	echo "0,0,1,1,1,0,0,0,1,1,1,1,1,1,1,1,0,1"
	echo "0,all,1,250000,90000,0,0,0,250000,5000,90000,7500,12500,2500,2500,250,0,1000000"
	echo "1,all,1,1600000,0,0,0,0,1600000,16000,0,32000,48000,1600,1600,160,0,3200000"
	echo "2,all,1,20000000,0,0,0,0,20000000,100000,0,200000,0,30000,0,5000,0,40000000"
	echo "run,all,1,9,9,0,0,0,9,9,9,9,9,9,9,9,0,9"
} >"$dir/cachesim.csv"
cat "$dir/bench" - >"$dir/raw" <<EOF
boot: cache model: $dir/cachesim.csv
window lost 7 10 things
EOF
sb_prog=run bench_cache_figures "$dir/raw" 2>"$dir/err"
cat "$dir/raw" "$dir/err" >&2
got=$(grep '_per_op,' "$dir/raw" | tr '\n' ' ')
[ "$got" = "pairs-w64,cycles_per_op,400 pairs-w64,insns_per_op,100 \
pairs-w64,l1i_misses_per_op,2 pairs-w64,l1d_misses_per_op,3 pairs-w64,l2_misses_per_op,1 \
pairs-w64,llc_misses_per_op,0.1 hackbench-pipe-process,cycles_per_op,20 \
hackbench-pipe-process,insns_per_op,10 hackbench-pipe-process,l1i_misses_per_op,0.1 \
hackbench-pipe-process,l1d_misses_per_op,0.2 hackbench-pipe-process,l2_misses_per_op,0.01 \
hackbench-pipe-process,llc_misses_per_op,0.001 wakelat,cycles_per_op,40000 \
wakelat,insns_per_op,20000 wakelat,l1i_misses_per_op,100 wakelat,l1d_misses_per_op,200 \
wakelat,l2_misses_per_op,30 wakelat,llc_misses_per_op,5 " ] || fail "figures per operation: $got"
grep -q 'no window 7 (lost)' "$dir/err" || fail "a window missing from the CSV was not reported"
echo "ok: guest/bench -m windows and operation counts, per-operation figures from the CSV" >&2
