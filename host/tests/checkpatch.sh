#!/bin/sh
# Every patch in the series and in patches/fixes/ passes the kernel's checkpatch.pl --strict:
# no error, warning or check. GIT_DIR points nowhere: inside a git repository checkpatch
# treats a tracked file as source code, not as a patch, and looks commit ids up in the
# wrong history. So UNKNOWN_COMMIT_ID is ignored: without mainline's history here every id
# a fix names (its upstream commit, its Fixes: tags) would be "unknown".
# FILE_PATH_CHANGES is ignored: files added under kernel/sched/ are covered by the SCHEDULER
# entry's "F: kernel/sched/" in MAINTAINERS (each such changelog says so).
. "$(dirname "$0")/lib.sh"
tree=$("$top/host/tree.sh" path patched) || exit 1
n=0
for p in $(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$top/patches/series") \
	$(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' -e 's|^|fixes/|' "$top/patches/fixes/series"); do
	n=$((n + 1))
	if ! GIT_DIR=/nonexistent perl "$tree/scripts/checkpatch.pl" --no-tree --strict -q \
		--ignore FILE_PATH_CHANGES,UNKNOWN_COMMIT_ID "$top/patches/$p" >"$out" 2>&1; then
		echo "FAIL: checkpatch on $p:" >&2
		sed 's/^/    /' "$out" >&2
		exit 1
	fi
done
[ "$n" -gt 0 ] || { echo "skip: the series is empty" >&2; exit 4; }
echo "ok: $n patches checkpatch clean" >&2
