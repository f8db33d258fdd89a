#!/bin/sh
# Fetch and unpack the Debian source of the installed qemu-system-x86, for the cache-model
# plugin's header (include/qemu/qemu-plugin.h) and QEMU's own example cache plugin
# (contrib/plugins/cache.c), which validates ours.
#
#   host/qemu-src.sh        fetch if needed; print the unpacked source directory
#
# The source goes to $SCHED_BUDDY_CACHE/qemu-src/<version>/ (never into the repository). The
# machine's apt configuration is left alone: apt-get runs with a private sources list (deb-src
# lines for the archive hosts the machine's own sources name) and a private lists directory,
# both in the cache (host/lib.sh's sb_private_apt). Idempotent: an unpacked source of the
# installed version is reused.
set -eu
. "$(dirname "$0")/lib.sh"

[ $# = 0 ] || die "no arguments expected, got '$*' (usage: $0)"

# The source package and version behind the installed binary (a binNMU such as +b3 has
# the source version without it).
src=$(dpkg-query -W -f='${Status} ${source:Package} ${source:Version}\n' qemu-system-x86 \
	2>/dev/null | sed -n 's/^install ok installed //p')
[ -n "$src" ] || die "qemu-system-x86 is not installed (run: make deps)"
pkg=${src% *} ver=${src#* }
base=$SCHED_BUDDY_CACHE/qemu-src
dir=$base/$(printf %s "$ver" | tr '~:' '_-')
header=include/qemu/qemu-plugin.h

if [ -f "$dir/.unpacked" ] && [ -f "$dir/src/$header" ]; then
	echo "$dir/src"
	exit 0
fi
command -v dpkg-source >/dev/null || die "dpkg-source missing (dpkg-dev; run: make deps)"

# deb-src lines for bookworm, bookworm-updates and bookworm-security, on the hosts the
# machine uses for them (deb.debian.org when it names none).
private_list() {
	main=$(sb_machine_mirror bookworm http://deb.debian.org/debian)
	sec=$(sb_machine_mirror bookworm-security http://deb.debian.org/debian-security)
	printf 'deb-src %s bookworm main\n' "$main"
	printf 'deb-src %s bookworm-updates main\n' "$main"
	printf 'deb-src %s bookworm-security main\n' "$sec"
}

apt=$base/apt
mkdir -p "$apt/lists/partial" "$dir"
private_list >"$apt/sources.list"
log "fetching the source of $pkg $ver (apt lists: $apt)"
sb_private_apt "$apt" apt-get -q update >"$apt/update.log" 2>&1 ||
	die_log "apt-get update with the private sources list failed" "$apt/update.log"
rm -rf "$dir/work" && mkdir -p "$dir/work"
(cd "$dir/work" && sb_private_apt "$apt" apt-get -q --download-only source "$pkg=$ver") \
	>"$apt/source.log" 2>&1 ||
	die_log "apt-get source $pkg=$ver failed (is that version still in the archive?)" \
		"$apt/source.log"
dsc=$(ls "$dir/work"/*.dsc 2>/dev/null | head -n 1)
[ -n "$dsc" ] || die "apt-get source left no .dsc in $dir/work"
rm -rf "$dir/src"
dpkg-source --no-check -x "$dsc" "$dir/src" >"$apt/unpack.log" 2>&1 ||
	die_log "dpkg-source could not unpack $dsc" "$apt/unpack.log"
[ -f "$dir/src/$header" ] || die "the unpacked source has no $header"
rm -rf "$dir/work"
: >"$dir/.unpacked"
log "unpacked in $dir/src"
echo "$dir/src"
