#!/usr/bin/env bash
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# Run every mode of the CLI under valgrind memcheck over the valid BPF
# objects of the build tree (examples, tests): no memory error, no definite
# leak, and the exit status the contract gives for a good object.
#
#   run-valgrind-objects.sh CLI BUILD_DIR WORKDIR [EXTRA.bpf.o...]
set -u
cli=$1 build=$2 work=$3
shift 3
rm -rf "$work"
mkdir -p "$work"
vg=(valgrind -q --error-exitcode=99 --leak-check=full
	--errors-for-leak-kinds=definite --show-leak-kinds=definite)

# Valid objects only: the hostile ones have their own bad.valgrind.* tests,
# and tests' work/ directories hold scratch (often deliberately broken)
# files. One object per content.
declare -A seen
objs=()
while read -r o; do
	[ -n "$o" ] || continue
	h=$(sha1sum <"$o" | cut -c1-40)
	[ -z "${seen[$h]:-}" ] || continue
	seen[$h]=1
	objs+=("$o")
done < <({ printf '%s\n' "$@"; find "$build" -name '*.bpf.o' \
	-not -path "$build/tests/bad/*" -not -path "$build/tests/fuzz/*" \
	-not -path "$build/*/work/*" -size -4M | sort; } | head -n 60)
if [ ${#objs[@]} -eq 0 ]; then
	echo "no BPF objects in $build"
	exit 77
fi
fail=0
n=0
one() {
	local want=$1
	shift
	timeout -k 2 300 "${vg[@]}" "$cli" "$@" >"$work/out" 2>"$work/err"
	local rc=$?
	n=$((n + 1))
	if ! [[ " $want " == *" $rc "* ]]; then
		echo "FAIL (exit $rc, want $want): $*"
		head -n 40 "$work/err"
		fail=1
	fi
}
for o in "${objs[@]}"; do
	echo "== $o"
	one 0 gen "$o" -o "$work/x.shadow.h"
	one 0 dump "$o" --json
	# Parsing the kernel's BTF under valgrind takes seconds: only for the
	# objects named on the command line and the examples.
	if [ -r /sys/kernel/btf/vmlinux ] &&
		{ [[ " $* " == *" $o "* ]] || [[ $o == */examples/* ]]; }; then
		one "0 3" check "$o"
	fi
done
echo "$n valgrind runs over ${#objs[@]} objects"
exit $fail
