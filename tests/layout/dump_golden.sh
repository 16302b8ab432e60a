#!/bin/sh
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# `stops-shadow dump` (table and --json) of a layout object equals its
# golden file in dump/; the writethrough test of the same object proves
# those offsets and values against the real struct, through libbpf.
# Usage: dump_golden.sh CLI OBJ NAME GOLDEN_DIR WORK
# STOPS_SHADOW_REGEN=1 rewrites the golden files instead (review the diff).
set -eu
cli=$1 obj=$2 name=$3 golden=$4 work=$5
mkdir -p "$work"
"$cli" dump "$obj" >"$work/$name.txt"
"$cli" dump "$obj" --json >"$work/$name.json"
if command -v python3 >/dev/null; then
	python3 -c 'import json, sys; json.load(open(sys.argv[1]))' \
		"$work/$name.json" || { echo "FAIL: invalid JSON"; exit 1; }
fi
if [ "${STOPS_SHADOW_REGEN:-}" = 1 ]; then
	cp "$work/$name.txt" "$work/$name.json" "$golden/"
	exit 0
fi
fail=0
for f in "$name.txt" "$name.json"; do
	if ! diff -u "$golden/$f" "$work/$f"; then
		echo "FAIL: dump differs from $golden/$f (- golden, + now)"
		fail=1
	fi
done
[ $fail = 0 ] && echo "ok: $name"
exit $fail
