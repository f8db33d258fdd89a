#!/bin/sh
# Debian's stock kernels as benchmark anchors, booted as they ship.
#
#   host/anchors.sh [--config] 6.12|6.1
#
# 6.12: the newest linux-image-6.12.*-amd64 (EEVDF); 6.1: bookworm's default kernel (CFS,
# with the 2008 LAST_BUDDY). The generic flavour, not -cloud-amd64: the cloud kernels have
# no 9p (CONFIG_NET_9P is not set), the guests' root. The package is fetched with
# apt-get download into
# $SCHED_BUDDY_CACHE/anchors/<package>/ and unpacked there with dpkg -x: it is never
# installed, and nothing of it is ever loaded into this machine's kernel. An initramfs is
# made beside it (depmod -b writes the unpacked tree's modules.dep): busybox-static, the modules a 9p root needs (with their dependencies from
# modules.dep, decompressed) and a small /init that loads them, mounts the 9p root the way
# host/boot.sh's root= and rootflags= say and switch_root's into its init=.
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
busybox=/bin/busybox
[ $mode = config ] || { [ -x $busybox ] && $busybox --list | grep -qx switch_root; } ||
	die "busybox-static missing (run: make deps)"
command -v xz >/dev/null && command -v depmod >/dev/null || die "xz or depmod missing (run: make deps)"

# The metapackage names the newest image package of that series.
pkg=$(apt-cache depends "$meta" 2>/dev/null |
	sed -n 's/^ *Depends: \(linux-image-[0-9][^ ]*-amd64\)$/\1/p' | head -n 1)
[ -n "$pkg" ] || die "apt knows no $meta (run: apt-get update)"
dir=$SCHED_BUDDY_CACHE/anchors/$pkg
if [ ! -f "$dir/.unpacked" ]; then
	log "downloading $pkg"
	rm -rf "$dir.tmp" && mkdir -p "$dir.tmp"
	(cd "$dir.tmp" && apt-get download -q "$pkg" >download.log 2>&1) ||
		die "apt-get download $pkg failed, see $dir.tmp/download.log"
	dpkg -x "$dir.tmp"/"$pkg"_*.deb "$dir.tmp/root" || die "cannot unpack $pkg"
	rm -f "$dir.tmp"/"$pkg"_*.deb
	rel=$(ls "$dir.tmp/root/lib/modules" | head -n 1)
	depmod -b "$dir.tmp/root" "$rel" || die "depmod failed for $pkg"
	rm -rf "$dir" && mv "$dir.tmp" "$dir" && touch "$dir/.unpacked"
fi
rel=$(ls "$dir/root/lib/modules" | head -n 1)
vmlinuz=$dir/root/boot/vmlinuz-$rel
mods=$dir/root/lib/modules/$rel
[ -f "$vmlinuz" ] && [ -f "$mods/modules.dep" ] || die "$dir does not hold a kernel image"
if [ $mode = config ]; then
	[ -f "$dir/root/boot/config-$rel" ] || die "$pkg holds no boot/config-$rel"
	echo "$dir/root/boot/config-$rel"
	exit 0
fi
initrd=$dir/initrd.img

if [ ! -f "$initrd" ] || [ "$initrd" -ot "$0" ]; then
	log "making the initramfs for $rel"
	w=$dir/initrd.tmp
	rm -rf "$w" && mkdir -p "$w/lib/modules"
	# The modules a 9p root over virtio-pci and guest/init's overlays need, and what they
	# need (modules.dep lists paths relative to $mods); built-in ones are skipped.
	want="virtio_pci 9p 9pnet 9pnet_virtio netfs overlay"
	need=
	for m in $want; do
		p=$(sed -n "s|^\([^:]*/$m\.ko[.a-z]*\):.*|\1|p" "$mods/modules.dep")
		if [ -z "$p" ]; then
			grep -q "/$m\.ko\$" "$mods/modules.builtin" ||
				die "$rel has module $m neither built in nor as a module"
			continue
		fi
		need="$need $p"
	done
	# Close over dependencies, then order: a module after all it depends on.
	deps() { sed -n "s|^$1: *||p" "$mods/modules.dep"; }
	all=
	while [ -n "$need" ]; do
		set -- $need
		need=
		for p; do
			case " $all " in *" $p "*) continue ;; esac
			all="$all $p"
			need="$need $(deps "$p")"
		done
	done
	order=
	while [ -n "$all" ]; do
		rest=
		for p in $all; do
			ok=1
			for d in $(deps "$p"); do
				case " $order " in *" $d "*) ;; *) ok=0 ;; esac
			done
			if [ $ok = 1 ]; then order="$order $p"; else rest="$rest $p"; fi
		done
		[ "$rest" != "$all" ] || die "circular module dependencies in $mods/modules.dep"
		all=$rest
	done
	: >"$w/modules"
	for p in $order; do
		n=$(basename "$p")
		case $n in
		*.xz) xz -dc "$mods/$p" >"$w/lib/modules/${n%.xz}" ;;
		*.zst) zstd -qdc "$mods/$p" >"$w/lib/modules/${n%.zst}" ;;
		*.gz) gzip -dc "$mods/$p" >"$w/lib/modules/${n%.gz}" ;;
		*) cp "$mods/$p" "$w/lib/modules/$n" ;;
		esac || die "cannot unpack module $p"
		echo "${n%.ko*}.ko" >>"$w/modules"
	done
	cat >"$w/init" <<'EOF'
#!/bin/busybox sh
# PID 1 of a stock-kernel anchor's initramfs (host/anchors.sh): load the modules of a
# 9p root, mount it as root=, rootfstype= and rootflags= say, switch_root into init=.
b=/bin/busybox
$b mount -t proc proc /proc
$b mount -t devtmpfs devtmpfs /dev
for m in $($b cat /modules); do
	$b insmod /lib/modules/$m || echo "anchor-init: cannot load $m"
done
root= fstype=9p flags= init=/sbin/init
for a in $($b cat /proc/cmdline); do
	case $a in
	root=*) root=${a#root=} ;;
	rootfstype=*) fstype=${a#rootfstype=} ;;
	rootflags=*) flags=,${a#rootflags=} ;;
	init=*) init=${a#init=} ;;
	esac
done
$b mount -t "$fstype" -o "ro$flags" "$root" /newroot ||
	{ echo "anchor-init: cannot mount root '$root'"; $b poweroff -f; }
$b mount --move /dev /newroot/dev
$b umount /proc
exec $b switch_root /newroot "$init"
EOF
	# The kernel tree's gen_init_cpio makes the archive (device node without root).
	gen=$SCHED_BUDDY_CACHE/anchors/gen_init_cpio
	if [ ! -x "$gen" ]; then
		src=$(sb_src patched)
		cc -O2 -o "$gen" "$src/usr/gen_init_cpio.c" || die "cannot build gen_init_cpio"
	fi
	{
		for d in /dev /proc /bin /lib /lib/modules /newroot; do echo "dir $d 0755 0 0"; done
		echo "nod /dev/console 0600 0 0 c 5 1"
		echo "file /bin/busybox $busybox 0755 0 0"
		echo "file /init $w/init 0755 0 0"
		echo "file /modules $w/modules 0644 0 0"
		for f in "$w"/lib/modules/*.ko; do
			echo "file /lib/modules/${f##*/} $f 0644 0 0"
		done
	} >"$w/list"
	"$gen" "$w/list" | gzip -9 >"$initrd.tmp" || die "cannot make the initramfs"
	mv "$initrd.tmp" "$initrd"
	log "initramfs: $(tr '\n' ' ' <"$w/modules")"
	rm -rf "$w"
fi
echo "$vmlinuz $initrd $rel"
