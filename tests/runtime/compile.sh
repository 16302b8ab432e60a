#!/bin/sh
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# compile.sh RUNTIME_DIR COMPILER FLAGS...: every run-time source of
# RUNTIME_DIR (gen/runtime/*.h) compiled as a translation unit of its own
# (standalone.c includes it) with COMPILER and FLAGS, -Werror among them.
# gcc also gets -fkeep-static-functions, so that each unused static inline
# function is compiled to code (its flow warnings included), not only
# checked. Fails naming the first source that does not compile.
set -eu
dir=$1
cc=$2
shift 2
here=$(cd "$(dirname "$0")" && pwd)
keep=
case $("$cc" --version 2>/dev/null | head -n 1) in
*clang*) ;;
*) keep=-fkeep-static-functions ;;
esac
n=0
for f in "$dir"/*.h; do
	"$cc" "$@" $keep -I"$dir" -DRUNTIME_H="\"$(basename "$f")\"" \
		-c "$here/standalone.c" -o /dev/null ||
		{ echo "compile.sh: $f: does not compile with $cc $*" >&2; exit 1; }
	n=$((n + 1))
done
[ "$n" -ge 6 ] || { echo "compile.sh: only $n sources in $dir" >&2; exit 1; }
echo "compile.sh: $n sources compile with $cc $*"
