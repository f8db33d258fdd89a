#!/bin/sh
# Run every test and print one closing line "N passed, N failed, N skipped":
#   host     host/tests/*.sh (the scripts' failure paths, checkpatch on the series)
#   guest    build/sbtest (KTAP) booted on the patched and on the base kernel, in deterministic
#            mode (-icount); on the base kernel the buddy tests skip (their features are missing)
#   kunit    KUnit suites built into the patched kernel, parsed from its console log
#            with the tree's tools/testing/kunit/kunit.py
# Expects `make kernels guest` to have run (the Makefile's test target does that).
# Logs: $SCHED_BUDDY_CACHE/runs/ (one directory per guest boot).
set -u
. "$(dirname "$0")/lib.sh"

cfg=${CONFIG:-test}
pass=0 fail=0 skip=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
results=$tmp/results

# Count a KTAP stream's top-level results; echo its failed lines.
count_ktap() {
	awk '
	/^not ok [0-9]+ /	{ f++; print "    " $0 > "/dev/stderr"; next }
	/^ok [0-9]+ .*# SKIP/	{ s++; next }
	/^ok [0-9]+ /		{ p++ }
	END { printf "%d %d %d\n", p, f, s }' "$1"
}
add() {
	set -- $(count_ktap "$1")
	pass=$((pass + $1)) fail=$((fail + $2)) skip=$((skip + $3))
}

echo "== host tests"
{
	echo "KTAP version 1"
	set --
	for t in "$SB_TOP"/host/tests/*.sh; do
		[ "$t" = "$SB_TOP/host/tests/lib.sh" ] || set -- "$@" "$t"
	done
	echo "1..$#"
	i=0
	for t in "$@"; do
		i=$((i + 1))
		name=$(basename "$t" .sh)
		sh "$t" 2>"$results.log"
		rc=$?
		sed 's/^/# /' "$results.log"
		case $rc in
		0) echo "ok $i $name" ;;
		4) echo "ok $i $name # SKIP" ;;
		*) echo "not ok $i $name" ;;
		esac
	done
} | tee "$results.host"
add "$results.host"

# Boot variant's kernel and run the in-guest suite in it.
guest_suite() {
	variant=$1
	obj=$(sb_obj "$variant" "$cfg")
	release=$(sb_uts "$obj" release)
	version=$(sb_uts "$obj" version)
	echo "== guest tests on the $variant kernel ($release)"
	{
		"$SB_TOP/host/boot.sh" --variant "$variant" --config "$cfg" \
			--name "test-$variant" --icount --timeout 900 --append schedstats=enable -- \
			env SB_KERNEL="$variant" SB_EXPECT_RELEASE="$release" \
			SB_EXPECT_VERSION="$version" "$SB_TOP/build/sbtest"
		echo $? >"$results.rc"
	} | tee "$results.$variant"
	add "$results.$variant"
	# sbtest exits 1 when a test failed (counted above); anything else from the guest
	# (125: panic, splat, timeout), or fewer results than planned, is one more failure.
	rc=$(cat "$results.rc")
	planned=$(sed -n 's/^1\.\.\([0-9]*\)$/\1/p' "$results.$variant")
	reported=$(grep -cE '^(not )?ok [0-9]+ ' "$results.$variant")
	if [ "$rc" != 0 ] && [ "$rc" != 1 ] || [ "${planned:-x}" != "$reported" ]; then
		fail=$((fail + 1))
		log "the $variant guest failed: $reported of ${planned:-?} results reported, exit $rc"
	fi
}
guest_suite patched
guest_suite base

echo "== KUnit suites in the patched kernel"
kunit=$("$SB_TOP/host/tree.sh" path patched)/tools/testing/kunit/kunit.py
console=$SCHED_BUDDY_CACHE/runs/latest-test-patched/console.log
python3 "$kunit" parse "$console" >"$results.kunit" 2>&1
sed -n '/=====/,$p' "$results.kunit" | grep -v '^\[[^]]*\] =*$' | sed 's/^\[[^]]*\] //'
# kunit.py's closing line: "Ran N tests: passed: P, failed: F, skipped: S" (zeros omitted)
summary=$(grep -o 'Ran [0-9]* tests.*' "$results.kunit" | tail -n 1)
case $summary in
"" | "Ran 0 tests"*)
	echo "no KUnit test ran"
	if grep -q '_KUNIT_TEST=y$' "$(sb_obj patched "$cfg")/.config"; then
		fail=$((fail + 1))
		log "the patched kernel has KUnit suites configured, but none ran"
	fi
	;;
*)
	for k in passed failed skipped errors crashed; do
		n=$(printf '%s\n' "$summary" | sed -n "s/.*$k: \([0-9]*\).*/\1/p")
		case $k in
		passed) pass=$((pass + ${n:-0})) ;;
		skipped) skip=$((skip + ${n:-0})) ;;
		*) fail=$((fail + ${n:-0})) ;;
		esac
	done
	;;
esac

echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" = 0 ]
