#!/bin/sh
# Installable Debian packages of the patched kernel (the kernel's bindeb-pkg), to boot a
# real machine into it and run host/bench/hardware.sh there.
#
#   host/deb.sh [--lsmod FILE] [/path/to/config]
#
# The config: by default Debian's own, boot/config-* of the stock linux-image-6.12 package
# that host/anchors.sh fetches (host/anchors.sh --config 6.12), so the kernel boots where
# Debian's 6.12 boots; or a distribution config file (make deb DEB_CONFIG=..., e.g.
# /boot/config-6.12.*-amd64), which must be for x86_64 and support an initramfs. The QEMU
# guest configs (config/*.config: test, bench, debug) are refused, by name or by path: they
# have no ext4, no NVMe or AHCI, no initramfs and cannot boot hardware.
# It is built in a tree of its own (build-deb-<name>), with olddefconfig filling in the
# series' new options (the buddy features as the series defines them), SCHED_DEBUG on
# (hardware.sh sets the features in debugfs), the release <version>-sched-buddy-patched,
# signing keys and debug info off (Debian's key paths do not exist outside its build; BTF
# needs pahole): a full distribution kernel takes hours on two cores.
# --lsmod FILE (make deb DEB_LSMOD=FILE): FILE is lsmod's output on the machine to test,
# taken with all the hardware to be used in use; the config is trimmed to the modules
# it lists with the tree's make localmodconfig, in a tree of its own (build-deb-<name>-lsmod):
# a kernel for that machine only, far fewer modules to build.
# Every argument is checked before anything is fetched, configured or built.
# The packages (linux-image, linux-headers, linux-libc-dev) land in $SCHED_BUDDY_CACHE/deb/;
# install them with dpkg -i on the machine to test, never on this one.
set -eu
. "$(dirname "$0")/lib.sh"

usage="usage: $0 [--lsmod FILE] [/path/to/config]"
lsmod='' config=''
while [ $# -gt 0 ]; do
	case $1 in
	--lsmod) need "$@"; lsmod=$2; shift 2 ;;
	-*) die "unknown option '$1' ($usage)" ;;
	*) [ -z "$config" ] || die "$usage"; config=$1; shift ;;
	esac
done

# The right options, for the refusals.
hint="start from Debian's own config (make deb, no DEB_CONFIG), a distribution config \
(DEB_CONFIG=/path/to/config) or either trimmed to the test machine's modules \
(DEB_LSMOD=FILE, its lsmod output)"

# check_lsmod FILE: lsmod's output (a header line, then "name size use-count [users]").
check_lsmod() {
	[ -e "$1" ] || die "lsmod file '$1' does not exist (DEB_LSMOD: lsmod's output on the test machine)"
	[ -f "$1" ] && [ -r "$1" ] || die "lsmod file '$1' is not a readable file"
	head -n 1 "$1" | grep -Eq '^Module[[:space:]]+Size[[:space:]]+Used by[[:space:]]*$' ||
		die "'$1' is not lsmod output: its first line is not 'Module Size Used by'"
	bad=$(sed 1d "$1" | grep -Evn '^[A-Za-z0-9_-]+[[:space:]]+[0-9]+[[:space:]]+[0-9-]+([[:space:]]|$)|^[[:space:]]*$' |
		head -n 1) || true
	[ -z "$bad" ] || die "'$1' is not lsmod output: line $((${bad%%:*} + 1)) is '${bad#*:}'"
	sed 1d "$1" | grep -q '[^[:space:]]' ||
		die "'$1' lists no modules: localmodconfig would build none"
}

# check_config FILE: a complete x86_64 config a Debian system can boot (through an
# initramfs), not one of this project's QEMU guests.
check_config() {
	case $1 in
	*/*) ;;
	*) [ ! -f "$SB_TOP/config/$1.config" ] ||
		die "'$1' is a QEMU guest config (config/$1.config): it has no ext4, no NVMe or AHCI, no initramfs and cannot boot hardware; $hint" ;;
	esac
	[ -f "$1" ] && [ -r "$1" ] || die "no config file '$1' (DEB_CONFIG: a kernel config file)"
	[ "$(cd "$(dirname "$1")" && pwd -P)" != "$(cd "$SB_TOP/config" && pwd -P)" ] ||
		die "'$1' is a QEMU guest config fragment: it cannot boot hardware; $hint"
	grep -q '^CONFIG_X86_64=y' "$1" || die "'$1' is not an x86_64 kernel config"
	grep -q '^CONFIG_BLK_DEV_INITRD=y' "$1" ||
		die "'$1' has no initramfs support (CONFIG_BLK_DEV_INITRD; a QEMU guest's config?): a Debian system boots through one; $hint"
}

# note_version FILE: say so when the config is of another kernel version than the tree's.
note_version() {
	v=$(sed -n 's/^# Linux\/x86 \([^ ]*\) Kernel Configuration$/\1/p' "$1" | head -n 1)
	t=$(sed -n 's/^VERSION = //p; s/^PATCHLEVEL = //p; s/^SUBLEVEL = //p' "$src/Makefile" |
		head -n 3 | paste -sd.)
	[ -z "$v" ] || [ "$v" = "$t" ] ||
		log "'$1' is the config of $v, the tree is $t: olddefconfig fills in the difference"
}

# configured: $obj holds the config of $config (trimmed to $lsmod), made by this script.
configured() {
	cmp -s "$config" "$obj/.config.distro" && [ ! "$0" -nt "$obj/.config.distro" ] &&
		{ [ -z "$lsmod" ] || cmp -s "$lsmod" "$obj/lsmod"; }
}

# configure: $obj/.config from $config, trimmed to $lsmod's modules when given.
configure() {
	log "configuring from $config${lsmod:+, trimmed to the modules of $lsmod,} in $obj"
	rm -f "$obj/.config.distro"
	mkdir -p "$obj"
	cp "$config" "$obj/.config"
	c="$src/scripts/config --file $obj/.config"
	$c --set-str SYSTEM_TRUSTED_KEYS "" --set-str SYSTEM_REVOCATION_KEYS "" \
		--disable MODULE_SIG_ALL --set-str MODULE_SIG_KEY certs/signing_key.pem \
		--disable DEBUG_INFO_BTF --disable DEBUG_INFO_DWARF5 \
		--disable DEBUG_INFO_DWARF_TOOLCHAIN_DEFAULT --enable DEBUG_INFO_NONE \
		--enable SCHED_DEBUG --set-str LOCALVERSION -sched-buddy --disable LOCALVERSION_AUTO
	kmake -s olddefconfig >/dev/null || die "olddefconfig failed for $config"
	[ -z "$lsmod" ] || trim
	for o in X86_64 BLK_DEV_INITRD SCHED_DEBUG; do
		grep -q "^CONFIG_$o=y" "$obj/.config" || die "CONFIG_$o is not set in $obj/.config"
	done
	cp "$config" "$obj/.config.distro"
}

# trim: localmodconfig with LSMOD set, on a copy in $obj that is not executable
# (streamline_config.pl runs an executable LSMOD instead of reading it); new questions
# get their defaults.
trim() {
	rm -f "$obj/lsmod"
	cp "$lsmod" "$obj/lsmod.tmp" && chmod 0644 "$obj/lsmod.tmp"
	yes '' | kmake LSMOD="$obj/lsmod.tmp" localmodconfig >"$obj/localmodconfig.log" 2>&1 ||
		die "localmodconfig failed, see $obj/localmodconfig.log"
	kmake -s olddefconfig >/dev/null || die "olddefconfig failed after localmodconfig"
	listed=$(sed 1d "$lsmod" | grep -c '[^[:space:]]')
	unknown=$(sed -n 's/^\(.*\) config not found!!$/\1/p' "$obj/localmodconfig.log" | paste -sd' ')
	[ "$(echo "$unknown" | wc -w)" -lt "$listed" ] ||
		die "no module of $lsmod has a config option in this tree (see $obj/localmodconfig.log): the kernel would have none of them"
	[ -z "$unknown" ] || log "modules of $lsmod this tree has no config option for: $unknown"
	mv "$obj/lsmod.tmp" "$obj/lsmod"
	log "trimmed to $(grep -c '=m$' "$obj/.config") modules, from $(grep -c '=m$' "$config")"
}

[ -z "$lsmod" ] || check_lsmod "$lsmod"
[ -z "$config" ] || check_config "$config"
sb_check_variant patched
sb_checked
command -v dpkg-buildpackage >/dev/null && command -v dh_prep >/dev/null ||
	die "dpkg-dev or debhelper missing (run: make deps)"
src=$(sb_src patched)
[ -f "$src/Makefile" ] || die "no kernel tree at $src (run: make tree)"
kmake() { sb_kmake patched "$obj" "$@"; }

if [ -z "$config" ]; then
	config=$("$SB_TOP/host/anchors.sh" --config 6.12) ||
		die "cannot fetch Debian's 6.12 config (host/anchors.sh --config 6.12)"
	check_config "$config"
	log "starting from Debian's own config, $config"
fi
name=$(basename "$config" | tr -c 'A-Za-z0-9_.+\n-' _)
obj=$src/build-deb-$name${lsmod:+-lsmod}
note_version "$config"
configured || configure
[ -n "$lsmod" ] ||
	log "the full distribution config: hours on two cores (DEB_LSMOD=FILE trims it to a machine)"

# dpkg-buildpackage writes the packages to the parent of the O= tree, the kernel tree:
# they are moved out at once. Nothing else of this tree is touched.
out=$SCHED_BUDDY_CACHE/deb
mkdir -p "$out"
stamp=$obj/.deb-start
: >"$stamp"
log "building Debian packages in $obj (log: $obj/deb.log)"
DEB_BUILD_OPTIONS="parallel=$(nproc) terse"
export DEB_BUILD_OPTIONS
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
