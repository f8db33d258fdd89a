#!/bin/sh
# host/deb.sh (make deb) refuses bad arguments with a clear message before it fetches,
# configures or builds anything: every QEMU guest config of config/, by name (the message
# names DEB_CONFIG and DEB_LSMOD) or by path; a config that is not x86_64, has no
# initramfs support or does not exist; an lsmod file that is missing, not lsmod output or
# lists no modules; an unknown option. make deb passes DEB_CONFIG and DEB_LSMOD on, and
# refuses a bad one while it reads the Makefile (deb.sh in check-only mode).
# deb.sh runs in an empty temporary $SCHED_BUDDY_CACHE with failing stand-ins for make,
# apt-get, apt-cache and dpkg-buildpackage first in PATH, so a refusal that came too late
# can neither fetch nor build: the cache must stay empty and no stand-in be called.
# Valid arguments pass every check and stop at the kernel tree missing there (the control).
# Builds nothing, needs no kernel tree.
. "$(dirname "$0")/lib.sh"
dir=$(mktemp -d)
trap 'rm -rf "$out" "$dir"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
real_cache=${SCHED_BUDDY_CACHE:-/var/cache/sched-buddy}
unset DEB_CONFIG DEB_LSMOD MAKEFLAGS MFLAGS  # make -n below: only what this test passes
cache=$dir/cache
mkdir "$cache"

fake=$dir/fake
mkdir "$fake"
for t in make apt-get apt-cache dpkg-buildpackage dh_prep; do
	printf '#!/bin/sh\necho "%s $*" >>"%s/calls"\nexit 1\n' "$t" "$dir" >"$fake/$t"
	chmod +x "$fake/$t"
done
deb() { env SCHED_BUDDY_CACHE="$cache" PATH="$fake:$PATH" "$top/host/deb.sh" "$@"; }
before=$(ls -d "$real_cache"/linux-*/build-deb-* 2>/dev/null)

# Inputs: lsmod output as the target machine prints it, configs by their first lines.
lsmod=$dir/lsmod
printf '%s\n' 'Module                  Size  Used by' 'nvme                   61440  3' \
	'nvme_core             229376  4 nvme' 'ext4                 1097728  2' >"$lsmod"
printf 'Module                  Size  Used by\n' >"$dir/lsmod-empty"
printf 'Module                  Size  Used by\nnvme 61440 3\nnot a module line\n' >"$dir/lsmod-bad"
printf 'CONFIG_X86_64=y\nCONFIG_BLK_DEV_INITRD=y\n' >"$dir/config-x86"
printf 'CONFIG_ARM64=y\nCONFIG_BLK_DEV_INITRD=y\n' >"$dir/config-arm64"
printf 'CONFIG_X86_64=y\n# CONFIG_BLK_DEV_INITRD is not set\n' >"$dir/config-guest"

# The real make (make -n: the stand-ins are not in its PATH): make deb passes the variables
# on to deb.sh; make's own check of them (host/deb.sh in check-only mode) passes them.
make_runs deb "host/deb.sh"
make_runs deb "host/deb.sh '$dir/config-x86'" DEB_CONFIG="$dir/config-x86"
make_runs deb "host/deb.sh --lsmod '$lsmod'" DEB_LSMOD="$lsmod"
make_runs deb "host/deb.sh --lsmod '$lsmod' '$dir/config-x86'" DEB_CONFIG="$dir/config-x86" DEB_LSMOD="$lsmod"
expect_failure "'$dir/config-arm64' is not an x86_64 kernel config" \
	make -C "$top" -s -n deb DEB_CONFIG="$dir/config-arm64"

n=0
for c in "$top"/config/*.config; do
	name=$(basename "$c" .config)
	expect_failure "'$name' is a QEMU guest config.*cannot boot hardware.*DEB_CONFIG=/path/to/config.*DEB_LSMOD=FILE" \
		deb "$name"
	expect_failure "'$name' is a QEMU guest config" deb --lsmod "$lsmod" "$name"
	n=$((n + 1))
done
[ $n -ge 3 ] || fail "only $n guest configs in config/ (test, bench, debug expected)"
expect_failure "is a QEMU guest config fragment.*DEB_CONFIG=/path/to/config.*DEB_LSMOD=FILE" \
	deb "$top/config/bench.config"
expect_failure "has no initramfs support.*DEB_CONFIG=/path/to/config.*DEB_LSMOD=FILE" \
	deb "$dir/config-guest"
expect_failure "'$dir/config-arm64' is not an x86_64 kernel config" deb "$dir/config-arm64"
expect_failure "no config file '$dir/nosuch'" deb "$dir/nosuch"
expect_failure "lsmod file '$dir/nosuch' does not exist" deb --lsmod "$dir/nosuch"
expect_failure "lsmod file '$dir/nosuch' does not exist" deb --lsmod "$dir/nosuch" "$dir/config-x86"
expect_failure "'$top/README.md' is not lsmod output: its first line is not 'Module Size Used by'" \
	deb --lsmod "$top/README.md"
expect_failure "'$dir/config-x86' is not lsmod output" deb --lsmod "$dir/config-x86" "$dir/config-x86"
expect_failure "'$dir/lsmod-bad' is not lsmod output: line 3 is 'not a module line'" \
	deb --lsmod "$dir/lsmod-bad"
expect_failure "'$dir/lsmod-empty' lists no modules" deb --lsmod "$dir/lsmod-empty"
expect_failure "lsmod file '$dir' is not a readable file" deb --lsmod "$dir"
expect_failure "option --lsmod needs a value" deb --lsmod
expect_failure "unknown option '--lsmods'" deb --lsmods "$lsmod"
expect_failure "usage: .*--lsmod FILE" deb "$dir/config-x86" "$dir/config-x86"

# The control: what is valid passes every check (here the cache has no kernel tree).
expect_failure "no kernel tree at $cache/|linux-source-6.12 is not installed" \
	deb --lsmod "$lsmod" "$dir/config-x86"

[ -z "$(ls -A "$cache")" ] || fail "deb.sh left in the cache: $(ls -A "$cache")"
[ ! -e "$dir/calls" ] || fail "deb.sh ran: $(cat "$dir/calls")"
[ "$(ls -d "$real_cache"/linux-*/build-deb-* 2>/dev/null)" = "$before" ] ||
	fail "build-deb-* trees in $real_cache changed"
echo "ok: nothing fetched, configured or built; the cache is empty" >&2
