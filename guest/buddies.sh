# shellcheck shell=sh
# Sourced by guest/demo and guest/bench: set the wakeup buddies for a run, and put the
# sched features back as they were when the script exits.
. "$(dirname "$0")/lib/sb.sh"
sb_features_save
trap sb_features_restore EXIT

# Does this kernel have sched feature $1?
has_feature() { tr ' ' '\n' <"$SB_FEATURES" | grep -qx -e "$1" -e "NO_$1"; }

# buddies_set off|next|next+last|next-eevdf|next-eevdf+last[-long]|groups: next is
# NEXT_BUDDY by 6.12's rules, next-eevdf by mainline 6.19's (NEXT_BUDDY_EEVDF); -long:
# without BUDDY_SHORT_FIRST (a buddy may keep a much shorter task waiting); groups:
# next+last without BUDDY_ROOT (buddies inside groups only), the others with it, as the
# kernel boots. Switching off a feature the kernel lacks is a no-op; asking for one it
# lacks (LAST_BUDDY on the unpatched kernel, groups without BUDDY_ROOT) fails.
buddies_set() {
	short= # BUDDY_SHORT_FIRST as the kernel boots (on), where it has the feature
	root= # BUDDY_ROOT likewise
	case $1 in *?-long) short=NO_BUDDY_SHORT_FIRST; set -- "${1%-long}" ;; esac
	! has_feature BUDDY_SHORT_FIRST || short=${short:-BUDDY_SHORT_FIRST}
	if [ "$1" = groups ]; then
		has_feature BUDDY_ROOT || return 1
		root=NO_BUDDY_ROOT
		set -- next+last
	fi
	! has_feature BUDDY_ROOT || root=${root:-BUDDY_ROOT}
	case $1 in
	off) set -- NO_NEXT_BUDDY NO_NEXT_BUDDY_EEVDF NO_LAST_BUDDY ;;
	next) set -- NEXT_BUDDY NO_NEXT_BUDDY_EEVDF NO_LAST_BUDDY ;;
	next+last) set -- NEXT_BUDDY NO_NEXT_BUDDY_EEVDF LAST_BUDDY ;;
	next-eevdf) set -- NEXT_BUDDY NEXT_BUDDY_EEVDF NO_LAST_BUDDY ;;
	next-eevdf+last) set -- NEXT_BUDDY NEXT_BUDDY_EEVDF LAST_BUDDY ;;
	*) echo "buddies_set: unknown mode '$1'" >&2; return 2 ;;
	esac
	# shellcheck disable=SC2086 # (empty or one feature name each)
	set -- "$@" $short $root
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
