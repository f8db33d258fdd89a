#!/bin/sh
# The scheduler clocks' per-call cost, base kernel against patched (patch 0011 stops
# native_sched_clock() from saving and restoring IRQs): build the clockcost module
# (guest/clockcost/) against both kernels of the config with host/build.sh --module, boot
# each in deterministic mode, load the module there (guest/clockcost/load) and print a
# table of the per-call min and median.
#
#   host/bench/clock.sh [--config C] [--reps N]
#
# --config: the kernels' config (default bench; it needs CONFIG_MODULES). --reps: boots
# per kernel (default 1: under -icount the figures are guest instruction time, which a
# boot repeats), interleaved as in host/bench/run.sh; the table gives their means.
# Results: $SCHED_BUDDY_CACHE/bench/clock-<date>/: results.csv (the module's lines as
# base|patched,REP,clockcost,...), raw-<kernel>-<rep>.txt (each boot's output), clock.md.
set -eu
. "$(dirname "$0")/../lib.sh"
. "$SB_TOP/host/bench/lib.sh"

cfg=bench reps=1
while [ $# -gt 0 ]; do
	case $1 in
	--config) need "$@"; cfg=$2; shift 2 ;;
	--reps) need "$@"; reps=$2; shift 2 ;;
	*) die "unknown option '$1' (see the header of $0)" ;;
	esac
done
sb_positive "$reps"

# Both kernels and their modules first (build.sh builds what is out of date).
ko_base=$("$SB_TOP/host/build.sh" base "$cfg" --module "$SB_TOP/guest/clockcost")
ko_patched=$("$SB_TOP/host/build.sh" patched "$cfg" --module "$SB_TOP/guest/clockcost")

bench_start "$SCHED_BUDDY_CACHE/bench/clock-$(date +%Y%m%d-%H%M%S)"
out=$bench_out
for v in base patched; do
	printf '%s %s\n' "$v" "$(sb_uts "$(sb_obj "$v" "$cfg")" release)"
done >"$out/kernels.txt"
for rep in $(seq 1 "$reps"); do
	for v in $(bench_rotate $(((rep - 1) % 2)) base patched); do
		ko=$ko_base
		[ "$v" = base ] || ko=$ko_patched
		bench_progress "$rep" "$reps" "$v" $((2 * reps))
		status=0
		"$SB_TOP/host/boot.sh" --variant "$v" --config "$cfg" --icount --timeout 600 \
			--name "clock-$v" -- "$SB_TOP/guest/clockcost/load" "$ko" \
			>"$out/raw-$v-$rep.txt" 2>&1 || status=$?
		bench_keep "$v" "$rep" "$out/raw-$v-$rep.txt" "$status"
	done
done

# clock_table: Markdown, one row per clock read: each kernel's min and median per call
# (means over the boots), the median's change; then the module's settings.
clock_table() {
	awk -f "$SB_TOP/host/bench/stats.awk" "$out/results.csv" | awk -F, -v cfg="$cfg" -v reps="$reps" '
	function cell(m, v) { return (m, v) in mean ? sprintf("%.2f", mean[m, v]) : "-" }
	function flag(v) {
		m = "sched_clock_stable"
		return !((m, v) in mean) ? "-" : mean[m, v] == 1 ? "yes" : "no"
	}
	$1 == "clockcost" {
		mean[$2, $3] = $5
		r = $2
		if (sub(/_median_ns$/, "", r) && !(r in seen)) { seen[r] = 1; rows[++nr] = r }
	}
	END {
		printf "# Scheduler clock cost per call (config %s, deterministic mode)\n\n", cfg
		printf "ns of guest time per call (instruction counts under -icount): the min and the "
		printf "median of the module'"'"'s rounds, mean over %d boot(s) of each kernel.\n\n", reps
		print "| read | base min | base median | patched min | patched median | median change |"
		print "|---|---|---|---|---|---|"
		for (i = 1; i <= nr; i++) {
			r = rows[i]; b = r "_median_ns"; c = "-"
			if ((b, "base") in mean && (b, "patched") in mean && mean[b, "base"] != 0)
				c = sprintf("%+.1f%%", 100 * (mean[b, "patched"] / mean[b, "base"] - 1))
			printf "| %s | %s | %s | %s | %s | %s |\n", r, cell(r "_min_ns", "base"),
				cell(b, "base"), cell(r "_min_ns", "patched"), cell(b, "patched"), c
		}
		printf "\n%d calls a round, %d rounds; sched_clock stable: base %s, patched %s.\n",
			mean["calls", "base"], mean["rounds", "base"], flag("base"), flag("patched")
	}'
}
bench_finish clock.md clock_table
