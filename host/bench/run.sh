#!/bin/sh
# A/B benchmark in QEMU: boot each variant, run guest/bench in it, repeat, interleaved.
#
#   host/bench/run.sh [--reps N] [--seconds S] [--wall] [--config C] [--workloads LIST]
#                [--variants "base off next next+last stock-6.12 stock-6.1-wall"]
#                (also known: groups)
#                [--cachesim ARGS] [--jobs J] [--grouped] [--cpus N] [--note TEXT]
#
# Variants: base (the unpatched kernel), off / next / next+last / groups (the patched
# kernel with the buddies toggled at runtime, guest/buddies.sh: next is NEXT_BUDDY under
# the series' rules, next+last adds LAST_BUDDY, groups is next+last inside groups only),
# both built from config C (default bench); stock-6.12 and stock-6.1-wall, Debian's stock
# kernels as they ship (host/anchors.sh). 6.1 hangs bringing up the second CPU under
# -icount, so it always boots in wall-clock mode (multi-threaded TCG), as its name says.
# Default: all but groups. The variants the curated series dropped (next-eevdf,
# next-eevdf+last, the -long ones) are refused, saying why. LIST goes to guest/bench:
# workload names separated by spaces or commas, quick or all (default).
# Each repetition boots every variant once, in an order rotated per repetition.
# Deterministic mode (-icount) unless --wall. (The scheduler clocks' cost is a benchmark
# of its own: host/bench/clock.sh.)
# --cachesim ARGS: under the cache model (make bench-cache; docs/cache-model.md), loaded
# with ARGS ('' for its defaults): guest/bench runs each workload in a window of its own
# (-m) and the window's counts per operation are added to the results (metrics *_per_op).
# Deterministic mode only; default variants base off next next+last, workloads 'cache'.
# --jobs J: boot up to J guests at once (default 1). Deterministic mode only: there a
# guest's figures follow its instruction count, not the host's load (make bench-cache
# runs two at once on two cores: a guest under the cache model keeps one host core busy).
# --grouped: each guest runs the workloads in a cgroup of their own (guest/bench -g), as a
# service or a login session holds them: the topology in which the variant groups (the
# buddies inside groups only) acts at all.
# --cpus N: vCPUs of every guest (default 2, at most 8); the report's tables say it.
# --note TEXT: a line for kernels.txt and so the report (repeatable; make yardsticks says
# there why it left a variant out).
# KERNEL=7.3: also the variants of make yardsticks (host/bench/yardsticks.sh, which builds
# their kernels): upstream (the base kernel, NEXT_BUDDY on), upstream-fixed (the prefix
# kernel, which must be the series' first patch alone: its worktree is checked), series
# (the patched kernel, NEXT_BUDDY on) and series+last (with LAST_BUDDY); host/bench/lib.sh
# defines them. Refused with another KERNEL.
# Every kernel a run boots is copied into the results directory (kernels/) before the
# first boot and booted from there: a tree rebuilt meanwhile does not change the run.
# KERNEL=7.2 (host/lib.sh): Debian's 7.2 has no series, so the buddy variants off and next
# run on its one kernel, the unpatched one, and set mainline's own NEXT_BUDDY (its rules
# since 6.19); base is that kernel as it boots. Only base, off and next are known there.
# Results go to $SCHED_BUDDY_CACHE/bench/<date>/ (results.csv, kernels.txt, report.md);
# a failed boot or workload is reported and the figures gathered so far are kept.
# SB_BENCH_CORRECTION: the report's correction over its comparisons (holm, the default, or
# bh: host/bench/report.sh), checked before anything runs.
set -eu
. "$(dirname "$0")/../lib.sh"
. "$SB_TOP/host/bench/lib.sh"

all="base off next next+last stock-6.12 stock-6.1-wall"
# is_patched VARIANT: does VARIANT boot the patched kernel, buddies set at runtime?
is_patched() { bench_is_buddies "$1"; }
# is_yardstick VARIANT: a variant of make yardsticks (KERNEL=7.3)?
is_yardstick() { bench_yardstick "$1" >/dev/null; }
# The kernels a variant may run as they boot.
asboot="base stock-6.12 stock-6.1-wall"
# known VARIANT: a kernel as it boots, or a buddy setting on the patched one?
known() { case " $asboot " in *" $1 "*) ;; *) is_patched "$1" || is_yardstick "$1" ;; esac; }
reps=3 secs=2 mode=--icount variants= cfg=bench workloads= cachesim= cs= jobs=1 grouped= cpus=2
notes=
while [ $# -gt 0 ]; do
	case $1 in
	--reps) need "$@"; reps=$2; shift 2 ;;
	--seconds) need "$@"; secs=$2; shift 2 ;;
	--wall) mode=; shift ;;
	--config) need "$@"; cfg=$2; shift 2 ;;
	--workloads) need "$@"; workloads=$2; shift 2 ;;
	--variants) need "$@"; variants=$2; shift 2 ;;
	--cachesim) need "$@"; cachesim=--cachesim cs=$2; shift 2 ;;
	--jobs) need "$@"; jobs=$2; shift 2 ;;
	--grouped) grouped=-g; shift ;;
	--cpus) need "$@"; cpus=$2; shift 2 ;;
	--note) need "$@"; notes="$notes$2
"; shift 2 ;;
	*) die "unknown option '$1' (see the header of $0)" ;;
	esac
done
sb_check_config "$cfg"
if [ -n "$cachesim" ]; then
	[ -n "$mode" ] || die "--cachesim runs in deterministic mode only: drop --wall"
	sb_no_blank "cache model arguments" "$cs"
	: "${variants:=base off next next+last}" "${workloads:=cache}"
fi
: "${variants:=$all}" "${workloads:=all}"
sb_positive "$reps" "$secs" "$jobs" "$cpus"
[ "$cpus" -le 8 ] || die "--cpus $cpus: at most 8 vCPUs"
[ "$jobs" = 1 ] || [ -n "$mode" ] || die "--jobs runs guests side by side, which skews wall-clock figures: drop --wall"
bench_check_workloads "$workloads"
workloads=$(echo "$workloads" | tr ',' ' ')
[ -n "$(echo $variants)" ] || die "no variants given"
# The kernel the buddy variants set at runtime: the patched one, or without a series
# (KERNEL=7.2) the unpatched one, whose own NEXT_BUDDY they switch.
bk=patched
if [ -z "$SB_HAS_SERIES" ]; then
	bk=base
	for v in $variants; do
		case $v in
		base | off | next) ;;
		*) die "KERNEL=$SB_KERNEL knows the variants base, off and next (its own NEXT_BUDDY), not '$v'" ;;
		esac
	done
fi
for v in $variants; do
	if ! known "$v"; then
		known "$v-wall" && die "variant '$v' hangs under -icount: use $v-wall"
		why=$(sb_buddies_retired "$v") && die "variant '$v' is gone: $why"
		die "unknown variant '$v' (known: $asboot $BENCH_BUDDIES; KERNEL=7.3: $BENCH_YARDSTICKS)"
	fi
	! is_yardstick "$v" || [ "$SB_KERNEL" = 7.3 ] ||
		die "variant '$v' is make yardsticks', on KERNEL=7.3 only (this is KERNEL=$SB_KERNEL)"
	case $cachesim$v in
	--cachesim*-wall) die "variant '$v' runs in wall-clock mode, the cache model needs -icount" ;;
	*-wall) [ "$jobs" = 1 ] || die "variant '$v' runs in wall-clock mode: it cannot share the host (drop --jobs)" ;;
	esac
done
bench_check_correction
sb_checked
[ -x "$SB_TOP/build/pairs" ] || die "guest programs missing (run: make guest)"
if [ -n "$cachesim" ]; then
	[ -x "$SB_TOP/build/cachemark" ] || die "guest programs missing (run: make guest)"
	[ -f "$SB_TOP/build/cachesim.so" ] || die "no cache model plugin (run: make cachesim)"
fi

# Every kernel is found (anchors downloaded) before the first boot.
need_kernel() {
	k=$(sb_obj "$1" "$cfg") || exit 1
	k=$k/arch/x86/boot/bzImage
	[ -f "$k" ] || die "no $1 kernel for config $cfg: $k (run: make kernels CONFIG=$cfg)"
}
# The series' first commit, the one the prefix kernel of upstream-fixed must be built from.
first_patch() { sb_series_commits | head -n 1; }
anchor_612= anchor_61=
for v in $variants; do
	is_patched "$v" && need_kernel "$bk"
	if is_yardstick "$v"; then
		# shellcheck disable=SC2046
		set -- $(bench_yardstick "$v")
		need_kernel "$1"
		if [ "$1" = prefix ]; then
			pc=$(git -C "$(sb_src prefix)" rev-parse HEAD 2>/dev/null) || pc=none
			[ "$pc" = "$(first_patch)" ] || die "variant $v boots the prefix kernel, but" \
				"$(sb_src prefix) is at $pc, not the series' first patch (host/bench/yardsticks.sh builds it)"
		fi
	fi
	case $v in
	base) need_kernel base ;;
	stock-6.12) anchor_612=$("$SB_TOP/host/anchors.sh" 6.12) || die "no 6.12 anchor" ;;
	stock-6.1-wall) anchor_61=$("$SB_TOP/host/anchors.sh" 6.1) || die "no 6.1 anchor" ;;
	esac
done
mname="deterministic (-icount)"
[ -n "$mode" ] || mname="wall-clock (multi-threaded TCG)"
[ -z "$cachesim" ] || mname="$mname, cache model"
mname="$mname, $cpus vCPUs"
bench_start "$SCHED_BUDDY_CACHE/bench/$(date +%Y%m%d-%H%M%S)"
out=$bench_out
# The kernels, copied: kernels/KERNEL.bzImage (base, patched, prefix), booted from there.
mkdir -p "$out/kernels"
for kv in $(for v in $variants; do
	is_patched "$v" && echo "$bk"
	! is_yardstick "$v" || bench_yardstick "$v" | cut -d' ' -f1
	[ "$v" != base ] || echo base
done | sort -u); do
	cp "$(sb_obj "$kv" "$cfg")/arch/x86/boot/bzImage" "$out/kernels/$kv.bzImage" ||
		die "cannot copy the $kv kernel into $out/kernels"
done
# yardstick_line VARIANT: kernels.txt's line of a yardstick variant
yardstick_line() {
	# shellcheck disable=SC2046
	set -- "$1" $(bench_yardstick "$1")
	printf '%s %s: ' "$1" "$(sb_uts "$(sb_obj "$2" "$cfg")" release)"
	case $2 in
	base) printf "Debian's %s with patches/%s/ (no series)" "$SB_SOURCE_PKG" "$SB_FIXES" ;;
	prefix) printf 'the series up to its first patch, "%s"' \
		"$(git -C "$(sb_src prefix)" log -1 --format=%s)" ;;
	patched) printf 'the whole series (%s patches)' "$(sb_series "$SB_TOP/patches/$SB_SERIES" | wc -l)" ;;
	esac
	case $3 in
	next) echo ", NEXT_BUDDY on" ;;
	next+last) echo ", NEXT_BUDDY and LAST_BUDDY on" ;;
	esac
}
{
	for v in $variants; do
		if is_patched "$v"; then
			printf '%s %s' "$v" "$(sb_uts "$(sb_obj "$bk" "$cfg")" release)"
			if [ "$SB_KERNEL" = 7.3 ]; then
				echo ": the whole series, buddies set to $v"
			else
				echo
			fi
		fi
		! is_yardstick "$v" || yardstick_line "$v"
		case $v in
		base) printf '%s %s\n' "$v" "$(sb_uts "$(sb_obj base "$cfg")" release)" ;;
		stock-6.12) printf '%s %s\n' "$v" "${anchor_612##* }" ;;
		stock-6.1-wall) printf '%s %s (wall-clock mode)\n' "$v" "${anchor_61##* }" ;;
		esac
	done
	if [ -n "$SB_HAS_SERIES" ]; then
		echo "fixes in base and patched (patches/$SB_FIXES/): $(sb_fixes_summary)"
	else
		echo "Debian's $SB_SOURCE_PKG as it ships, no patch: off and next set its own NEXT_BUDDY"
	fi
	echo "mode: $mname"
	echo "kernels booted: copies of each bzImage, in kernels/ beside this file"
	printf %s "$notes"
	[ -z "$cachesim" ] || echo "cache model: ${cs:-defaults} (docs/cache-model.md)"
	[ -z "$grouped" ] || echo "placement: the workloads in a cgroup of their own (guest/bench -g)"
} >"$out/kernels.txt"
nv=$(echo $variants | wc -w)
total=$((reps * nv))

# launch VARIANT FILE: boot VARIANT, run guest/bench in it, its output to FILE.
launch() {
	lv=$1 lf=$2 vmode=$mode gm=$1
	is_patched "$lv" && set -- --kernel "$out/kernels/$bk.bzImage"
	if is_yardstick "$lv"; then
		gm=$(bench_yardstick "$lv" | cut -d' ' -f2)
		set -- --kernel "$out/kernels/$(bench_yardstick "$lv" | cut -d' ' -f1).bzImage"
	fi
	case $lv in
	base) set -- --kernel "$out/kernels/base.bzImage" ;;
	stock-6.12) set -- --kernel "${anchor_612%% *}" --initrd "$(echo "$anchor_612" | cut -d' ' -f2)" ;;
	stock-6.1-wall)
		set -- --kernel "${anchor_61%% *}" --initrd "$(echo "$anchor_61" | cut -d' ' -f2)"
		vmode= ;;
	esac
	"$SB_TOP/host/boot.sh" "$@" --cpus "$cpus" $vmode ${cachesim:+--cachesim "$cs"} --timeout 1800 \
		--name "bench-$lv" -- "$SB_TOP/guest/bench" ${cachesim:+-m} $grouped "$SB_TOP/build" "$gm" \
		"$secs" "$workloads" >"$lf" 2>&1
}

# Runs are numbered in the order they start (1..n) and kept in that order: collect waits
# for the oldest one still out (run $kept + 1) and adds its figures to results.csv.
started=0 kept=0
collect() {
	kept=$((kept + 1))
	eval "cpid=\$pid_$kept crep=\$rep_$kept cv=\$var_$kept"
	status=0
	wait "$cpid" || status=$?
	[ -z "$cachesim" ] || bench_cache_figures "$out/raw.$kept"
	bench_keep "$cv" "$crep" "$out/raw.$kept" "$status"
	rm -f "$out/raw.$kept"
}
for rep in $(seq 1 "$reps"); do
	for v in $(bench_rotate $(((rep - 1) % nv)) $variants); do
		[ $((started - kept)) -lt "$jobs" ] || collect
		started=$((started + 1))
		bench_progress "$rep" "$reps" "$v" "$total"
		launch "$v" "$out/raw.$started" &
		eval "pid_$started=\$! rep_$started=\$rep var_$started=\$v"
	done
done
while [ "$kept" -lt "$started" ]; do collect; done
bench_finish report.md "$SB_TOP/host/bench/report.sh" "$out/results.csv" "$mname"
