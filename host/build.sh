#!/bin/sh
# Build one kernel: host/build.sh base|patched|prefix CONFIG [--module DIR]
#
# CONFIG names config/CONFIG.config, merged with config/base.config onto tinyconfig by the
# tree's merge_config.sh; every requested option is checked in the final .config. The build
# runs out of tree (O=<tree>/build-CONFIG) through ccache in $SCHED_BUDDY_CACHE/ccache.
# KERNEL=7.2 or 7.3 (host/lib.sh) builds its one tree, as the base variant: after the
# fragments come config/7.2/base.config and config/7.2/CONFIG.config (7.3: config/7.3/),
# those that exist (what that version needs changed); options its Kconfig no longer has
# are skipped, with a line each.
# Prints the path of the bzImage on stdout.
# --module DIR: then also build the out-of-tree module whose Kbuild and sources are in DIR
# (e.g. guest/clockcost) against that kernel (CONFIG needs CONFIG_MODULES), in a copy under
# $SCHED_BUDDY_CACHE/modules/ (mainline/modules/ for KERNEL=7.2, mainline-7.3/modules/ for
# 7.3; the checkout is not written to), and print the paths of its .ko files instead.
set -eu
. "$(dirname "$0")/lib.sh"

[ $# = 2 ] || { [ $# = 4 ] && [ "$3" = --module ]; } ||
	die "usage: $0 base|patched|prefix CONFIG [--module DIR]"
variant=$1 cfg=$2 module=${4:-}
sb_check_variant "$variant"
sb_check_config "$cfg"
[ -z "$module" ] || [ -f "$module/Kbuild" ] || die "no Kbuild in module directory '$module'"
sb_checked
src=$(sb_src "$variant")
obj=$(sb_obj "$variant" "$cfg")
[ -f "$src/Makefile" ] || die "no kernel tree at $src (run: make tree)"

frags=$SB_TOP/config/base.config
[ "$cfg" = base ] || frags="$frags $SB_TOP/config/$cfg.config"
# The fragments of this kernel version's directory, last: they override.
for f in $frags; do
	f=$SB_TOP/config/$SB_KERNEL/${f##*/}
	[ ! -r "$f" ] || frags="$frags $f"
done

kmake() { sb_kmake "$variant" "$obj" -s "$@"; }

# One build per build directory at a time: two makes in one O= tree corrupt each other's
# objects (two make bench-cache started together did). A second build waits for the first,
# then finds the kernel up to date. The lock is held until this script exits.
mkdir -p "$obj"
exec 9>"$obj/.sched-buddy-lock"
flock -n 9 || { log "waiting for another build in $obj"; flock 9; }

# Is CONFIG_X defined by a Kconfig file of this tree?
in_kconfig() {
	grep -rqE "^(menu)?config ${1#CONFIG_}\$" --include='Kconfig*' "$src"
}

# Every CONFIG_X=v line of the fragments must be in .config, no '# X is not set' may be set.
# A later fragment overrides an earlier one, as in merge_config.sh (bench.config turns
# CONFIG_JUMP_LABEL back on): only the last request for an option counts. The base tree
# (and a prefix of the series) lacks options the series adds, and a 7.2 tree options gone
# since 6.12 (CONFIG_SCHED_DEBUG) besides: those are skipped there.
if [ -n "$SB_HAS_SERIES" ] && [ -z "$SB_SOURCE_SUITE" ]; then
	not_there="the $variant tree (added by the series)"
else
	not_there="$SB_SOURCE_PKG (gone since 6.12, or added by the series)"
fi
check_config() {
	bad=$(sed -n -e 's/^\(CONFIG_[A-Z0-9_]*=.*\)/\1/p' \
		-e 's/^# \(CONFIG_[A-Z0-9_]*\) is not set/\1=n/p' $frags |
		awk -F= '!($1 in last) { order[n++] = $1 } { last[$1] = $0 }
			END { for (i = 0; i < n; i++) print last[order[i]] }' |
		while IFS= read -r want; do
			if [ "$variant" != patched ] && ! in_kconfig "${want%%=*}"; then
				log "not in $not_there: ${want%%=*}"
				continue
			fi
			# (if, not &&: a false last test would fail the whole substitution)
			case $want in
			*=n) if grep -q "^${want%=n}=" "$obj/.config"; then echo "$want"; fi ;;
			*) if ! grep -qxF "$want" "$obj/.config"; then echo "$want"; fi ;;
			esac
		done)
	[ -z "$bad" ] || die "config options requested in $frags did not land in $obj/.config:
$(echo "$bad" | sed 's/^/    /')
  (a dependency is missing: add it to the fragment)"
}

# Configure again when a fragment or the tree's commit changed (a commit may add Kconfig
# options); an unchanged .config leaves the build untouched.
stamp=$( (cat $frags; git -C "$src" rev-parse HEAD 2>/dev/null) | sha256sum | cut -c1-16)
if [ "$(cat "$obj/.sched-buddy-config" 2>/dev/null)" != "$stamp" ]; then
	log "configuring $variant kernel ($cfg) in $obj"
	kmake tinyconfig >/dev/null
	# shellcheck disable=SC2086
	(cd "$obj" && "$src/scripts/kconfig/merge_config.sh" -m -O "$obj" "$obj/.config" $frags) \
		>"$obj/merge_config.log" 2>&1 || die "merge_config.sh failed, see $obj/merge_config.log"
	kmake olddefconfig >/dev/null
	check_config
	echo "$stamp" >"$obj/.sched-buddy-config"
fi

log "building $variant kernel ($cfg)"
kmake bzImage >"$obj/build.log" 2>&1 || {
	grep -E 'error|Error' "$obj/build.log" | head -n 20 >&2
	die "building the $variant kernel failed, see $obj/build.log"
}
[ -n "$module" ] || { echo "$obj/arch/x86/boot/bzImage"; exit 0; }

# The module: the O= tree needs the module build scripts and Module.symvers (the build
# above makes only bzImage); then the module in a copy of DIR's Kbuild and sources.
grep -q '^CONFIG_MODULES=y' "$obj/.config" ||
	die "config $cfg has no CONFIG_MODULES: no module can be built against it"
log "preparing the $variant kernel ($cfg) for external modules"
kmake modules_prepare modules >"$obj/modules.log" 2>&1 ||
	die "make modules failed in $obj, see $obj/modules.log"
# (In SB_TREES: 7.2's base kernel must not share a directory with 6.12's.)
mdir=$SB_TREES/modules/$(basename "$(cd "$module" && pwd)")/build-$variant-$cfg
mkdir -p "$mdir" && cp "$module"/Kbuild "$mdir/" &&
	for f in "$module"/*.c "$module"/*.h; do [ ! -f "$f" ] || cp "$f" "$mdir/"; done ||
	die "cannot copy $module to $mdir"
log "building module $module against the $variant kernel ($cfg) in $mdir"
kmake M="$mdir" modules >"$mdir/build.log" 2>&1 ||
	die "building module $module failed, see $mdir/build.log"
ls "$mdir"/*.ko
