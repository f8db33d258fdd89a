#!/bin/sh
# Debian's stock kernels as benchmark anchors, booted as they ship.
#
#   host/anchors.sh [--config] 6.12|6.1
#
# 6.12: the newest linux-image-6.12.*-amd64 (EEVDF); 6.1: bookworm's default kernel (CFS,
# with the 2008 LAST_BUDDY). The generic flavour, not -cloud-amd64: the cloud kernels have
# no 9p (CONFIG_NET_9P is not set), the guests' root. The package is fetched with
# apt-get download and unpacked into $SCHED_BUDDY_CACHE/anchors/<package>/ with dpkg -x
# (host/lib.sh's sb_unpack_kernel): it is never installed, and nothing of it is ever
# loaded into this machine's kernel. An initramfs is made beside it by host/lib.sh's
# sb_initramfs, the one host/deb-boot.sh boots make deb's packages with: busybox-static,
# the modules a 9p root needs (with their dependencies, decompressed) and a small /init
# that loads them, mounts the 9p root the way host/boot.sh's root= and rootflags= say and
# switch_root's into its init=.
# Prints "VMLINUZ INITRD KERNEL-RELEASE" on one line; a second call reuses what is there.
# --config: fetch and unpack only (no initramfs), print the path of the package's
# boot/config-<release>, Debian's own config of that kernel (host/deb.sh starts from it).
set -eu
. "$(dirname "$0")/lib.sh"

mode=boot
[ "${1-}" != --config ] || { mode=config; shift; }
[ $# = 1 ] || die "usage: $0 [--config] 6.12|6.1"
case $1 in
6.12) meta=linux-image-6.12-amd64 ;;
6.1) meta=linux-image-amd64 ;;
*) die "unknown anchor '$1' (expected 6.12 or 6.1)" ;;
esac
sb_checked
command -v xz >/dev/null || die "xz missing (run: make deps)"

# The metapackage names the newest image package of that series.
pkg=$(apt-cache depends "$meta" 2>/dev/null |
	sed -n 's/^ *Depends: \(linux-image-[0-9][^ ]*-amd64\)$/\1/p' | head -n 1)
[ -n "$pkg" ] || die "apt knows no $meta (run: apt-get update)"
dir=$SCHED_BUDDY_CACHE/anchors/$pkg
if [ ! -f "$dir/.unpacked" ]; then
	log "downloading $pkg"
	dl=$dir.download
	rm -rf "$dl" && mkdir -p "$dl"
	(cd "$dl" && apt-get download -q "$pkg" >download.log 2>&1) ||
		die "apt-get download $pkg failed, see $dl/download.log"
	sb_unpack_kernel "$dl"/"$pkg"_*.deb "$dir" >/dev/null
	rm -rf "$dl"
fi
rel=$(ls "$dir/root/lib/modules" | head -n 1)
vmlinuz=$dir/root/boot/vmlinuz-$rel
[ -f "$vmlinuz" ] && [ -f "$dir/root/lib/modules/$rel/modules.dep" ] ||
	die "$dir does not hold a kernel image"
if [ $mode = config ]; then
	[ -f "$dir/root/boot/config-$rel" ] || die "$pkg holds no boot/config-$rel"
	echo "$dir/root/boot/config-$rel"
	exit 0
fi
initrd=$dir/initrd.img
sb_initramfs "$dir/root" "$initrd"
echo "$vmlinuz $initrd $rel"
