#!/bin/bash
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# matrix-selftest.sh: vm-matrix.sh judges made-up columns as it must: an
# unlisted disagreement or a missing column fails, a listed one passes and
# is reported, a listed pair that agrees is reported for pruning, a skipped
# kernel is shown. No kernel needed.
set -u
here=$(cd "$(dirname "$0")" && pwd)
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
status=0

mkdir -p "$t/out/k1" "$t/out/k2" "$t/out/k3"
printf '#kernel k1 1.0\nobj_a ok ok -\nobj_b ok fail load: Invalid argument\nobj_c incompat fail -\n' >"$t/out/k1/column.txt"
printf '#kernel k2 2.0\nobj_a ok ok -\nobj_b ok ok -\nobj_c incompat ok -\n' >"$t/out/k2/column.txt"
printf '#skipped no root\n' >"$t/out/k3/column.txt"

# run NAME WANT_RC KNOWN_LINES KERNELS [REGEX...]
run() {
	local name=$1 want=$2 known=$3 kernels=$4 rc re
	shift 4
	printf '%b' "$known" >"$t/known.txt"
	# shellcheck disable=SC2086
	"$here/vm-matrix.sh" --known "$t/known.txt" "$t/out" $kernels >"$t/log" 2>&1
	rc=$?
	if [ $rc != "$want" ]; then
		echo "FAIL: $name: exit $rc, expected $want"
		cat "$t/log"
		status=1
	fi
	for re in "$@"; do
		grep -qE -- "$re" "$t/log" || { echo "FAIL: $name: output lacks /$re/"; cat "$t/log"; status=1; }
	done
	echo "ok: $name"
}

run unlisted 1 "" "k1 k2" "FAIL: obj_b on k1" "FAIL: obj_c on k2" "unlisted disagreements 2"
run listed 0 "obj_b k1 links\nobj_c k* a glob\n" "k1 k2" \
	"known disagreement: obj_b on k1: check ok, real fail: links" \
	"known disagreement: obj_c on k2" "agrees now \(prune .*\): obj_c on k1" \
	"obj_b +ok/fail !k +ok/ok"
run partly_listed 1 "obj_b k1 links\n" "k1 k2" "FAIL: obj_c on k2" "unlisted disagreements 1,"
run skipped 0 "obj_b k1 x\nobj_c k2 y\n" "k1 k2 k3" "kernel k3: skipped: no root"
run missing 1 "obj_b k1 x\nobj_c k2 y\n" "k1 k2 k4" "FAIL: no column for kernel k4"
run all_skipped 77 "" "k3"
[ -f "$t/out/matrix.txt" ] || { echo "FAIL: no matrix.txt"; status=1; }
exit $status
