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

# sb_buddies_retired MODE: for a buddy mode (bench variant) the curated series dropped,
# print why it is gone and succeed; fail for any other. The one list of them, for
# guest/buddies.sh, guest/bench and the host's bench scripts.
sb_buddies_retired() {
	case $1 in
	next-eevdf | next-eevdf+last | next-eevdf-long | next-eevdf+last-long)
		echo "the series no longer has NEXT_BUDDY_EEVDF (mainline's own NEXT_BUDDY rules are studied on KERNEL=7.2: docs/mainline.md)" ;;
	next-long | next+last-long)
		echo "BUDDY_SHORT_FIRST is no longer a feature (shortest first holds whenever NEXT_BUDDY is on)" ;;
	*) return 1 ;;
	esac
}

# sb_features_save: remember every sched feature's state ("NEXT_BUDDY NO_LAST_BUDDY ...")
# in sb_features_saved; sb_features_restore writes each back (nothing when none was
# saved), as guest/lib/sb.c's sb_features_save()/sb_features_restore() do in C.
sb_features_save() { sb_features_saved=$(cat "$SB_FEATURES"); }
# shellcheck disable=SC2086 # (one word per feature)
sb_features_restore() { sb_features_write ${sb_features_saved:-}; }

# sb_features_write FEATURE...: write each ("NEXT_BUDDY", "NO_LAST_BUDDY") to the sched
# features file. In a guest under QEMU's multi-threaded TCG (host/boot.sh puts sb.mttcg
# on its command line) with every CPU but this one offline meanwhile: with
# CONFIG_JUMP_LABEL a feature is a static key, flipping it patches kernel text, and QEMU
# 7.2 may go on running code another vCPU translated while the text changed (fixed in
# QEMU 8.1, deba78709ae8), which oopses the guest (docs/testing.md). One vCPU, one
# translator: the race cannot happen. Fails, with the CPUs back online, if a write does.
sb_features_write() {
	[ $# -gt 0 ] || return 0
	case " $(cat /proc/cmdline 2>/dev/null) " in
	*" sb.mttcg "*) ;;
	*) for sb_f; do echo "$sb_f" >"$SB_FEATURES" || return; done; return 0 ;;
	esac
	sb_offlined= # (CPU online files, blank-separated: no blanks in them)
	for sb_c in /sys/devices/system/cpu/cpu[1-9]*/online; do
		[ -e "$sb_c" ] && [ "$(cat "$sb_c")" = 1 ] || continue
		# shellcheck disable=SC2086
		echo 0 >"$sb_c" || { sb_cpus_online $sb_offlined; return 1; }
		sb_offlined="$sb_offlined $sb_c"
	done
	sb_rc=0
	for sb_f; do echo "$sb_f" >"$SB_FEATURES" || { sb_rc=1; break; }; done
	# shellcheck disable=SC2086
	sb_cpus_online $sb_offlined || sb_rc=1
	return $sb_rc
}
# sb_cpus_online FILE...: write 1 to each CPU's online file
sb_cpus_online() {
	for sb_c; do echo 1 >"$sb_c" || return; done
}
