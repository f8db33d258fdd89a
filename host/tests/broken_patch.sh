#!/bin/sh
# A patch that does not apply stops tree.sh with the patch's name and the source version,
# and leaves the kernel tree exactly as it was.
. "$(dirname "$0")/lib.sh"
tree=$("$top/host/tree.sh" path patched) || exit 1
before=$(git -C "$tree" rev-parse HEAD)
stamp=$(cat "$tree/.git/sched-buddy-applied")
dir=$(mktemp -d)
cp "$top"/patches/* "$dir"/
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
rm -rf "$dir"
after=$(git -C "$tree" rev-parse HEAD)
[ "$before" = "$after" ] || { echo "FAIL: HEAD moved from $before to $after" >&2; exit 1; }
[ "$(cat "$tree/.git/sched-buddy-applied")" = "$stamp" ] || { echo "FAIL: stamp changed" >&2; exit 1; }
[ -z "$(git -C "$tree" status --porcelain --untracked-files=no)" ] ||
	{ echo "FAIL: the tree has changes left over" >&2; exit 1; }
[ ! -d "$tree/.git/rebase-apply" ] || { echo "FAIL: git am left in progress" >&2; exit 1; }
echo "ok: tree still at $after, clean" >&2
"$top/host/tree.sh" >/dev/null 2>&1 || { echo "FAIL: the real series no longer applies" >&2; exit 1; }
