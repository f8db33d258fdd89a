#!/bin/sh
# Install the Debian packages the project needs, only those that are missing.
# Usage: host/deps.sh
set -eu
. "$(dirname "$0")/lib.sh"
[ $# = 0 ] || die "no arguments expected, got '$*' (usage: $0)"
sb_checked

# kernel source and build (and make deb), guest emulator, guest userland and workloads,
# KUnit parser; the cache-model plugin: apt-get source (dpkg-dev), glib's headers
SB_PACKAGES="linux-source-6.12 build-essential make git perl bc bison flex libelf-dev libssl-dev
cpio kmod rsync xz-utils ccache python3 dpkg-dev debhelper
qemu-system-x86 busybox-static dbench rt-tests stress-ng trace-cmd
postgresql-15 gnuplot-nox libglib2.0-dev pkg-config"

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
# postgresql-15 (server and pgbench, for the benchmark's guests) would start its cluster
# here: a policy-rc.d that denies every start keeps services down during the install
# (the cluster's files are created, no server runs); it is removed afterwards unless it
# was there before.
rc=/usr/sbin/policy-rc.d
own_rc=
if [ ! -e $rc ]; then
	printf '#!/bin/sh\n# sched-buddy deps.sh: no service starts during its install\nexit 101\n' >$rc
	chmod 755 $rc
	own_rc=1
fi
# shellcheck disable=SC2086
apt-get install -y -q --no-install-recommends $missing >/dev/null && ok=1 || ok=
[ -z "$own_rc" ] || rm -f $rc
[ -n "$ok" ] || die "apt-get install failed for:$missing"
