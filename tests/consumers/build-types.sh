#!/bin/sh
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# build-types.sh SRC_DIR WORK_DIR STRICT: the generator and its library build
# as a user or packager configures them (plain `cmake -DCMAKE_BUILD_TYPE=T`,
# STOPS_SHADOW_WERROR left off) with gcc and clang in every build type.
# STRICT=ON (a developer tree): any compiler warning in those builds fails
# too, so -O3/-Os-only warnings are caught before a user meets them.
set -u
src=$1 work=$2 strict=$3
fails=0

rm -rf "$work" && mkdir -p "$work" || exit 1
for cc in gcc clang; do
	command -v $cc >/dev/null || { echo "FAIL: no $cc"; exit 1; }
	for bt in Release MinSizeRel Debug RelWithDebInfo; do
		d=$work/$cc-$bt log=$work/$cc-$bt.log
		if ! CC=$cc cmake -S "$src" -B "$d" -G Ninja -DCMAKE_BUILD_TYPE=$bt \
			-DSTOPS_SHADOW_TESTS=OFF >"$log" 2>&1 ||
		   ! grep -q 'STOPS_SHADOW_WERROR:BOOL=OFF' "$d/CMakeCache.txt" ||
		   ! ninja -C "$d" -j2 stops-shadow stops_gen_shared >>"$log" 2>&1; then
			cat "$log"
			echo "FAIL: $cc $bt does not build"
			fails=$((fails + 1))
			continue
		fi
		if grep -E 'warning:' "$log"; then
			echo "$cc $bt: builds, with the warnings above"
			[ "$strict" = ON ] && fails=$((fails + 1))
			continue
		fi
		"$d/gen/stops-shadow" --version >/dev/null ||
			{ echo "FAIL: $cc $bt: the CLI does not run"; fails=$((fails + 1)); continue; }
		echo "ok: $cc $bt"
	done
done
rm -rf "$work"
[ $fails -eq 0 ] || { echo "FAIL: $fails build(s)"; exit 1; }
