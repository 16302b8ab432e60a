#!/bin/sh
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# Build bitproof.c -m64 and -m32, run both and an -m64 "orig" run: the three
# byte dumps must be identical.
# usage: bitproof.sh CC SRCDIR SHADOW_INCDIR WORKDIR [CFLAGS...]
set -u
cc=$1 src=$2 inc=$3 work=$4
shift 4
mkdir -p "$work" || exit 1
flags="-std=c11 -Wall -Wextra -Werror -I$src -I$inc $*"

# -m32 runs under qemu-i386, as in random/run.sh and names.sh: kernels
# without IA32 emulation cannot exec i386 binaries. Never a skip: the
# -m32 run is the proof.
if ! command -v qemu-i386 >/dev/null 2>&1; then
	echo "FAIL: qemu-i386 not found (scripts/install-deps installs qemu-user)"
	exit 1
fi

fail=0
for m in 64 32; do
	if ! "$cc" -m$m $flags "$src/bitproof.c" -o "$work/bitproof$m"; then
		echo "FAIL: bitproof.c does not compile with $cc -m$m"
		fail=1
	fi
done
[ $fail = 0 ] || exit 1
"$work/bitproof64" shadow >"$work/shadow64.txt" || exit 1
qemu-i386 -L / "$work/bitproof32" shadow >"$work/shadow32.txt" || exit 1
"$work/bitproof64" orig >"$work/orig64.txt" || exit 1

cmp_dump() { # name a b
	if ! cmp -s "$2" "$3"; then
		echo "FAIL: $1"
		diff "$2" "$3" | sed 's/^/  /'
		fail=1
	fi
}
cmp_dump "shadow -m64 vs shadow -m32 (i386 layout differs)" \
	"$work/shadow64.txt" "$work/shadow32.txt"
cmp_dump "original type vs shadow -m64 (LP64 layout differs)" \
	"$work/orig64.txt" "$work/shadow64.txt"
[ $fail = 0 ] || exit 1
echo "bitproof: $(wc -l <"$work/shadow64.txt") types byte-identical (-m64, -m32, original)"
cat "$work/shadow64.txt"
