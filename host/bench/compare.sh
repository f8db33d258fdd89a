#!/bin/sh
# Does a benchmark repeat? Compare two runs of host/bench/run.sh (or host/bench/hardware.sh) figure by
# figure: for every workload, metric and variant both have, the two means (harmonic for
# rates) and their 95% intervals as host/bench/report.sh states them (host/bench/stats.awk),
# the change, the p of Welch's two-sided t-test of the second run's values against the
# first's (of their reciprocals for harmonic means) and that p adjusted over all the
# figures compared (host/bench/signif.awk), and the verdict: MOVED where the adjusted p is
# below 0.05, else same; untested where a run has a single value of the figure or the two
# runs' means are of different kinds. Prints a line naming the correction and m, one line
# per figure and a closing count; exits 1 when a figure moved.
#   [SB_BENCH_CORRECTION=holm|bh] host/bench/compare.sh RUN1/results.csv RUN2/results.csv
# SB_BENCH_CORRECTION: the correction, holm (Holm, the family-wise error rate; the
# default) or bh (Benjamini-Hochberg, the false discovery rate); another value is refused
# before anything is read.
set -eu
[ $# = 2 ] && [ -r "$1" ] && [ -r "$2" ] ||
	{ echo "compare: usage: $0 RUN1/results.csv RUN2/results.csv" >&2; exit 2; }
here=$(dirname "$0")
awk -f "$here/signif.awk" || exit 2
# workload,metric,variant,runs,mean,lo,hi,min,max,kind,smean,ssd ->
# "workload:metric:variant mean lo hi kind smean ssd runs"
figures() {
	awk -f "$here/stats.awk" "$1" 2>/dev/null |
		awk -F, '{ print $1 ":" $2 ":" $3, $5, $6, $7, $10, $11, $12, $4 }' | sort
}
a=$(mktemp) b=$(mktemp)
trap 'rm -f "$a" "$b"' EXIT
figures "$1" >"$a"
figures "$2" >"$b"
join "$a" "$b" | awk "$(cat "$here/signif.awk")"'
# fields: figure; mean lo hi kind smean ssd runs of the first run; the same of the second
{
	n++
	line[n] = sprintf("%-48s %12.5g [%s, %s] %12.5g [%s, %s] %+7.1f%%", $1, $2, $3, $4, $9,
		$10, $11, $2 != 0 ? 100 * ($9 - $2) / $2 : 0)
	test[n] = $5 == $12 ? sig_test($13, $14, $15, $6, $7, $8) : 0
}
END {
	if (sig_error) exit 2
	if (!n) { print "compare: the runs have no figure in common" > "/dev/stderr"; exit 2 }
	sig_adjust_all()
	print sig_header()
	for (i = 1; i <= n; i++) {
		j = test[i]
		if (!j) { untested++; printf "%s  p=- adj=-  untested\n", line[i]; continue }
		moved += sig_marked(j)
		printf "%s  p=%s adj=%s  %s\n", line[i], sig_fmtp(sig_p[j]), sig_fmtp(sig_padj[j]),
			sig_marked(j) ? "MOVED *" : "same"
	}
	printf "%d figures compared, %d tested: %d moved (adjusted p < %.2g), %d the same; %d untested\n",
		n, sig_m, moved, SIG_ALPHA, sig_m - moved, untested
	if (moved) printf "compare: %d figures moved (adjusted p < %.2g)\n", moved, SIG_ALPHA > "/dev/stderr"
	exit moved ? 1 : 0
}'
