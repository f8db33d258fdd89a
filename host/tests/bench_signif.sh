#!/bin/sh
# host/bench/signif.awk, the significance the benchmark reports share: Welch's two-sided p
# against values checked independently of its incomplete beta function, Holm's and
# Benjamini-Hochberg's adjusted p on a known vector, a bad SB_BENCH_CORRECTION refused
# before any work; and host/bench/report.sh on 20 comparisons of samples drawn from one
# distribution, some with p below 0.05, marks none of them, while a real shift is marked.
. "$(dirname "$0")/lib.sh"
dir=$(mktemp -d)
trap 'rm -rf "$out" "$dir"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
signif=$top/host/bench/signif.awk

# 1. p of Student's t, to 3 significant digits (relative error below 1e-3 against a value
# given to 4). Independent values: for 1 and 2 degrees of freedom the closed forms
# p = 1 - (2/pi) atan|t| and p = 1 - |t| / sqrt(2 + t^2), computed here; the two-sided 5%
# and 1% points of printed t tables (2.228 at 10 df, 2.776 and 4.604 at 4); for
# fractional df, Simpson's rule over the t density (200000 steps, python3's math.lgamma),
# not the continued fraction. Welch's test from samples: the first example of Wikipedia's
# "Welch's t-test" (t = -2.46, df = 25.0, p = 0.021), to 4 digits by the same Simpson rule.
cat >"$dir/p.awk" <<'EOF'
function check(what, got, want,    tol) {
	tol = 1e-3 * (want < 0 ? -want : want)
	if (got - want > tol || want - got > tol) {
		printf "FAIL: %s: %.6g, expected %.6g\n", what, got, want > "/dev/stderr"
		bad++
	} else
		printf "ok: %s: %.6g (expected %.4g)\n", what, got, want > "/dev/stderr"
}
function msd(s, v,    n, i, sum, q) {
	n = split(s, v, " "); sum = 0
	for (i = 1; i <= n; i++) sum += v[i]
	msd_mean = sum / n; q = 0
	for (i = 1; i <= n; i++) q += (v[i] - msd_mean) ^ 2
	msd_n = n
	return sqrt(q / (n - 1))
}
BEGIN {
	pi = atan2(0, -1)
	split("0.05 0.3 1 1.7 3 6.3 12.706 40", ts, " ")
	for (i = 1; i in ts; i++) {
		t = ts[i]
		check("p(t=" t ", df 1)", sig_tp(t, 1), 1 - 2 / pi * atan2(t, 1))
		check("p(t=-" t ", df 2)", sig_tp(-t, 2), 1 - t / sqrt(2 + t * t))
	}
	check("p(t=2.228, df 10)", sig_tp(2.228, 10), 0.05)
	check("p(t=2.776, df 4)", sig_tp(2.776, 4), 0.05)
	check("p(t=4.604, df 4)", sig_tp(4.604, 4), 0.01)
	check("p(t=1.5, df 2.7)", sig_tp(1.5, 2.7), 0.2403)
	check("p(t=3.1, df 7.3)", sig_tp(3.1, 7.3), 0.01643)
	check("p(t=0.7, df 13.9)", sig_tp(0.7, 13.9), 0.4955)
	check("p(t=5.2, df 3.4)", sig_tp(5.2, 3.4), 0.01005)
	check("p(t=2.05, df 40.5)", sig_tp(2.05, 40.5), 0.04688)
	sa = msd("27.5 21.0 19.0 23.6 17.0 17.9 16.9 20.1 21.9 22.6 23.1 19.6 19.0 21.7 21.4"); ma = msd_mean; na = msd_n
	sb = msd("27.1 22.0 20.8 23.4 23.4 23.5 25.8 22.0 24.8 20.2 21.9 22.1 22.9 20.5 24.4"); mb = msd_mean; nb = msd_n
	i = sig_test(ma, sa, na, mb, sb, nb)
	check("Welch t", sig_t[i], -2.455)
	check("Welch df", sig_df[i], 24.99)
	check("Welch p", sig_p[i], 0.02138)
	# a single run is no comparison
	if (sig_test(1, 0, 1, 2, 1, 5) != 0 || sig_m != 1) { print "FAIL: a single run was tested" > "/dev/stderr"; bad++ }
	exit bad ? 1 : 0
}
EOF
awk -f "$signif" -f "$dir/p.awk" || fail "p-values (above)"

# 2. The corrections on p = 0.01, 0.04, 0.03, 0.005 (by hand, and by a separate python
# implementation): Holm sorts them, 0.005 0.01 0.03 0.04, times 4 3 2 1 = 0.02 0.03 0.06
# 0.04, each at least the one before: 0.02 0.03 0.06 0.06. BH: times 4/1 4/2 4/3 4/4 =
# 0.02 0.02 0.04 0.04, each at most the one after: the same. In the input's order:
# Holm 0.03 0.06 0.06 0.02, BH 0.02 0.04 0.04 0.02. And 0.5 0.5 0.9: Holm caps at 1
# (1 1 1), BH 0.75 0.75 0.9.
adjust() { # METHOD P...: the adjusted p, blank-separated, to 6 digits
	m=$1
	shift
	awk -f "$signif" -f /dev/stdin "$m" "$@" <<'EOF'
BEGIN {
	for (i = 2; i < ARGC; i++) p[i - 1] = ARGV[i] + 0
	sig_adjust(p, ARGC - 2, adj, ARGV[1])
	for (i = 1; i < ARGC - 1; i++) printf "%s%.6g", (i > 1 ? " " : ""), adj[i]
	print ""
}
EOF
}
for c in "holm 0.01 0.04 0.03 0.005=0.03 0.06 0.06 0.02" "bh 0.01 0.04 0.03 0.005=0.02 0.04 0.04 0.02" \
	"holm 0.5 0.5 0.9=1 1 1" "bh 0.5 0.5 0.9=0.75 0.75 0.9"; do
	# shellcheck disable=SC2086 # (split on purpose)
	got=$(adjust ${c%%=*})
	[ "$got" = "${c#*=}" ] || fail "$c: got '$got'"
	echo "ok: ${c%%=*} -> $got" >&2
done

# 3. A bad correction is refused, saying so, before any work: nothing on stdout, no plot.
printf 'variant,rep,workload,metric,value\nbase,1,w,seconds,1\nbase,2,w,seconds,2\n' >"$dir/bad.csv"
for s in report.sh compare.sh; do
	set -- "$dir/bad.csv"
	[ $s = report.sh ] || set -- "$dir/bad.csv" "$dir/bad.csv"
	if SB_BENCH_CORRECTION=bonferroni "$top/host/bench/$s" "$@" >"$dir/stdout" 2>"$dir/stderr"; then
		fail "$s ran with SB_BENCH_CORRECTION=bonferroni"
	fi
	grep -q "SB_BENCH_CORRECTION='bonferroni': .* holm .* or bh" "$dir/stderr" ||
		fail "$s: no clear error for SB_BENCH_CORRECTION=bonferroni: $(cat "$dir/stderr")"
	[ ! -s "$dir/stdout" ] && [ -z "$(find "$dir" -name '*.png')" ] ||
		fail "$s worked before refusing SB_BENCH_CORRECTION=bonferroni"
	echo "ok: $s refused SB_BENCH_CORRECTION=bonferroni: $(cat "$dir/stderr")" >&2
done

# 4. Five workloads, base and four variants, five runs each, all drawn from one normal
# distribution (mean 100, sd 5: Irwin-Hall over a Park-Miller generator, seed 10, exact in
# any awk), and one variant shifted by 25 in one workload: 21 comparisons. Some of the 20
# without a difference have p below 0.05 (0.011 and 0.033), as chance has it; no
# correction lets them through, the shift survives both.
awk -v seed=10 'function u() { x = (16807 * x) % 2147483647; return x / 2147483647 }
function normal(   i, s) { s = 0; for (i = 0; i < 12; i++) s += u(); return s - 6 }
BEGIN {
	x = seed
	print "variant,rep,workload,metric,value"
	split("base same1 same2 same3 same4", v, " ")
	for (w = 1; w <= 5; w++) for (i = 1; i <= 5; i++) for (r = 1; r <= 5; r++)
		printf "%s,%d,w%d,seconds,%.3f\n", v[i], r, w, 100 + 5 * normal()
	for (r = 1; r <= 5; r++) printf "shift,%d,w1,seconds,%.3f\n", r, 125 + 5 * normal()
}' >"$dir/null.csv"
for c in holm bh; do
	SB_BENCH_CORRECTION=$c "$top/host/bench/report.sh" "$dir/null.csv" test >"$dir/null-$c.md" 2>/dev/null ||
		fail "report.sh failed on the identical-distribution results ($c)"
	grep -q "correction over m = 21 comparisons, alpha 0.05" "$dir/null-$c.md" ||
		fail "$c: the report does not say m = 21 and alpha 0.05"
	# the table of comparisons: | workload | metric | variant | base | mean | change | p | adj. p |
	verdict=$(awk -F'|' '$2 ~ /^ w[0-9] $/ && $3 == " seconds " && NF == 10 {
		v = $4; gsub(/ /, "", v)
		if (v == "shift") shift = $7 ~ /\*/
		else { raw += $8 + 0 < 0.05; marked += $7 ~ /\*/; n++ }
	} END { printf "%d %d %d %d", n, raw, marked, shift }' "$dir/null-$c.md")
	# shellcheck disable=SC2086 # (split on purpose)
	set -- $verdict
	[ "$1" = 20 ] || fail "$c: $1 comparisons without a difference in the table, expected 20"
	[ "$2" -ge 1 ] || fail "$c: no comparison without a difference has p < 0.05: the check proves nothing"
	[ "$3" = 0 ] || fail "$c: $3 of 20 comparisons without a difference marked significant (raw p < 0.05: $2)"
	[ "$4" = 1 ] || fail "$c: the shift by 25 (5 sd) is not marked"
	echo "ok: $c: of 20 comparisons without a difference $2 have p < 0.05, none marked; the shift marked" >&2
done
