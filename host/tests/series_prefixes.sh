#!/bin/sh
# Every prefix of the series builds and boots a kernel that runs the basic in-guest tests.
. "$(dirname "$0")/lib.sh"
"$top/host/prefixes.sh" 2>"$out"
rc=$?
tail -n 3 "$out" >&2
exit $rc
