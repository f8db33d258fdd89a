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
	if ! grep -Eq -e "$pattern" "$out"; then
		echo "FAIL: '$*' failed without saying /$pattern/; it said:" >&2
		sed 's/^/    /' "$out" >&2
		exit 1
	fi
	echo "ok: '$*' failed with: $(grep -Em1 -e "$pattern" "$out")" >&2
}

# make_runs TARGET WANT [VAR=VALUE...]: the last command `make TARGET VAR=VALUE...` would
# run must be WANT: make -n's last line is the goal's recipe, its sb_run commands each
# ended by ';' (the Makefile's sb_recipe); the last of them, blanks squeezed. Unset
# MAKEFLAGS first: only these count.
make_runs() {
	mr_target=$1 mr_want=$2
	shift 2
	mr_got=$(make -C "$top" -s -n "$mr_target" "$@" | tail -n 1 | tr -s ' ' |
		sed -e 's/; *$//' -e 's/.*; //' -e 's/ $//')
	if [ "$mr_got" != "$mr_want" ]; then
		echo "FAIL: make $mr_target $* runs '$mr_got', expected '$mr_want'" >&2
		exit 1
	fi
	echo "ok: make $mr_target $* runs '$mr_got'" >&2
}
