#!/bin/sh
# The cache model (host/cachesim/) against its configuration and against QEMU's own example
# cache plugin (contrib/plugins/cache.c of the same QEMU source). One boot of the test kernel
# in deterministic mode, both plugins loaded (and a copy of ours with coherence on), configured alike (32 KiB 8-way L1s, 256 KiB
# 8-way L2, 64-byte lines, LRU; our LLC 2 MiB 16-way, coherence off as the example has none);
# in it build/cachesweep reads buffers of 1/4, 1/2 and 2x each level's capacity, each in a
# window of its own, pinned to CPU 1. Checked:
#   - steps: per sweep load, misses at a level < 0.05 for a buffer of <= 1/4 of its
#     capacity, > 0.9 for one of >= 2x (LRU under a cyclic sweep: all or nothing);
#   - the loads are the sweeping vCPU's: its window has at least lines x passes accesses;
#   - agreement: whole-run L1D, L1I and L2 misses, data accesses and instructions of each
#     vCPU equal the example's within 0.1% (same process, same accesses: the two count the
#     same stream; ours counts an instruction group when it starts, a few too many);
#   - coherence: then the two CPUs store in turns to every line of a shared 64 KiB buffer
#     (it fits the L2); a second copy of the plugin with coherence on counts per store at
#     least 0.9 invalidations and 0.9 L2 misses, and below 0.1 LLC misses (the line moves
#     through the shared LLC), where the copy with it off counts below 0.1 L2 misses;
#   - a copy built for another plugin API version is refused, naming both versions.
. "$(dirname "$0")/lib.sh"
dir=$(mktemp -d)
trap 'rm -rf "$out" "$dir"' EXIT
so=$top/build/cachesim.so
[ -f "$so" ] && [ -x "$top/build/cachesweep" ] || {
	echo "FAIL: build/cachesim.so or build/cachesweep missing (make cachesim guest)" >&2
	exit 1
}

# The refusal: a copy that requires API 2 of this QEMU (which provides 0..1).
"$top/host/cachesim/build-plugin.sh" cachesim "$dir/api2.so" -DCACHESIM_API=2 || exit 1
expect_failure "cachesim: built for QEMU plugin API version 2 .*provides versions [0-9]+\.\.1" \
	timeout 20 qemu-system-x86_64 -machine none -display none -nodefaults -plugin "$dir/api2.so"
expect_failure "cachesim: l1d: .*number of sets.*size 33792" \
	timeout 20 qemu-system-x86_64 -machine none -display none -nodefaults \
	-plugin "$so,l1d_size=33K"

"$top/host/cachesim/build-plugin.sh" example "$dir/example.so" || exit 1
# A second instance of the model needs a file of its own (dlopen shares one file's copy).
cp "$so" "$dir/coherent.so"

l1=32768 l2=262144 llc=2097152 tol=0.001
ours="l1d_size=$l1,l1d_assoc=8,l1i_size=$l1,l1i_assoc=8,l2_size=$l2,l2_assoc=8"
ours="$ours,llc_size=$llc,llc_assoc=16,coherence=off"
theirs="dcachesize=$l1,dassoc=8,dblksize=64,icachesize=$l1,iassoc=8,iblksize=64"
theirs="$theirs,l2cachesize=$l2,l2assoc=8,l2blksize=64,evict=lru"
coherent="${ours%,coherence=off},coherence=on,out=$dir/coherent.csv"
# 1/4, 1/2 and 2x of each capacity, in KiB, sorted, once each.
sizes=$(for c in $l1 $l2 $llc; do echo $((c / 4096)) $((c / 2048)) $((c / 512)); done |
	tr ' ' '\n' | sort -n | uniq | tr '\n' ' ')
"$top/host/boot.sh" --icount --cpus 2 --timeout 600 --name cache-model --config "${CONFIG:-test}" \
	--cachesim "$ours" --plugin "$dir/example.so,$theirs" --plugin "$dir/coherent.so,$coherent" \
	-- "$top/build/cachesweep" -c 1 -p 64 $sizes >"$dir/sweep" 2>"$dir/boot" || {
	echo "FAIL: the sweep's boot failed:" >&2
	sed 's/^/    /' "$dir/boot" "$dir/sweep" >&2
	exit 1
}
run=$(sed -n 's/^boot: cache model: \(.*\)\/cachesim.csv$/\1/p' "$dir/boot")
[ -f "$run/cachesim.csv" ] && [ -f "$run/plugin.log" ] || {
	echo "FAIL: no cachesim.csv or plugin.log in the run directory '$run'" >&2
	exit 1
}

# Steps: one line per window, the rates per sweep load, verdicts against the capacities.
awk -v l1="$l1" -v l2="$l2" -v llc="$llc" '
function verdict(rate, kib, cap, name) {
	if (kib * 1024 <= cap / 4 && rate >= 0.05) {
		bad = bad sprintf("  %s misses per load %.3f for %d KiB, <= 1/4 of %d KiB\n",
			name, rate, kib, cap / 1024)
	}
	if (kib * 1024 >= 2 * cap && rate <= 0.9) {
		bad = bad sprintf("  %s misses per load %.3f for %d KiB, >= 2x %d KiB\n",
			name, rate, kib, cap / 1024)
	}
}
FNR == 1 && FILENAME ~ /csv$/ { for (i = 1; i <= NF; i++) col[$i] = i; next }
FILENAME ~ /csv$/ { row[$1 "," $2] = $0; next }
$1 == "cachesweep:" && $2 == "window" { n++; id[n] = $3; kib[n] = $5; loads[n] = $7 * $9; cpu[n] = $11 }
END {
	printf "%8s %10s %10s %9s %9s %9s\n", "KiB", "loads", "accesses", "L1D/load",
		"L2/load", "LLC/load"
	for (i = 1; i <= n; i++) {
		if (!((id[i] "," cpu[i]) in row)) {
			bad = bad sprintf("  no CSV line for window %d, vCPU %d\n", id[i], cpu[i])
			continue
		}
		split(row[id[i] "," cpu[i]], f, ",")
		acc = f[col["mem_accesses"]]
		r1 = f[col["l1d_misses"]] / loads[i]
		r2 = f[col["l2_misses"]] / loads[i]
		r3 = f[col["llc_misses"]] / loads[i]
		printf "%8d %10d %10d %9.4f %9.4f %9.4f\n", kib[i], loads[i], acc, r1, r2, r3
		if (acc < loads[i])
			bad = bad sprintf("  window %d: %d accesses < %d sweep loads\n", id[i],
				acc, loads[i])
		verdict(r1, kib[i], l1, "L1D")
		verdict(r2, kib[i], l2, "L2")
		verdict(r3, kib[i], llc, "LLC")
	}
	if (n == 0)
		bad = "  the sweep reported no window\n"
	if (bad != "") {
		printf "FAIL: the misses do not step at the configured sizes:\n%s", bad
		exit 1
	}
}' FS=, "$run/cachesim.csv" FS=' ' "$dir/sweep" >"$dir/steps" 2>&1
steps=$?
sed 's/^/steps: /' "$dir/steps" >&2

# Coherence: the ping-pong window, all vCPUs, coherence on against off.
awk '
FNR == 1 && FILENAME ~ /csv$/ { for (i = 1; i <= NF; i++) col[$i] = i; next }
FILENAME ~ /coherent.csv$/ { on[$1 "," $2] = $0; next }
FILENAME ~ /csv$/ { off[$1 "," $2] = $0; next }
$1 == "cachesweep:" && $2 == "pingpong" { id = $4; stores = $12 }
END {
	if (!stores || !((id ",all") in on) || !((id ",all") in off)) {
		print "FAIL: no ping-pong window in the output or the CSVs"
		exit 1
	}
	split(on[id ",all"], a, ","); split(off[id ",all"], b, ",")
	inv = a[col["invalidated"]] / stores
	printf "%d stores; per store:   invalidated  L1D misses  L2 misses  LLC misses\n", stores
	printf "  coherence on       %11.3f %11.3f %10.3f %11.3f\n", inv,
		a[col["l1d_misses"]] / stores, a[col["l2_misses"]] / stores,
		a[col["llc_misses"]] / stores
	printf "  coherence off      %11.3f %11.3f %10.3f %11.3f\n",
		b[col["invalidated"]] / stores, b[col["l1d_misses"]] / stores,
		b[col["l2_misses"]] / stores, b[col["llc_misses"]] / stores
	if (inv < 0.9 || a[col["l2_misses"]] / stores < 0.9 ||
	    a[col["llc_misses"]] / stores >= 0.1 || b[col["l2_misses"]] / stores >= 0.1) {
		print "FAIL: coherence does not move the lines as it should"
		exit 1
	}
}' FS=, "$dir/coherent.csv" "$run/cachesim.csv" FS=' ' "$dir/sweep" >"$dir/coherence" 2>&1
coherence=$?
sed 's/^/coherence: /' "$dir/coherence" >&2

# Agreement: the example's per-core table (core, data accesses, data misses, rate, insn
# accesses, insn misses, rate, l2 accesses, l2 misses, rate) against our window "run".
awk -v tol="$tol" '
function cmp(what, a, b) {
	d = a - b; d = d < 0 ? -d : d
	ok = d <= tol * b
	printf "%-4s %-14s %12d %12d %9.5f%% %s\n", core, what, a, b, b ? 100 * d / b : 0,
		ok ? "" : "FAIL"
	if (!ok)
		bad++
}
FNR == 1 && FILENAME ~ /csv$/ { for (i = 1; i <= NF; i++) col[$i] = i; next }
FILENAME ~ /csv$/ { if ($1 == "run") row[$2] = $0; next }
/^core #,/ { table = 1; next }
table && /^[0-9]+ / { ex[$1] = $0; next }
table && /^sum / { ex["all"] = $0; next }
table && !NF { table = 0 }
END {
	printf "%-4s %-14s %12s %12s %10s\n", "vcpu", "count", "cachesim", "example", "diff"
	for (core in ex) {
		if (!(core in row)) {
			printf "FAIL: no cachesim line for vCPU %s\n", core
			bad++
			continue
		}
		split(row[core], f, ",")
		split(ex[core], e, " ")
		cmp("instructions", f[col["instructions"]], e[5])
		cmp("data accesses", f[col["mem_accesses"]], e[2])
		cmp("L1D misses", f[col["l1d_misses"]], e[3])
		cmp("L1I misses", f[col["l1i_misses"]], e[6])
		cmp("L2 misses", f[col["l2_misses"]], e[9])
		n++
	}
	if (!n) {
		print "FAIL: no per-core table in the example plugin'"'"'s log"
		bad++
	}
	exit bad != 0
}' FS=, "$run/cachesim.csv" FS=' ' "$run/plugin.log" >"$dir/agree" 2>&1
agree=$?
sed 's/^/agreement: /' "$dir/agree" >&2
echo "run directory: $run" >&2
[ $steps = 0 ] && [ $coherence = 0 ] && [ $agree = 0 ]
