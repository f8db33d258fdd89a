#!/bin/sh
# The topology table (docs/topology.md): where the buddies' cost goes when the pairs and
# their bystanders sit in different groups. Boots the kernel in deterministic mode, runs
# guest/topologies in it, keeps the raw lines and prints the table (host/bench/topology.awk).
#
#   host/bench/topology.sh [options]
#     --kernel PATH        bzImage (default: the patched test kernel)
#     --runs N             rounds, each runs every mode in every topology (default 16)
#     --ms MS              one run's length, 1000 to 600000 (default 4000: ~700 probe
#                          wakeups)
#     --slice US           the probe's slice, 100 to 100000 (default 0: the base slice)
#     --topologies 'T...'  (default: all of guest/topology.c's but autogroup, which needs
#                          a kernel with CONFIG_SCHED_AUTOGROUP: the test config has none)
#     --modes 'M...'       (default: 'off global groups'; see guest/topologies)
#     --name NAME          the raw lines go to $SCHED_BUDDY_CACHE/bench/NAME.txt
#                          (default topology-<date>-<slice>)
# SB_BENCH_CORRECTION: the correction over the table's comparisons against off (holm, the
# default, or bh: host/bench/signif.awk); another value is refused before anything runs.
set -eu
. "$(dirname "$0")/../lib.sh"
. "$SB_TOP/host/bench/lib.sh"

kernel='' runs=16 ms=4000 slice=0 name=''
topologies="root group sibling cross nest inside alone"
modes="off global groups"
while [ $# -gt 0 ]; do
	case $1 in
	--kernel) need "$@"; kernel=$2; shift 2 ;;
	--runs) need "$@"; sb_positive "$2"; runs=$2; shift 2 ;;
	--ms) need "$@"; sb_positive "$2"; ms=$2; shift 2 ;;
	--slice) need "$@"; [ "$2" = 0 ] || sb_positive "$2"; slice=$2; shift 2 ;;
	--topologies) need "$@"; topologies=$2; shift 2 ;;
	--modes) need "$@"; modes=$2; shift 2 ;;
	--name) need "$@"; name=$2; shift 2 ;;
	*) die "unknown option '$1' (see the header of $0)" ;;
	esac
done
[ -z "$kernel" ] || [ -f "$kernel" ] || die "kernel image '$kernel' does not exist"
# The ranges build/topology takes (guest/topology.c: -d, -s; the slice 0 is not passed).
[ "$ms" -ge 1000 ] && [ "$ms" -le 600000 ] ||
	die "--ms $ms: build/topology takes 1000 to 600000 (a run's milliseconds)"
[ "$slice" = 0 ] || { [ "$slice" -ge 100 ] && [ "$slice" -le 100000 ]; } ||
	die "--slice $slice: build/topology takes 0 or 100 to 100000 (the probe's slice in us; 0: the base slice)"
# shellcheck disable=SC2086,SC2116 # (blanks squeezed on purpose)
topologies=$(echo $topologies) modes=$(echo $modes)
[ -n "$topologies" ] || die "no topologies given"
[ -n "$modes" ] || die "no modes given"
# The names guest/topology.c's table and guest/topologies know, from their sources: checked
# here before anything is built or booted.
known=$(sed -n '/topologies\[\] = {/,/^};/s/^[[:space:]]*{ "\([a-z]*\)",.*/\1/p' \
	"$SB_TOP/guest/topology.c" | paste -sd' ' -)
for t in $topologies; do
	case " $known " in *" $t "*) ;; *) die "unknown topology '$t' (known: $known)" ;; esac
done
known=$(sed -n 's/^known_modes="\(.*\)"$/\1/p' "$SB_TOP/guest/topologies")
for m in $modes; do
	case " $known " in *" $m "*) ;; *) die "unknown mode '$m' (known: $known)" ;; esac
done
[ -z "$name" ] || sb_check_name "run name" "$name"
bench_check_correction
sb_checked
[ -n "$kernel" ] || kernel=$(sb_obj patched test)/arch/x86/boot/bzImage
[ -x "$SB_TOP/build/topology" ] || die "build/topology missing (run: make guest)"
name=${name:-topology-$(date +%Y%m%d-%H%M%S)-$slice}
mkdir -p "$SCHED_BUDDY_CACHE/bench"
raw=$SCHED_BUDDY_CACHE/bench/$name.txt
# Per run: the length plus ~2 s of set-up, under TCG about as long again.
# shellcheck disable=SC2086 # (split on purpose)
words() { set -- $1; echo $#; }
timeout=$((runs * $(words "$modes") * $(words "$topologies") * (ms / 1000 + 2) * 2 + 300))
log "$runs rounds of modes '$modes' in '$topologies', ${ms} ms a run; raw lines: $raw"
rc=$(mktemp)
trap 'rm -f "$rc"' EXIT
{
	"$SB_TOP/host/boot.sh" --kernel "$kernel" --icount --timeout "$timeout" --name "$name" -- \
		"$SB_TOP/guest/topologies" "$SB_TOP/build" "$runs" "$ms" "$slice" "$topologies" \
		"$modes"
	echo $? >"$rc"
} | tee "$raw"
[ "$(cat "$rc")" = 0 ] || die "the guest failed (exit $(cat "$rc")); its lines: $raw"
awk -f "$SB_TOP/host/bench/signif.awk" -f "$SB_TOP/host/bench/topology.awk" "$raw"
