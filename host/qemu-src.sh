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
# both in the cache. Idempotent: an unpacked source of the installed version is reused.
set -eu
. "$(dirname "$0")/lib.sh"

[ $# = 0 ] || die "no arguments expected (usage: $0)"

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

# The archive hosts of the machine's own Debian sources, one URI and the suites' base
# name per line: "URI SUITE" from one-line (sources.list) and deb822 (.sources) files.
machine_sources() {
	for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
		[ -r "$f" ] || continue
		awk '$1 == "deb" { i = 2; if ($2 ~ /^\[/) while ($i !~ /\]$/) i++
			if ($2 ~ /^\[/) i++; print $i, $(i + 1) }' "$f"
	done
	for f in /etc/apt/sources.list.d/*.sources; do
		[ -r "$f" ] || continue
		awk 'function flush() { if (t ~ /deb( |$)/) for (s in S) print u, S[s]
				t = u = ""; delete S }
			/^[ \t]*$/ { flush(); next }
			/^#/ { next }
			$1 == "Types:" { t = $0 }
			$1 == "URIs:" { u = $2 }
			$1 == "Suites:" { for (i = 2; i <= NF; i++) S[i] = $i }
			END { flush() }' "$f"
	done
}

# deb-src lines for bookworm, bookworm-updates and bookworm-security, on the hosts the
# machine uses for them (deb.debian.org when it names none).
private_list() {
	main=$(machine_sources | awk '$2 == "bookworm" { print $1; exit }')
	sec=$(machine_sources | awk '$2 == "bookworm-security" { print $1; exit }')
	main=${main:-http://deb.debian.org/debian}
	sec=${sec:-http://deb.debian.org/debian-security}
	printf 'deb-src %s bookworm main\n' "$main"
	printf 'deb-src %s bookworm-updates main\n' "$main"
	printf 'deb-src %s bookworm-security main\n' "$sec"
}

# die with the last lines of a log
die_log() { die "$1: $(tail -n 2 "$2" | tr '\n' ' ')(see $2)"; }

apt=$base/apt
mkdir -p "$apt/lists/partial" "$dir"
private_list >"$apt/sources.list"
set -- -o Dir::Etc::SourceList="$apt/sources.list" -o Dir::Etc::SourceParts=/dev/null \
	-o Dir::State::Lists="$apt/lists" -o Dir::Cache="$apt/cache"
log "fetching the source of $pkg $ver (apt lists: $apt)"
apt-get "$@" -q update >"$apt/update.log" 2>&1 ||
	die_log "apt-get update with the private sources list failed" "$apt/update.log"
rm -rf "$dir/work" && mkdir -p "$dir/work"
(cd "$dir/work" && apt-get "$@" -q --download-only source "$pkg=$ver") >"$apt/source.log" 2>&1 ||
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
