#!/bin/sh
# The checks that apply on Debian experimental's 7.3 (make mainline; docs/mainline.md):
# boot its base kernel (Debian's 7.3 and patches/7.3/fixes/) and its patched kernel (and
# patches/7.3/series) of CONFIG (default test) in deterministic mode and run the in-guest
# suite in each, as make test does on 6.12's two kernels; with MAINLINE=7.2, Debian
# unstable's 7.2, which has the base kernel alone. The tests of 6.12's fixes (dlserver_*),
# of the kernel and its tooling (kernel_version, sched_features, cgroup_cpu, switch_trace,
# sched_debug_read, torture_rt_hold, tunables_garbage, dmesg_clean) run; the buddy tests
# skip what a kernel lacks (on the base kernels everything of the series, on 7.3's patched
# kernel what its series has not: guest/tests/buddy_fixture.h); the KUnit suite the
# patched test kernel ran at boot is parsed from its console log (host/lib.sh's
# sb_boot_kunit, as make test does). Closing line: "N passed, N failed, N skipped", as
# make test's, over all kernels booted; exits non-zero when anything failed.
#   host/mainline.sh [--preempt-sync]
#     --preempt-sync  then, in a second boot of each kernel, measure whether NEXT_BUDDY
#                     lets a WF_SYNC wakeup preempt (guest/preempt-sync; its figures are
#                     printed, not counted: docs/findings/mainline-7.2.md)
# Expects the kernels built (make mainline-kernel) and the guest programs (make guest).
# Logs: $SCHED_BUDDY_CACHE/runs/latest-mainline (the base kernel), latest-mainline-patched,
# and latest-mainline-preempt-sync, latest-mainline-patched-preempt-sync.
set -u
# MAINLINE, not KERNEL, chooses: this script is mainline's whatever KERNEL says.
KERNEL=${MAINLINE:-7.3}
export KERNEL
. "$(dirname "$0")/lib.sh"
[ -n "$SB_SOURCE_SUITE" ] ||
	die "MAINLINE='$KERNEL' is not a mainline kernel (accepted: 7.3, the default, or 7.2)"

psync=
while [ $# -gt 0 ]; do
	case $1 in
	--preempt-sync) psync=1; shift ;;
	*) die "unknown option '$1' (see the header of $0)" ;;
	esac
done
cfg=${CONFIG:-test}
sb_check_config "$cfg"
sb_checked
variants=base
[ -z "$SB_HAS_SERIES" ] || variants="base patched"
for v in $variants; do
	[ -f "$(sb_obj "$v" "$cfg")/arch/x86/boot/bzImage" ] ||
		die "no $KERNEL $v kernel of config $cfg (run: make mainline-kernel CONFIG=$cfg${MAINLINE:+ MAINLINE=$MAINLINE})"
done
[ -x "$SB_TOP/build/run_kselftest.sh" ] || die "build/run_kselftest.sh missing (run: make guest)"
[ -z "$psync" ] || [ -x "$SB_TOP/build/syncwake" ] || die "build/syncwake missing (run: make guest)"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The run names: mainline for the base kernel (as before 7.3 had a series), mainline-VARIANT else.
name() { if [ "$1" = base ]; then echo mainline; else echo "mainline-$1"; fi; }
pass=0 fail=0 skip=0
for v in $variants; do
	sb_guest_suite "$v" "$cfg" "$(name "$v")" "$tmp/suite-$v"
	# shellcheck disable=SC2046 # (three numbers)
	set -- $(sb_guest_count "$tmp/suite-$v" "the $KERNEL $v guest")
	pass=$((pass + $1)) fail=$((fail + $2)) skip=$((skip + $3))
	[ "$v" = patched ] || continue
	echo "== KUnit suites in the $KERNEL patched kernel"
	# shellcheck disable=SC2046 # (three numbers)
	set -- $(sb_boot_kunit "$SCHED_BUDDY_CACHE/runs/latest-$(name "$v")/console.log" \
		"$(sb_obj "$v" "$cfg")" "$tmp/kunit-$v")
	pass=$((pass + $1)) fail=$((fail + $2)) skip=$((skip + $3))
done

if [ -n "$psync" ]; then
	for v in $variants; do
		echo "== NEXT_BUDDY's WF_SYNC preemption on the $v kernel (guest/preempt-sync; not counted)"
		"$SB_TOP/host/boot.sh" --variant "$v" --config "$cfg" --name "$(name "$v")-preempt-sync" \
			--icount --timeout 900 -- "$SB_TOP/guest/preempt-sync" "$SB_TOP/build" ||
			log "guest/preempt-sync failed on the $v kernel (exit $?)"
	done
fi
echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" = 0 ]
