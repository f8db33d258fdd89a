#!/bin/sh
# How often does a kernel hit the deadline.c:265 WARN of Debian's 6.12.118 (the fair
# server stopped twice, docs/findings/deadline-warn.md)? Boots it N times with 2 vCPUs,
# each boot running build/dlserver_stop (up to R rounds of: a SCHED_FIFO loop starving a
# fair loop on CPU 1 until the fair server runs it and a pick stops the server, then a
# write of the server's runtime that stops it again; it stops at the first deadline.c
# warning, which SCHED_WARN_ON prints once a boot anyway).
#
#   host/dlserver-repro.sh [--kernel PATH | --variant base|patched] [--config C]
#                          [--boots N] [--rounds R] [--icount]
#     --kernel PATH   the bzImage to boot (CONFIG_SCHED_DEBUG: every config of config/ has it)
#     --variant V     or that variant's kernel of config C (default: patched, test), from
#                     $SCHED_BUDDY_CACHE/linux-*[-base]/build-C: this script builds nothing
#                     (make kernels builds the test ones; host/build.sh V C any)
#     --boots N       boots (default 10)
#     --rounds R      rounds a boot at most (default 3, build/dlserver_stop -n)
#     --icount        deterministic mode (host/boot.sh --icount): every boot of one kernel
#                     then takes the same course
#
# Prints a line per boot and then "warned in X of N boots (rounds until the warning: ...)".
# host/boot.sh fails a boot whose console shows a splat (exit 125): a 125 whose console
# log has a deadline.c WARNING counts as warned; any other failure (another splat, a hang,
# a crash) is counted and named apart. Exits 0 when no boot warned or failed, 1 otherwise;
# a setup error in the guest (build/dlserver_stop's exit 2) stops the script at once.
# Console logs stay in $SCHED_BUDDY_CACHE/runs/<date>-dlserver-repro-<pid>/.
set -eu
. "$(dirname "$0")/lib.sh"

kernel='' variant='' cfg=test boots=10 rounds=3 icount=''
while [ $# -gt 0 ]; do
	case $1 in
	--kernel) need "$@"; kernel=$2; shift 2 ;;
	--variant)
		need "$@"
		case $2 in
		patched | base) variant=$2 ;;
		*) die "unknown variant '$2' (expected: patched or base)" ;;
		esac
		shift 2 ;;
	--config)
		need "$@"
		sb_check_config "$2"
		cfg=$2
		shift 2 ;;
	--boots) need "$@"; sb_positive "$2"; boots=$2; shift 2 ;;
	--rounds) need "$@"; sb_positive "$2"; rounds=$2; shift 2 ;;
	--icount) icount=--icount; shift ;;
	*) die "unknown option '$1' (see the header of $0)" ;;
	esac
done
[ -z "$kernel" ] || [ -z "$variant" ] || die "--kernel and --variant exclude each other"
if [ -z "$kernel" ]; then
	variant=${variant:-patched}
	kernel=$(sb_obj "$variant" "$cfg")/arch/x86/boot/bzImage
	[ -f "$kernel" ] || die "no $variant $cfg kernel at $kernel (build it: host/build.sh $variant $cfg)"
fi
[ -f "$kernel" ] || die "kernel image '$kernel' does not exist"
repro=$SB_TOP/build/dlserver_stop
[ -x "$repro" ] || die "$repro does not exist (run: make build/dlserver_stop)"

# A debug kernel boots to init in ~40 s under TCG; a round takes about 1 s.
timeout=$((300 + 10 * rounds))
name=dlserver-repro
out=$(mktemp)
trap 'rm -f "$out"' EXIT
log "kernel: $kernel; $boots boots of up to $rounds rounds (guest timeout ${timeout}s)"

warned=0 failed=0 until=
i=0
while [ "$i" -lt "$boots" ]; do
	i=$((i + 1))
	if "$SB_TOP/host/boot.sh" --kernel "$kernel" --cpus 2 --timeout "$timeout" \
		${icount:+"$icount"} --name "$name" -- "$repro" -n "$rounds" >"$out" 2>&1; then
		rc=0
	else
		rc=$?
	fi
	console=$(readlink -f "$SCHED_BUDDY_CACHE/runs/latest-$name")/console.log
	[ "$i" -gt 1 ] ||
		log "booted: $(sed -n 's/^\[[^]]*\] \(Linux version .*\)/\1/p' "$console" 2>/dev/null | head -n 1)"
	warn=$(grep -Em1 'WARNING:.*deadline\.c:[0-9]+' "$console" 2>/dev/null |
		sed 's/^\[[^]]*\] //') || true
	# build/dlserver_stop's last line:
	# "# dlserver_stop: R rounds run, W warned (first in round K)"
	ran=$(sed -n 's/^# dlserver_stop: \([0-9]*\) rounds run.*/\1/p' "$out")
	round=$(sed -n 's/^# dlserver_stop: .*(first in round \([0-9]*\))$/\1/p' "$out")
	# cut short (a hang after the WARN): the round after the last one reported, with a "?"
	last=$(sed -n 's/^# round \([0-9]*\): .*/\1/p' "$out" | tail -n 1)
	[ -n "$round" ] || [ -n "$ran" ] || round="$((${last:-0} + 1))?"
	# a WARN on the console fails the boot (125); 1 is the guest's own verdict, when
	# the console missed it (1 without that verdict: boot.sh itself gave up)
	if { [ "$rc" = 125 ] && [ -n "$warn" ]; } || { [ "$rc" = 1 ] && [ -n "$round" ]; }; then
		warned=$((warned + 1))
		until="$until ${round:-?}"
		echo "boot $i: warned in round ${round:-?}: ${warn:-(in the guest kernel log only)}"
		[ -n "$ran" ] || echo "    the guest did not finish after the warning: $console"
	elif [ "$rc" = 0 ]; then
		echo "boot $i: no warning in ${ran:-?} rounds"
	elif [ "$rc" = 2 ]; then
		sed 's/^/    /' "$out" >&2
		die "boot $i: build/dlserver_stop could not set up (exit 2), see above"
	else
		failed=$((failed + 1))
		splat=$(grep -Em1 -e "$(sb_splats)" "$console" 2>/dev/null | sed 's/^\[[^]]*\] //') || true
		echo "boot $i: FAILED (exit $rc)${splat:+: $splat}"
		tail -n 5 "$out" | sed 's/^/    /'
		echo "    console: $console"
	fi
done

other=
[ "$failed" = 0 ] || other="; $failed failed otherwise"
echo "warned in $warned of $boots boots (rounds until the warning:${until:- none})$other"
if [ "$warned" = 0 ] && [ "$failed" = 0 ]; then
	exit 0
fi
exit 1
