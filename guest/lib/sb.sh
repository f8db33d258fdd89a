# shellcheck shell=sh
# Shell helpers of the guest scripts (guest/bench, guest/buddies.sh), which also run on
# real hardware without the host's scripts; host/lib.sh sources this file too, so host
# and guest share one number check. Source it; do not run it.

# (host tests point SB_SCHED_FEATURES at a file)
SB_FEATURES=${SB_SCHED_FEATURES:-/sys/kernel/debug/sched/features}

# sb_is_positive VALUE: is VALUE a positive decimal integer written without sign, blanks
# or leading zero? (0 means "no limit" to timeout(1); 00 and 08 pass a bare digit check,
# and sh arithmetic reads 08 as bad octal.) The one number check of every shell option
# parser; each says no in its own words (host: die, guest/bench: its usage).
sb_is_positive() {
	case $1 in '' | 0* | *[!0-9]*) return 1 ;; esac
}

# sb_features_save: remember every sched feature's state ("NEXT_BUDDY NO_LAST_BUDDY ...")
# in sb_features_saved; sb_features_restore writes each back (nothing when none was
# saved), as guest/lib/sb.c's sb_features_save()/sb_features_restore() do in C.
sb_features_save() { sb_features_saved=$(cat "$SB_FEATURES"); }
sb_features_restore() {
	for sb_f in ${sb_features_saved:-}; do echo "$sb_f" >"$SB_FEATURES"; done
}
