#!/bin/sh
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# cxx-standards.sh LOADER.cpp SHADOW_INCLUDE_DIR TCP_CC_DIR WORK_DIR: the C++
# loader on a generated header (with the object embedded) compiles and links
# with g++ and clang++ as C++11, 14, 17 and 20, -Wall -Wextra -Werror -pedantic.
set -u
src=$1 inc=$2 tcp=$3 work=$4
fails=0

rm -rf "$work" && mkdir -p "$work" || exit 1
for cxx in g++ clang++; do
	command -v $cxx >/dev/null || { echo "FAIL: no $cxx"; exit 1; }
	for std in 11 14 17 20; do
		if $cxx -std=c++$std -Wall -Wextra -Werror -pedantic -I"$inc" \
			-I"$tcp" "$src" -o "$work/loader" -lbpf; then
			echo "ok: $cxx -std=c++$std"
		else
			echo "FAIL: $cxx -std=c++$std"
			fails=$((fails + 1))
		fi
	done
done
rm -rf "$work"
[ $fails -eq 0 ]
