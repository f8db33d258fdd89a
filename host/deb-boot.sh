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
# One boot in deterministic mode (-icount, as make bench-quick): the guest checks that
# uname -r is the package's release, ending in -sched-buddy-patched, and that
# /sys/kernel/debug/sched/features lists NEXT_BUDDY, LAST_BUDDY and BUDDY_BOUND (NO_ or
# not), then runs guest/bench's quick workloads, 2 s each, for the variants next+last and
# off in turn. Prints the checks, the kernel's clock when it started /init (guest time:
# under -icount it counts instructions, not wall time), the figures as CSV
# (variant,workload,metric,value; also in the unpacked package's directory, results.csv)
# and the boot's wall time. A failed boot is host/boot.sh's failure, naming the console
# log; a failed check or workload exits 1.
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
out=$SCHED_BUDDY_CACHE/deb
if [ -z "$deb" ]; then
	# (ls -t: the newest first; -dbg packages have their own name)
	deb=$(ls -t "$out"/linux-image-*-sched-buddy-patched_*.deb 2>/dev/null | head -n 1) || true
	[ -n "$deb" ] ||
		die "no package of the patched kernel in $out (run: make deb DEB_LSMOD=FILE, FILE being lsmod's output on the machine to boot; for this QEMU guest: docs/data/lsmod-qemu-stock-6.12.txt)"
fi
[ -f "$deb" ] && [ -r "$deb" ] || die "no package file '$deb'"
pkg=$(dpkg-deb -f "$deb" Package 2>/dev/null) || die "'$deb' is not a Debian package"
case $pkg in
linux-image-*-sched-buddy-patched) ;;
*) die "'$deb' is not a kernel package of make deb: it is $pkg, not linux-image-<release>-sched-buddy-patched" ;;
esac
[ -x "$SB_TOP/build/pairs" ] || die "guest programs missing (run: make guest)"

dir=$SCHED_BUDDY_CACHE/deb-boot/$(basename "$deb" .deb)
log "unpacking $deb into $dir (dpkg -x: not installed)"
rel=$(sb_unpack_kernel "$deb" "$dir")
[ "$rel" = "${pkg#linux-image-}" ] || die "$pkg holds the modules of kernel $rel"
sb_initramfs "$dir/root" "$dir/initrd.img"

# The guest's side: $1 the release expected, $2 guest/bench, $3 its BINDIR.
# shellcheck disable=SC2016
guest='
rel=$1 bench=$2 bin=$3
u=$(uname -r)
[ "$u" = "$rel" ] || { echo "deb-boot: the kernel is $u, not $rel"; exit 1; }
echo "deb-boot: check: uname -r is $u"
f=/sys/kernel/debug/sched/features
[ -r $f ] || { echo "deb-boot: no $f (SCHED_DEBUG off?)"; exit 1; }
for x in NEXT_BUDDY LAST_BUDDY BUDDY_BOUND; do
	tr " " "\n" <$f | grep -Eqx "(NO_)?$x" || { echo "deb-boot: $x is not in $f: $(cat $f)"; exit 1; }
done
echo "deb-boot: check: $f lists $(tr " " "\n" <$f | grep -Ex "(NO_)?(NEXT_BUDDY|LAST_BUDDY|BUDDY_BOUND)" | paste -sd" ")"
echo "deb-boot: modules: $(cut -d" " -f1 /proc/modules | paste -sd" ")"
echo "deb-boot: uptime at the command: $(cut -d" " -f1 /proc/uptime) s"
st=0
for v in next+last off; do
	"$bench" "$bin" "$v" 2 quick >/tmp/deb-boot.csv || st=1
	sed "s/^/$v,/" /tmp/deb-boot.csv
done
exit $st
'
log "booting $rel (deterministic mode; the quick workloads for next+last and off)"
t0=$(date +%s)
st=0
"$SB_TOP/host/boot.sh" --kernel "$dir/root/boot/vmlinuz-$rel" --initrd "$dir/initrd.img" \
	--icount --timeout 1800 --name deb-boot -- sh -c "$guest" deb-boot "$rel" \
	"$SB_TOP/guest/bench" "$SB_TOP/build" >"$dir/output.log" || st=$?
t1=$(date +%s)
cat "$dir/output.log"
[ "$st" != 125 ] || die "the boot of $rel failed (host/boot.sh above names the console log)"
console=$SCHED_BUDDY_CACHE/runs/latest-deb-boot/console.log
init=$(sed -n 's/^\[ *\([0-9.]*\)\] Run \/init as init process$/\1/p' "$console" | head -n 1)
grep -v '^deb-boot: ' "$dir/output.log" | grep -E '^[^,]+,[^,]+,[^,]+,[^,]+$' >"$dir/results.csv" || true
[ "$st" = 0 ] || die "$rel booted, but a check or a workload failed (exit $st; above)"
log "$rel booted: /init started at ${init:-?} s of guest time, checks passed, $(wc -l <"$dir/results.csv") figures in $dir/results.csv; the boot took $((t1 - t0)) s of wall time"
