#!/bin/sh
# Bad input is refused first. Every make variable and every option, argument and variable
# of the host scripts, given a bad value, fails with an error naming the value (the
# patterns below), before anything is installed, fetched, unpacked, built or booted: make
# refuses while it reads the Makefile (the goals' scripts checked in check-only mode,
# host/lib.sh's sb_checked), before any prerequisite runs.
# Each command runs in an empty temporary $SCHED_BUDDY_CACHE with stand-ins first in PATH
# that record their call and fail (apt-get, apt-cache, dpkg, dpkg-source,
# dpkg-buildpackage, tar, git, cc, gcc, qemu-system-x86_64): after each, the cache must be
# empty, no stand-in called and the checkout's build/ as it was. Every case runs; the
# test fails naming each one that failed. Valid values pass make's checks (make -n).
. "$(dirname "$0")/lib.sh"
dir=$(mktemp -d)
trap 'rm -rf "$out" "$dir"' EXIT
# only what this test passes
unset MAKEFLAGS MFLAGS MAKELEVEL CONFIG KERNEL BENCH_CACHE BENCH_JOBS BENCH_QUICK_VARIANTS \
	TORTURE_SECONDS SOAK_HOURS TOPOLOGY_ARGS DEB_CONFIG DEB_LSMOD DEB MAINLINE_ARGS \
	SB_PATCHES FORCE SB_CHECK_ONLY SB_BENCH_CORRECTION YARDSTICKS_ARGS SB_KUNIT_TREE
cache=$dir/cache fake=$dir/fake
mkdir "$cache" "$fake"
for t in apt-get apt-cache dpkg dpkg-source dpkg-buildpackage tar git cc gcc qemu-system-x86_64; do
	printf '#!/bin/sh\necho "%s $*" >>"%s/calls"\nexit 1\n' "$t" "$dir" >"$fake/$t"
	chmod +x "$fake/$t"
done
in_scratch() { env SCHED_BUDDY_CACHE="$cache" PATH="$fake:$PATH" "$@"; }
# sb SCRIPT ARGS...: a script of the checkout; mk ARGS...: make in the checkout
sb() { sb_s=$1; shift; in_scratch "$top/$sb_s" "$@"; }
mk() { in_scratch make -C "$top" -s --no-print-directory "$@"; }
# build_state: build/ of the checkout, whether there is one and what it holds
build_state() { [ ! -d "$top/build" ] || { echo build/; ls -A "$top/build"; }; }
build_was=$(build_state)
failed=0

# refused PATTERN CMD...: CMD fails saying PATTERN (expect_failure) and changes nothing.
refused() {
	(expect_failure "$@") || failed=$((failed + 1))
	shift
	if [ -n "$(ls -A "$cache")" ]; then
		echo "FAIL: '$*' left in the cache: $(ls -A "$cache" | tr '\n' ' ')" >&2
		failed=$((failed + 1))
		rm -rf "$cache" && mkdir "$cache"
	fi
	if [ -e "$dir/calls" ]; then
		echo "FAIL: '$*' ran: $(tr '\n' ';' <"$dir/calls")" >&2
		failed=$((failed + 1))
		rm -f "$dir/calls"
	fi
	build_now=$(build_state)
	if [ "$build_now" != "$build_was" ]; then
		echo "FAIL: '$*' changed build/: '$build_was' became '$build_now'" >&2
		failed=$((failed + 1))
		build_was=$build_now
	fi
}

# The make variables, each for the goals that read it.
refused "unknown config 'nope' \(accepted: base, bench, debug, test" mk test CONFIG=nope
for g in check kernels patched demo mainline-kernel mainline bench-topology; do
	refused "unknown config 'nope'" mk $g CONFIG=nope
done
refused "unknown config 'nope'" mk CONFIG=nope
refused "unknown config ''" mk test CONFIG=
refused "unknown config 'test bench'" mk kernels CONFIG='test bench'
refused "unknown kernel version KERNEL='5.0'" mk test KERNEL=5.0
refused "unknown kernel version KERNEL='5.0'" mk deb-boot KERNEL=5.0
refused "unknown kernel version KERNEL='5.0'" in_scratch env KERNEL=5.0 make -C "$top" -s bench-cache
# KERNEL=7.2 has no patched kernel: refused before its source is fetched
for g in kernels test kunit bench-quick torture deb; do
	refused "KERNEL=7.2 has no patched kernel" mk $g KERNEL=7.2
done
refused "BENCH_CACHE='huge' is not .*\(accepted: default or large\)" mk bench-cache BENCH_CACHE=huge
refused "'0' is not a positive number" mk bench-cache BENCH_JOBS=0
refused "'two' is not a positive number" mk bench-defaults BENCH_JOBS=two
refused "unknown variant 'bogus'" mk bench-quick BENCH_QUICK_VARIANTS='base bogus'
refused "variant 'next-long' is gone" mk bench-quick BENCH_QUICK_VARIANTS=next-long
refused "'10m' is not a positive number" mk torture TORTURE_SECONDS=10m
refused "'2h' is not a number of hours" mk soak SOAK_HOURS=2h
refused "unknown option '--bogus'" mk bench-topology TOPOLOGY_ARGS=--bogus
refused "'0' is not a positive number" mk bench-topology TOPOLOGY_ARGS='--runs 0'
refused "--slice 50: build/topology takes 0 or 100 to 100000" mk bench-topology TOPOLOGY_ARGS='--slice 50'
# the reports' correction over their comparisons (host/bench/signif.awk), from the
# environment: refused before a run, not at its report
for g in bench-quick bench bench-cache bench-defaults bench-topology; do
	refused "SB_BENCH_CORRECTION='fwer': .* holm .* or bh" \
		in_scratch env SB_BENCH_CORRECTION=fwer make -C "$top" -s $g
done
# make yardsticks: its variants, vCPUs and KERNEL (7.3 alone), before deps or a build
refused "unknown variant 'bogus' \(make yardsticks knows: off upstream upstream-fixed series series\+last\)" \
	mk yardsticks YARDSTICKS_ARGS='--variants "off bogus"'
refused "unknown variant 'base' \(make yardsticks knows" mk yardsticks YARDSTICKS_ARGS='--variants base'
refused "--cpus '3': make yardsticks runs 1, 2 or 4 vCPUs" mk yardsticks YARDSTICKS_ARGS='--cpus 3'
refused "--cpus '0': make yardsticks runs 1, 2 or 4 vCPUs" mk yardsticks YARDSTICKS_ARGS='--cpus 0'
refused "variant 'series' named twice" mk yardsticks YARDSTICKS_ARGS='--variants "series off series"'
refused "no variants given" mk yardsticks YARDSTICKS_ARGS="--variants ' '"
refused "make yardsticks runs on KERNEL=7.3 only, not KERNEL='6.12'" mk yardsticks KERNEL=6.12
refused "'0' is not a positive number" mk yardsticks YARDSTICKS_ARGS='--reps 0'
refused "unknown config 'nosuch'" mk yardsticks YARDSTICKS_ARGS='--config nosuch'
refused "bad workload list 'a;b'" mk yardsticks YARDSTICKS_ARGS="--workloads 'a;b'"
refused "SB_BENCH_CORRECTION='fwer': .* holm .* or bh" \
	in_scratch env SB_BENCH_CORRECTION=fwer make -C "$top" -s yardsticks
refused "unknown topology 'flat'" mk bench-topology TOPOLOGY_ARGS='--topologies flat'
refused "unknown mode 'everywhere' \(known: off global groups\)" mk bench-topology TOPOLOGY_ARGS='--modes everywhere'
refused "'test' is a QEMU guest config" mk deb DEB_CONFIG=test
refused "no config file '/nonexistent/config'" mk deb DEB_CONFIG=/nonexistent/config
refused "lsmod file '/nonexistent/lsmod' does not exist" mk deb DEB_LSMOD=/nonexistent/lsmod
refused "no package file '/nonexistent/linux-image.deb'" mk deb-boot DEB=/nonexistent/linux-image.deb
refused "'$top/README.md' is not a Debian package" mk deb-boot DEB="$top/README.md"
refused "unknown option '--bogus'" mk mainline MAINLINE_ARGS=--bogus
refused "no series file in /nonexistent" mk tree SB_PATCHES=/nonexistent
refused "no series file in /nonexistent" in_scratch env SB_PATCHES=/nonexistent make -C "$top" -s test
refused "FORCE='yes' \(accepted: 1" mk tree FORCE=yes
refused "KERNEL=7.2 has no series to export" mk export KERNEL=7.2

# The scripts.
refused "no arguments expected, got '--bogus'" sb host/deps.sh --bogus
refused "no arguments expected, got 'now'" sb host/qemu-src.sh now
refused "unknown command 'bogus'" sb host/tree.sh bogus
refused "unexpected argument 'now'" sb host/tree.sh prepare now
refused "unknown kernel variant 'nosuch'" sb host/tree.sh path nosuch
refused "no series file in /nonexistent" in_scratch env SB_PATCHES=/nonexistent "$top/host/tree.sh"
refused "FORCE='yes'" in_scratch env FORCE=yes "$top/host/tree.sh"
refused "unknown kernel variant 'nosuch'" sb host/build.sh nosuch test
refused "unknown config 'nosuch'" sb host/build.sh patched nosuch
refused "KERNEL=7.2 has no patched kernel" in_scratch env KERNEL=7.2 "$top/host/build.sh" patched test
refused "no Kbuild in module directory '/nonexistent'" sb host/build.sh patched bench --module /nonexistent
refused "usage: .*--module DIR" sb host/build.sh patched bench --modul guest/clockcost
refused "kernel image '/nonexistent/bzImage' does not exist" sb host/boot.sh --kernel /nonexistent/bzImage -- true
refused "unknown option '--bogus'" sb host/boot.sh --bogus -- true
refused "'x2' is not a positive number" sb host/boot.sh --cpus x2 -- true
# timeout 0 would mean no limit to coreutils: a hanging guest would hang the run
refused "'0' is not a positive number" sb host/boot.sh --timeout 0 -- true
refused "'0' is not a positive number" sb host/boot.sh --mem 0 -- true
refused "no command given" sb host/boot.sh --cpus 2
refused "unknown config 'nosuch'" sb host/boot.sh --config nosuch -- true
refused "unknown kernel variant 'nosuch'" sb host/boot.sh --variant nosuch -- true
refused "bad run name 'a/b'" sb host/boot.sh --name a/b -- true
refused "plugin arguments must not contain blanks: 'a b'" sb host/boot.sh --cachesim 'a b' -- true
refused "initramfs '/nonexistent/initrd' does not exist" sb host/boot.sh --kernel "$top/README.md" --initrd /nonexistent/initrd -- true
refused "unknown config 'nosuch'" sb host/prefixes.sh nosuch
refused "usage: .*prefixes.sh \[CONFIG\]" sb host/prefixes.sh test test
refused "no host test 'nosuch'" sb host/test.sh --leave-out "torture_quick nosuch"
refused "unknown option '--bogus'" sb host/test.sh --bogus
refused "unknown config 'nosuch'" in_scratch env CONFIG=nosuch "$top/host/test.sh"
refused "unknown option '--bogus'" sb host/mainline.sh --bogus
refused "unknown config 'nosuch'" in_scratch env CONFIG=nosuch "$top/host/mainline.sh"
refused "unknown architecture 'arm64'" sb host/kunit.sh --arch arm64
refused "unknown option '--bogus'" sb host/kunit.sh --bogus
refused "SB_KUNIT_TREE='tree' is not an absolute path" in_scratch env SB_KUNIT_TREE=tree "$top/host/kunit.sh"
refused "SB_KUNIT_TREE='/nonexistent' is not a directory" in_scratch env SB_KUNIT_TREE=/nonexistent \
	KERNEL=7.3 "$top/host/kunit.sh"
refused "SB_KUNIT_TREE='' is not an absolute path" mk kunit KERNEL=7.3 SB_KUNIT_TREE=
refused "unknown anchor '5.10' \(expected 6.12 or 6.1\)" sb host/anchors.sh 5.10
refused "unknown plugin 'bogus' \(expected: cachesim or example\)" sb host/cachesim/build-plugin.sh bogus "$dir/x.so"
refused "'08' is not a positive number" sb host/torture.sh --seconds 08
refused "'2h' is not a number of hours" sb host/torture.sh --soak 2h
refused "soak of 0.001 hours: expected 1 minute to 24 hours" sb host/torture.sh --soak 0.001
refused "unknown variant 'bogus' \(expected: patched, base or both\)" sb host/torture.sh --variant bogus
refused "at most 8 vCPUs" sb host/torture.sh --cpus 16
refused "unknown config 'nosuch'" sb host/dlserver-repro.sh --config nosuch
refused "unknown variant 'bogus'" sb host/dlserver-repro.sh --variant bogus
refused "'0' is not a positive number" sb host/dlserver-repro.sh --boots 0
refused "no config file '/nonexistent/config'" sb host/deb.sh /nonexistent/config
refused "lsmod file '/nonexistent/lsmod' does not exist" sb host/deb.sh --lsmod /nonexistent/lsmod
refused "no package file '/nonexistent/linux-image.deb'" sb host/deb-boot.sh /nonexistent/linux-image.deb
refused "unknown variant 'bogus'" sb host/bench/run.sh --variants "base bogus"
refused "'0' is not a positive number" sb host/bench/run.sh --reps 0
refused "'00' is not a positive number" sb host/bench/run.sh --reps 00
refused "'0' is not a positive number" sb host/bench/run.sh --jobs 0
refused "skews wall-clock figures: drop --wall" sb host/bench/run.sh --jobs 2 --wall
refused "wall-clock mode: it cannot share the host" sb host/bench/run.sh --jobs 2 --variants stock-6.1-wall
refused "unknown config 'nosuch'" sb host/bench/run.sh --config nosuch --variants "stock-6.12 base"
refused "must not contain blanks: 'a b'" sb host/bench/run.sh --cachesim 'a b'
refused "bad workload list 'a;b'" sb host/bench/run.sh --workloads 'a;b'
refused "unknown option '--bogus'" sb host/bench/yardsticks.sh --bogus
refused "--cpus '8': make yardsticks runs 1, 2 or 4 vCPUs" sb host/bench/yardsticks.sh --cpus 8
refused "unknown variant 'next' \(make yardsticks knows" sb host/bench/yardsticks.sh --variants next
refused "option --cpus needs a value" sb host/bench/yardsticks.sh --cpus
refused "KERNEL=7.3 only, not KERNEL='7.2'" in_scratch env KERNEL=7.2 "$top/host/bench/yardsticks.sh" --dry-run
refused "variant 'upstream' is make yardsticks', on KERNEL=7.3 only" sb host/bench/run.sh --variants "off upstream"
refused "--cpus 16: at most 8 vCPUs" sb host/bench/run.sh --cpus 16
refused "'0' is not a positive number" sb host/bench/run.sh --cpus 0
refused "unknown option '--bogus'" sb host/bench/defaults.sh --bogus
refused "'0' is not a positive number" sb host/bench/defaults.sh --jobs 0
refused "no results.csv in '/nonexistent'" sb host/bench/defaults.sh --merge /nonexistent /nonexistent
refused "'0' is not a positive number" sb host/bench/clock.sh --reps 0
refused "unknown config 'nosuch'" sb host/bench/clock.sh --config nosuch
refused "'0' is not a positive number" sb host/bench/hardware.sh --reps 0
refused "unknown variant 'bogus'" sb host/bench/hardware.sh --variants bogus
refused "--ms 500: build/topology takes 1000 to 600000" sb host/bench/topology.sh --ms 500
refused "--slice 50: build/topology takes 0 or 100 to 100000" sb host/bench/topology.sh --slice 50
refused "unknown topology 'flat' \(known: root group" sb host/bench/topology.sh --topologies 'root flat'
refused "unknown mode 'everywhere'" sb host/bench/topology.sh --modes 'off everywhere'
refused "bad run name 'a/b'" sb host/bench/topology.sh --name a/b
refused "kernel image '/nonexistent/bzImage' does not exist" sb host/bench/topology.sh --kernel /nonexistent/bzImage
# check-only mode is refused by a script that has none, rather than run
refused "has no check-only mode" in_scratch env SB_CHECK_ONLY=1 "$top/host/prefixes.sh"

# Valid values pass make's checks: make -n prints the goal's command (-o: without the
# prerequisites' commands, slow to list).
make_runs bench-cache "host/bench/run.sh --cachesim '' --jobs '2' --reps 5 --seconds 2" \
	BENCH_CACHE=large BENCH_JOBS=2 -o guest -o cachesim
make_runs bench-quick "host/bench/run.sh --reps 3 --seconds 2 --workloads quick --variants 'base stock-6.12'" \
	BENCH_QUICK_VARIANTS='base stock-6.12' -o guest
make_runs bench-topology "host/bench/topology.sh --slice 100 --modes 'off groups'" \
	TOPOLOGY_ARGS="--slice 100 --modes 'off groups'" -o kernels -o guest
make_runs torture "host/torture.sh --seconds '60' --cpus 4" TORTURE_SECONDS=60 -o tree -o guest
make_runs soak "host/torture.sh --soak '0.5' --cpus 4" SOAK_HOURS=0.5 -o tree -o guest
make_runs mainline-kernel "KERNEL='7.3' host/build.sh patched 'debug' >/dev/null" CONFIG=debug -o mainline-tree
make_runs mainline-kernel "KERNEL='7.2' host/build.sh base 'debug' >/dev/null" CONFIG=debug MAINLINE=7.2 -o mainline-tree
make_runs yardsticks "host/bench/yardsticks.sh --cpus 4 --wall --reps 1" \
	YARDSTICKS_ARGS='--cpus 4 --wall --reps 1' -o deps -o build/pairs -o build/wakelat -o build/slice
make_runs test "CONFIG='bench' host/test.sh" CONFIG=bench -o kernels -o guest -o cachesim

[ "$failed" = 0 ] || { echo "FAIL: $failed failures above" >&2; exit 1; }
