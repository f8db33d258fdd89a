#!/bin/sh
# host/deb-boot.sh (make deb-boot) refuses with a clear message, before it boots anything:
# no package built yet (the message says to run make deb DEB_LSMOD=...), a missing file, a
# file that is not a Debian package, a package that is not make deb's kernel (Debian's
# stock linux-image, the -dbg package, the headers), unknown options and extra arguments.
# make deb-boot passes DEB on, and refuses a bad one while it reads the Makefile.
# deb-boot.sh runs in an empty temporary $SCHED_BUDDY_CACHE with a failing stand-in for
# qemu-system-x86_64 first in PATH: nothing can boot, and the stand-in must not be called.
# The control, a package named as make deb's holding no kernel, gets as far as unpacking
# it (refused there: no kernel in it). Builds nothing, needs no kernel tree; the packages
# are made with dpkg-deb, a few hundred bytes each.
. "$(dirname "$0")/lib.sh"
dir=$(mktemp -d)
trap 'rm -rf "$out" "$dir"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
unset DEB MAKEFLAGS MFLAGS # make -n below: only what this test passes
cache=$dir/cache
mkdir "$cache"

fake=$dir/fake
mkdir "$fake"
printf '#!/bin/sh\necho "qemu $*" >>"%s/calls"\nexit 1\n' "$dir" >"$fake/qemu-system-x86_64"
chmod +x "$fake/qemu-system-x86_64"
boot() { env SCHED_BUDDY_CACHE="$cache" PATH="$fake:$PATH" "$top/host/deb-boot.sh" "$@"; }

# mkdeb NAME: a package NAME with one file, $dir/NAME.deb
mkdeb() {
	mkdir -p "$dir/$1/DEBIAN" "$dir/$1/usr/share/doc/$1"
	printf 'Package: %s\nVersion: 1\nArchitecture: amd64\nMaintainer: t <t@t>\nDescription: t\n' \
		"$1" >"$dir/$1/DEBIAN/control"
	echo test >"$dir/$1/usr/share/doc/$1/README"
	dpkg-deb -Zgzip --root-owner-group --build "$dir/$1" "$dir/$1.deb" >/dev/null ||
		fail "dpkg-deb cannot build $1"
}
ours=linux-image-6.12.118-sched-buddy-patched
for p in linux-image-6.12.118+deb12-amd64 $ours-dbg linux-headers-6.12.118-sched-buddy-patched $ours; do
	mkdeb "$p"
done

# The real make (make -n, without the stand-in): make deb-boot passes DEB on, once its own
# check (host/deb-boot.sh in check-only mode) has passed it.
make_runs deb-boot "host/deb-boot.sh" -o build/pairs
make_runs deb-boot "host/deb-boot.sh '$dir/$ours.deb'" DEB="$dir/$ours.deb" -o build/pairs
expect_failure "'$dir/$ours-dbg.deb' is not a kernel package of make deb" \
	make -C "$top" -s -n deb-boot DEB="$dir/$ours-dbg.deb"

expect_failure "no package of the patched kernel in $cache/deb \(run: make deb DEB_LSMOD=FILE" boot
mkdir "$cache/deb" && cp "$dir/$ours-dbg.deb" "$cache/deb/${ours}-dbg_1_amd64.deb"
expect_failure "no package of the patched kernel in $cache/deb \(run: make deb DEB_LSMOD=FILE" boot
rm -r "$cache/deb"
expect_failure "no package file '$dir/nosuch.deb'" boot "$dir/nosuch.deb"
expect_failure "'$top/README.md' is not a Debian package" boot "$top/README.md"
for p in linux-image-6.12.118+deb12-amd64 $ours-dbg linux-headers-6.12.118-sched-buddy-patched; do
	r=$(printf %s "$p" | sed 's/+/\\+/g') # (in an extended regular expression)
	expect_failure "'$dir/$r.deb' is not a kernel package of make deb: it is $r, not linux-image-<release>-sched-buddy-patched" \
		boot "$dir/$p.deb"
done
expect_failure "unknown option '--seconds'" boot --seconds 2
expect_failure "usage: .*\[DEB\]" boot "$dir/$ours.deb" "$dir/$ours.deb"

# The control: make deb's name passes the checks, and is refused once unpacked (or, in a
# checkout without make guest, for the guest programs missing).
expect_failure "holds no kernel \(boot/vmlinuz-RELEASE and lib/modules/RELEASE\)|guest programs missing" \
	boot "$dir/$ours.deb"
mkdir "$cache/deb" && cp "$dir/$ours.deb" "$cache/deb/${ours}_1_amd64.deb"
expect_failure "${ours}_1_amd64.deb holds no kernel|guest programs missing" boot

[ ! -e "$dir/calls" ] || fail "deb-boot.sh booted: $(cat "$dir/calls")"
[ ! -e "$cache/runs" ] || fail "deb-boot.sh made a run directory: $(ls "$cache/runs")"
echo "ok: nothing booted" >&2
