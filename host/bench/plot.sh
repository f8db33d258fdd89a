#!/bin/sh
# PNG plots of host/bench/run.sh's results, written beside results.csv: one bar per variant
# (mean and error bars, its 95% confidence interval, as host/bench/stats.awk gives them) for
# each plot group of guest/metrics.tsv that has results: tbench and dbench per client
# count, hackbench, pgbench, round trips (ping-pong and pairs), latency percentiles
# (cyclictest's and wakelat's; cyclictest's beside hackbench in cgroups), wakelat's
# wakeups, stress-ng's bogo ops beside wakelat, pair cohesion, the smaller hog's CPU share,
# the cache model's figures per operation. Prints the names of the files it wrote, one a
# line.
#   host/bench/plot.sh results.csv
set -eu
[ $# = 1 ] && [ -r "$1" ] || { echo "plot: usage: $0 results.csv" >&2; exit 2; }
command -v gnuplot >/dev/null || { echo "plot: gnuplot missing (run: make deps)" >&2; exit 2; }
csv=$1 dir=$(dirname "$1")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
guest=$(dirname "$0")/../../guest
awk -f "$(dirname "$0")/stats.awk" "$csv" >"$tmp/stats" 2>/dev/null
vars=$(cut -d, -f3 "$tmp/stats" | awk '!seen[$0]++' | tr '\n' ' ')
[ -n "$vars" ] || { echo "plot: no results in '$csv'" >&2; exit 1; }

# plot NAME TITLE LABEL [GNUPLOT...]: NAME.png from the workload,metric pairs whose row
# in guest/metrics.tsv has plot group NAME, one cluster of bars each, labelled by the awk
# expression LABEL (of w and m, the workload and metric); the y axis is the row's unit.
plot() {
	name=$1 title=$2 label=$3
	shift 3
	awk -F, -v name="$name" -v vars="$vars" -v table="$guest/metrics.tsv" \
		"$(cat "$guest/lib/metrics.awk")"'
	function label(w, m) { return '"$label"' }
	NR == 1 { metrics_read(table) }
	{ i = metrics_row($1, $2) }
	i && mt_plot[i] == name {
		ylabel = mt_unit[i] " (" mt_better[i] " is better)"
		k = $1 "," $2
		if (!(k in seen)) { seen[k] = 1; keys[++nk] = k }
		mean[k, $3] = $5; ends[k, $3] = $6 " " $7
	}
	END {
		# only the variants with results here
		nva = split(vars, va, " "); nv = 0
		for (j = 1; j <= nva; j++)
			for (i = 1; i <= nk; i++)
				if ((keys[i], va[j]) in mean) { v[++nv] = va[j]; break }
		printf "# %s\n#", ylabel
		for (j = 1; j <= nv; j++) printf " %s", v[j]
		printf "\n"
		for (i = 1; i <= nk; i++) {
			split(keys[i], km, ",")
			printf "\"%s\"", label(km[1], km[2])
			for (j = 1; j <= nv; j++)
				printf " %s", (keys[i], v[j]) in mean ? mean[keys[i], v[j]] " " ends[keys[i], v[j]] : "NaN NaN NaN"
			printf "\n"
		}
	}' "$tmp/stats" >"$tmp/$name.dat"
	[ "$(wc -l <"$tmp/$name.dat")" -gt 2 ] || return 0
	ylabel=$(sed -n '1s/^# //p' "$tmp/$name.dat")
	here=$(sed -n '2s/^#//p' "$tmp/$name.dat")
	{
		echo "set terminal pngcairo size 800,450 font 'sans,10' noenhanced"
		echo "set output '$dir/$name.png'"
		echo "set title \"$title (error bars: 95% CI)\""
		echo "set ylabel \"$ylabel\""
		echo "set style data histograms"
		echo "set style histogram errorbars gap 1 lw 1"
		echo "set style fill solid 0.7 border -1"
		echo "set key outside right top"
		echo "set grid ytics"
		echo "set yrange [0:*]"
		echo "set datafile missing 'NaN'"
		for g; do echo "$g"; done
		i=0
		printf 'plot'
		for v in $here; do
			i=$((i + 1))
			[ $i = 1 ] || printf ','
			# a variant keeps its colour in every plot: its place among all variants
			lt=$(echo $vars | tr ' ' '\n' | grep -nxF "$v" | cut -d: -f1)
			# mean, low, high (an unbounded high, inf, leaves the bar open)
			printf " '%s' using %d:%d:%d:xtic(1) title '%s' lt %d" "$tmp/$name.dat" \
				$((3 * i - 1)) $((3 * i)) $((3 * i + 1)) "$v" "$lt"
		done
		echo
	} >"$tmp/$name.gp"
	gnuplot "$tmp/$name.gp" 2>"$tmp/err" ||
		{ echo "plot: gnuplot failed on $name:" >&2; cat "$tmp/err" >&2; return 1; }
	echo "$name.png"
}

plot tbench "tbench throughput" 'substr(w, 8)' 'set xlabel "clients"'
plot dbench "dbench throughput" 'substr(w, 8)' 'set xlabel "clients"'
plot hackbench "hackbench, 160000 messages" 'w ~ /^hackbench-/ ? substr(w, 11) : w'
plot pgbench "pgbench (PostgreSQL, scale 2, fsync off)" 'substr(w, 9)' \
	'set xlabel "script-clients"'
plot trips "round trips" 'w' 'set logscale y' 'set yrange [*:*]'
plot latency "wakeup latency of a periodic task next to pairs and hogs" \
	'm == "lat_p999_us" ? "p99.9" : substr(m, 5, length(m) - 7)' 'set logscale y' 'set yrange [*:*]'
plot wakelat "wake-to-run latency of futex-woken worker threads (wakelat)" \
	'substr(w, 9) (w == "wakelat" ? "" : " ") (m == "lat_p999_us" ? "p99.9" : substr(m, 5, length(m) - 7))' \
	'set logscale y' 'set yrange [*:*]' 'set xtics rotate by -30'
plot cyclictest "wakeup latency of a periodic task in a cgroup beside hackbench in another" \
	'substr(w, 22) (w == "cyclictest-hackbench" ? "" : " ") (m == "lat_p999_us" ? "p99.9" : substr(m, 5, length(m) - 7))' \
	'set logscale y' 'set yrange [*:*]' 'set xtics rotate by -30'
plot wakeups "worker wakeups (wakelat)" 'w'
plot stress "stress-ng beside wakelat" 'w'
plot cohesion "pair cohesion (1: pairs run as units)" 'w' 'set yrange [0:1.05]'
plot hog_share "smaller hog's CPU share next to the pairs" 'w'
# the cache model's figures per operation (make bench-cache): one plot per metric, the
# workloads' operations differ by orders of magnitude
for m in cycles insns l1i l1d l2 llc; do
	plot cache_$m "cache model: $m per operation" 'w' 'set logscale y' 'set yrange [*:*]' \
		'set xtics rotate by -30'
done
