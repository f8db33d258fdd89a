#!/bin/sh
# Bad options and paths get a clear error and a non-zero exit.
. "$(dirname "$0")/lib.sh"
expect_failure "kernel image '/nonexistent/bzImage' does not exist" \
	"$top/scripts/boot.sh" --kernel /nonexistent/bzImage -- true
expect_failure "unknown option '--bogus'" "$top/scripts/boot.sh" --bogus -- true
expect_failure "'x2' is not a positive number" "$top/scripts/boot.sh" --cpus x2 -- true
expect_failure "no command given" "$top/scripts/boot.sh" --cpus 2
expect_failure "unknown kernel variant 'nosuch'" "$top/scripts/build.sh" nosuch test
expect_failure "unknown config 'nosuch'" "$top/scripts/build.sh" patched nosuch
expect_failure "unknown command 'bogus'" "$top/scripts/tree.sh" bogus
expect_failure "unknown variant 'bogus'" "$top/bench/run.sh" --variants "base bogus"
expect_failure "'0' is not a positive number" "$top/bench/run.sh" --reps 0
expect_failure "'00' is not a positive number" "$top/bench/run.sh" --reps 00
expect_failure "'08' is not a positive number" "$top/scripts/torture.sh" --seconds 08
