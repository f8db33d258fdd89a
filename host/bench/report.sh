#!/bin/sh
# Summarise host/bench/run.sh's results.csv as Markdown: first a headline table (one row per
# workload and metric, one column per variant: the reference variant's mean, the others'
# change against it), then per workload and metric each variant's mean (harmonic for
# rates), the 95% confidence interval of that same mean (host/bench/stats.awk: Student t;
# for rates the interval of the mean of the reciprocals, transformed back), the change
# against the reference variant (base if present, else the first) with the p of Welch's
# two-sided t-test and that p adjusted over all the report's comparisons
# (host/bench/signif.awk), and '*' only where the adjusted p is below 0.05 (never for a
# single run, which has no test); a table lists every comparison with both means. Which
# direction is better and what a metric means come from guest/metrics.tsv. The title and
# every table's heading name the mode (MODE: run.sh's says deterministic or wall-clock and
# the vCPUs). When gnuplot is installed, host/bench/plot.sh draws PNGs beside results.csv and the report
# links them. For make yardsticks' results (variants off and upstream) host/bench/goal.sh's
# decision table follows.
#   [SB_BENCH_CORRECTION=holm|bh] host/bench/report.sh results.csv [MODE]
# SB_BENCH_CORRECTION: the correction over the comparisons, holm (Holm, the family-wise
# error rate; the default) or bh (Benjamini-Hochberg, the false discovery rate); another
# value is refused before anything is read.
set -eu
[ -r "${1:-}" ] && [ $# -le 2 ] || { echo "report: usage: $0 results.csv [mode]" >&2; exit 2; }
csv=$1 mode=${2:-wall-clock}
here=$(dirname "$0")
awk -f "$here/signif.awk" || exit 2
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
	-v table="$guest/metrics.tsv" "$(cat "$guest/lib/metrics.awk" "$here/signif.awk")"'
# better W M: higher, lower or - (also for a metric the table lacks)
function better(w, m,   i) { i = metrics_row(w, m); return i ? mt_better[i] : "-" }
# change KEY V: V against the reference, with "*" when the difference survives the
# correction (the tests are made and adjusted at the start of END)
function change(key, v,   r, rel) {
	r = ref
	if (v == r || !((key, r) in n)) return ""
	rel = mean[key, r] == 0 ? "" : sprintf("%+.1f%%", 100 * (mean[key, v] - mean[key, r]) / mean[key, r])
	if (sig_marked(test[key, v])) rel = rel (rel == "" ? "*" : " *")
	return rel
}
# p and adjusted p of V against the reference: "p | adj. p", "- | -" without a test
function pcells(key, v,   i) {
	i = test[key, v]
	return i ? sig_fmtp(sig_p[i]) " | " sig_fmtp(sig_padj[i]) : "- | -"
}
function cc(key, v) { return (key, v) in n ? metrics_fmt(mean[key, v]) : "-" }
NR == 1 { metrics_read(table) }
{
	key = $1 "," $2
	if (!(key in seen)) { seen[key] = 1; keys[++nk] = key }
	if (!($3 in vseen)) { vseen[$3] = 1; vars[++nv] = $3 }
	# the interval of the mean, lo..hi; hi may be "inf"
	n[key, $3] = $4; mean[key, $3] = $5; lo[key, $3] = $6; his[key, $3] = $7
	hi[key, $3] = $7 == "inf" ? 1e300 : $7 + 0
	# what the test compares: the values, or for a harmonic mean their reciprocals
	smean[key, $3] = $11; ssd[key, $3] = $12
}
function interval(key, v) {
	return n[key, v] < 2 ? "-" : metrics_fmt(lo[key, v]) " .. " (his[key, v] == "inf" ? "inf" : metrics_fmt(hi[key, v]))
}
END {
	if (sig_error) exit 2
	ref = ("base" in vseen) ? "base" : vars[1]
	# every comparison of the report, each variant against the reference in each figure
	# both have, then the correction over all of them
	for (k = 1; k <= nk; k++) for (i = 1; i <= nv; i++) {
		key = keys[k]; v = vars[i]
		if (v == ref || !((key, v) in n) || !((key, ref) in n)) continue
		test[key, v] = sig_test(smean[key, v], ssd[key, v], n[key, v], smean[key, ref], ssd[key, ref], n[key, ref])
	}
	sig_adjust_all()
	printf "# sched-buddy benchmark (mode: %s)\n\n", mode
	printf "Mean of the repetitions: harmonic for rates (`_per_s`, where all their values "
	printf "are positive), arithmetic otherwise. 95%% interval: the Student t confidence "
	printf "interval of that mean, of each mean on its own; for a harmonic mean the interval "
	printf "of the mean of the reciprocals, transformed back (not symmetric; `inf` where it "
	printf "reaches 0). Change: of the same means, against `%s`. p: Welch'"'"'s two-sided ", ref
	printf "t-test of the variant'"'"'s values against `%s`'"'"'s (of their reciprocals for a ", ref
	printf "harmonic mean), none for a single run; adj. p: that p adjusted over all the "
	printf "comparisons below.\n\n%s\n\n", sig_header()
	for (i = 1; i <= nv; i++)
		if (vars[i] ~ /-wall$/) printf "`%s` ran in wall-clock mode (multi-threaded TCG).\n\n", vars[i]
	if (kernels != "") {
		printf "Kernels:\n\n"
		nkl = split(kernels, kl, "\n")
		for (i = 1; i <= nkl; i++) if (kl[i] != "") printf "- %s\n", kl[i]
		printf "\n"
	}
	printf "## Headline (mode: %s)\n\n| workload", mode
	printf " | metric | better |"
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
			cell = !((key, v) in n) ? "-" : v == ref || !((key, ref) in n) ? metrics_fmt(mean[key, v]) : change(key, v)
			printf " %s |", cell == "" ? "-" : cell
		}
		printf "\n"
	}
	printf "\n"
	# every comparison, with both means
	printf "## Comparisons against %s (mode: %s)\n\n", ref, mode
	if (!sig_m) printf "None: no other variant has two runs or more of a figure where `%s` has two.\n", ref
	else printf "| workload | metric | variant | %s | mean | change | p | adj. p |\n|---|---|---|---|---|---|---|---|\n", ref
	for (k = 1; k <= nk; k++) for (i = 1; i <= nv; i++) {
		key = keys[k]; v = vars[i]
		if (!test[key, v]) continue
		split(key, km, ",")
		printf "| %s | %s | %s | %s | %s | %s | %s |\n", km[1], km[2], v, metrics_fmt(mean[key, ref]),
			metrics_fmt(mean[key, v]), change(key, v), pcells(key, v)
	}
	printf "\n"
	for (k = 1; k <= nk; k++) {
		key = keys[k]; split(key, km, ",")
		b = better(km[1], km[2])
		printf "## %s: %s (%smode: %s)\n\n", km[1], km[2], b == "-" ? "" : b " is better; ", mode
		printf "| variant | runs | mean | 95%% interval | vs %s | p | adj. p |\n|---|---|---|---|---|---|---|\n", ref
		for (i = 1; i <= nv; i++) {
			v = vars[i]
			if (!((key, v) in n)) continue
			printf "| %s | %d | %s | %s | %s | %s |\n", v, n[key, v], metrics_fmt(mean[key, v]),
				interval(key, v), change(key, v), v == ref ? "|" : pcells(key, v)
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
# make yardsticks' results (off and upstream among the variants): its decision table too
if grep -q '^off,' "$csv" && grep -q '^upstream,' "$csv"; then
	"$here/goal.sh" "$csv" "$mode"
fi
