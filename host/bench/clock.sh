#!/bin/sh
# The scheduler clocks' per-call cost, base kernel against patched: does the buddy series
# leave it unchanged? Both kernels carry the fix "sched/clock: Do not save and restore
# IRQs in sched_clock_idle_wakeup_event()" (patches/fixes/), so this is not a measure of
# the fix; its own effect (782 -> 750 ns a call with tsc=unstable, measured while it was
# in the buddy series) is in its changelog and docs/findings/clock.md. Build the
# clockcost module (guest/clockcost/) against both kernels of the config with
# host/build.sh --module, boot each in deterministic mode as it boots and with
# tsc=unstable, load the module there (guest/clockcost/load) and print a table of the
# per-call min and median for each clock, with the patched kernel's change against base.
#
#   host/bench/clock.sh [--config C] [--reps N]
#
# --config: the kernels' config (default bench; it needs CONFIG_MODULES). --reps: boots
# of each kernel and clock (default 1: under -icount the figures are guest instruction
# time, which a boot repeats), interleaved as in host/bench/run.sh; the tables give the
# means. Results: $SCHED_BUDDY_CACHE/bench/clock-<date>/: results.csv (the module's lines,
# the variants base, patched, base-unstable, patched-unstable), raw-<variant>-<rep>.txt
# (each boot's output), clock.md.
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
sb_check_config "$cfg"
sb_check_variant patched
sb_checked

# Both kernels and their modules first (build.sh builds what is out of date).
ko_base=$("$SB_TOP/host/build.sh" base "$cfg" --module "$SB_TOP/guest/clockcost")
ko_patched=$("$SB_TOP/host/build.sh" patched "$cfg" --module "$SB_TOP/guest/clockcost")

variants="base patched base-unstable patched-unstable"
bench_start "$SCHED_BUDDY_CACHE/bench/clock-$(date +%Y%m%d-%H%M%S)"
out=$bench_out
for k in base patched; do
	printf '%s %s\n' "$k" "$(sb_uts "$(sb_obj "$k" "$cfg")" release)"
done >"$out/kernels.txt"
for rep in $(seq 1 "$reps"); do
	for v in $(bench_rotate $(((rep - 1) % 4)) $variants); do
		k=${v%-unstable} ko=$ko_base
		[ "$k" = base ] || ko=$ko_patched
		set --
		[ "$k" = "$v" ] || set -- --append tsc=unstable
		bench_progress "$rep" "$reps" "$v" $((4 * reps))
		status=0
		"$SB_TOP/host/boot.sh" --variant "$k" --config "$cfg" --icount --timeout 600 "$@" \
			--name "clock-$v" -- "$SB_TOP/guest/clockcost/load" "$ko" \
			>"$out/raw-$v-$rep.txt" 2>&1 || status=$?
		bench_keep "$v" "$rep" "$out/raw-$v-$rep.txt" "$status"
	done
done

# clock_table: Markdown, for the clock as it boots and for tsc=unstable one row per clock
# read: each kernel's min and median per call (means over the boots) and their changes;
# then the module's settings.
clock_table() {
	awk -f "$SB_TOP/host/bench/stats.awk" "$out/results.csv" | awk -F, -v cfg="$cfg" -v reps="$reps" '
	function cell(m, v) { return (m, v) in mean ? sprintf("%.2f", mean[m, v]) : "-" }
	function change(m, s) {
		if (!((m, "base" s) in mean) || !((m, "patched" s) in mean) || mean[m, "base" s] == 0)
			return "-"
		return sprintf("%+.1f%%", 100 * (mean[m, "patched" s] / mean[m, "base" s] - 1))
	}
	function flag(v) {
		return !(("sched_clock_stable", v) in mean) ? "-" : mean["sched_clock_stable", v] == 1 ? "yes" : "no"
	}
	# table S TITLE: the variants base S and patched S
	function table(s, title,   i, r, a, b) {
		printf "## %s (sched_clock stable: base %s, patched %s)\n\n", title, flag("base" s), flag("patched" s)
		print "| read | base min | patched min | change | base median | patched median | change |"
		print "|---|---|---|---|---|---|---|"
		for (i = 1; i <= nr; i++) {
			r = rows[i]; a = r "_min_ns"; b = r "_median_ns"
			printf "| %s | %s | %s | %s | %s | %s | %s |\n", r, cell(a, "base" s),
				cell(a, "patched" s), change(a, s), cell(b, "base" s), cell(b, "patched" s), change(b, s)
		}
		print ""
	}
	$1 == "clockcost" {
		mean[$2, $3] = $5
		r = $2
		if (sub(/_median_ns$/, "", r) && !(r in seen)) { seen[r] = 1; rows[++nr] = r }
	}
	END {
		printf "# Scheduler clock cost per call (config %s, deterministic mode)\n\n", cfg
		printf "ns of guest time per call (instruction counts under -icount): the min and the "
		printf "median over the module'"'"'s %d rounds of %d calls, mean over %d boot(s) of each.\n\n",
			mean["rounds", "base"], mean["calls", "base"], reps
		printf "Both kernels carry the sched_clock_idle_wakeup_event() fix of patches/fixes/: "
		printf "the changes show what the buddy series does to the clocks'"'"' cost, which "
		printf "should be nothing.\n\n"
		table("", "As the kernels boot")
		table("-unstable", "Booted with tsc=unstable")
	}'
}
bench_finish clock.md clock_table
