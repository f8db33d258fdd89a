#!/bin/sh
# Every patch in the series and in patches/fixes/ passes the kernel's checkpatch.pl --strict:
# no error, warning or check. GIT_DIR points nowhere: inside a git repository checkpatch
# treats a tracked file as source code, not as a patch, and looks commit ids up in the
# wrong history. So UNKNOWN_COMMIT_ID is ignored: without mainline's history here every id
# a fix names (its upstream commit, its Fixes: tags) would be "unknown".
# FILE_PATH_CHANGES is ignored: files added under kernel/sched/ are covered by the SCHEDULER
# entry's "F: kernel/sched/" in MAINTAINERS (each such changelog says so).
# patches/mainline/ (against 7.2) is checked with the 7.2 tree's checkpatch.pl when that
# tree has been fetched (make mainline-tree MAINLINE=7.2), and left out, saying so, when
# not; likewise the 7.3 series (patches/7.3/) and its fixes (patches/7.3/fixes/) with the
# 7.3 tree's (make mainline-tree).
. "$(dirname "$0")/lib.sh"
. "$top/host/lib.sh"
tree=$(KERNEL=6.12 "$top/host/tree.sh" path patched) || exit 1
n=0
# check TREE DIR: checkpatch every patch DIR/series names (DIR under patches/) with TREE's.
check() {
	for p in $(sb_series "$top/patches${2:+/$2}"); do
		p=${2:+$2/}$p
		n=$((n + 1))
		if ! GIT_DIR=/nonexistent perl "$1/scripts/checkpatch.pl" --no-tree --strict -q \
			--ignore FILE_PATH_CHANGES,UNKNOWN_COMMIT_ID "$top/patches/$p" >"$out" 2>&1; then
			echo "FAIL: checkpatch on $p:" >&2
			sed 's/^/    /' "$out" >&2
			exit 1
		fi
	done
}
check "$tree" ''
check "$tree" fixes
[ "$n" -gt 0 ] || { echo "skip: the series is empty" >&2; exit 4; }
if mainline=$(KERNEL=7.2 "$top/host/tree.sh" path base 2>/dev/null); then
	check "$mainline" mainline
else
	echo "left out: patches/mainline/ (no 7.2 tree: make mainline-tree)" >&2
fi
if tree73=$(KERNEL=7.3 "$top/host/tree.sh" path base 2>/dev/null); then
	check "$tree73" 7.3
	check "$tree73" 7.3/fixes
else
	echo "left out: patches/7.3/ and patches/7.3/fixes/ (no 7.3 tree: make mainline-tree)" >&2
fi
echo "ok: $n patches checkpatch clean" >&2
