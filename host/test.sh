#!/bin/sh
# Run every test and print one closing line "N passed, N failed, N skipped":
#   host     host/tests/*.sh (the scripts' failure paths, checkpatch on the series), reported
#            as KTAP with the kernel tree's kselftest/ktap_helpers.sh; a test exits 0 (pass),
#            4 (skip: KSFT_SKIP) or anything else (fail)
#   guest    build/run_kselftest.sh (the tree's kselftest runner over the in-guest test
#            binaries, each on the tree's kselftest harness) booted on the patched and on the
#            base kernel, in deterministic mode (-icount); on the base kernel the buddy
#            tests skip (their features are missing)
#   kunit    KUnit suites built into the patched kernel, parsed from its console log
#            with the tree's tools/testing/kunit/kunit.py
# Every test case counts (sb_ktap_count in host/lib.sh).
#   host/test.sh [--leave-out "NAME..."]   do not run these host tests (make check leaves
#                                          out the slow ones); the closing line names them
# Expects `make kernels guest` to have run (the Makefile's test target does that).
# Logs: $SCHED_BUDDY_CACHE/runs/ (one directory per guest boot).
set -u
. "$(dirname "$0")/lib.sh"

leave_out=
while [ $# -gt 0 ]; do
	case $1 in
	--leave-out) need "$@"; leave_out=$2; shift 2 ;;
	*) die "unknown option '$1' (see the header of $0)" ;;
	esac
done
for name in $leave_out; do
	[ -f "$SB_TOP/host/tests/$name.sh" ] || die "--leave-out: no host test '$name'"
done
cfg=${CONFIG:-test}
sb_check_config "$cfg"
sb_check_variant patched
sb_checked

ksft=$(sb_src patched)/tools/testing/selftests
[ -r "$ksft/kselftest/ktap_helpers.sh" ] || die "no kselftest in $ksft (run: make tree)"
[ -x "$SB_TOP/build/run_kselftest.sh" ] || die "build/run_kselftest.sh missing (run: make tests)"
pass=0 fail=0 skip=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
results=$tmp/results

# Add a run's results to the totals; its failures are named on stderr.
add() {
	set -- $(sb_ktap_count "$1")
	pass=$((pass + $1)) fail=$((fail + $2)) skip=$((skip + $3))
}

left_out() { case " $leave_out " in *" $1 "*) return 0 ;; esac; return 1; }

# The host tests as KTAP, each one's stderr as diagnostic lines before its result.
host_suite() (
	. "$ksft/kselftest/ktap_helpers.sh"
	set --
	for t in "$SB_TOP"/host/tests/*.sh; do
		name=$(basename "$t" .sh)
		[ "$name" = lib ] || left_out "$name" || set -- "$@" "$t"
	done
	ktap_print_header
	ktap_set_plan $#
	for t in "$@"; do
		name=$(basename "$t" .sh)
		sh "$t" 2>"$results.log"
		rc=$?
		sed 's/^/# /' "$results.log"
		case $rc in
		"$KSFT_PASS") ktap_test_pass "$name" ;;
		"$KSFT_SKIP") ktap_test_skip "$name" ;;
		*) ktap_test_fail "$name" ;;
		esac
	done
)

echo "== host tests${leave_out:+ (left out: $leave_out)}"
host_suite | tee "$results.host"
add "$results.host"

# Boot variant's kernel and run the in-guest suite in it (host/lib.sh).
guest_suite() {
	sb_guest_suite "$1" "$cfg" "test-$1" "$results.$1"
	set -- $(sb_guest_count "$results.$1" "the $1 guest")
	pass=$((pass + $1)) fail=$((fail + $2)) skip=$((skip + $3))
}
guest_suite patched
guest_suite base

echo "== KUnit suites in the patched kernel"
# shellcheck disable=SC2046 # (three numbers)
set -- $(sb_boot_kunit "$SCHED_BUDDY_CACHE/runs/latest-test-patched/console.log" \
	"$(sb_obj patched "$cfg")" "$results.kunit")
pass=$((pass + $1)) fail=$((fail + $2)) skip=$((skip + $3))

[ -z "$leave_out" ] || echo "left out: $leave_out (make test runs them)"
echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" = 0 ]
