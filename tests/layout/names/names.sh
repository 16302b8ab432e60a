#!/bin/sh
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# Hostile names (issue 11): members spelled as keywords or as macros of the
# headers a loader includes are renamed (int -> int_, errno -> errno_) and
# keep their values; the generator's own member names, enumerator macros,
# the bpftool alias, the helpers (--name STOPS_SHADOW) and include guards
# (foo and FOO; long names) never collide; a section name cannot end or
# nest a comment; string literals stay under 4095 characters; a name that
# cannot be made safe is a one-line error.
# usage: names.sh STOPS_SHADOW BPF_CLANG SRCDIR WORKDIR
set -u
tool=$1 bpfcc=$2 src=$3 work=$4
rm -rf "$work"
mkdir -p "$work" || exit 1
fail=0
bad() { printf 'FAIL: %s\n' "$*"; fail=1; }
ok() { printf 'ok: %s\n' "$*"; }

"$bpfcc" -target bpf -g -O2 -Wno-trigraphs -c "$src/names.bpf.c" \
	-o "$work/names0.bpf.o" || exit 1
python3 "$src/mkobj.py" "$work/names0.bpf.o" "$work/names.bpf.o" || exit 1
"$tool" "$work/names.bpf.o" -o "$work/names.shadow.h" || exit 1
"$tool" "$work/names.bpf.o" --name STOPS_SHADOW -o "$work/ss.shadow.h" || exit 1
"$tool" "$work/names.bpf.o" --name foo -o "$work/foo.shadow.h" || exit 1
"$tool" "$work/names.bpf.o" --name FOO -o "$work/FOO.shadow.h" || exit 1
long=$(printf '%0300d' 0 | tr 0 n)
"$tool" "$work/names.bpf.o" --name "${long}_a" -o "$work/la.shadow.h" || exit 1
"$tool" "$work/names.bpf.o" --name "${long}_b" -o "$work/lb.shadow.h" || exit 1
"$tool" "$work/names.bpf.o" --name emb --embed -o "$work/emb.shadow.h" || exit 1
huge=$(printf '%05000d' 0 | tr 0 h)
"$tool" "$work/names.bpf.o" --name "$huge" -o "$work/huge.shadow.h" || exit 1

h=$work/names.shadow.h
for pair in errno_:errno NULL_:NULL int_:int if_:if sizeof_:sizeof \
	_Bool_:_Bool restrict_:restrict class_:class linux_:linux \
	btf__slot_init:__slot_init btf__padding_0:__padding_0 while_:while \
	btfint_:int_; do
	c=${pair%%:*} b=${pair#*:}
	if grep -q "	int $c; /\* BTF name: $b \*/\|unsigned long long $c; /\* BTF name: $b \*/" "$h"; then
		ok "member $b -> $c"
	else
		bad "member $b is not renamed to $c"
	fi
done
grep -q '^#define names__names_b__FOO_2 4U' "$h" &&
	grep -q '^#define names__names_b__FOO 2U' "$h" &&
	grep -q '^#define names__FOO 1U' "$h" &&
	ok "enumerators FOO, FOO, names_b__FOO: three macros" ||
	bad "enumerator macros collide"
grep -q '^#define names__m__names_ops_2 5U' "$h" &&
	grep -q '^#define names__m__names_ops STOPS_SHADOW__SKEL(names_m_names_ops, names__m__names_ops, __NAMES_SKEL_H__)$' "$h" &&
	ok "enumerator m__names_ops yields to the bpftool alias" ||
	bad "enumerator vs alias"
for h2 in names emb; do
	grep -q "^#define ${h2}__open_embedded_2 7U" "$work/$h2.shadow.h" &&
		grep -q "^#define ${h2}__embedded_bytes_2 8U" "$work/$h2.shadow.h" &&
		ok "$h2: enumerators open_embedded, embedded_bytes yield to --embed's helpers" ||
		bad "$h2: enumerators vs --embed's helpers"
done
grep -q '^#define STOPS_SHADOW__AT_2 6U' "$work/ss.shadow.h" &&
	ok "--name STOPS_SHADOW: enumerator AT yields to the helper" ||
	bad "--name STOPS_SHADOW: enumerator AT"
grep -q '^#define STOPS_SHADOW__FIT_2 10U' "$work/ss.shadow.h" &&
	grep -q '^#ifndef STOPS_SHADOW__FIT$' "$work/ss.shadow.h" &&
	ok "--name STOPS_SHADOW: enumerator FIT yields to the fit helpers" ||
	bad "--name STOPS_SHADOW: enumerator FIT"
grep -q '^static inline int names_m_names_ops__fit_kernel(' "$h" &&
	ok "names_m_names_ops__fit_kernel" || bad "no X__fit_kernel"
grep -q 'struct_ops/a/\\x2ab\\x3f\\x3f/\\x5c: names_init' "$h" &&
	ok "section struct_ops/a/*b??/\\ escaped in its comment" ||
	bad "section name not escaped"
"$tool" dump --json "$work/names.bpf.o" >"$work/dump.json" || bad "dump"
grep -q '"member": "int", "c_name": "int_"' "$work/dump.json" &&
	ok "dump --json keeps the BTF name beside the C name" ||
	bad "dump --json: int/int_"

# a loader that includes everything a loader includes, then the headers
cat >"$work/use.c" <<'EOC'
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifndef STOPS_SHADOW_NO_LIBBPF
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include "emb.shadow.h"
#endif
#include "names.shadow.h"
#include "ss.shadow.h"
#include "foo.shadow.h"
#include "FOO.shadow.h"
#include "la.shadow.h"
#include "lb.shadow.h"
#include "huge.shadow.h"
#include "names.shadow.h"
#include "offsets.h"

/* both guards let their types in: foo and FOO, and the long names */
typedef struct foo_m_names_ops t_foo;
typedef struct FOO_m_names_ops t_FOO;

static unsigned char sec[OFF_SIZE];

static int check(const struct names_m_names_ops *s)
{
	int bad = 0, i;
	const int got[] = {s->btf__padding_0, s->errno_, s->NULL_, s->EINVAL_,
		s->EOF_, s->bool_, s->true_, s->INT32_MAX_, s->LIBBPF_API_,
		s->linux_, s->unix_, s->i386_, s->int_, s->if_, s->sizeof_,
		s->_Bool_, s->restrict_, s->class_, s->btfint_, s->nest.while_,
		s->nest.btf__slot_init};

	for (i = 0; i < 19; i++)
		if (got[i] != i + 1)
			bad = fprintf(stderr, "member %d: %d\n", i, got[i]);
	bad |= got[19] != 20 || got[20] != 21;
	bad |= s->btf__slot_init != 0x1122334455667788ULL;
	bad |= s->ea != names__AT || s->eb != names__FOO_B_DUMMY ||
	       s->ec != names__names_b__FOO_2 || s->anon_e != names__ANON_X;
	bad |= sizeof(t_foo) != sizeof(t_FOO);
	return bad;
}

int main(int argc, char **argv)
{
	FILE *f = argc > 1 ? fopen(argv[1], "rb") : NULL;

	if (!f || fread(sec, 1, sizeof(sec), f) != sizeof(sec))
		return 2;
	fclose(f);
	return check((const struct names_m_names_ops *)(sec + OFF_m)) ? 1 : 0;
}
EOC
llvm-objcopy -O binary --only-section=.struct_ops "$work/names.bpf.o" \
	"$work/sec.bin" || exit 1
{
	echo "#define OFF_SIZE $(wc -c <"$work/sec.bin")"
	llvm-nm --defined-only "$work/names.bpf.o" |
		awk '$3 == "m" { printf "#define OFF_m 0x%s\n", $1 }'
} >"$work/offsets.h"
while IFS='|' read -r name cc flags run; do
	if ! $cc $flags -Wall -Wextra -Werror -pedantic -I"$work" "$work/use.c" \
		-o "$work/use-$name" 2>"$work/$name.log"; then
		bad "$name: the headers do not compile together:"
		head -10 "$work/$name.log" | sed 's/^/  /'
	elif ! $run "$work/use-$name" "$work/sec.bin"; then
		bad "$name: values through the renamed members differ"
	else
		ok "$name: compiles with the loader headers, values match"
	fi
done <<EOB
gcc-c11|gcc|-x c -std=c11|
gcc-gnu11|gcc|-x c -std=gnu11|
gcc-gnu11-m32|gcc|-x c -std=gnu11 -m32 -DSTOPS_SHADOW_NO_LIBBPF|qemu-i386 -L /
clang-gnu17|clang|-x c -std=gnu17|
g++-gnu++11|g++|-x c++ -std=gnu++11|
clang++-c++20|clang++|-x c++ -std=c++20|
g++-c++17-m32|g++|-x c++ -std=c++17 -m32 -DSTOPS_SHADOW_NO_LIBBPF|qemu-i386 -L /
EOB

# a map name too long for the accessors' string literal: a clear error
n=$(printf '%01200d' 0 | tr 0 m)
printf '%s\n' '#define SEC(s) __attribute__((section(s), used))' \
	'struct long_ops { int x; };' \
	"SEC(\".struct_ops\") struct long_ops $n = { .x = 1 };" \
	'char _license[] SEC("license") = "GPL";' >"$work/long.bpf.c"
"$bpfcc" -target bpf -g -O2 -c "$work/long.bpf.c" -o "$work/long.bpf.o" ||
	exit 1
if "$tool" "$work/long.bpf.o" -o "$work/long.shadow.h" 2>"$work/long.err"; then
	bad "a 1200-character map name gives a header"
elif [ "$(wc -l <"$work/long.err")" = 1 ] &&
	grep -q 'longer than 1000 characters' "$work/long.err" &&
	[ ! -e "$work/long.shadow.h" ]; then
	ok "1200-character map name: $(cut -c1-60 "$work/long.err")..."
else
	bad "long map name: $(cat "$work/long.err")"
fi
# enumerators spelled like the names generated for maps yield (_2); two
# maps whose shadow names meet are a one-line error and no header
"$bpfcc" -target bpf -g -O2 -c "$src/clash.bpf.c" -o "$work/clash.bpf.o" &&
	"$bpfcc" -target bpf -g -O2 -DTWICE -c "$src/clash.bpf.c" \
		-o "$work/clash2.bpf.o" || exit 1
ch=$work/clash.shadow.h
if ! "$tool" "$work/clash.bpf.o" -o "$ch" 2>"$work/clash.err"; then
	bad "clash.bpf.o: $(cat "$work/clash.err")"
else
	for m in 'bench_m0__clash_ops_2 1U' 'bench_m0__clash_ops_2_2 7U' \
		'x_clash_ops__MEMBERS_2 6U' 'x_clash_ops__from_map_2 8U' \
		'bench_m0__clash_ops STOPS_SHADOW__SKEL(clash_bench_m0_clash_ops, clash__bench_m0__clash_ops, __CLASH_SKEL_H__)'; do
		grep -q "^#define clash__$m\$" "$ch" || bad "clash: no #define clash__$m"
	done
	printf '%s\n' '#include <errno.h>' '#include "clash.shadow.h"' \
		'int main(void) { return clash__bench_m0__clash_ops_2 + clash__bench_m0__clash_ops_2_2 == 8 ? 0 : 1; }' \
		>"$work/clash_use.c"
	if gcc -std=c11 -Wall -Wextra -Werror -pedantic -I"$work" \
		"$work/clash_use.c" -o "$work/clash_use" && "$work/clash_use"; then
		ok "enumerators spelled like generated names: _2, header compiles"
	else
		bad "clash.shadow.h does not compile or has the wrong values"
	fi
fi
# The message names the clash met first in claim_idents()' documented
# order (map x's bpftool alias is _x_'s shadow name), whatever order the
# fast path claims in.
if "$tool" "$work/clash2.bpf.o" -o "$work/clash2.shadow.h" 2>"$work/clash2.err"; then
	bad "two maps with one shadow name give a header"
elif [ "$(wc -l <"$work/clash2.err")" = 1 ] &&
	grep -q 'name clash2__x__clash_ops is taken twice' "$work/clash2.err" &&
	[ ! -e "$work/clash2.shadow.h" ]; then
	ok "two maps, one shadow name: $(cut -c1-80 "$work/clash2.err")..."
else
	bad "two maps with one shadow name: $(cat "$work/clash2.err")"
fi
exit $fail
