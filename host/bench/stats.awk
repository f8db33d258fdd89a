# Statistics of host/bench/run.sh's results (CSV: variant,rep,workload,metric,value), used by
# host/bench/report.sh and host/bench/plot.sh. Per workload, metric and variant, in the order of
# first appearance, one CSV line:
#   workload,metric,variant,runs,mean,amean,ci,min,max
# mean: harmonic for rates (metrics ending in _per_s), arithmetic otherwise; amean: the
# arithmetic mean; ci: half-width of the 95% confidence interval of the arithmetic mean
# (Student t; 0 for a single run).
# Lines that are not results (the header, messages a guest printed) are skipped; their
# number goes to stderr.
#   awk -f host/bench/stats.awk results.csv
BEGIN { FS = "," }
function tval(df) {
	# two-sided 95% quantiles of Student's t for 1..30 degrees of freedom
	split("12.71 4.30 3.18 2.78 2.57 2.45 2.36 2.31 2.26 2.23 2.20 2.18 2.16 2.14 2.13 " \
		"2.12 2.11 2.10 2.09 2.09 2.08 2.07 2.07 2.06 2.06 2.06 2.05 2.05 2.05 2.04", t, " ")
	return df < 1 ? 0 : df <= 30 ? t[df] : 1.96
}
NF != 5 || $2 !~ /^[0-9]+$/ || $5 !~ /^-?[0-9]+(\.[0-9]*)?([eE][-+]?[0-9]+)?$/ {
	if (FNR > 1) bad++
	next
}
{
	key = $3 "," $4
	if (!(key in seen)) { seen[key] = 1; keys[++nk] = key }
	if (!($1 in vseen)) { vseen[$1] = 1; vars[++nv] = $1 }
	v = $5 + 0; c = ++n[key, $1]
	sum[key, $1] += v; sq[key, $1] += v * v
	if (v > 0) inv[key, $1] += 1 / v; else nonpos[key, $1] = 1
	if (c == 1 || v < lo[key, $1]) lo[key, $1] = v
	if (c == 1 || v > hi[key, $1]) hi[key, $1] = v
}
END {
	if (bad) printf "stats: skipped %d lines that are not results\n", bad > "/dev/stderr"
	for (k = 1; k <= nk; k++) {
		key = keys[k]; split(key, km, ",")
		for (i = 1; i <= nv; i++) {
			x = vars[i]; c = n[key, x]
			if (!c) continue
			am = sum[key, x] / c
			var = c > 1 ? (sq[key, x] - c * am * am) / (c - 1) : 0
			sd = var > 0 ? sqrt(var) : 0
			ci = tval(c - 1) * sd / sqrt(c)
			m = km[2] ~ /_per_s$/ && !((key, x) in nonpos) ? c / inv[key, x] : am
			printf "%s,%s,%d,%.6g,%.6g,%.6g,%.6g,%.6g\n", key, x, c, m, am, ci, lo[key, x], hi[key, x]
		}
	}
}
