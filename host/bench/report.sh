#!/bin/sh
# Summarise host/bench/run.sh's results.csv as Markdown: first a headline table (one row per
# workload and metric, one column per variant: the reference variant's mean, the others'
# change against it), then per workload and metric each variant's mean (harmonic for
# rates), the 95% confidence interval of that same mean (host/bench/stats.awk: Student t;
# for rates the interval of the mean of the reciprocals, transformed back), the change
# against the reference variant (base if present, else the first), and '*' where the
# intervals do not overlap (mmtests' rule of thumb for a significant difference; never
# for a single run, which has no interval). Which direction is better and what a metric
# means come from guest/metrics.tsv. When gnuplot is installed, host/bench/plot.sh draws PNGs beside results.csv and the report
# links them.
#   host/bench/report.sh results.csv [MODE]
set -eu
[ -r "${1:-}" ] && [ $# -le 2 ] || { echo "report: usage: $0 results.csv [mode]" >&2; exit 2; }
csv=$1 mode=${2:-wall-clock}
here=$(dirname "$0")
guest=$here/../../guest
stats=$(awk -f "$here/stats.awk" "$csv")
[ -n "$stats" ] || { echo "report: no results in '$csv'" >&2; exit 1; }
plots=
if command -v gnuplot >/dev/null; then
	plots=$("$here/plot.sh" "$csv") || echo "report: some plots failed" >&2
	plots=$(echo $plots)
fi

# kernels.txt (host/bench/run.sh): which kernel each variant booted
kernels=
[ ! -r "$(dirname "$csv")/kernels.txt" ] || kernels=$(cat "$(dirname "$csv")/kernels.txt")
echo "$stats" | awk -F, -v mode="$mode" -v plots="$plots" -v kernels="$kernels" \
	-v table="$guest/metrics.tsv" "$(cat "$guest/lib/metrics.awk")"'
function fmt(x) {
	return x >= 100 || x <= -100 ? sprintf("%.0f", x) : x >= 1 || x <= -1 ? sprintf("%.2f", x) : sprintf("%.3f", x)
}
# better W M: higher, lower or - (also for a metric the table lacks)
function better(w, m,   i) { i = metrics_row(w, m); return i ? mt_better[i] : "-" }
# change KEY V: V against the reference, with "*" when the intervals do not overlap
function change(key, v,   r, rel) {
	r = ref
	if (v == r || !((key, r) in n) || mean[key, r] == 0) return ""
	rel = sprintf("%+.1f%%", 100 * (mean[key, v] - mean[key, r]) / mean[key, r])
	if (n[key, v] > 1 && n[key, r] > 1 && (hi[key, v] < lo[key, r] || lo[key, v] > hi[key, r]))
		rel = rel " *"
	return rel
}
function cc(key, v) { return (key, v) in n ? fmt(mean[key, v]) : "-" }
NR == 1 { metrics_read(table) }
{
	key = $1 "," $2
	if (!(key in seen)) { seen[key] = 1; keys[++nk] = key }
	if (!($3 in vseen)) { vseen[$3] = 1; vars[++nv] = $3 }
	# the interval of the mean, lo..hi; hi may be "inf"
	n[key, $3] = $4; mean[key, $3] = $5; lo[key, $3] = $6; his[key, $3] = $7
	hi[key, $3] = $7 == "inf" ? 1e300 : $7 + 0
}
function interval(key, v) {
	return n[key, v] < 2 ? "-" : fmt(lo[key, v]) " .. " (his[key, v] == "inf" ? "inf" : fmt(hi[key, v]))
}
END {
	ref = ("base" in vseen) ? "base" : vars[1]
	printf "# sched-buddy benchmark (%s mode)\n\n", mode
	printf "Mean of the repetitions: harmonic for rates (`_per_s`), arithmetic otherwise. "
	printf "95%% interval: the Student t confidence interval of that mean; for a harmonic "
	printf "mean the interval of the mean of the reciprocals, transformed back (not "
	printf "symmetric; `inf` where it reaches 0). Change: of the same means, against `%s`; ", ref
	printf "`*`: the intervals do not overlap (never for a single run).\n\n"
	for (i = 1; i <= nv; i++)
		if (vars[i] ~ /-wall$/) printf "`%s` ran in wall-clock mode (multi-threaded TCG).\n\n", vars[i]
	if (kernels != "") {
		printf "Kernels:\n\n"
		nkl = split(kernels, kl, "\n")
		for (i = 1; i <= nkl; i++) if (kl[i] != "") printf "- %s\n", kl[i]
		printf "\n"
	}
	printf "## Headline\n\n| workload | metric | better |"
	for (i = 1; i <= nv; i++) printf " %s |", vars[i]
	printf "\n|---|---|---|"
	for (i = 1; i <= nv; i++) printf "---|"
	printf "\n"
	for (k = 1; k <= nk; k++) {
		key = keys[k]; split(key, km, ",")
		printf "| %s | %s | %s |", km[1], km[2], better(km[1], km[2])
		for (i = 1; i <= nv; i++) {
			# the value of the reference, the change of the others; all values
			# where the reference has none
			v = vars[i]
			cell = !((key, v) in n) ? "-" : v == ref || !((key, ref) in n) ? fmt(mean[key, v]) : change(key, v)
			printf " %s |", cell == "" ? "-" : cell
		}
		printf "\n"
	}
	printf "\n"
	for (k = 1; k <= nk; k++) {
		key = keys[k]; split(key, km, ",")
		b = better(km[1], km[2])
		printf "## %s: %s%s\n\n", km[1], km[2], b == "-" ? "" : " (" b " is better)"
		printf "| variant | runs | mean | 95%% interval | vs %s |\n|---|---|---|---|---|\n", ref
		for (i = 1; i <= nv; i++) {
			v = vars[i]
			if (!((key, v) in n)) continue
			printf "| %s | %d | %s | %s | %s |\n", v, n[key, v], fmt(mean[key, v]), interval(key, v), change(key, v)
		}
		printf "\n"
	}
	# each table row once, by its name (lat_*_us for the latency percentiles)
	printf "## Metrics\n\n"
	for (k = 1; k <= nk; k++) {
		split(keys[k], km, ","); i = metrics_row(km[1], km[2])
		if (i && !(i in said)) { said[i] = 1; printf "- `%s`: %s\n", mt_name[i], mt_desc[i] }
	}
	printf "\n"
	np = split(plots, p, " ")
	if (np) {
		printf "## Plots\n\nError bars: 95%% confidence intervals.\n\n"
		for (i = 1; i <= np; i++) printf "![%s](%s)\n\n", p[i], p[i]
	}
}'
