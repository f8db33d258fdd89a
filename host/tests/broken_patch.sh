#!/bin/sh
# A patch that does not apply, in the series or in patches/fixes/, stops tree.sh with the
# patch's name and the source version, and leaves the kernel trees exactly as they were.
. "$(dirname "$0")/lib.sh"
tree=$("$top/host/tree.sh" path patched) || exit 1
base=$("$top/host/tree.sh" path base) || exit 1
before=$(git -C "$tree" rev-parse HEAD)
base_before=$(git -C "$base" rev-parse HEAD)
fixes_before=$(git -C "$tree" rev-parse debian-fixes)
stamp=$(cat "$tree/.git/sched-buddy-applied")
dir=$(mktemp -d)
cp -r "$top"/patches/* "$dir"/
cat >"$dir/9999-broken.patch" <<'PATCH'
From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001
From: Nobody <nobody@localhost>
Subject: [PATCH] broken: context that does not exist

---
 kernel/sched/fair.c | 2 +-
 1 file changed, 1 insertion(+), 1 deletion(-)

diff --git a/kernel/sched/fair.c b/kernel/sched/fair.c
--- a/kernel/sched/fair.c
+++ b/kernel/sched/fair.c
@@ -1,3 +1,3 @@
 this line is not in fair.c
-neither is this one
+so the patch cannot apply
 nor this one
PATCH
echo 9999-broken.patch >>"$dir/series"
SB_PATCHES=$dir expect_failure "patch 9999-broken.patch does not apply to linux-source-6.12 [0-9]" \
	"$top/host/tree.sh"
# the same patch as a fix: it must not move the base worktree or the fixes branch either
sed -e '/^9999-broken.patch$/d' -i "$dir/series"
mv "$dir/9999-broken.patch" "$dir/fixes/"
echo 9999-broken.patch >>"$dir/fixes/series"
SB_PATCHES=$dir expect_failure "fix 9999-broken.patch does not apply to linux-source-6.12 [0-9]" \
	"$top/host/tree.sh"
rm -rf "$dir"
[ "$(git -C "$base" rev-parse HEAD)" = "$base_before" ] ||
	{ echo "FAIL: the base worktree moved" >&2; exit 1; }
[ "$(git -C "$tree" rev-parse debian-fixes)" = "$fixes_before" ] ||
	{ echo "FAIL: branch debian-fixes moved" >&2; exit 1; }
[ -z "$(git -C "$base" status --porcelain --untracked-files=no)" ] ||
	{ echo "FAIL: the base tree has changes left over" >&2; exit 1; }
after=$(git -C "$tree" rev-parse HEAD)
[ "$before" = "$after" ] || { echo "FAIL: HEAD moved from $before to $after" >&2; exit 1; }
[ "$(cat "$tree/.git/sched-buddy-applied")" = "$stamp" ] || { echo "FAIL: stamp changed" >&2; exit 1; }
[ -z "$(git -C "$tree" status --porcelain --untracked-files=no)" ] ||
	{ echo "FAIL: the tree has changes left over" >&2; exit 1; }
[ ! -d "$tree/.git/rebase-apply" ] || { echo "FAIL: git am left in progress" >&2; exit 1; }
echo "ok: tree still at $after, clean" >&2
"$top/host/tree.sh" >/dev/null 2>&1 || { echo "FAIL: the real series no longer applies" >&2; exit 1; }
