#!/bin/sh
# Torture the buddy system on the debug kernels (config/debug.config): build/torture in a
# multi-threaded TCG guest, first on the patched kernel, then on the unpatched base kernel
# as the control, so a failure can be told apart from a pre-existing 6.12 issue.
#
#   host/torture.sh [--seconds S] [--cpus N] [--variant patched|base|both] [--seed N]
#                      [--bound MS] [--deadline] [--quick]
#     --seconds S   how long the workload runs in each guest (default 600)
#     --cpus N      vCPUs (default 4)
#     --variant V   which kernels (default both: patched, then base)
#     --seed N      seed of build/torture's operation sequence (default: its clock)
#     --bound MS    starvation bound (default 4000, build/torture's: twice the longest
#                   window seen in passing runs, 1.9 s on a loaded 2-core host)
#     --deadline    also run stress-ng's mutex and schedpolicy stressors: passed on as
#                   build/torture's own --deadline (same meaning; both leave them out by
#                   default). Their workers take SCHED_FIFO/RR/DEADLINE policies, which
#                   may starve fair tasks by design, so the starvation bound is off unless
#                   --bound is given; with them, and under heavier fair load too, the
#                   pre-existing 6.12 WARN deadline.c:265 under CPU hotplug (README) shows
#                   up, on the base kernel as well
#     --quick       60 s, 2 vCPUs, patched kernel only (host/tests/torture_quick.sh)
#
# Exits 0 when the patched kernel survived: the guest stayed up, no splat reached the
# console (host/boot.sh), and build/torture's own checks passed. A failure on the base
# kernel is printed as a pre-existing 6.12 issue and does not change the exit status.
# Expects `make guest` to have built build/torture (the Makefile's targets do).
set -eu
. "$(dirname "$0")/lib.sh"

seconds=600 cpus=4 variants="patched base" seed= bound= deadline=
while [ $# -gt 0 ]; do
	case $1 in
	--seconds) need "$@"; sb_positive "$2"; seconds=$2; shift 2 ;;
	--cpus) need "$@"; sb_positive "$2"; cpus=$2; shift 2 ;;
	--variant)
		need "$@"
		case $2 in
		patched | base) variants=$2 ;;
		both) variants="patched base" ;;
		*) die "unknown variant '$2' (expected: patched, base or both)" ;;
		esac
		shift 2 ;;
	--seed) need "$@"; sb_positive "$2"; seed=$2; shift 2 ;;
	--bound) need "$@"; sb_positive "$2"; bound=$2; shift 2 ;;
	--deadline) deadline=yes; shift ;;
	--quick) seconds=60 cpus=2 variants=patched; shift ;;
	*) die "unknown option '$1' (see the header of $0)" ;;
	esac
done
# With real-time and deadline tasks about, no starvation bound holds (unless --bound).
[ -z "$deadline" ] || [ -n "$bound" ] || bound=3600000
[ "$cpus" -le 8 ] || die "at most 8 vCPUs (CONFIG_NR_CPUS of config/base.config)"
torture=$SB_TOP/build/torture
[ -x "$torture" ] || die "$torture does not exist (run: make guest)"

# Boot (KASAN + lockdep under TCG: a minute or two), the run, the drain (up to 60 s per
# stuck worker, 120 s for stress-ng), and slack for a loaded host.
timeout=$((seconds + 900))
result=
for v in $variants; do
	t0=$(date +%s)
	kernel=$("$SB_TOP/host/build.sh" "$v" debug)
	t1=$(date +%s)
	log "$v debug kernel ready in $((t1 - t0)) s: $kernel"
	log "torture on the $v kernel: $seconds s, $cpus vCPUs (guest timeout ${timeout}s)"
	if "$SB_TOP/host/boot.sh" --kernel "$kernel" --cpus "$cpus" --mem 2048 \
		--timeout "$timeout" --name "torture-$v" -- \
		"$torture" -d "$seconds" ${deadline:+--deadline} ${seed:+-s "$seed"} \
		${bound:+-b "$bound"}; then
		rc=0
	else
		rc=$?
	fi
	t2=$(date +%s)
	boot=$(sed -n 's/^\[ *\([0-9.]*\)\].*Run .* as init process.*/\1/p' \
		"$SCHED_BUDDY_CACHE/runs/latest-torture-$v/console.log" 2>/dev/null | head -n 1)
	log "$v: guest exited with $rc after $((t2 - t1)) s (kernel boot to init: ${boot:-?} s)"
	result="$result $v=$rc"
done

status=0
for r in $result; do
	v=${r%%=*} rc=${r#*=}
	case $v:$rc in
	*:0) log "$v kernel: passed" ;;
	patched:*) log "patched kernel: FAILED (exit $rc, console: $SCHED_BUDDY_CACHE/runs/latest-torture-patched/)"; status=1 ;;
	base:*) log "base kernel: FAILED (exit $rc): a pre-existing 6.12 issue, not the series' (console: $SCHED_BUDDY_CACHE/runs/latest-torture-base/)" ;;
	esac
done
exit "$status"
