#!/bin/sh
# Install the Debian packages the project needs, only those that are missing.
# Usage: scripts/deps.sh
set -eu
. "$(dirname "$0")/lib.sh"

# kernel source and build, guest emulator, guest userland and workloads, KUnit parser
SB_PACKAGES="linux-source-6.12 build-essential make git perl bc bison flex libelf-dev libssl-dev
cpio kmod rsync xz-utils ccache python3
qemu-system-x86 busybox-static dbench rt-tests stress-ng trace-cmd"

missing=
for p in $SB_PACKAGES; do
	dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed' ||
		missing="$missing $p"
done
[ -z "$missing" ] && exit 0

[ "$(id -u)" = 0 ] || die "missing packages:$missing (run as root or install them)"
log "installing:$missing"
export DEBIAN_FRONTEND=noninteractive
apt-get update -q >/dev/null || die "apt-get update failed"
# shellcheck disable=SC2086
apt-get install -y -q --no-install-recommends $missing >/dev/null ||
	die "apt-get install failed for:$missing"
