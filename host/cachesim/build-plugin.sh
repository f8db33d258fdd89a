#!/bin/sh
# Build a TCG plugin against the qemu-plugin.h of the installed QEMU's Debian source
# (fetched by host/qemu-src.sh into $SCHED_BUDDY_CACHE).
#
#   host/cachesim/build-plugin.sh cachesim OUT.so [CFLAGS...]   the project's cache model
#   host/cachesim/build-plugin.sh example OUT.so                QEMU's contrib/plugins/cache.c
#
# Extra CFLAGS go to the compiler (the refusal test builds a copy with -DCACHESIM_API=2).
set -eu
. "$(dirname "$0")/../lib.sh"

[ $# -ge 2 ] || die "usage: $0 cachesim|example OUT.so [CFLAGS...]"
what=$1 so=$2
shift 2
case $what in
cachesim | example) ;;
*) die "unknown plugin '$what' (expected: cachesim or example)" ;;
esac
sb_checked
command -v pkg-config >/dev/null && pkg-config --exists glib-2.0 ||
	die "glib's pkg-config file is missing (libglib2.0-dev; run: make deps)"
src=$("$SB_TOP/host/qemu-src.sh")
ver=$(dpkg-query -W -f='${source:Version}' qemu-system-x86)
c=$SB_TOP/host/cachesim/cachesim.c
[ "$what" = cachesim ] || c=$src/contrib/plugins/cache.c
mkdir -p "$(dirname "$so")"
# shellcheck disable=SC2046
${CC:-gcc} -shared -fPIC -O2 -g -Wall -Wextra -Wno-unused-parameter -Wno-sign-compare \
	-I"$src/include/qemu" $(pkg-config --cflags glib-2.0) \
	-DCACHESIM_QEMU_SOURCE="\"$ver\"" "$@" -o "$so.tmp" "$c" $(pkg-config --libs glib-2.0) ||
	die "compiling $c failed"
mv "$so.tmp" "$so"
