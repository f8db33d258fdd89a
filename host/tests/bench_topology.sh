#!/bin/sh
# host/bench/topology.sh refuses bad options, numbers and topology names before it boots
# anything; build/topology refuses an unknown topology and a bad number itself; the
# table pools the probe's histograms of all runs into one p99, and tests each change
# against off with Welch's t, corrected over the table's comparisons.
. "$(dirname "$0")/lib.sh"
[ -x "$top/build/topology" ] || make -C "$top" -s build/topology >/dev/null
expect_failure "unknown option '--bogus'" "$top/host/bench/topology.sh" --bogus
expect_failure "'0' is not a positive number" "$top/host/bench/topology.sh" --runs 0
expect_failure "'-5' is not a positive number" "$top/host/bench/topology.sh" --slice -5
expect_failure "no topologies given" "$top/host/bench/topology.sh" --topologies ' '
expect_failure "no modes given" "$top/host/bench/topology.sh" --modes ''
expect_failure "unknown topology 'flat' \(known: root group" \
	"$top/host/bench/topology.sh" --topologies 'root flat'
expect_failure "unknown topology 'flat'" "$top/build/topology" -t flat
expect_failure "usage: topology" "$top/build/topology"
expect_failure "SB_BENCH_CORRECTION='bonferroni': .* holm .* or bh" \
	env SB_BENCH_CORRECTION=bonferroni "$top/host/bench/topology.sh"

# Two runs a mode, 100 wakeups each, in 10 us buckets: off has 1 of 100 at 1000-1010 us,
# global 2 of 100 at 2000-2010 us. Of the 200 pooled wakeups the one at index 198 is the
# p99: 1005 and 2005 us; identical runs leave no bootstrap spread, so t is infinite, p 0:
# significant. The runs' own p99 is 60 us in both modes: no spread either, p 1. Four
# comparisons: p99 and p99.9 of the runs, and pooled.
runs=$(mktemp)
trap 'rm -f "$out" "$runs"' EXIT
for r in 1 2; do
	echo "round=$r mode=off topology=group cohesion=0.05 p99=60 p999=1000 hist=5:99,100:1"
	echo "round=$r mode=global topology=group cohesion=0.2 p99=60 p999=2000 hist=5:98,200:2"
done >"$runs"
table=$(awk -f "$top/host/bench/signif.awk" -f "$top/host/bench/topology.awk" "$runs")
for want in '| group | off | 2 | 200 | 1005 (0) | | | | 1005 (0) |' \
	'| group | global | 2 | 200 | 2005 (0) | +99.5% * | 0 | 0 | 2005 (0) | +99.5% * | 0 | 0 |' \
	'60 (0) | +0.0% | 1 | 1 | 2000 (0) | +100.0% * | 0 | 0 |' \
	'Holm (family-wise error rate) correction over m = 4 comparisons' \
	'| group | global | pooled p99 | 1005 | 2005 | +99.5% * | 0 | 0 | inf | 2.0 |'; do
	case $table in
	*"$want"*) echo "ok: the pooled table has '$want'" >&2 ;;
	*) echo "FAIL: the pooled table lacks '$want'; it is:" >&2
		echo "$table" | sed 's/^/    /' >&2
		exit 1 ;;
	esac
done
