#!/bin/sh
# The buddy KUnit suite as a kunit.py user runs it: the patched tree's
# tools/testing/kunit/kunit.py builds the series' own kernel/sched/.kunitconfig for ARCH
# (--kunitconfig=kernel/sched, as in a tree with only the patches), in
# $SCHED_BUDDY_CACHE/kunit-ARCH (KERNEL=7.3: kunit-ARCH-7.3, from the 7.3 series' patched
# tree) through ccache, boots it in QEMU and parses the result. The test kernels run the
# same suite at boot, with schedstats.
# The run fails when kunit.py does, and when its log (test.log in the build directory)
# has no suite, a suite that ran no case or skipped every case it ran (host/lib.sh's
# sb_kunit_verdict): a suite that did not run does not pass.
# --arch um builds the UML kernel only (kunit.py build): UML would run the kernel as a
# process of this machine, and kernels run here only inside QEMU guests.
# SB_KUNIT_TREE=DIR runs kunit.py of the kernel tree DIR instead (a worktree holding a
# suite the series does not have yet), in the same build directory.
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
case ${SB_KUNIT_TREE-unset} in
unset) ;;
/*) [ -d "$SB_KUNIT_TREE" ] || die "SB_KUNIT_TREE='$SB_KUNIT_TREE' is not a directory" ;;
*) die "SB_KUNIT_TREE='$SB_KUNIT_TREE' is not an absolute path" ;;
esac
sb_checked
src=${SB_KUNIT_TREE:-$(sb_src patched)}
[ -f "$src/tools/testing/kunit/kunit.py" ] || die "no kernel tree at $src (run: ${SB_TREE_CMD:-make tree})"
[ -f "$src/kernel/sched/.kunitconfig" ] ||
	die "$src has no kernel/sched/.kunitconfig: its series has no KUnit suite (SB_KUNIT_TREE names a tree with one)"
build=$SCHED_BUDDY_CACHE/kunit-$arch
[ "$SB_KERNEL" = 6.12 ] || build=$build-$SB_KERNEL
log "kunit.py in $src, building in $build"

step=run timeout=--timeout=900
[ "$arch" != um ] || { step=build timeout=; log "UML: building only, never run on this machine"; }
cd "$src"
rm -f "$build/test.log"
# 7.x's kunit.py starts QEMU with -accel kvm -accel hvf -accel tcg: KVM whenever /dev/kvm
# opens. Guests here run under TCG (host/boot.sh); under KVM, nested in this machine, a 7.3
# kunit kernel printed nothing in 7 minutes. A wrapper first in PATH drops the other two.
if [ "$step" = run ]; then
	qemu=$(command -v "qemu-system-$arch") || die "qemu-system-$arch missing (run: make deps)"
	qemu_dir=$(mktemp -d)
	trap 'rm -rf "$qemu_dir"' EXIT
	cat >"$qemu_dir/qemu-system-$arch" <<EOF
#!/bin/sh
# kunit.py's QEMU under TCG alone: -accel kvm and -accel hvf dropped (host/kunit.sh)
n=\$#
while [ "\$n" -gt 0 ]; do
	a=\$1
	shift
	n=\$((n - 1))
	case \$a:\${1-} in
	-accel:kvm | -accel:hvf) shift; n=\$((n - 1)); continue ;;
	esac
	set -- "\$@" "\$a"
done
exec "$qemu" "\$@"
EOF
	chmod +x "$qemu_dir/qemu-system-$arch"
	PATH=$qemu_dir:$PATH
fi
rc=0
CCACHE_DIR="$SCHED_BUDDY_CACHE/ccache" CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-8G} \
	python3 tools/testing/kunit/kunit.py "$step" --arch="$arch" \
	--kunitconfig=kernel/sched \
	--build_dir="$build" --make_options "CC=ccache gcc" \
	--jobs="$(nproc)" $timeout || rc=$?
[ "$step" = run ] || exit "$rc"
[ -f "$build/test.log" ] || die "kunit.py left no log ($build/test.log; exit $rc)"
ok=1
counts=$(sb_kunit_verdict "$build/test.log") || ok=
# shellcheck disable=SC2086 # (three numbers)
set -- $counts
log "$1 passed, $2 failed, $3 skipped ($build/test.log)"
[ "$rc" = 0 ] || die "kunit.py failed (exit $rc)"
[ -n "$ok" ] || die "the KUnit run does not count as passed: see above and $build/test.log"
