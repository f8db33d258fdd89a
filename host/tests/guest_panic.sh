#!/bin/sh
# A guest whose kernel panics is a failure that says so and names the kept console log.
. "$(dirname "$0")/lib.sh"
expect_failure "kernel reported: Kernel panic" \
	"$top/host/boot.sh" --name panic --timeout 120 -- sh -c 'echo c >/proc/sysrq-trigger'
grep -q "console log: .*/console.log" "$out" || { echo "FAIL: no console log named" >&2; exit 1; }
log=$(sed -n 's/.*console log: //p' "$out")
[ -s "$log" ] || { echo "FAIL: console log $log missing or empty" >&2; exit 1; }
echo "ok: console log kept at $log" >&2
