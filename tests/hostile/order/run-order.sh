#!/usr/bin/env bash
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# The order of a struct_ops section's relocations is the file's business,
# not the header's: gen and dump of reloc_order.bpf.o must not change when
# its relocations come reversed, interleaved (back to a map after another
# map's: the model then copies a slot array it may share) or shuffled.
#
#   run-order.sh TOOL BPF_CLANG SRC_DIR WORK_DIR
set -u
tool=$1 bpfcc=$2 src=$3 work=$4
rm -rf "$work" && mkdir -p "$work" || exit 1
obj=$work/reloc_order.bpf.o
"$bpfcc" -target bpf -g -O2 -c "$src/reloc_order.bpf.c" -o "$obj" || exit 1
"$tool" gen "$obj" >"$work/want.h" && "$tool" dump --json "$obj" \
	>"$work/want.json" || exit 1
fail=0
for how in reverse interleave 1 2 3 4 5; do
	# the same file name: the object's name comes from it
	mkdir -p "$work/$how" && p=$work/$how/reloc_order.bpf.o
	python3 "$src/permute.py" "$obj" "$p" "$how" || exit 1
	if ! "$tool" gen "$p" | cmp -s - "$work/want.h"; then
		echo "FAIL: $how: the header differs"
		"$tool" gen "$p" | diff "$work/want.h" - | head -20
		fail=1
	elif ! "$tool" dump --json "$p" | cmp -s - "$work/want.json"; then
		echo "FAIL: $how: dump --json differs"
		fail=1
	else
		echo "ok: relocations $how: the same header and dump"
	fi
done
exit $fail
