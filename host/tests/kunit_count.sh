#!/bin/sh
# What make kunit counts as passed: sb_kunit_count and sb_kunit_verdict (host/lib.sh) on
# KUnit's KTAP as kunit.py run's test.log holds it, with and without printk time stamps: a
# suite whose cases passed, some skipped, passes; one with a failed case, one that skipped
# every case, one that ran no case, a log without any suite and a kernel that died inside a
# suite each fail, naming why. sb_boot_kunit, what make test and make mainline count of
# the suites a test kernel ran at boot, on the same log and on one without KUnit (where the
# 6.12 tree is unpacked). Then host/kunit.sh itself, in an empty temporary cache with
# a stand-in python3 (the kunit.py it runs writes a given test.log and exits 0): KERNEL=7.3
# builds in kunit-x86_64-7.3, in the tree SB_KUNIT_TREE names; an all-skipped log fails
# the run though kunit.py exited 0; a tree without kernel/sched/.kunitconfig is refused
# before kunit.py runs.
. "$(dirname "$0")/lib.sh"
. "$top/host/lib.sh"
unset SB_CHECK_ONLY SB_KUNIT_TREE KERNEL  # only what this test passes

dir=$(mktemp -d)
trap 'rm -rf "$out" "$dir"' EXIT
log=$dir/test.log
fail() { echo "FAIL: $*" >&2; exit 1; }

# expect_suites WANT: sb_kunit_count of $log prints WANT (its lines joined by '; ').
expect_suites() {
	got=$(sb_kunit_count "$log" | paste -sd';' - | sed 's/;/; /g')
	[ "$got" = "$1" ] || fail "counted '$got', expected '$1'"
	echo "ok: counted '$got'" >&2
}
# verdict_ok WANT: sb_kunit_verdict passes and sums WANT; verdict_fails PATTERN: it
# fails, naming PATTERN.
verdict_ok() {
	got=$(sb_kunit_verdict "$log" 2>"$out") || fail "verdict failed: $(cat "$out")"
	[ "$got" = "$1" ] || fail "verdict summed '$got', expected '$1'"
	echo "ok: passed, '$got'" >&2
}
verdict_fails() { expect_failure "$1" sb_kunit_verdict "$log"; }

# Two suites, the first with a parameterised case; time stamps as a console log has them.
cat >"$log" <<'LOG'
[    0.512000] KTAP version 1
[    0.512001] 1..2
[    0.512002]     KTAP version 1
[    0.512003]     # Subtest: sched_buddy
[    0.512004]     1..3
[    0.512005]     ok 1 buddy_one
[    0.512006]         KTAP version 1
[    0.512007]         # Subtest: buddy_param
[    0.512008]         ok 1 first
[    0.512009]         ok 2 second
[    0.512010]     # buddy_param: pass:2 fail:0 skip:0 total:2
[    0.512011]     ok 2 buddy_param
[    0.512012]     ok 3 buddy_three # SKIP not here
[    0.512013] # sched_buddy: pass:2 fail:0 skip:1 total:3
[    0.512014] ok 1 sched_buddy
[    0.512015]     KTAP version 1
[    0.512016]     # Subtest: other
[    0.512017]     1..1
[    0.512018]     ok 1 other_one
[    0.512019] ok 2 other
LOG
expect_suites "sched_buddy 2 0 1; other 1 0 0"
verdict_ok "3 0 1"

# What make test and make mainline count of the suites a test kernel ran at boot:
# sb_boot_kunit, through the patched tree's kunit.py parse, on this log as a console log;
# a log without KUnit counts one failure for a kernel configured with a suite, none for
# one without. (Needs the 6.12 tree, as make test has it.)
if [ -f "$(sb_src patched)/tools/testing/kunit/kunit.py" ]; then
	obj=$dir/obj
	mkdir -p "$obj"
	echo 'CONFIG_SCHED_BUDDY_KUNIT_TEST=y' >"$obj/.config"
	got=$(sb_boot_kunit "$log" "$obj" "$dir/parsed" 2>/dev/null)
	# (kunit.py counts each parameter of buddy_param: 4 passed where sb_kunit_count has 3)
	[ "$got" = "4 0 1" ] || fail "sb_boot_kunit counted '$got' of the two suites, expected '4 0 1'"
	echo "[    1.000000] Run /init as init process" >"$dir/console"
	got=$(sb_boot_kunit "$dir/console" "$obj" "$dir/parsed" 2>/dev/null)
	[ "$got" = "0 1 0" ] || fail "sb_boot_kunit counted '$got' for a configured suite that did not run, expected '0 1 0'"
	echo '# CONFIG_SCHED_BUDDY_KUNIT_TEST is not set' >"$obj/.config"
	got=$(sb_boot_kunit "$dir/console" "$obj" "$dir/parsed" 2>/dev/null)
	[ "$got" = "0 0 0" ] || fail "sb_boot_kunit counted '$got' for a kernel without suites, expected '0 0 0'"
	echo "ok: sb_boot_kunit counted 4 0 1, and 0 1 0 / 0 0 0 without KUnit output" >&2
fi

# Without time stamps (kunit.py's test.log from QEMU): a failed case.
cat >"$log" <<'LOG'
KTAP version 1
1..1
    KTAP version 1
    # Subtest: sched_buddy
    1..2
    ok 1 buddy_one
    # buddy_two: EXPECTATION FAILED at kernel/sched/buddy_test.c:42
    not ok 2 buddy_two
not ok 1 sched_buddy
LOG
expect_suites "sched_buddy 1 1 0"
verdict_fails "suite sched_buddy: 1 failed"

# Every case skipped: kunit.py calls that a success.
cat >"$log" <<'LOG'
KTAP version 1
1..1
    KTAP version 1
    # Subtest: sched_buddy
    1..2
    ok 1 buddy_one # SKIP schedstats are off
    ok 2 buddy_two # SKIP schedstats are off
ok 1 sched_buddy # SKIP
LOG
verdict_fails "suite sched_buddy: every case skipped \(2\)"

# A suite without a case.
cat >"$log" <<'LOG'
KTAP version 1
1..1
    KTAP version 1
    # Subtest: sched_buddy
    1..0
ok 1 sched_buddy # SKIP
LOG
verdict_fails "suite sched_buddy: no case ran"

# No suite at all: the suite was not built in.
printf 'KTAP version 1\n1..0\n' >"$log"
verdict_fails "no KUnit suite ran"

# The kernel died inside the suite.
cat >"$log" <<'LOG'
KTAP version 1
1..1
    KTAP version 1
    # Subtest: sched_buddy
    1..3
    ok 1 buddy_one
BUG: kernel NULL pointer dereference, address: 0000000000000000
LOG
expect_suites "- 1 1 0"
verdict_fails "suite -: 1 failed"

# host/kunit.sh with a stand-in python3 that writes $dir/canned as kunit.py's test.log.
cache=$dir/cache tree=$dir/tree fake=$dir/fake
mkdir -p "$cache" "$tree/tools/testing/kunit" "$tree/kernel/sched" "$fake"
: >"$tree/tools/testing/kunit/kunit.py"
cat >"$fake/python3" <<EOF
#!/bin/sh
echo "\$PWD \$*" >>"$dir/calls"
for a; do case \$a in --build_dir=*) b=\${a#--build_dir=} ;; esac; done
mkdir -p "\$b" && cp "$dir/canned" "\$b/test.log"
EOF
chmod +x "$fake/python3"
kunit() { env SCHED_BUDDY_CACHE="$cache" PATH="$fake:$PATH" KERNEL=7.3 "$@" "$top/host/kunit.sh"; }

printf 'CONFIG_KUNIT=y\n' >"$tree/kernel/sched/.kunitconfig"
cat >"$dir/canned" <<'LOG'
KTAP version 1
1..1
    KTAP version 1
    # Subtest: sched_buddy
    1..1
    ok 1 buddy_one
ok 1 sched_buddy
LOG
kunit SB_KUNIT_TREE="$tree" 2>"$out" || fail "host/kunit.sh failed: $(cat "$out")"
grep -q '1 passed, 0 failed, 0 skipped' "$out" || fail "host/kunit.sh did not count: $(cat "$out")"
want="$tree tools/testing/kunit/kunit.py run --arch=x86_64 --kunitconfig=kernel/sched --build_dir=$cache/kunit-x86_64-7.3"
case $(cat "$dir/calls") in
"$want "*) echo "ok: KERNEL=7.3 ran kunit.py in the given tree, building in kunit-x86_64-7.3" >&2 ;;
*) fail "kunit.py ran as '$(cat "$dir/calls")', expected '$want ...'" ;;
esac
rm -f "$dir/calls"

cat >"$dir/canned" <<'LOG'
KTAP version 1
1..1
    KTAP version 1
    # Subtest: sched_buddy
    1..1
    ok 1 buddy_one # SKIP schedstats are off
ok 1 sched_buddy # SKIP
LOG
expect_failure "suite sched_buddy: every case skipped" kunit SB_KUNIT_TREE="$tree"
rm -f "$dir/calls"

rm "$tree/kernel/sched/.kunitconfig"
expect_failure "has no kernel/sched/.kunitconfig" kunit SB_KUNIT_TREE="$tree"
[ ! -e "$dir/calls" ] || fail "kunit.py ran in a tree without the suite's .kunitconfig"
