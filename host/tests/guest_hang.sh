#!/bin/sh
# A guest that does not finish is killed at the timeout, and the failure names the test
# binary and case that were running, as kselftest's runner and harness announce them.
. "$(dirname "$0")/lib.sh"
expect_failure "did not finish within 20s.*last test started: stuck: global.forever\)" \
	"$top/host/boot.sh" --name hang --timeout 20 -- sh -c \
	'printf "# selftests: tests: stuck\n# #  RUN           global.forever ...\n"; sleep 600'
