#!/bin/sh
# A guest that does not finish is killed at the timeout, and the failure names the test
# that was running.
. "$(dirname "$0")/lib.sh"
expect_failure "did not finish within 20s.*last test started: stuck" \
	"$top/host/boot.sh" --name hang --timeout 20 -- sh -c 'echo "# running: stuck"; sleep 600'
