#!/bin/sh
# The checks that apply on Debian experimental's 7.3 and its fixes (patches/7.3/fixes/;
# make mainline; docs/mainline.md), or with MAINLINE=7.2 on Debian unstable's 7.2: boot
# its base kernel of CONFIG (default test) in deterministic mode and run the in-guest
# suite in it, as make test does on 6.12's base kernel: the tests of 6.12's fixes
# (dlserver_*), of the kernel and its tooling (kernel_version, sched_features, cgroup_cpu,
# switch_trace, sched_debug_read, torture_rt_hold, tunables_garbage, dmesg_clean) run, the
# buddy tests skip (mainline has no buddy feature of the series). Closing line: "N passed, N
# failed, N skipped", as make test's; exits non-zero when anything failed.
#   host/mainline.sh [--preempt-sync]
#     --preempt-sync  then, in a second boot, measure whether mainline's NEXT_BUDDY lets
#                     a WF_SYNC wakeup preempt (guest/preempt-sync; its figures are
#                     printed, not counted: docs/findings/mainline-7.2.md)
# Expects the kernel built (make mainline-kernel) and the guest programs (make guest).
# Logs: $SCHED_BUDDY_CACHE/runs/latest-mainline and latest-mainline-preempt-sync.
set -u
# MAINLINE, not KERNEL, chooses: this script is mainline's whatever KERNEL says.
KERNEL=${MAINLINE:-7.3}
export KERNEL
. "$(dirname "$0")/lib.sh"
[ -z "$SB_HAS_SERIES" ] ||
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
[ -f "$(sb_obj base "$cfg")/arch/x86/boot/bzImage" ] ||
	die "no $KERNEL kernel of config $cfg (run: make mainline-kernel CONFIG=$cfg${MAINLINE:+ MAINLINE=$MAINLINE})"
[ -x "$SB_TOP/build/run_kselftest.sh" ] || die "build/run_kselftest.sh missing (run: make guest)"
[ -z "$psync" ] || [ -x "$SB_TOP/build/syncwake" ] || die "build/syncwake missing (run: make guest)"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

sb_guest_suite base "$cfg" mainline "$tmp/suite"
# shellcheck disable=SC2046 # (three numbers)
set -- $(sb_guest_count "$tmp/suite" "the $KERNEL guest")
pass=$1 fail=$2 skip=$3

if [ -n "$psync" ]; then
	echo "== NEXT_BUDDY's WF_SYNC preemption (guest/preempt-sync; not counted)"
	"$SB_TOP/host/boot.sh" --variant base --config "$cfg" --name mainline-preempt-sync \
		--icount --timeout 900 -- "$SB_TOP/guest/preempt-sync" "$SB_TOP/build" ||
		log "guest/preempt-sync failed (exit $?)"
fi
echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" = 0 ]
