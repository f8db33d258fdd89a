# shellcheck shell=sh
# Helpers for the host-side tests. Each test is a script that exits 0 (pass), 1 (fail) or
# 4 (skip: kselftest's KSFT_SKIP) and says what it checked on stderr.
top=$(cd "$(dirname "$0")/../.." && pwd)
out=$(mktemp)
trap 'rm -f "$out"' EXIT

# expect_failure PATTERN CMD...: CMD must exit non-zero and its stderr match PATTERN.
expect_failure() {
	pattern=$1
	shift
	if "$@" >/dev/null 2>"$out"; then
		echo "FAIL: '$*' succeeded, expected a failure" >&2
		exit 1
	fi
	if ! grep -Eq "$pattern" "$out"; then
		echo "FAIL: '$*' failed without saying /$pattern/; it said:" >&2
		sed 's/^/    /' "$out" >&2
		exit 1
	fi
	echo "ok: '$*' failed with: $(grep -Em1 "$pattern" "$out")" >&2
}
