#!/bin/sh
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# `stops-shadow dump` (table and --json) of a layout object equals its
# golden file in dump/; the writethrough test of the same object proves
# those offsets and values against the real struct, through libbpf.
# Usage: dump_golden.sh CLI PYTHON3 OBJ NAME GOLDEN_DIR WORK
# It only compares, and writes nothing outside WORK: WORK/NAME.{txt,json}
# are the dumps, WORK/NAME.golden the golden file's path without .txt or
# .json, for tests/layout/regen-goldens (`make regen-goldens`), the one
# way to rewrite them. STOPS_SHADOW_REGEN, which once made this test
# rewrite the goldens and pass, fails it.
# BTF from clang >= 15 carries each enum's signedness (and 64-bit enum
# constants): there a negative enumerator reads -5, not 4294967291. Where
# that changes the dump, NAME.signed.{txt,json} hold it, chosen when
# bpftool finds a signed enum in the object's BTF.
set -eu
if [ -n "${STOPS_SHADOW_REGEN:-}" ]; then
	echo "FAIL: STOPS_SHADOW_REGEN is set; this test only compares (make regen-goldens rewrites the goldens)"
	exit 1
fi
cli=$1 python3=$2 obj=$3 name=$4 golden=$5 work=$6
mkdir -p "$work"
rm -f "$work/$name.golden"
bpftool=$(command -v bpftool || echo /usr/sbin/bpftool)
btf=$("$bpftool" btf dump file "$obj") || { echo "FAIL: bpftool cannot read $obj's BTF"; exit 1; }
gname=$name
if [ -f "$golden/$name.signed.txt" ] && printf '%s\n' "$btf" | grep -Eq '^\[[0-9]+\] ENUM(64)? .*encoding=SIGNED'; then
	gname=$name.signed
fi
[ -x "$python3" ] || { echo "FAIL: no python3 at $python3 for the JSON check (scripts/install-deps --test installs it)"; exit 1; }
"$cli" dump "$obj" >"$work/$name.txt"
"$cli" dump "$obj" --json >"$work/$name.json"
"$python3" -c 'import json, sys; json.load(open(sys.argv[1]))' \
	"$work/$name.json" || { echo "FAIL: invalid JSON"; exit 1; }
# only a dump that ran and parsed may become a golden file
printf '%s\n' "$golden/$gname" >"$work/$name.golden"
fail=0
for e in txt json; do
	if ! diff -u "$golden/$gname.$e" "$work/$name.$e"; then
		echo "FAIL: dump differs from $golden/$gname.$e (- golden, + now)"
		fail=1
	fi
done
[ $fail = 0 ] && echo "ok: $name ($gname)"
exit $fail
