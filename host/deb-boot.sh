#!/bin/sh
# Proof that make deb's package is the patched kernel and boots: its kernel and modules,
# unpacked (dpkg -x, never installed here), booted in QEMU.
#
#   host/deb-boot.sh [DEB]        (make deb-boot [DEB=...])
#
# DEB: a linux-image package of make deb (linux-image-<release>-sched-buddy-patched_*.deb);
# default the newest in $SCHED_BUDDY_CACHE/deb/. It is unpacked into
# $SCHED_BUDDY_CACHE/deb-boot/<package file>/ with host/lib.sh's sb_unpack_kernel and
# given an initramfs of its own modules by sb_initramfs, the code that boots the stock
# anchors (host/anchors.sh): the 9p-root modules of the package's kernel, which the
# anchors' initramfs (the stock kernel's modules) cannot give it.
# Two boots. The first, in wall-clock mode (multi-threaded TCG), checks that uname -r is
# the package's release, ending in -sched-buddy-patched, and that
# /sys/kernel/debug/sched/features lists NEXT_BUDDY, LAST_BUDDY and BUDDY_ROOT (NO_ or
# not); it says when the kernel started /init (the kernel's clock, near wall time in this
# mode) and how long the boot took. The second, in deterministic mode (-icount, as make
# bench-quick), checks again and runs guest/bench's quick workloads, 2 s each, for the
# variants next+last and off in turn; the figures are printed as CSV
# (variant,workload,metric,value) and kept in the unpacked package's directory
# (results.csv). A failed boot is host/boot.sh's failure, naming the console log; a failed
# check or workload exits 1.
set -eu
. "$(dirname "$0")/lib.sh"

usage="usage: $0 [DEB]"
deb=
while [ $# -gt 0 ]; do
	case $1 in
	-*) die "unknown option '$1' ($usage)" ;;
	*) [ -z "$deb" ] || die "$usage"; deb=$1; shift ;;
	esac
done
# check_deb: $deb is a kernel package of make deb; sets pkg, its name.
check_deb() {
	[ -f "$deb" ] && [ -r "$deb" ] || die "no package file '$deb'"
	pkg=$(dpkg-deb -f "$deb" Package 2>/dev/null) || die "'$deb' is not a Debian package"
	case $pkg in
	linux-image-*-sched-buddy-patched) ;;
	*) die "'$deb' is not a kernel package of make deb: it is $pkg, not linux-image-<release>-sched-buddy-patched" ;;
	esac
}
[ -z "$deb" ] || check_deb
sb_checked
out=$SCHED_BUDDY_CACHE/deb
if [ -z "$deb" ]; then
	# (ls -t: the newest first; -dbg packages have their own name)
	deb=$(ls -t "$out"/linux-image-*-sched-buddy-patched_*.deb 2>/dev/null | head -n 1) || true
	[ -n "$deb" ] ||
		die "no package of the patched kernel in $out (run: make deb DEB_LSMOD=FILE, FILE being lsmod's output on the machine to boot; for this QEMU guest: docs/data/lsmod-qemu-stock-6.12.txt)"
	check_deb
fi
[ -x "$SB_TOP/build/pairs" ] || die "guest programs missing (run: make guest)"

dir=$SCHED_BUDDY_CACHE/deb-boot/$(basename "$deb" .deb)
rel=$(sb_unpack_kernel "$deb" "$dir")
[ "$rel" = "${pkg#linux-image-}" ] || die "$pkg holds the modules of kernel $rel"
sb_initramfs "$dir/root" "$dir/initrd.img"

# The guest's side: $1 the release expected, $2 guest/bench, $3 its BINDIR, $4 check (the
# checks) or bench (the checks, then the workloads).
# shellcheck disable=SC2016
guest='
rel=$1 bench=$2 bin=$3 what=$4
echo "deb-boot: uptime at the command: $(cut -d" " -f1 /proc/uptime) s"
u=$(uname -r)
[ "$u" = "$rel" ] || { echo "deb-boot: the kernel is $u, not $rel"; exit 1; }
echo "deb-boot: check: uname -r is $u"
f=/sys/kernel/debug/sched/features
[ -r $f ] || { echo "deb-boot: no $f (SCHED_DEBUG off?)"; exit 1; }
for x in NEXT_BUDDY LAST_BUDDY BUDDY_ROOT; do
	tr " " "\n" <$f | grep -Eqx "(NO_)?$x" || { echo "deb-boot: $x is not in $f: $(cat $f)"; exit 1; }
done
echo "deb-boot: check: $f lists $(tr " " "\n" <$f | grep -Ex "(NO_)?(NEXT_BUDDY|LAST_BUDDY|BUDDY_ROOT)" | paste -sd" ")"
echo "deb-boot: modules loaded: $(cut -d" " -f1 /proc/modules | paste -sd" ")"
[ "$what" = bench ] || exit 0
st=0
for v in next+last off; do
	"$bench" "$bin" "$v" 2 quick >/tmp/deb-boot.csv || st=1
	sed "s/^/$v,/" /tmp/deb-boot.csv
done
exit $st
'
# boot NAME WHAT [BOOT.SH OPTIONS]: boot the package's kernel, the guest's side doing WHAT,
# its output in $dir/NAME.log and on stdout, the wall time in $secs, QEMU's console log
# in $console, the kernel's clock when it started /init in $init. A failed boot dies; a
# failed check or workload too, once the output is shown.
boot() {
	bname=$1 what=$2
	shift 2
	t0=$(date +%s)
	st=0
	"$SB_TOP/host/boot.sh" --kernel "$dir/root/boot/vmlinuz-$rel" --initrd "$dir/initrd.img" \
		--name "$bname" "$@" -- sh -c "$guest" deb-boot "$rel" "$SB_TOP/guest/bench" \
		"$SB_TOP/build" "$what" >"$dir/$bname.log" || st=$?
	secs=$(($(date +%s) - t0))
	cat "$dir/$bname.log"
	[ "$st" != 125 ] || die "the boot of $rel failed (host/boot.sh above names the console log)"
	[ "$st" = 0 ] || die "$rel booted, but a check or a workload failed (exit $st; above)"
	console=$(readlink -f "$SCHED_BUDDY_CACHE/runs/latest-$bname")/console.log
	init=$(tr -d '\r' <"$console" |
		sed -n 's/^\[ *\([0-9.]*\)\] Run \/init as init process$/\1/p' | head -n 1)
}

log "booting $rel in wall-clock mode (multi-threaded TCG): the checks"
boot deb-boot-check check
log "$rel booted and passed the checks: /init started at ${init:-?} s (the kernel's clock; QEMU's console log $console), the boot took $secs s of wall time"
log "booting $rel in deterministic mode (-icount, as make bench-quick): the checks, the quick workloads for next+last and off"
boot deb-boot-bench bench --icount --timeout 1800
grep -Ev '^deb-boot: ' "$dir/deb-boot-bench.log" | grep -E '^[^,]+,[^,]+,[^,]+,[^,]+$' >"$dir/results.csv" || true
log "the quick workloads ran: $(wc -l <"$dir/results.csv") figures in $dir/results.csv; the boot took $secs s of wall time"
