# Significance for the benchmark reports, shared by host/bench/report.sh, compare.sh and
# topology.awk: Welch's two-sided t-test per comparison and a correction over all the
# comparisons of one report. Functions only (and the check of the correction in BEGIN);
# load it before the report's own program:
#   awk -f host/bench/signif.awk -f REPORT.awk ...    or    awk "$(cat signif.awk)"'...'
# Run alone (awk -f host/bench/signif.awk), it checks the correction and exits: 0, or 2
# with a message on stderr.
#
# The correction: the environment variable SB_BENCH_CORRECTION, holm (Holm's step-down,
# the family-wise error rate; the default) or bh (Benjamini-Hochberg, the false discovery
# rate). Anything else is an error: BEGIN says so, sets sig_error and exits 2; since awk
# still runs END after an exit in BEGIN, a report's END starts with
# "if (sig_error) exit 2".
#
# Use: sig_test(MEAN_A, SD_A, N_A, MEAN_B, SD_B, N_B) (or sig_test_se with standard errors)
# for each comparison, as it is made; it returns the comparison's number (0: not testable,
# a side with fewer than 2 values, not counted). Then sig_adjust_all() once, and for each
# number i: sig_p[i], sig_padj[i], sig_t[i], sig_df[i], sig_marked(i). sig_header() is
# the line that names the test, the correction, m and alpha.
BEGIN {
	SIG_ALPHA = 0.05
	sig_method = "SB_BENCH_CORRECTION" in ENVIRON ? ENVIRON["SB_BENCH_CORRECTION"] : ""
	if (sig_method == "") sig_method = "holm"
	if (sig_method != "holm" && sig_method != "bh") {
		printf "SB_BENCH_CORRECTION='%s': the correction over a report's comparisons is holm (Holm, the default) or bh (Benjamini-Hochberg)\n", \
			sig_method > "/dev/stderr"
		sig_error = 1
		exit 2
	}
	sig_m = 0
}

# sig_lgamma(Z): log Gamma(Z) for Z > 0: Lanczos' series (g = 7, 9 terms, about 15
# digits) for Z >= 0.5, the reflection formula below.
function sig_lgamma(z,    pi, x, t, i, c) {
	pi = 3.14159265358979323846
	if (z < 0.5) return log(pi / sin(pi * z)) - sig_lgamma(1 - z)
	split("0.99999999999980993 676.5203681218851 -1259.1392167224028 771.32342877765313 " \
		"-176.61502916214059 12.507343278686905 -0.13857109526572012 " \
		"9.9843695780195716e-6 1.5056327351493116e-7", c, " ")
	z -= 1
	x = c[1]
	for (i = 1; i < 9; i++) x += c[i + 1] / (z + i)
	t = z + 7.5
	return 0.5 * log(2 * pi) + (z + 0.5) * log(t) - t + log(x)
}

# sig_betacf(A, B, X): the continued fraction of the incomplete beta function,
#   1 / (1 + d1 / (1 + d2 / (1 + ...))), d(2k+1) = -(a+k)(a+b+k) x / ((a+2k)(a+2k+1)),
#   d(2k) = k (b-k) x / ((a+2k-1)(a+2k)),
# evaluated from the front by the modified Lentz method (tiny guards a zero divisor).
function sig_betacf(a, b, x,    tiny, eps, f, c, d, k, k2, num, delta) {
	tiny = 1e-300; eps = 1e-15
	c = 1; d = 1 - (a + b) * x / (a + 1)
	if (d < tiny && d > -tiny) d = tiny
	d = 1 / d; f = d
	for (k = 1; k <= 10000; k++) {
		k2 = 2 * k
		# the even step d(2k)
		num = k * (b - k) * x / ((a + k2 - 1) * (a + k2))
		d = 1 + num * d; if (d < tiny && d > -tiny) d = tiny
		c = 1 + num / c; if (c < tiny && c > -tiny) c = tiny
		d = 1 / d; f *= d * c
		# the odd step d(2k+1)
		num = -(a + k) * (a + b + k) * x / ((a + k2) * (a + k2 + 1))
		d = 1 + num * d; if (d < tiny && d > -tiny) d = tiny
		c = 1 + num / c; if (c < tiny && c > -tiny) c = tiny
		d = 1 / d; delta = d * c; f *= delta
		if (delta - 1 < eps && 1 - delta < eps) break
	}
	return f
}

# sig_betai(A, B, X): the regularized incomplete beta function I_X(A, B), 0 <= X <= 1:
# x^a (1-x)^b / (a B(a,b)) times the continued fraction where it converges fast, else
# through I_X(A, B) = 1 - I_(1-X)(B, A).
function sig_betai(a, b, x,    front) {
	if (x <= 0) return 0
	if (x >= 1) return 1
	front = exp(sig_lgamma(a + b) - sig_lgamma(a) - sig_lgamma(b) + a * log(x) + b * log(1 - x))
	if (x < (a + 1) / (a + b + 2)) return front * sig_betacf(a, b, x) / a
	return 1 - front * sig_betacf(b, a, 1 - x) / b
}

# sig_tp(T, DF): two-sided p of Student's t with DF (> 0, not necessarily whole) degrees
# of freedom: P(|T'| >= |T|) = I_(df/(df+t^2))(df/2, 1/2).
function sig_tp(t, df) {
	return sig_betai(df / 2, 0.5, df / (df + t * t))
}

# sig_test_se(MA, SEA, NA, MB, SEB, NB): Welch's test of the means MA and MB, whose
# standard errors are SEA and SEB, of NA and NB values; df by Welch-Satterthwaite. Records
# the comparison and returns its number, 0 (nothing recorded) when NA or NB is below 2.
# Both standard errors 0: p is 1 for equal means and 0 for different ones (t infinite).
function sig_test_se(ma, sea, na, mb, seb, nb,    i, va, vb) {
	if (na < 2 || nb < 2) return 0
	i = ++sig_m
	va = sea * sea; vb = seb * seb
	if (va + vb > 0) {
		sig_t[i] = (ma - mb) / sqrt(va + vb)
		sig_df[i] = (va + vb) ^ 2 / (va * va / (na - 1) + vb * vb / (nb - 1))
		sig_p[i] = sig_tp(sig_t[i], sig_df[i])
	} else {
		sig_t[i] = ma == mb ? 0 : ma > mb ? "inf" : "-inf"
		sig_df[i] = na + nb - 2
		sig_p[i] = ma == mb ? 1 : 0
	}
	return i
}

# sig_test(MA, SDA, NA, MB, SDB, NB): the same from the samples' standard deviations.
function sig_test(ma, sda, na, mb, sdb, nb) {
	if (na < 2 || nb < 2) return 0
	return sig_test_se(ma, sda / sqrt(na), na, mb, sdb / sqrt(nb), nb)
}

# sig_adjust(P, M, ADJ, METHOD): the adjusted p-values of P[1..M] into ADJ[1..M].
#   holm: with p(1) <= ... <= p(m), adj p(j) = max over i <= j of min(1, (m - i + 1) p(i))
#   bh:   adj p(j) = min over i >= j of min(1, m p(i) / i)
function sig_adjust(p, m, adj, method,    o, i, j, v, run) {
	for (i = 1; i <= m; i++) o[i] = i
	# order o by p, ascending (insertion sort; ties keep their order, which the
	# adjusted values do not depend on)
	for (i = 2; i <= m; i++) {
		v = o[i]
		for (j = i - 1; j >= 1 && p[o[j]] > p[v]; j--) o[j + 1] = o[j]
		o[j + 1] = v
	}
	if (method == "bh") {
		run = 1
		for (j = m; j >= 1; j--) {
			v = m * p[o[j]] / j
			if (v < run) run = v
			adj[o[j]] = run
		}
	} else {
		run = 0
		for (j = 1; j <= m; j++) {
			v = (m - j + 1) * p[o[j]]
			if (v > 1) v = 1
			if (v > run) run = v
			adj[o[j]] = run
		}
	}
}

# sig_adjust_all(): adjust the p of every comparison recorded, by the correction chosen.
function sig_adjust_all() { sig_adjust(sig_p, sig_m, sig_padj, sig_method) }

# sig_marked(I): does comparison I (a number from sig_test; 0 for none) survive the
# correction? Only after sig_adjust_all().
function sig_marked(i) { return i > 0 && sig_padj[i] < SIG_ALPHA }

# sig_name(): the correction, in words.
function sig_name() {
	return sig_method == "bh" ? "Benjamini-Hochberg (false discovery rate)" : "Holm (family-wise error rate)"
}

# sig_header(): one line naming the test, the correction, m and alpha.
function sig_header() {
	return sprintf("Significance: Welch's two-sided t-test per comparison, %s correction over m = %d comparisons, alpha %.2g; `*` only where the adjusted p < alpha (SB_BENCH_CORRECTION=%s).",
		sig_name(), sig_m, SIG_ALPHA, sig_method)
}

# sig_fmtp(P): a p-value for a table: 3 significant digits; 0 (both sides without spread,
# different means) as 0, anything else below 1e-99 as "<1e-99".
function sig_fmtp(p) {
	return p == 0 ? "0" : p < 1e-99 ? "<1e-99" : sprintf("%.3g", p)
}
