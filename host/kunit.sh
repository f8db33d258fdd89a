#!/bin/sh
# The buddy KUnit suite as a kunit.py user runs it: the patched tree's
# tools/testing/kunit/kunit.py builds the series' own kernel/sched/.kunitconfig for ARCH
# (--kunitconfig=kernel/sched, as in a tree with only the patches: no schedstats), in
# $SCHED_BUDDY_CACHE/kunit-ARCH through ccache, boots it in QEMU and parses the result. The
# test kernels run the same suite at boot, with schedstats.
# --arch um builds the UML kernel only (kunit.py build): UML would run the kernel as a
# process of this machine, and kernels run here only inside QEMU guests.
#   host/kunit.sh [--arch x86_64|um]     (default: x86_64)
set -eu
. "$(dirname "$0")/lib.sh"

arch=x86_64
while [ $# -gt 0 ]; do
	case $1 in
	--arch) need "$@"; arch=$2; shift 2 ;;
	*) die "unknown option '$1' (expected: --arch x86_64|um)" ;;
	esac
done
case $arch in
x86_64 | um) ;;
*) die "unknown architecture '$arch' (expected: x86_64 or um)" ;;
esac
sb_check_variant patched
sb_checked
src=$(sb_src patched)
[ -f "$src/tools/testing/kunit/kunit.py" ] || die "no kernel tree at $src (run: make tree)"

step=run timeout=--timeout=900
[ "$arch" != um ] || { step=build timeout=; log "UML: building only, never run on this machine"; }
cd "$src"
CCACHE_DIR="$SCHED_BUDDY_CACHE/ccache" CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-8G} \
	python3 tools/testing/kunit/kunit.py "$step" --arch="$arch" \
	--kunitconfig=kernel/sched \
	--build_dir="$SCHED_BUDDY_CACHE/kunit-$arch" --make_options "CC=ccache gcc" \
	--jobs="$(nproc)" $timeout
