#!/bin/sh
# The short torture run (host/torture.sh --quick): the patched debug kernel (lockdep,
# KASAN, list/preempt/atomic-sleep checks, stall detectors) survives 60 s of pairs,
# stress-ng (the light set), cgroup and task churn, CPU hotplug and buddy toggles on 2
# vCPUs with no splat, every pair's messages accounted for and no worker starved.
. "$(dirname "$0")/lib.sh"
[ -x "$top/build/torture" ] || make -C "$top" -s build/torture >&2 || exit 1
"$top/host/torture.sh" --quick >"$out" 2>&1
rc=$?
grep -E '^# (duration|pairs|forks|cgroups|hotplug|toggles|real-time|starvation|stress-ng|FAIL|torture)|^torture: ' \
	"$out" >&2
[ $rc = 0 ] || tail -n 20 "$out" >&2
exit $rc
