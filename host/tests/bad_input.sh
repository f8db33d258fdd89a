#!/bin/sh
# Bad options and paths get a clear error and a non-zero exit.
. "$(dirname "$0")/lib.sh"
expect_failure "kernel image '/nonexistent/bzImage' does not exist" \
	"$top/host/boot.sh" --kernel /nonexistent/bzImage -- true
expect_failure "unknown option '--bogus'" "$top/host/boot.sh" --bogus -- true
expect_failure "'x2' is not a positive number" "$top/host/boot.sh" --cpus x2 -- true
expect_failure "no command given" "$top/host/boot.sh" --cpus 2
expect_failure "unknown kernel variant 'nosuch'" "$top/host/build.sh" nosuch test
expect_failure "unknown config 'nosuch'" "$top/host/build.sh" patched nosuch
expect_failure "unknown command 'bogus'" "$top/host/tree.sh" bogus
expect_failure "unknown variant 'bogus'" "$top/host/bench/run.sh" --variants "base bogus"
expect_failure "'0' is not a positive number" "$top/host/bench/run.sh" --reps 0
expect_failure "'00' is not a positive number" "$top/host/bench/run.sh" --reps 00
expect_failure "'0' is not a positive number" "$top/host/bench/run.sh" --jobs 0
expect_failure "skews wall-clock figures: drop --wall" "$top/host/bench/run.sh" --jobs 2 --wall
expect_failure "wall-clock mode: it cannot share the host" "$top/host/bench/run.sh" --jobs 2 --variants stock-6.1-wall
expect_failure "unknown option '--bogus'" "$top/host/bench/defaults.sh" --bogus
expect_failure "no results.csv in '/nonexistent'" "$top/host/bench/defaults.sh" --merge /nonexistent /nonexistent
expect_failure "unknown config 'nosuch'" "$top/host/dlserver-repro.sh" --config nosuch
expect_failure "'08' is not a positive number" "$top/host/torture.sh" --seconds 08
expect_failure "'2h' is not a number of hours" "$top/host/torture.sh" --soak 2h
expect_failure "soak of 0.001 hours: expected 1 minute to 24 hours" "$top/host/torture.sh" --soak 0.001
# timeout 0 would mean no limit to coreutils: a hanging guest would hang the run
expect_failure "'0' is not a positive number" "$top/host/boot.sh" --timeout 0 -- true
expect_failure "'0' is not a positive number" "$top/host/boot.sh" --mem 0 -- true
expect_failure "no Kbuild in module directory '/nonexistent'" \
	"$top/host/build.sh" patched bench --module /nonexistent
expect_failure "usage: .*--module DIR" "$top/host/build.sh" patched bench --modul guest/clockcost
expect_failure "'0' is not a positive number" "$top/host/bench/clock.sh" --reps 0
expect_failure "no host test 'nosuch'" "$top/host/test.sh" --leave-out "torture_quick nosuch"
expect_failure "unknown option '--bogus'" "$top/host/test.sh" --bogus
expect_failure "unknown option '--bogus'" "$top/host/mainline.sh" --bogus
expect_failure "unknown architecture 'arm64'" "$top/host/kunit.sh" --arch arm64
expect_failure "unknown option '--bogus'" "$top/host/kunit.sh" --bogus
