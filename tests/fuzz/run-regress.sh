#!/usr/bin/env bash
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# Run each committed crasher (REGRESS/elf/*, REGRESS/btf/*, REGRESS/dwarf/*)
# and each hostile object of tests/bad once through the harnesses.
#   run-regress.sh HARNESS_DIR REGRESS_DIR BAD_OBJS_DIR
set -u
bin=$1 regress=$2 bad=$3
fail=0
one() {
	local h=$1
	shift
	[ $# -gt 0 ] || return 0
	echo "fuzz_$h: $# inputs"
	if ! "$bin/fuzz_$h" -rss_limit_mb=2048 -malloc_limit_mb=1024 -timeout=20 \
		"$@" >"$bin/regress-$h.log" 2>&1; then
		tail -n 60 "$bin/regress-$h.log"
		fail=1
	fi
}
files() { find "$@" -maxdepth 1 -type f ! -name '*.md' 2>/dev/null | sort; }
mapfile -t elf < <(files "$regress/elf" "$bad")
mapfile -t btf < <(files "$regress/btf")
mapfile -t dwarf < <(files "$regress/dwarf")
one elf "${elf[@]}"
one btf "${btf[@]}"
one dwarf "${dwarf[@]}"
exit $fail
