#!/bin/sh
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# `stops-shadow dump --plan` of a layout object equals its golden file in
# plan/ and holds every rule of plan_check.py (which reads the plan apart
# from any golden file: ranges tile the type, names unique per language,
# fields where BTF puts them). The layout.compile, runtime and
# writethrough tests of the same objects prove the C header made from this
# plan against the real structs. Never writes into the source tree: new
# goldens come from tests/layout/regen-plan-goldens.
# Usage: plan_golden.sh CLI OBJ NAME GOLDEN_DIR WORK
#        plan_golden.sh CLI --names SRC_DIR BPF_CLANG NAME GOLDEN_DIR WORK
#   (--names: the hostile-names object names.sh builds, built here alike)
# Signed enums: as dump_golden.sh, NAME.signed.json where clang >= 15
# marks an enum of the object signed.
set -eu
here=$(dirname "$0")
cli=$1
shift
if [ "$1" = --names ]; then
	src=$2 bpfcc=$3 name=$4 golden=$5 work=$6
	mkdir -p "$work"
	"$bpfcc" -target bpf -g -O2 -Wno-trigraphs -c "$src/names.bpf.c" \
		-o "$work/$name.0.bpf.o"
	python3 "$src/mkobj.py" "$work/$name.0.bpf.o" "$work/$name.bpf.o"
	obj=$work/$name.bpf.o
else
	obj=$1 name=$2 golden=$3 work=$4
fi
if [ -n "${STOPS_SHADOW_REGEN:-}" ]; then
	echo "FAIL: STOPS_SHADOW_REGEN is set: tests compare, tests/layout/regen-plan-goldens writes"
	exit 1
fi
mkdir -p "$work"
bpftool=$(command -v bpftool || echo /usr/sbin/bpftool)
btf=$("$bpftool" btf dump file "$obj") || { echo "FAIL: bpftool cannot read $obj's BTF"; exit 1; }
gname=$name
if [ -f "$golden/$name.signed.json" ] && printf '%s\n' "$btf" | grep -Eq '^\[[0-9]+\] ENUM(64)? .*encoding=SIGNED'; then
	gname=$name.signed
fi
"$cli" dump --plan "$obj" >"$work/$name.plan.json"
python3 "$here/plan_check.py" "$cli" "$obj"
if ! diff -u "$golden/$gname.json" "$work/$name.plan.json"; then
	echo "FAIL: plan differs from $golden/$gname.json (- golden, + now)"
	exit 1
fi
echo "ok: $name ($gname)"
