#!/usr/bin/env bash
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# Positive control for tests/bad: the valid object the hostile ones come
# from, and the same object with its sections laid out again by mkbad.py,
# must both be accepted and give the same header and dump. Otherwise the
# hostile cases would prove nothing (they could fail for another reason).
#
#   run-control.sh CLI VALID.bpf.o RELAYOUT.bpf.o WORKDIR
set -eu
cli=$1 valid=$2 relayout=$3 work=$4
rm -rf "$work"
mkdir -p "$work/a" "$work/b"
cp "$valid" "$work/a/hostile.bpf.o"
cp "$relayout" "$work/b/hostile.bpf.o"
for d in a b; do
	(cd "$work/$d" && "$cli" gen hostile.bpf.o -o hostile.shadow.h &&
		"$cli" dump hostile.bpf.o --json >dump.json &&
		"$cli" dump hostile.bpf.o >dump.txt)
done
for f in hostile.shadow.h dump.json dump.txt; do
	cmp "$work/a/$f" "$work/b/$f"
done
for m in hostile_a hostile_b; do
	grep -q "struct hostile_${m}_hostile_ops" "$work/a/hostile.shadow.h" || {
		echo "no shadow type for map $m"
		exit 1
	}
done
echo "ok: both layouts accepted, same header and dump"
