#!/bin/bash
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# cleanup.sh: after the e2e tests, no ss_ congestion control may be left.
# Another suite's loader may be running right now; a leak outlives it, so
# wait a little before calling a name left over.
set -u
. "$(dirname "$0")/env-check.sh"
stops_e2e_require
for _ in $(seq 50); do
	left=$(tr ' ' '\n' </proc/sys/net/ipv4/tcp_available_congestion_control |
		grep '^ss_' | tr '\n' ' ')
	[ -z "$left" ] && { echo "PASS: no ss_ congestion control registered"; exit 0; }
	sleep 0.2
done
echo "FAIL: left registered: $left"
exit 1
