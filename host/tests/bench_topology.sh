#!/bin/sh
# host/bench/topology.sh refuses bad options, numbers and topology names before it boots
# anything; build/topology refuses an unknown topology and a bad number itself.
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
