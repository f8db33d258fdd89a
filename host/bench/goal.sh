#!/bin/sh
# make yardsticks' decision table: does the series keep upstream NEXT_BUDDY's gains without
# its losses? From host/bench/run.sh's results.csv of the variants off, upstream,
# upstream-fixed and series (any of the last three may be missing; off is required), per
# workload and metric that has a better direction (guest/metrics.tsv):
#   - each variant's change against off, with '*' where Welch's test survives the
#     correction over all the table's comparisons (host/bench/signif.awk: Holm, or BH with
#     SB_BENCH_CORRECTION=bh), as in the report;
#   - the resolution: the half width of off's 95% interval, in % of its mean;
#   - where upstream gains significantly, the share of its gain a variant keeps,
#     (variant - off) / (upstream - off);
#   - the row's verdict for the series (and the same for upstream-fixed in its column).
# The goal (docs/benchmark.md, make yardsticks): on every row where upstream gains, the
# series keeps at least 90% of the gain; on no row is the series significantly worse than
# off. A row where upstream loses significantly is a positive control that held: the
# table can see the loss there. The last lines say, per variant, whether the goal holds,
# or that single runs cannot tell.
#   [SB_BENCH_CORRECTION=holm|bh] host/bench/goal.sh results.csv [MODE]
set -eu
[ -r "${1:-}" ] && [ $# -le 2 ] || { echo "goal: usage: $0 results.csv [mode]" >&2; exit 2; }
csv=$1 mode=${2:-wall-clock}
here=$(dirname "$0")
awk -f "$here/signif.awk" || exit 2
grep -q '^off,' "$csv" || { echo "goal: no results of the variant off in '$csv': nothing to compare with" >&2; exit 1; }
stats=$(awk -f "$here/stats.awk" "$csv" 2>/dev/null)
[ -n "$stats" ] || { echo "goal: no results in '$csv'" >&2; exit 1; }
echo "$stats" | awk -F, -v mode="$mode" -v table="$here/../../guest/metrics.tsv" \
	"$(cat "$here/../../guest/lib/metrics.awk" "$here/signif.awk")"'
# gain KEY V: the change of V against off, signed so that better is positive (in % of off)
function gain(key, v) {
	if (mean[key, "off"] == 0) return 0
	return dir[key] * 100 * (mean[key, v] - mean[key, "off"]) / mean[key, "off"]
}
function cell(key, v,   s) {
	if (!((key, v) in n)) return "-"
	s = sprintf("%+.1f%%", dir[key] * gain(key, v))
	return sig_marked(test[key, v]) ? s " *" : s
}
# verdict KEY V: what the row says of variant V (not upstream), and whether it breaks the
# goal (counted in bad[V])
function verdict(key, v,   up, g, kept) {
	if (!((key, v) in n)) return "-"
	g = gain(key, v)
	if (sig_marked(test[key, v]) && g < 0) { bad[v]++; return "loses" }
	up = test[key, "upstream"]
	if (up && sig_marked(up) && gain(key, "upstream") > 0) {
		kept = 100 * g / gain(key, "upstream")
		if (kept < 90) { bad[v]++; return sprintf("keeps %.0f%% of the gain", kept) }
		return sprintf("keeps %.0f%%", kept)
	}
	if (up && sig_marked(up) && gain(key, "upstream") < 0)
		return "no loss"
	return sig_marked(test[key, v]) ? "gains" : "="
}
NR == 1 { metrics_read(table) }
{
	key = $1 "," $2
	if (!(key in seen)) { seen[key] = 1; keys[++nk] = key }
	n[key, $3] = $4; mean[key, $3] = $5; lo[key, $3] = $6; hi[key, $3] = $7
	smean[key, $3] = $11; ssd[key, $3] = $12
}
END {
	if (sig_error) exit 2
	nv = split("upstream upstream-fixed series series+last", vars, " ")
	for (k = 1; k <= nk; k++) {
		key = keys[k]; split(key, km, ",")
		i = metrics_row(km[1], km[2])
		b = i ? mt_better[i] : "-"
		if ((b != "higher" && b != "lower") || !((key, "off") in n)) continue
		use[k] = 1; dir[key] = b == "higher" ? 1 : -1
		for (j = 1; j <= nv; j++) if ((key, vars[j]) in n) {
			have[vars[j]] = 1
			tested[vars[j]] += test[key, vars[j]] = sig_test(smean[key, vars[j]], ssd[key, vars[j]], n[key, vars[j]],
				smean[key, "off"], ssd[key, "off"], n[key, "off"])
		}
	}
	sig_adjust_all()
	printf "## The goal: upstream NEXT_BUDDY'"'"'s gains without its losses (mode: %s)\n\n", mode
	printf "Change against `off`, signed as measured. %s\n\n", sig_header()
	printf "Resolution: half the width of `off`'"'"'s 95%% interval, in %% of its mean. "
	printf "Where `upstream` gains significantly, a variant'"'"'s verdict is the share of that gain "
	printf "it keeps (the goal: at least 90%%); where `upstream` loses significantly the row is a "
	printf "positive control that held. `loses`: significantly worse than `off`.\n\n"
	printf "| workload | metric | better | off | resolution |"
	for (j = 1; j <= nv; j++) if (have[vars[j]]) printf " %s |", vars[j]
	for (j = 2; j <= nv; j++) if (have[vars[j]]) printf " %s: verdict |", vars[j]
	printf "\n|---|---|---|---|---|"
	for (j = 1; j <= nv; j++) if (have[vars[j]]) printf "---|"
	for (j = 2; j <= nv; j++) if (have[vars[j]]) printf "---|"
	printf "\n"
	for (k = 1; k <= nk; k++) {
		if (!use[k]) continue
		key = keys[k]; split(key, km, ",")
		res = mean[key, "off"] == 0 || n[key, "off"] < 2 ? "-" : \
			sprintf("%.1f%%", 50 * (hi[key, "off"] - lo[key, "off"]) / mean[key, "off"])
		printf "| %s | %s | %s | %s | %s |", km[1], km[2], (dir[key] > 0 ? "higher" : "lower"),
			metrics_fmt(mean[key, "off"]), res
		for (j = 1; j <= nv; j++) if (have[vars[j]]) printf " %s |", cell(key, vars[j])
		for (j = 2; j <= nv; j++) if (have[vars[j]]) printf " %s |", verdict(key, vars[j])
		printf "\n"
		if (test[key, "upstream"] && sig_marked(test[key, "upstream"]))
			control[(gain(key, "upstream") > 0) ? "gain" : "loss"]++
	}
	printf "\nRows where `upstream` differs significantly from `off`: %d gains, %d losses.\n",
		control["gain"], control["loss"]
	for (j = 2; j <= nv; j++) if (have[vars[j]])
		printf "Goal for `%s`: %s.\n", vars[j], \
			!tested[vars[j]] || !tested["upstream"] ? "cannot tell (no figure has two runs or more of it and of off)" : \
			bad[vars[j]] ? "not met on " bad[vars[j]] " rows" : "met"
}'
