#!/bin/bash
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# skel-run.sh STOPS_SHADOW OBJ WORK_DIR CXX: bpftool's skeleton and the shadow
# header in one loader (skel_loader.c), on the bpftool and libbpf installed.
#
# bpftool 7.5 writes, for each struct_ops map, `map->link = &obj->links.<map>;`
# into the skeleton: struct bpf_map_skeleton gained `link` in libbpf 1.5 (for
# auto-attaching struct_ops maps in <obj>__attach()). Against libbpf 1.4
# headers that line, and nothing else, fails to compile. Deleting it is
# enough: 1.4 honours the skeleton's map_skel_sz, and the loader attaches
# the map itself. This test proves exactly that on libbpf < 1.5 (the
# pristine skeleton must fail on those lines only) and uses the pristine
# skeleton on libbpf >= 1.5. Then gcc and clang build the loader (CXX=ON:
# g++ and clang++ as C++17 too), which runs on this kernel (skipped, exit
# 77, without root or CAP_BPF).
set -u
exe=$1 obj=$2 work=$3 cxx=${4:-OFF}
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/../.." && pwd)
. "$src/tests/e2e/env-check.sh"

fail() { echo "FAIL: $*"; exit 1; }

bpftool=$(command -v bpftool || echo /usr/sbin/bpftool)
[ -x "$bpftool" ] || skip "no bpftool"
rm -rf "$work" && mkdir -p "$work" || exit 1
cd "$work" || exit 1
cp "$obj" tcp_cc.bpf.o && cp "$src/examples/tcp_cc/tcp_cc.h" . || exit 1
"$bpftool" gen skeleton tcp_cc.bpf.o name tcp_cc > pristine.skel.h ||
	fail "bpftool gen skeleton"
"$exe" gen tcp_cc.bpf.o -o tcp_cc.shadow.h || fail "stops-shadow gen"
echo "$("$bpftool" version | head -1), libbpf headers $(pkg-config --modversion libbpf)"

printf '#include "tcp_cc.h"\n#include "pristine.skel.h"\n' > probe.c
links=$(grep -n 'map->link = ' pristine.skel.h | cut -d: -f1 | tr '\n' ' ')
if pkg-config --atleast-version=1.5 libbpf; then
	gcc -std=c11 -fsyntax-only -I. probe.c || fail "the skeleton does not compile"
	cp pristine.skel.h tcp_cc.skel.h
else
	[ -n "$links" ] || fail "no map->link line in bpftool's skeleton (another bpftool?)"
	gcc -std=c11 -fsyntax-only -I. probe.c > probe.log 2>&1 &&
		fail "the pristine skeleton compiles against libbpf < 1.5"
	cat probe.log
	errs=$(grep -o 'pristine.skel.h:[0-9]*:[0-9]*: error' probe.log |
		cut -d: -f2 | sort -un | tr '\n' ' ')
	[ "$errs" = "$links" ] ||
		fail "errors on lines '$errs', map->link lines are '$links'"
	grep -q "has no member named .link." probe.log || fail "not the link member"
	sed '/map->link = /d' pristine.skel.h > tcp_cc.skel.h
	[ "$(diff pristine.skel.h tcp_cc.skel.h | grep -c '^<')" -eq \
		"$(echo $links | wc -w)" ] || fail "sed deleted more than the map->link lines"
	echo "ok: only the map->link lines (${links% }) fail against libbpf < 1.5; deleted"
fi

ccs="gcc clang"
[ "$cxx" = ON ] && ccs="$ccs g++ clang++"
for cc in $ccs; do
	lang="-std=c11"
	case $cc in *++) lang="-x c++ -std=c++17" ;; esac
	$cc $lang -Wall -Wextra -Werror -I. "$here/skel_loader.c" \
		-o skel_loader-$cc -lbpf || fail "$cc: skeleton + shadow header"
done
# the other order: the shadow header first (skel_order.c)
for cc in $ccs; do
	lang="-std=c11"
	case $cc in *++) lang="-x c++ -std=c++11" ;; esac
	$cc $lang -Wall -Wextra -Werror -I. -fsyntax-only "$here/skel_order.c" ||
		fail "$cc: shadow header, then skeleton"
done
echo "ok: the shadow header compiles before and after the skeleton"
stops_e2e_require tcp_congestion_ops
n=0
for cc in $ccs; do
	n=$((n + 1))
	name=ss_sk$$_$n # at most 15 characters
	./skel_loader-$cc "$name" || fail "$cc: skel_loader"
	if stops_e2e_cc_listed "$name"; then
		fail "$name left registered"
	fi
done
echo PASS
