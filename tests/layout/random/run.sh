#!/bin/sh
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# Random-layout differential test: for each seed, gen.py writes COUNT random
# struct_ops types with initialised maps; clang compiles them for BPF;
# stops-shadow writes the header; host programs built with gcc, clang, g++
# and clang++, -m64 and -m32 (run under qemu-i386), read every member
# through the shadow and compare with the BPF source's values, write them
# into a zeroed shadow and compare the bytes with the object's section.
# The header's own asserts prove sizes and offsets on each build.
#
# usage: run.sh STOPS_SHADOW BPF_CLANG WORKDIR COUNT SEED...
# Exit 0 all passed, 1 a failure (seeds listed) or a missing tool.
# RANDOM_BUILDS (e.g. "gcc64 clang32") selects builds by name.
set -u
tool=$1 bpfcc=$2 work=$3 count=$4
shift 4
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$work" || exit 1

# all required, qemu-i386 included: the i386 checks are the point
for t in python3 gcc g++ clang clang++ llvm-objcopy llvm-nm qemu-i386; do
	if ! command -v "$t" >/dev/null 2>&1; then
		echo "FAIL: $t not found (scripts/install-deps installs it)"
		exit 1
	fi
done

warn="-Wall -Wextra -Werror -pedantic -O1"
# name|compiler|flags|runner|orig (X__ASSERT_MATCHES against the original)
builds="gcc64|gcc|-m64 -std=c11|
gcc32|gcc|-m32 -std=c11|qemu-i386 -L /
clang64|clang|-m64 -std=c11|
clang32|clang|-m32 -std=c11|qemu-i386 -L /
gxx11|g++|-m64 -std=c++11|
gxx20m32|g++|-m32 -std=c++20|qemu-i386 -L /
clangxx17|clang++|-m64 -std=c++17|
clangxx14m32|clang++|-m32 -std=c++14|qemu-i386 -L /"

failed=""
nlayouts=0
for seed in "$@"; do
	d=$work/s$seed
	rm -rf "$d"
	mkdir -p "$d"
	ok=1
	fail() {
		echo "FAIL seed $seed: $*"
		ok=0
	}
	python3 "$here/gen.py" bpf "$seed" "$count" "$d/r.bpf.c" "$d/orig.h" ||
		fail "gen.py bpf"
	[ $ok = 1 ] && { "$bpfcc" -target bpf -g -O2 -c "$d/r.bpf.c" \
		-o "$d/r.bpf.o" 2>"$d/bpf.log" || fail "BPF compile: $(head -3 "$d/bpf.log")"; }
	[ $ok = 1 ] && { "$tool" "$d/r.bpf.o" -o "$d/r.shadow.h" 2>"$d/gen.log" ||
		fail "stops-shadow: $(cat "$d/gen.log")"; }
	if [ $ok = 1 ]; then
		llvm-objcopy -O binary --only-section=.struct_ops "$d/r.bpf.o" \
			"$d/sec.bin" || fail "objcopy"
		{
			echo "#define OFFSETS_SEC_SIZE $(wc -c <"$d/sec.bin")"
			llvm-nm --defined-only "$d/r.bpf.o" |
				awk '$3 ~ /^m[0-9]+b?$/ { printf "#define OFFSET_%s 0x%s\n", $3, $1 }'
		} >"$d/offsets.h"
		python3 "$here/gen.py" check "$seed" "$count" r "$d/r.shadow.h" \
			"$d/check.c" || fail "gen.py check"
		python3 "$here/gen.py" check "$seed" "$count" r "$d/r.shadow.h" \
			"$d/check_orig.c" --orig || fail "gen.py check --orig"
	fi
	if [ $ok = 1 ]; then
		echo "$builds" | while IFS='|' read -r name cc flags runner; do
			# RANDOM_BUILDS="gcc64 gcc32": only those builds
			case " ${RANDOM_BUILDS:-$name} " in *" $name "*) ;; *) continue ;; esac
			src=check.c
			# the original types have the BPF layout only on LP64
			case $flags in -m64*) src=check_orig.c ;; esac
			lang="-x c"
			case $cc in *++) lang="-x c++" ;; esac
			if ! $cc $flags $warn -DSTOPS_SHADOW_NO_LIBBPF -I"$d" $lang \
				"$d/$src" -o "$d/$name" 2>"$d/$name.log"; then
				echo "FAIL seed $seed: $name: compile:"
				head -20 "$d/$name.log" | sed 's/^/  /'
				echo x >>"$d/failed"
				continue
			fi
			if ! $runner "$d/$name" "$d/sec.bin" 2>"$d/$name.run"; then
				echo "FAIL seed $seed: $name: values:"
				head -20 "$d/$name.run" | sed 's/^/  /'
				echo x >>"$d/failed"
			fi
		done
		[ -e "$d/failed" ] && ok=0
	fi
	if [ $ok = 1 ]; then
		nlayouts=$((nlayouts + count))
		rm -rf "$d"
	else
		failed="$failed $seed"
	fi
done
if [ -n "$failed" ]; then
	echo "random layouts: FAILED seeds:$failed (kept in $work)"
	exit 1
fi
echo "random layouts: $nlayouts layouts passed (seeds $*), each built 8 ways"
exit 0
