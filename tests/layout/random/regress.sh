#!/bin/sh
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# Runs run.sh on each "seed count" line of a regression list.
# usage: regress.sh STOPS_SHADOW BPF_CLANG WORKDIR LIST
set -u
tool=$1 bpfcc=$2 work=$3 list=$4
here=$(cd "$(dirname "$0")" && pwd)
rc=0
rm -f "$work.failed"
grep -v '^#' "$list" | while read -r seed count; do
	[ -n "$seed" ] || continue
	sh "$here/run.sh" "$tool" "$bpfcc" "$work" "$count" "$seed" || echo x >>"$work.failed"
done
if [ -e "$work.failed" ]; then
	rm -f "$work.failed"
	rc=1
fi
exit $rc
