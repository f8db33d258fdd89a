#!/bin/sh
# Summarise bench/run.sh's results.csv as Markdown: per workload and metric, each
# variant's mean (harmonic for rates), the 95% confidence interval (Student t, of the
# arithmetic mean), the change against the reference variant (base if present, else the
# first), and '*' where the intervals do not overlap (mmtests' rule of thumb for a
# significant difference).
#   bench/report.sh results.csv [MODE]
set -eu
[ -r "${1:-}" ] || { echo "report: usage: $0 results.csv [mode]" >&2; exit 2; }
mode=${2:-wall-clock}

awk -F, -v mode="$mode" '
function fmt(x) {
	return x >= 100 || x <= -100 ? sprintf("%.0f", x) : x >= 1 || x <= -1 ? sprintf("%.2f", x) : sprintf("%.3f", x)
}
function tval(df) {
	split("12.71 4.30 3.18 2.78 2.57 2.45 2.36 2.31 2.26 2.23", t, " ")
	return df < 1 ? 0 : df <= 10 ? t[df] : 1.96
}
NR == 1 { next }
{
	key = $3 "," $4
	if (!(key in seen)) { seen[key] = 1; keys[++nk] = key }
	if (!($1 in vseen)) { vseen[$1] = 1; vars[++nv] = $1 }
	n[key, $1]++; sum[key, $1] += $5; sq[key, $1] += $5 * $5
	if ($5 > 0) inv[key, $1] += 1 / $5
}
END {
	ref = ("base" in vseen) ? "base" : vars[1]
	printf "# sched-buddy benchmark (%s mode)\n\n", mode
	printf "Mean of the repetitions (harmonic for rates), +- the 95%% confidence interval; "
	printf "change against `%s`; `*`: intervals do not overlap.\n\n", ref
	for (k = 1; k <= nk; k++) {
		key = keys[k]; split(key, km, ",")
		rate = km[2] ~ /_per_s$/
		better = km[2] == "seconds" ? "lower is better" : "higher is better"
		printf "## %s: %s (%s)\n\n| variant | runs | mean | +- 95%% | vs %s |\n|---|---|---|---|---|\n", km[1], km[2], better, ref
		for (i = 1; i <= nv; i++) {
			v = vars[i]; c = n[key, v]
			if (!c) continue
			m = sum[key, v] / c
			sd = c > 1 ? sqrt((sq[key, v] - c * m * m) / (c - 1)) : 0
			if (sd != sd) sd = 0
			ci = tval(c - 1) * sd / sqrt(c)
			mu[v] = rate && inv[key, v] > 0 ? c / inv[key, v] : m
			lo[v] = m - ci; hi[v] = m + ci
			rel = ""
			if (v != ref && n[key, ref] && mu[ref] != 0) {
				rel = sprintf("%+.1f%%", 100 * (mu[v] - mu[ref]) / mu[ref])
				# a single run has no interval: no mark
				if (c > 1 && n[key, ref] > 1 && (hi[v] < lo[ref] || lo[v] > hi[ref]))
					rel = rel " *"
			}
			printf "| %s | %d | %s | %s | %s |\n", v, c, fmt(mu[v]), fmt(ci), rel
		}
		printf "\n"
	}
}' "$1"
