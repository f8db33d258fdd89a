# shellcheck shell=sh
# Sourced by guest/demo and guest/bench: set the wakeup buddies for a run, and put the
# sched features back as they were when the script exits.
F=/sys/kernel/debug/sched/features
buddies_saved=$(cat $F)
trap 'for f in $buddies_saved; do echo "$f" >$F; done' EXIT

# Does this kernel have sched feature $1?
has_feature() { tr ' ' '\n' <$F | grep -qx -e "$1" -e "NO_$1"; }

# buddies_set off|next|next+last. Switching off a feature the kernel lacks is a no-op;
# asking for one it lacks (LAST_BUDDY on the unpatched kernel) fails.
buddies_set() {
	case $1 in
	off) set -- NO_NEXT_BUDDY NO_LAST_BUDDY ;;
	next) set -- NEXT_BUDDY NO_LAST_BUDDY ;;
	next+last) set -- NEXT_BUDDY LAST_BUDDY ;;
	*) echo "buddies_set: unknown mode '$1'" >&2; return 2 ;;
	esac
	for f; do
		if has_feature "${f#NO_}"; then
			echo "$f" >$F
		elif [ "$f" = "${f#NO_}" ]; then
			return 1
		fi
	done
}
