#!/bin/sh
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# `stops-shadow dump` (table and --json) of a layout object equals its
# golden file in dump/; the writethrough test of the same object proves
# those offsets and values against the real struct, through libbpf.
# Usage: dump_golden.sh CLI OBJ NAME GOLDEN_DIR WORK
# STOPS_SHADOW_REGEN=1 rewrites the golden files instead (review the diff).
# BTF from clang >= 15 carries each enum's signedness (and 64-bit enum
# constants): there a negative enumerator reads -5, not 4294967291. Where
# that changes the dump, NAME.signed.{txt,json} hold it, chosen when
# bpftool finds a signed enum in the object's BTF.
set -eu
cli=$1 obj=$2 name=$3 golden=$4 work=$5
mkdir -p "$work"
bpftool=$(command -v bpftool || echo /usr/sbin/bpftool)
btf=$("$bpftool" btf dump file "$obj") || { echo "FAIL: bpftool cannot read $obj's BTF"; exit 1; }
gname=$name
if [ -f "$golden/$name.signed.txt" ] && printf '%s\n' "$btf" | grep -Eq '^\[[0-9]+\] ENUM(64)? .*encoding=SIGNED'; then
	gname=$name.signed
fi
"$cli" dump "$obj" >"$work/$name.txt"
"$cli" dump "$obj" --json >"$work/$name.json"
if command -v python3 >/dev/null; then
	python3 -c 'import json, sys; json.load(open(sys.argv[1]))' \
		"$work/$name.json" || { echo "FAIL: invalid JSON"; exit 1; }
fi
if [ "${STOPS_SHADOW_REGEN:-}" = 1 ]; then
	cp "$work/$name.txt" "$golden/$gname.txt"
	cp "$work/$name.json" "$golden/$gname.json"
	exit 0
fi
fail=0
for e in txt json; do
	if ! diff -u "$golden/$gname.$e" "$work/$name.$e"; then
		echo "FAIL: dump differs from $golden/$gname.$e (- golden, + now)"
		fail=1
	fi
done
[ $fail = 0 ] && echo "ok: $name ($gname)"
exit $fail
