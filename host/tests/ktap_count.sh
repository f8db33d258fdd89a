#!/bin/sh
# sb_ktap_count (host/lib.sh), which make test's totals come from, on run_kselftest.sh
# output of the shapes a guest prints: cases passed, skipped and failed inside a binary;
# a binary cut short; a binary killed at its timeout; a binary whose own KTAP was lost
# (the guest once wrote it to a regular file /dev/stdout, and every buddy case on the base
# kernel counted as a pass instead of a skip).
. "$(dirname "$0")/lib.sh"
. "$top/host/lib.sh"

ktap=$(mktemp)
trap 'rm -f "$out" "$ktap"' EXIT

# expect_count WANT: sb_ktap_count of $ktap prints WANT ("PASSED FAILED SKIPPED REPORTED
# PLANNED") and, when WANT has a failure, names it on stderr.
expect_count() {
	got=$(sb_ktap_count "$ktap" 2>"$out")
	if [ "$got" != "$1" ]; then
		echo "FAIL: counted '$got', expected '$1' in:" >&2
		sed 's/^/    /' "$ktap" >&2
		exit 1
	fi
	failed=$(echo "$got" | cut -d' ' -f2)
	if [ "$failed" != 0 ] && [ ! -s "$out" ]; then
		echo "FAIL: a failure counted but not named" >&2
		exit 1
	fi
	named=
	[ ! -s "$out" ] || named=", named: $(head -n1 "$out" | sed 's/^ *//')"
	echo "ok: counted $got$named" >&2
}

# A binary with a passed and a skipped case, then one with a failed case.
cat >"$ktap" <<'KTAP'
TAP version 13
1..2
# selftests: tests: a
# TAP version 13
# 1..2
# ok 1 f.one
# ok 2 f.two # SKIP no feature
ok 1 selftests: tests: a
# selftests: tests: b
# TAP version 13
# 1..1
# not ok 1 f.three
not ok 2 selftests: tests: b # exit=1
KTAP
expect_count "1 1 1 2 2"

# A binary that planned 3 cases and reported 1 before it exited 0: one failure.
cat >"$ktap" <<'KTAP'
TAP version 13
1..1
# selftests: tests: c
# TAP version 13
# 1..3
# ok 1 g.one
ok 1 selftests: tests: c
KTAP
expect_count "1 1 0 1 1"

# A binary killed at its timeout, and the guest cut short in the next (plan of 3 results).
cat >"$ktap" <<'KTAP'
TAP version 13
1..3
# selftests: tests: d
# TAP version 13
# 1..1
#
not ok 1 selftests: tests: d # TIMEOUT 300 seconds
# selftests: tests: e
# TAP version 13
# 1..2
# ok 1 h.one
KTAP
expect_count "1 1 0 1 3"

# The runner's own result lines without the binaries' KTAP: each is a failure, not a pass.
cat >"$ktap" <<'KTAP'
TAP version 13
1..2
# selftests: tests: a
ok 1 selftests: tests: a
# selftests: tests: b
ok 2 selftests: tests: b
KTAP
expect_count "0 2 0 2 2"

# A flat list (host tests, KUnit's summary): each result counts by itself.
cat >"$ktap" <<'KTAP'
TAP version 13
1..3
ok 1 x
ok 2 y # SKIP nothing to do
not ok 3 z
KTAP
expect_count "1 1 1 3 3"
