# Statistics of host/bench/run.sh's results (CSV: variant,rep,workload,metric,value), used by
# host/bench/report.sh, plot.sh, compare.sh and clock.sh. Per workload, metric and variant,
# in the order of first appearance, one CSV line:
#   workload,metric,variant,runs,mean,lo,hi,min,max
# mean: harmonic for rates (metrics ending in _per_s, all values positive), arithmetic
# otherwise. lo..hi: the 95% confidence interval of that mean (Student t): for an
# arithmetic mean around it; for a harmonic mean the interval of the mean of the
# reciprocals, transformed back, so it is not symmetric and hi is "inf" when that
# interval reaches 0. A single run has no interval: lo = hi = mean.
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
	if (v > 0) { inv[key, $1] += 1 / v; isq[key, $1] += 1 / (v * v) } else nonpos[key, $1] = 1
	if (c == 1 || v < least[key, $1]) least[key, $1] = v
	if (c == 1 || v > most[key, $1]) most[key, $1] = v
}
# ci(SUM, SQ, C): half-width of the 95% interval of the mean of C values with sum SUM and
# sum of squares SQ (0 for one value)
function ci(s, q, c,   m, var) {
	m = s / c
	var = c > 1 ? (q - c * m * m) / (c - 1) : 0
	return var > 0 ? tval(c - 1) * sqrt(var) / sqrt(c) : 0
}
END {
	if (bad) printf "stats: skipped %d lines that are not results\n", bad > "/dev/stderr"
	for (k = 1; k <= nk; k++) {
		key = keys[k]; split(key, km, ",")
		for (i = 1; i <= nv; i++) {
			x = vars[i]; c = n[key, x]
			if (!c) continue
			if (km[2] ~ /_per_s$/ && !((key, x) in nonpos)) {
				# harmonic: 1 / the mean of the reciprocals r, its interval r +- h
				r = inv[key, x] / c; h = ci(inv[key, x], isq[key, x], c)
				m = 1 / r; lo = 1 / (r + h); hi = r - h > 0 ? sprintf("%.6g", 1 / (r - h)) : "inf"
			} else {
				m = sum[key, x] / c; h = ci(sum[key, x], sq[key, x], c)
				lo = m - h; hi = sprintf("%.6g", m + h)
			}
			printf "%s,%s,%d,%.6g,%.6g,%s,%.6g,%.6g\n", key, x, c, m, lo, hi, least[key, x], most[key, x]
		}
	}
}
