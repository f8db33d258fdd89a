# Statistics of host/bench/run.sh's results (CSV: variant,rep,workload,metric,value), used by
# host/bench/report.sh, plot.sh, compare.sh and clock.sh. Per workload, metric and variant,
# in the order of first appearance, one CSV line:
#   workload,metric,variant,runs,mean,lo,hi,min,max,kind,smean,ssd
# mean: harmonic for rates (metrics ending in _per_s) where every value of the figure, of
# every variant, is positive; arithmetic otherwise (kind: harmonic or arithmetic, the same
# for all variants of a figure, so their means compare). lo..hi: the 95% confidence
# interval of that mean (Student t): for an arithmetic mean around it; for a harmonic mean
# the interval of the mean of the reciprocals, transformed back, so it is not symmetric
# and hi is "inf" when that interval reaches 0. A single run has no interval: lo = hi =
# mean. smean, ssd: the mean and standard deviation (n - 1) of what the interval is of,
# the values or, for a harmonic mean, their reciprocals: what host/bench/signif.awk's
# t-test compares (ssd 0 for a single run).
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
	val[key, $1, c] = v
	if (v <= 0) nonpos[key] = 1
	if (c == 1 || v < least[key, $1]) least[key, $1] = v
	if (c == 1 || v > most[key, $1]) most[key, $1] = v
}
# sd(KEY, X, R): the standard deviation (n - 1) of the values of KEY and variant X, or with
# R of their reciprocals, about their mean (two passes); 0 for one value. The mean goes
# to sd_mean.
function sd(key, x, r,    c, i, s, d, q) {
	c = n[key, x]; s = 0
	for (i = 1; i <= c; i++) s += r ? 1 / val[key, x, i] : val[key, x, i]
	sd_mean = s / c
	if (c < 2) return 0
	q = 0
	for (i = 1; i <= c; i++) { d = (r ? 1 / val[key, x, i] : val[key, x, i]) - sd_mean; q += d * d }
	return sqrt(q / (c - 1))
}
END {
	if (bad) printf "stats: skipped %d lines that are not results\n", bad > "/dev/stderr"
	for (k = 1; k <= nk; k++) {
		key = keys[k]; split(key, km, ",")
		harmonic = km[2] ~ /_per_s$/ && !(key in nonpos)
		for (i = 1; i <= nv; i++) {
			x = vars[i]; c = n[key, x]
			if (!c) continue
			s = sd(key, x, harmonic); h = s > 0 ? tval(c - 1) * s / sqrt(c) : 0
			if (harmonic) {
				# harmonic: 1 / the mean of the reciprocals r, its interval r +- h
				r = sd_mean
				m = 1 / r; lo = 1 / (r + h); hi = r - h > 0 ? sprintf("%.6g", 1 / (r - h)) : "inf"
			} else {
				m = sd_mean
				lo = m - h; hi = sprintf("%.6g", m + h)
			}
			printf "%s,%s,%d,%.6g,%.6g,%s,%.6g,%.6g,%s,%.10g,%.10g\n", key, x, c, m, lo, hi,
				least[key, x], most[key, x], harmonic ? "harmonic" : "arithmetic", sd_mean, s
		}
	}
}
