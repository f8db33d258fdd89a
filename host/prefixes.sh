#!/bin/sh
# Build and boot every prefix of the series: each patch must leave a kernel that builds
# and boots. Uses the worktree linux-<debver>-prefix (moved along the sched-buddy branch)
# with its own O= build directory and the shared ccache; each prefix's kernel runs the
# in-guest kernel_version and dmesg_clean tests.
#   host/prefixes.sh [CONFIG]     (default: test)
set -eu
. "$(dirname "$0")/lib.sh"

[ $# -le 1 ] || die "usage: $0 [CONFIG]"
cfg=${1:-test}
sb_check_config "$cfg"
tree=$(sb_src patched)
[ -d "$tree/.git" ] || die "no kernel tree at $tree (run: make tree)"
[ -x "$SB_TOP/build/run_kselftest.sh" ] || die "build/run_kselftest.sh missing (run: make tests)"

out=$(mktemp)
trap 'rm -f "$out"' EXIT

commits=$(sb_series_commits)
total=$(echo "$commits" | grep -c .)
[ "$total" -gt 0 ] || die "the series is empty"
n=0
for c in $commits; do
	n=$((n + 1))
	subject=$(git -C "$tree" log -1 --format=%s "$c")
	log "prefix $n/$total: $subject"
	sb_prefix_at "$c"
	"$SB_TOP/host/build.sh" prefix "$cfg" >/dev/null ||
		die "prefix $n/$total ($subject) does not build"
	obj=$(sb_obj prefix "$cfg")
	release=$(sb_uts "$obj" release)
	version=$(sb_uts "$obj" version)
	# Both tests must pass: each has one case, and the runner reports two results.
	"$SB_TOP/host/boot.sh" --variant prefix --config "$cfg" --name "prefix-$n" -- \
		env SB_EXPECT_RELEASE="$release" SB_EXPECT_VERSION="$version" \
		"$SB_TOP/build/run_kselftest.sh" -t tests:kernel_version -t tests:dmesg_clean \
		>"$out" && [ "$(sb_ktap_count "$out" 2>/dev/null)" = "2 0 0 2 2" ] ||
		die "prefix $n/$total ($subject) does not boot cleanly, see $SCHED_BUDDY_CACHE/runs/latest-prefix-$n/"
done
log "all $total prefixes build and boot"
