# shellcheck shell=sh
# Shared by host/bench/run.sh (QEMU guests) and host/bench/hardware.sh (real hardware): the results
# directory, the rotated order of variants, the progress line, keeping a run's CSV lines,
# the report (also host/bench/clock.sh's). Source it after host/lib.sh.

# The buddy settings a bench variant may name: guest/buddies.sh's buddies_set() sets them
# on the patched kernel at runtime; groups: next+last inside groups only (without
# BUDDY_ROOT).
BENCH_BUDDIES="off next next+last groups"

# bench_is_buddies VARIANT: is VARIANT one of them?
bench_is_buddies() {
	case " $BENCH_BUDDIES " in *" $1 "*) ;; *) return 1 ;; esac
}

# The variants of make yardsticks (host/bench/yardsticks.sh), KERNEL=7.3 only: each is a
# kernel and the buddy setting guest/bench gives it (its mode). upstream: the unpatched
# base kernel (Debian's 7.3 with patches/7.3/fixes/), NEXT_BUDDY on: stock 7.3's
# NEXT_BUDDY, its preempt_sync() bug included; upstream-fixed: the kernel of the series'
# first patch alone, the preempt_sync() fix (the prefix kernel, its worktree at that
# commit), NEXT_BUDDY on; series: the patched kernel, NEXT_BUDDY on; series+last: the same
# with LAST_BUDDY, where the series has it. (off, the patched kernel with NEXT_BUDDY off,
# is one of BENCH_BUDDIES.)
BENCH_YARDSTICKS="upstream upstream-fixed series series+last"

# bench_yardstick VARIANT: print "KERNEL MODE" of a yardstick variant (base next, prefix
# next, patched next, patched next+last); fail for any other.
bench_yardstick() {
	case $1 in
	upstream) echo "base next" ;;
	upstream-fixed) echo "prefix next" ;;
	series) echo "patched next" ;;
	series+last) echo "patched next+last" ;;
	*) return 1 ;;
	esac
}

# bench_check_workloads LIST: names, commas and spaces only (it is quoted into a guest
# command line).
bench_check_workloads() {
	case $1 in
	'' | *[!A-Za-z0-9_.,+\ -]*) die "bad workload list '$1' (names separated by commas or spaces)" ;;
	esac
}

# bench_check_correction: SB_BENCH_CORRECTION names a correction the reports know (holm,
# the default, or bh; host/bench/signif.awk says so otherwise): checked before a run
# starts, not when its report is written.
bench_check_correction() {
	awk -f "$SB_TOP/host/bench/signif.awk" || die "bad SB_BENCH_CORRECTION: nothing run"
}

# bench_start DIR: make DIR and its results.csv with the header.
bench_start() {
	bench_out=$1
	mkdir -p "$bench_out" || die "cannot create $bench_out"
	echo "variant,rep,workload,metric,value" >"$bench_out/results.csv"
	bench_t0=$(date +%s) bench_started=0 bench_done=0 bench_failed=0
}

# bench_resume DIR: add to DIR/results.csv of an earlier run (host/bench/hardware.sh, one boot per
# kernel).
bench_resume() {
	bench_out=$1
	[ "$(head -n 1 "$bench_out/results.csv")" = "variant,rep,workload,metric,value" ] ||
		die "$bench_out/results.csv is not a results file of host/bench/run.sh or host/bench/hardware.sh"
	bench_t0=$(date +%s) bench_started=0 bench_done=0 bench_failed=0
}

# bench_rotate K V...: V from the K-th on, then the first K (each repetition starts
# elsewhere, so no variant always runs first or after the same other).
bench_rotate() {
	k=$1
	shift
	i=0
	for v; do [ $i -ge "$k" ] && printf '%s ' "$v"; i=$((i + 1)); done
	i=0
	for v; do [ $i -lt "$k" ] && printf '%s ' "$v"; i=$((i + 1)); done
}

# bench_progress REP REPS VARIANT TOTAL: log which run starts, and the time left judged
# from the runs finished so far.
bench_progress() {
	bench_started=$((bench_started + 1))
	left=
	if [ "$bench_done" -gt 0 ]; then
		per=$((($(date +%s) - bench_t0) / bench_done))
		left=", about $((($4 - bench_done) * per / 60 + 1)) min left"
	fi
	log "rep $1/$2: $3 (run $bench_started of $4$left)"
}

# bench_keep VARIANT REP FILE STATUS: append FILE's "workload,metric,value" lines to
# results.csv as "VARIANT,REP,..." (also those of a run that failed part-way), show the
# other lines of a failed run, count the failure.
bench_keep() {
	csv='^[A-Za-z0-9_.+-]+,[A-Za-z0-9_.+-]+,-?[0-9][0-9.eE+-]*$'
	grep -E "$csv" "$3" | sed "s/^/$1,$2,/" >>"$bench_out/results.csv" || true
	if [ "$4" != 0 ]; then
		bench_failed=$((bench_failed + 1))
		log "rep $2 $1 failed (status $4), kept its $(grep -cE "$csv" "$3") figures; it said:"
		grep -vE "$csv" "$3" | tail -n 30 | sed 's/^/    /' >&2
	fi
	bench_done=$((bench_done + 1))
}

# bench_finish FILE REPORT...: write the output of the command REPORT... (a report of
# results.csv, e.g. host/bench/report.sh) to FILE in the results directory and show it;
# fail when a run failed.
bench_finish() {
	f=$1
	shift
	"$@" >"$bench_out/$f" || die "$1 failed; the results are in $bench_out/results.csv"
	cat "$bench_out/$f"
	log "results: $bench_out/results.csv, report: $bench_out/$f"
	[ "$bench_failed" = 0 ] || die "$bench_failed of $bench_done runs failed (their figures so far are kept)"
}

# bench_cache_figures FILE: the cache model's figures per operation of a boot of
# host/bench/run.sh --cachesim, appended to FILE (that boot's output) as CSV lines
# "workload,metric,value" for bench_keep. guest/bench -m printed "window WORKLOAD ID OPS
# UNIT" per workload; host/boot.sh named the model's CSV ("cache model: PATH"); the
# window's "all" line (every vCPU) divided by OPS gives cycles, instructions and the
# misses at each level per operation. A workload whose window the CSV lacks is reported.
bench_cache_figures() {
	bcf_csv=$(sed -n 's/^[a-z]*: cache model: //p' "$1" | tail -n 1)
	[ -n "$bcf_csv" ] && [ -r "$bcf_csv" ] || {
		log "no cache model CSV named in the boot's output: no cache figures"
		return 0
	}
	awk -v prog="$sb_prog" -v csv="$bcf_csv" '
	FNR == NR {
		if (FNR == 1) for (i = 1; i <= NF; i++) col[$i] = i
		else if ($col["vcpu"] == "all") for (c in col) v[$1, c] = $col[c]
		next
	}
	$1 == "window" && NF == 5 && $4 > 0 {
		if (!(($3, "opens") in v)) {
			printf "%s: no window %s (%s) in %s\n", prog, $3, $2, csv > "/dev/stderr"
			next
		}
		split("cycles insns:instructions l1i_misses l1d_misses l2_misses llc_misses", m, " ")
		for (i = 1; i in m; i++) {
			n = split(m[i], f, ":")
			printf "%s,%s_per_op,%.6g\n", $2, f[1], v[$3, f[n]] / $4
		}
	}' FS=, "$bcf_csv" FS=' ' "$1" >"$1.cache"
	cat "$1.cache" >>"$1"
	rm -f "$1.cache"
}
