#!/bin/sh
# Torture the buddy system on the debug kernels (config/debug.config): build/torture in a
# multi-threaded TCG guest, first on the patched kernel, then on the unpatched base kernel
# as the control, so a failure can be told apart from a pre-existing 6.12 issue.
#
#   host/torture.sh [--seconds S] [--cpus N] [--variant patched|base|both] [--seed N]
#                      [--bound MS] [--light] [--quick] [--soak HOURS]
#     --seconds S   how long the workload runs in each guest (default 600)
#     --cpus N      vCPUs (default 4)
#     --variant V   which kernels (default both: patched, then base)
#     --seed N      seed of build/torture's operation sequence (default: its clock)
#     --bound MS    starvation bound (default 4000, build/torture's: twice the longest
#                   window seen in passing runs, 1.9 s on a loaded 2-core host)
#     --light       leave out stress-ng's heavy stressors: resched, and mutex and
#                   schedpolicy with their SCHED_FIFO/RR/DEADLINE workers (build/torture's
#                   own --light; windows in which such a worker holds a unit's CPU are
#                   not counted against the bound)
#     --quick       60 s, 2 vCPUs, patched kernel only, --light (host/tests/torture_quick.sh)
#     --soak HOURS  make soak: HOURS (e.g. 2 or 0.5) on the patched kernel, then a quarter
#                   of that on the base kernel as the control
#   While a guest runs, its progress lines (one a minute) are printed as they come, and a
#   kernel splat on its console is reported at once (the guest runs on to the end).
#
# Exits 0 when the patched kernel survived: the guest stayed up, no splat reached the
# console (host/boot.sh), and build/torture's own checks passed. A failure on the base
# kernel is printed as a pre-existing 6.12 issue and does not change the exit status.
# Expects `make guest` to have built build/torture (the Makefile's targets do).
set -eu
. "$(dirname "$0")/lib.sh"

seconds=600 cpus=4 variants="patched base" seed= bound= light= control=
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
	--light) light=yes; shift ;;
	--quick) seconds=60 cpus=2 variants=patched light=yes; shift ;;
	--soak)
		need "$@"
		printf %s "$2" | grep -Eq '^[0-9]+(\.[0-9]+)?$' ||
			die "'$2' is not a number of hours (e.g. 2 or 0.5)"
		seconds=$(awk -v h="$2" 'BEGIN { printf "%d", h * 3600 }')
		[ "$seconds" -ge 60 ] && [ "$seconds" -le 86400 ] ||
			die "soak of $2 hours: expected 1 minute to 24 hours"
		control=$((seconds / 4)) variants="patched base"
		shift 2 ;;
	*) die "unknown option '$1' (see the header of $0)" ;;
	esac
done
[ "$cpus" -le 8 ] || die "at most 8 vCPUs (CONFIG_NR_CPUS of config/base.config)"
for v in $variants; do sb_check_variant "$v"; done
sb_checked
torture=$SB_TOP/build/torture
[ -x "$torture" ] || die "$torture does not exist (run: make guest)"

# The run directory of boot.sh's pid $1 named $2 (boot.sh names it DATE-NAME-PID; the
# latest-NAME link may be another run's when two run at once), or nothing yet.
run_dir() { ls -d "$SCHED_BUDDY_CACHE"/runs/*-"$2-$1" 2>/dev/null | tail -n 1; }

# Follow a running guest (boot.sh's pid $1, named $2): print its progress lines as they
# come, and say once when a splat reaches its console.
follow() {
	shown=0 splat= splats=$(sb_splats)
	while kill -0 "$1" 2>/dev/null; do
		sleep 5
		run=$(run_dir "$1" "$2")
		[ -n "$run" ] && [ -f "$run/result.log" ] || continue
		progress=$(tr -d '\r' <"$run/result.log" | grep '^# progress' || true)
		n=$(printf '%s' "$progress" | grep -c '^' || true)
		if [ "$n" -gt "$shown" ]; then
			printf '%s\n' "$progress" | sed -n "$((shown + 1)),\$p" |
				while IFS= read -r line; do log "$2: ${line#\# }"; done
			shown=$n
		fi
		[ -z "$splat" ] || continue
		splat=$(grep -Em1 -e "$splats" "$run/console.log" 2>/dev/null || true)
		[ -z "$splat" ] || log "$2: SPLAT on the console: $splat"
	done
}

# Boot (KASAN + lockdep under TCG: a minute or two), the run, the drain (up to 60 s per
# stuck worker, 300 s for stress-ng), and slack for a loaded host.
result=
for v in $variants; do
	secs=$seconds
	[ "$v" = patched ] || [ -z "$control" ] || secs=$control
	timeout=$((secs + 900))
	t0=$(date +%s)
	kernel=$("$SB_TOP/host/build.sh" "$v" debug)
	t1=$(date +%s)
	log "$v debug kernel ready in $((t1 - t0)) s: $kernel"
	log "torture on the $v kernel: $secs s, $cpus vCPUs (guest timeout ${timeout}s)"
	"$SB_TOP/host/boot.sh" --kernel "$kernel" --cpus "$cpus" --mem 2048 \
		--timeout "$timeout" --name "torture-$v" -- \
		"$torture" -d "$secs" ${light:+--light} ${seed:+-s "$seed"} \
		${bound:+-b "$bound"} &
	pid=$!
	follow "$pid" "torture-$v"
	if wait "$pid"; then rc=0; else rc=$?; fi
	t2=$(date +%s)
	run=$(run_dir "$pid" "torture-$v")
	boot=$(sed -n 's/^\[ *\([0-9.]*\)\].*Run .* as init process.*/\1/p' \
		"$run/console.log" 2>/dev/null | head -n 1)
	log "$v: guest exited with $rc after $((t2 - t1)) s (kernel boot to init: ${boot:-?} s)"
	result="$result $v=$rc:$run"
done

status=0
for r in $result; do
	v=${r%%=*} rc=${r#*=} run=${r#*:}
	rc=${rc%%:*}
	case $v:$rc in
	*:0) log "$v kernel: passed (run: $run)" ;;
	patched:*) log "patched kernel: FAILED (exit $rc, console: $run/console.log)"; status=1 ;;
	base:*) log "base kernel: FAILED (exit $rc): a pre-existing 6.12 issue, not the series' (console: $run/console.log)" ;;
	esac
done
exit "$status"
