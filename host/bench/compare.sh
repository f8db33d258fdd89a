#!/bin/sh
# Does a benchmark repeat? Compare two runs of host/bench/run.sh (or host/bench/hardware.sh) figure by
# figure: for every workload, metric and variant both have, the two means (harmonic for
# rates) and their 95% intervals as host/bench/report.sh states them (host/bench/stats.awk),
# the change, and whether it is within the spread: one run's mean inside the other's
# interval (for symmetric intervals: the change within the larger half-width). Prints one
# line per figure and a closing count; exits 1 when a figure moved by more than its spread.
#   host/bench/compare.sh RUN1/results.csv RUN2/results.csv
set -eu
[ $# = 2 ] && [ -r "$1" ] && [ -r "$2" ] ||
	{ echo "compare: usage: $0 RUN1/results.csv RUN2/results.csv" >&2; exit 2; }
here=$(dirname "$0")
# workload,metric,variant,runs,mean,lo,hi,min,max -> "workload:metric:variant mean lo hi"
figures() { awk -f "$here/stats.awk" "$1" 2>/dev/null | awk -F, '{ print $1 ":" $2 ":" $3, $5, $6, $7 }' | sort; }
a=$(mktemp) b=$(mktemp)
trap 'rm -f "$a" "$b"' EXIT
figures "$1" >"$a"
figures "$2" >"$b"
join "$a" "$b" | awk '
function up(x) { return x == "inf" ? 1e300 : x + 0 }
# fields: figure, mean lo hi of the first run, mean lo hi of the second
{
	ok = ($5 >= $3 && $5 <= up($4)) || ($2 >= $6 && $2 <= up($7))
	printf "%-48s %12.5g [%s, %s] %12.5g [%s, %s] %+7.1f%%  %s\n", $1, $2, $3, $4, $5, $6, $7,
		$2 != 0 ? 100 * ($5 - $2) / $2 : 0, ok ? "within" : "OUTSIDE"
	n++; out += !ok
}
END {
	printf "%d figures compared, %d within the spread, %d outside\n", n, n - out, out
	if (!n) { print "compare: the runs have no figure in common" > "/dev/stderr"; exit 2 }
	if (out) printf "compare: %d figures moved by more than their spread (outside)\n", out > "/dev/stderr"
	exit out ? 1 : 0
}'
