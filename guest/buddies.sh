# shellcheck shell=sh
# Sourced by guest/demo and guest/bench: set the wakeup buddies for a run, and put the
# sched features back as they were when the script exits.
. "$(dirname "$0")/lib/sb.sh"
sb_features_save
trap sb_features_restore EXIT

# Does this kernel have sched feature $1?
has_feature() { tr ' ' '\n' <"$SB_FEATURES" | grep -qx -e "$1" -e "NO_$1"; }

# buddies_set off|next|next+last|groups: next is NEXT_BUDDY (on the patched kernel under
# the series' rules: the bounds, shortest first), next+last adds LAST_BUDDY; groups:
# next+last without BUDDY_ROOT (buddies inside groups only), the others with it (buddies
# on every queue, whatever the kernel's default), where the kernel has the feature.
# Switching off a feature the kernel lacks is a no-op; asking for one it lacks (LAST_BUDDY
# on the unpatched kernel, groups without BUDDY_ROOT) fails (1). An unknown mode fails
# (2), the retired next-eevdf* and next*-long ones saying why.
buddies_set() {
	root= # BUDDY_ROOT on, or off for groups, where the kernel has the feature
	if why=$(sb_buddies_retired "$1"); then
		echo "buddies_set: mode '$1' is gone: $why" >&2
		return 2
	fi
	if [ "$1" = groups ]; then
		has_feature BUDDY_ROOT || return 1
		root=NO_BUDDY_ROOT
		set -- next+last
	fi
	! has_feature BUDDY_ROOT || root=${root:-BUDDY_ROOT}
	case $1 in
	off) set -- NO_NEXT_BUDDY NO_LAST_BUDDY ;;
	next) set -- NEXT_BUDDY NO_LAST_BUDDY ;;
	next+last) set -- NEXT_BUDDY LAST_BUDDY ;;
	*) echo "buddies_set: unknown mode '$1' (off, next, next+last, groups)" >&2; return 2 ;;
	esac
	# shellcheck disable=SC2086 # (empty or one feature name)
	set -- "$@" $root
	want=
	for f; do
		if has_feature "${f#NO_}"; then
			want="$want $f"
		elif [ "$f" = "${f#NO_}" ]; then
			return 1
		fi
	done
	# shellcheck disable=SC2086 # (feature names have no blanks)
	sb_features_write $want
}
