#!/bin/sh
# KERNEL chooses the kernel version (host/lib.sh). Anything but 6.12, 7.2 and 7.3 is
# refused, naming the accepted values, before a script creates anything; KERNEL=7.2 has no
# patched or prefix kernel and nothing to export; 7.2 and 7.3 say how to fetch their source
# when it is missing. Its fetch (host/tree.sh, make mainline-tree) runs here against package lists
# made in a temporary directory (SB_FETCH_SOURCES, a flat file: repository; no network):
# lists without linux-source-7.2, lists that cannot be read and a package whose tarball is
# cut short are each reported clearly and leave no tree, no temporary directory and no
# recorded version behind; a good package (a stand-in of a few files) becomes the tree,
# the pristine source tagged, which a second call reuses without reading the lists.
# KERNEL=7.3's fetch does the same in its own folder, then lays its trees out as 6.12's:
# patches/7.3/fixes/ (here SB_PATCHES' stand-in fix) on branch debian-fixes in the base
# worktree, patches/7.3/series (a stand-in patch) on branch sched-buddy in the tree; a fix
# or a patch that does not apply is named with its hunk.
# make mainline runs host/mainline.sh, which works on MAINLINE's kernel (7.3, or 7.2)
# whatever KERNEL says.
# Everything runs in an empty temporary $SCHED_BUDDY_CACHE; nothing is built.
. "$(dirname "$0")/lib.sh"
for t in apt-get apt-cache dpkg-deb git xz; do
	command -v $t >/dev/null || { echo "SKIP: $t missing (run: make deps)" >&2; exit 4; }
done
dir=$(mktemp -d)
trap 'rm -rf "$out" "$dir"' EXIT
chmod 755 "$dir"  # apt's download user, _apt, reads the repositories
fail() { echo "FAIL: $*" >&2; exit 1; }
unset KERNEL SB_FETCH_SOURCES MAKEFLAGS MFLAGS  # only what this test passes
cache=$dir/cache
mkdir "$cache"
# in_cache VAR=VALUE... CMD...: CMD with the temporary cache
in_cache() { env SCHED_BUDDY_CACHE="$cache" "$@"; }
# cache_holds WANT: the names in the temporary cache, $cache/mainline, mainline-7.3 and the
# tree dirs in them (not their apt/), one line, must be WANT.
cache_holds() {
	got=$(cd "$cache" && find . -maxdepth 2 -path './mainline*/apt' -prune -o -print |
		sed 's|^\./||' | grep -v '^\.$' | sort | tr '\n' ' ' | sed 's/ $//')
	[ "$got" = "$1" ] || fail "the cache holds '$got', expected '$1'"
	echo "ok: the cache holds '$got'" >&2
}

# Unknown versions: refused by every script before anything is created.
for v in 5.0 garbage 7.2.13 6 "6.12 " 7.4; do
	expect_failure "unknown kernel version KERNEL='$v' \(accepted: 6.12, the default, 7.2 or 7.3\)" \
		in_cache KERNEL="$v" "$top/host/tree.sh"
done
expect_failure "unknown kernel version KERNEL='5.0' \(accepted: 6.12" \
	in_cache KERNEL=5.0 "$top/host/build.sh" base test
expect_failure "unknown kernel version KERNEL='garbage' \(accepted: 6.12" \
	in_cache KERNEL=garbage "$top/host/boot.sh" -- true
cache_holds ""
make_runs mainline-tree "KERNEL='7.3' host/tree.sh"
make_runs mainline-kernel "KERNEL='7.3' host/build.sh patched 'test' >/dev/null"
make_runs mainline-kernel "KERNEL='7.3' host/build.sh patched 'bench' >/dev/null" CONFIG=bench
make_runs mainline "MAINLINE='7.3' CONFIG='test' host/mainline.sh"
make_runs mainline "MAINLINE='7.3' CONFIG='test' host/mainline.sh --preempt-sync" MAINLINE_ARGS=--preempt-sync
make_runs mainline-tree "KERNEL='7.2' host/tree.sh" MAINLINE=7.2
make_runs mainline-kernel "KERNEL='7.2' host/build.sh base 'test' >/dev/null" MAINLINE=7.2
make_runs mainline "MAINLINE='7.2' CONFIG='test' host/mainline.sh" MAINLINE=7.2

# 7.2 before its fetch, and what it does not have.
expect_failure "linux-source-7.2 has not been fetched \(run: make mainline-tree MAINLINE=7.2\)" \
	in_cache KERNEL=7.2 "$top/host/build.sh" base test
expect_failure "KERNEL=7.2 has no patched kernel: the series applies to 6.12 and 7.3 only" \
	in_cache KERNEL=7.2 "$top/host/build.sh" patched test
expect_failure "KERNEL=7.2 has no prefix kernel" in_cache KERNEL=7.2 "$top/host/tree.sh" path prefix
expect_failure "KERNEL=7.2 has no series to export" in_cache KERNEL=7.2 "$top/host/tree.sh" export
expect_failure "unknown command 'bogus'" in_cache KERNEL=7.2 "$top/host/tree.sh" bogus
# The benchmark on 7.2 switches its own NEXT_BUDDY: base, off and next only.
for v in next+last groups stock-6.12; do
	expect_failure "KERNEL=7.2 knows the variants base, off and next \\(its own NEXT_BUDDY\\), not '$(echo "$v" | sed 's/+/\\+/g')'" \
		in_cache KERNEL=7.2 "$top/host/bench/run.sh" --config test --variants "off $v"
done
expect_failure "linux-source-7.2 has not been fetched \\(run: make mainline-tree MAINLINE=7.2\\)" \
	in_cache KERNEL=7.2 "$top/host/bench/run.sh" --config test --variants "off next"
# host/mainline.sh is 7.3's, unless MAINLINE says 7.2, whatever KERNEL says.
expect_failure "linux-source-7.3 has not been fetched \(run: make mainline-tree\)" \
	in_cache "$top/host/mainline.sh"
expect_failure "linux-source-7.3 has not been fetched" in_cache KERNEL=6.12 "$top/host/mainline.sh"
expect_failure "linux-source-7.2 has not been fetched \(run: make mainline-tree MAINLINE=7.2\)" \
	in_cache MAINLINE=7.2 "$top/host/mainline.sh"
# 7.3 in its own folder.
expect_failure "linux-source-7.3 has not been fetched \(run: make mainline-tree\)" \
	in_cache KERNEL=7.3 "$top/host/build.sh" base test
expect_failure "linux-source-7.3 has not been fetched \(run: make mainline-tree\)" \
	in_cache KERNEL=7.3 "$top/host/build.sh" patched test
expect_failure "linux-source-7.3 has not been fetched" in_cache KERNEL=7.3 "$top/host/tree.sh" export
expect_failure "MAINLINE='6.12' is not a mainline kernel \(accepted: 7.3, the default, or 7.2\)" \
	in_cache MAINLINE=6.12 "$top/host/mainline.sh"
cache_holds ""

# Flat repositories (deb [trusted=yes] file:DIR ./): repo DIR writes DIR/Packages for the
# packages in DIR; stand_in VERSION SOURCE-DIR DIR [MAJOR] packs a linux-source-MAJOR
# (default 7.2) of VERSION whose tarball holds SOURCE-DIR, as Debian's does
# (/usr/src/linux-source-MAJOR.tar.xz, one top directory) into DIR; pack VERSION DIR
# [MAJOR] builds its package there.
repo() {
	for deb in "$1"/*.deb; do
		[ -f "$deb" ] || continue
		dpkg-deb -f "$deb"
		printf 'Filename: %s\nSize: %s\nSHA256: %s\n\n' "${deb##*/}" \
			"$(wc -c <"$deb")" "$(sha256sum "$deb" | cut -d' ' -f1)"
	done >"$1/Packages"
}
stand_in() {
	p=$dir/pkg-$1
	mkdir -p "$p/DEBIAN" "$p/usr/src" "$3"
	printf '%s\n' "Package: linux-source-${4:-7.2}" "Version: $1" "Architecture: all" \
		"Maintainer: nobody <nobody@localhost>" "Description: stand-in for a test" \
		>"$p/DEBIAN/control"
	tar -cJf "$p/usr/src/linux-source-${4:-7.2}.tar.xz" -C "$(dirname "$2")" "$(basename "$2")"
}
pack() {
	dpkg-deb -b -Zgzip "$dir/pkg-$1" "$2/linux-source-${3:-7.2}_$1_all.deb" >/dev/null
}
fetch() { in_cache KERNEL=7.2 SB_FETCH_SOURCES="deb [trusted=yes] file:$1 ./" "$top/host/tree.sh"; }

# Lists without linux-source-7.2: the archive has another kernel's source only.
mkdir "$dir/other"
printf '%s\n' "Package: linux-source-7.3" "Version: 7.3.1-1" "Architecture: all" \
	"Filename: linux-source-7.3_7.3.1-1_all.deb" "Size: 1" "SHA256: $(echo | sha256sum | cut -d' ' -f1)" \
	"Description: not this one" >"$dir/other/Packages"
expect_failure "linux-source-7.2 is not in the package lists of 'deb \[trusted=yes\] file:$dir/other ./' \(see $cache/mainline/apt/update.log\): is the suite unstable unreachable, or has it no linux-source-7.2 any more\? set SB_FETCH_SOURCES" \
	fetch "$dir/other"
cache_holds "mainline"
# Lists that cannot be read.
expect_failure "apt-get update with the private sources list failed \(is the suite unstable reachable\? SB_FETCH_SOURCES sets another sources line\): .*\(see $cache/mainline/apt/update.log\)" \
	fetch "$dir/nosuch"
cache_holds "mainline"

# A package whose tarball is cut short: a first file unpacked, the second cut off.
src=$dir/src/linux-source-7.2
mkdir -p "$src"
echo 'VERSION = 7' >"$src/Makefile"
head -c 262144 /dev/urandom >"$src/zz-incompressible"
stand_in 7.2.1-1 "$src" "$dir/cut"
tarball=$dir/pkg-7.2.1-1/usr/src/linux-source-7.2.tar.xz
head -c $(($(wc -c <"$tarball") / 2)) "$tarball" >"$tarball.cut" && mv "$tarball.cut" "$tarball"
pack 7.2.1-1 "$dir/cut"
repo "$dir/cut"
expect_failure "cannot unpack .*/linux-source-7.2.tar.xz" fetch "$dir/cut"
cache_holds "mainline"

# A good package: the tree, its branch, tag and commit, the version recorded; then reused.
rm "$src/zz-incompressible"
stand_in 7.2.2-1 "$src" "$dir/good"
pack 7.2.2-1 "$dir/good"
repo "$dir/good"
fetch "$dir/good" 2>"$out" || { sed 's/^/    /' "$out" >&2; fail "the good package was not unpacked"; }
tree=$cache/mainline/linux-7.2.2-1
cache_holds "mainline mainline/linux-7.2.2-1 mainline/linux-source-7.2.version"
[ "$(cat "$cache/mainline/linux-source-7.2.version")" = 7.2.2-1 ] || fail "version not recorded"
[ "$(cat "$tree/Makefile" 2>/dev/null)" = "VERSION = 7" ] || fail "$tree holds no source"
[ "$(git -C "$tree" log --format=%s debian-base)" = "Debian linux-source-7.2 7.2.2-1 (pristine)" ] ||
	fail "$tree: no commit tagged debian-base for the pristine source"
[ "$(git -C "$tree" symbolic-ref --short HEAD)" = debian ] || fail "$tree is not on branch debian"
echo "ok: $tree holds the pristine source, tagged debian-base on branch debian" >&2
[ "$(in_cache KERNEL=7.2 "$top/host/tree.sh" path)" = "$tree" ] || fail "tree.sh path is not $tree"
fetch "$dir/nosuch" 2>"$out" || { sed 's/^/    /' "$out" >&2; fail "a second call was not a reuse"; }
grep -q "linux-source-7.2 7.2.2-1 is unpacked in $tree" "$out" || fail "a second call said: $(cat "$out")"
echo "ok: a second call reuses $tree without the lists" >&2

# KERNEL=7.3: its own folder (7.2's tree stays), which version it took, and its fixes.
mkdir "$dir/p73/7.3/fixes" -p
src3=$dir/src73/linux-source-7.3
mkdir -p "$src3/kernel"
printf 'int x;\n' >"$src3/kernel/a.c"
echo 'VERSION = 7' >"$src3/Makefile"
stand_in 7.3~rc1-1 "$src3" "$dir/good73" 7.3
pack 7.3~rc1-1 "$dir/good73" 7.3
repo "$dir/good73"
# A fix in git format-patch's form, against the stand-in's kernel/a.c.
cat >"$dir/p73/7.3/fixes/0001-a.patch" <<'PATCH'
From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001
From: nobody <nobody@localhost>
Date: Mon, 7 Dec 2026 00:00:00 +0000
Subject: [PATCH] a: Make x one

---
 kernel/a.c | 2 +-
 1 file changed, 1 insertion(+), 1 deletion(-)

diff --git a/kernel/a.c b/kernel/a.c
--- a/kernel/a.c
+++ b/kernel/a.c
@@ -1 +1 @@
-int x;
+int x = 1;
--
2.39.5
PATCH
echo 0001-a.patch >"$dir/p73/7.3/fixes/series"
# The 7.3 series: a stand-in patch above the fix.
sed -e 's/^-int x;/-int x = 1;/' -e 's/^+int x = 1;/+int x = 2;/' -e 's/a: Make x one/a: Make x two/' \
	"$dir/p73/7.3/fixes/0001-a.patch" >"$dir/p73/7.3/0001-b.patch"
echo 0001-b.patch >"$dir/p73/7.3/series"
fetch73() {
	in_cache KERNEL=7.3 SB_PATCHES="$dir/p73" \
		SB_FETCH_SOURCES="deb [trusted=yes] file:$1 ./" "$top/host/tree.sh"
}
fetch73 "$dir/good73" 2>"$out" || { sed 's/^/    /' "$out" >&2; fail "the 7.3 package was not unpacked"; }
tree3=$cache/mainline-7.3/linux-7.3_rc1-1
grep -q "took linux-source-7.3 7.3~rc1-1 from experimental: $tree3" "$out" ||
	fail "the 7.3 fetch did not say which version it took: $(cat "$out")"
grep -q "applied 1 fixes on debian-fixes" "$out" || fail "the 7.3 fix was not applied: $(cat "$out")"
grep -q "applied 1 patches on sched-buddy" "$out" || fail "the 7.3 series was not applied: $(cat "$out")"
cache_holds "mainline mainline-7.3 mainline-7.3/linux-7.3_rc1-1 mainline-7.3/linux-7.3_rc1-1-base mainline-7.3/linux-source-7.3.version mainline/linux-7.2.2-1 mainline/linux-source-7.2.version"
[ "$(cat "$tree3-base/kernel/a.c")" = "int x = 1;" ] || fail "$tree3-base is not at its fix"
[ "$(cat "$tree3/kernel/a.c")" = "int x = 2;" ] || fail "$tree3 is not at its series"
[ "$(git -C "$tree3" log --format=%s debian-base..debian-fixes)" = "a: Make x one" ] ||
	fail "$tree3: branch debian-fixes is not the pristine source and the fix"
[ "$(git -C "$tree3" log --format=%s debian-fixes..sched-buddy)" = "a: Make x two" ] ||
	fail "$tree3: branch sched-buddy is not debian-fixes and the series"
[ "$(in_cache KERNEL=7.3 "$top/host/tree.sh" path)" = "$tree3" ] || fail "tree.sh path is not $tree3"
[ "$(in_cache KERNEL=7.3 "$top/host/tree.sh" path base)" = "$tree3-base" ] ||
	fail "tree.sh path base is not $tree3-base"
echo "ok: KERNEL=7.3 took 7.3~rc1-1: its fix on debian-fixes in $tree3-base, its series on sched-buddy in $tree3; 7.2's tree stays" >&2
# A patch of the series that does not apply: named with its hunk, the tree left as it was.
cp "$dir/p73/7.3/0001-b.patch" "$dir/b.good"
sed -i 's/^-int x = 1;/-int z = 1;/' "$dir/p73/7.3/0001-b.patch"
expect_failure "patch 0001-b.patch does not apply to linux-source-7.3 7.3~rc1-1 \(hunk at kernel/a.c:1\); $tree3 left as it was" \
	fetch73 "$dir/nosuch"
[ "$(cat "$tree3/kernel/a.c")" = "int x = 2;" ] || fail "$tree3 was changed by a patch that does not apply"
mv "$dir/b.good" "$dir/p73/7.3/0001-b.patch"
# A fix that does not apply: named with its hunk, the base tree left at the fixes it had.
sed -i 's/^-int x;/-int y;/' "$dir/p73/7.3/fixes/0001-a.patch"
expect_failure "fix 0001-a.patch does not apply to linux-source-7.3 7.3~rc1-1 \(hunk at kernel/a.c:1\); $tree3-base left as it was" \
	fetch73 "$dir/nosuch"
[ "$(cat "$tree3-base/kernel/a.c")" = "int x = 1;" ] || fail "$tree3-base was changed by a fix that does not apply"
