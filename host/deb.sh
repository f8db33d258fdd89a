#!/bin/sh
# Installable Debian packages of the patched kernel (the kernel's bindeb-pkg), to boot a
# real machine into it and run host/bench/hardware.sh there.
#
#   host/deb.sh [CONFIG | /path/to/a/distribution/config]
#
# CONFIG (default bench) names config/CONFIG.config: the kernel host/build.sh builds, in
# its O= tree. A path instead (e.g. /boot/config-6.12.*-amd64 of Debian's linux-image-6.12,
# or make deb DEB_CONFIG=...) starts from that distribution config in a tree of its own
# (build-deb-<name>), with olddefconfig filling in the series' new options, signing keys
# and debug info switched off (Debian's key paths do not exist outside its build; BTF needs
# pahole): a full distribution kernel takes hours on two cores.
# The packages (linux-image, linux-headers, linux-libc-dev) land in $SCHED_BUDDY_CACHE/deb/;
# install them with dpkg -i on the machine to test, never on this one.
set -eu
. "$(dirname "$0")/lib.sh"

[ $# -le 1 ] || die "usage: $0 [CONFIG | /path/to/config]"
arg=${1:-bench}
command -v dpkg-buildpackage >/dev/null && command -v dh_prep >/dev/null ||
	die "dpkg-dev or debhelper missing (run: make deps)"
src=$(sb_src patched)
[ -f "$src/Makefile" ] || die "no kernel tree at $src (run: make tree)"
kmake() { sb_kmake patched "$obj" "$@"; }

case $arg in
*/*)
	[ -f "$arg" ] && [ -r "$arg" ] || die "no config file '$arg'"
	grep -q '^CONFIG_X86_64=y' "$arg" || die "'$arg' is not an x86_64 kernel config"
	name=$(basename "$arg" | tr -c 'A-Za-z0-9_.+\n-' _)
	obj=$src/build-deb-$name
	if ! cmp -s "$arg" "$obj/.config.distro" 2>/dev/null; then
		log "configuring from $arg in $obj"
		mkdir -p "$obj"
		cp "$arg" "$obj/.config"
		c="$src/scripts/config --file $obj/.config"
		$c --set-str SYSTEM_TRUSTED_KEYS "" --set-str SYSTEM_REVOCATION_KEYS "" \
			--disable MODULE_SIG_ALL --set-str MODULE_SIG_KEY certs/signing_key.pem \
			--disable DEBUG_INFO_BTF --disable DEBUG_INFO_DWARF5 \
			--disable DEBUG_INFO_DWARF_TOOLCHAIN_DEFAULT --enable DEBUG_INFO_NONE
		kmake -s olddefconfig >/dev/null || die "olddefconfig failed for $arg"
		cp "$arg" "$obj/.config.distro"
	fi
	;;
*)
	[ -r "$SB_TOP/config/$arg.config" ] || die "unknown config '$arg': config/$arg.config does not exist"
	"$SB_TOP/host/build.sh" patched "$arg" >/dev/null
	obj=$(sb_obj patched "$arg")
	grep -q '^CONFIG_MODULES=y' "$obj/.config" ||
		log "config $arg has no loadable modules: the image package holds no modules"
	;;
esac

# dpkg-buildpackage writes the packages to the parent of the O= tree, the kernel tree:
# they are moved out at once. Nothing else of this tree is touched.
out=$SCHED_BUDDY_CACHE/deb
mkdir -p "$out"
stamp=$obj/.deb-start
: >"$stamp"
log "building Debian packages in $obj (log: $obj/deb.log)"
export DEB_BUILD_OPTIONS="parallel=$(nproc) terse"
kmake bindeb-pkg >"$obj/deb.log" 2>&1 || {
	grep -E 'error|Error' "$obj/deb.log" | head -n 20 >&2
	die "bindeb-pkg failed, see $obj/deb.log"
}
n=0
for f in "$src"/*.deb "$src"/*.buildinfo "$src"/*.changes; do
	[ -f "$f" ] && [ "$f" -nt "$stamp" ] || continue
	mv "$f" "$out/" && n=$((n + 1))
	case $f in *.deb) echo "$out/$(basename "$f")" ;; esac
done
rm -f "$stamp"
[ $n -gt 0 ] || die "bindeb-pkg made no packages (see $obj/deb.log)"
log "packages in $out; on the test machine: dpkg -i linux-image-*.deb, reboot, host/bench/hardware.sh"
