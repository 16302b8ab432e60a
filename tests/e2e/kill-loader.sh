#!/bin/bash
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# kill-loader.sh: SIGKILLs the tcp_cc loader while its congestion control is
# registered; the kernel must unregister it when the link's fd goes.
#   kill-loader.sh LOADER
set -u
. "$(dirname "$0")/env-check.sh"
stops_e2e_require tcp_congestion_ops
name=ss_e2e_k$$
"$1" --name "$name" --hold 60000 &
pid=$!
for _ in $(seq 100); do
	stops_e2e_cc_listed "$name" && break
	sleep 0.1
done
if ! stops_e2e_cc_listed "$name"; then
	kill -9 $pid 2>/dev/null
	wait $pid
	echo "FAIL: $name never registered"
	exit 1
fi
echo "+ kill -9 $pid while $name is registered"
kill -9 $pid
wait $pid
for _ in $(seq 50); do
	stops_e2e_cc_listed "$name" || { echo "PASS: $name gone with the process"; exit 0; }
	sleep 0.1
done
echo "FAIL: $name still registered after its loader was killed"
exit 1
