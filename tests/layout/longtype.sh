#!/bin/sh
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# A struct_ops type name goes into string literals (the fit helper's and
# the layout check's), which C guarantees only to 4,095 characters: a
# 4,200-character name is a one-line error and no header, as a map name of
# that length is; a 1,000-character one still makes a header that compiles
# with -pedantic -Werror (gcc and clang: overlength-strings).
# usage: longtype.sh STOPS_SHADOW BPF_CLANG CC... WORKDIR (last)
set -u
tool=$1 bpfcc=$2
shift 2
for work; do :; done
rm -rf "$work"
mkdir -p "$work" || exit 1
fail=0
bad() { printf 'FAIL: %s\n' "$*"; fail=1; }

# mk N: an object whose one map's type name is N characters
mk() {
	name=$(printf "%0$1d" 0 | tr 0 t)
	cat >"$work/t$1.bpf.c" <<EOT
typedef unsigned int u32;
struct $name {
	int (*init)(void *arg);
	u32 flags;
};
__attribute__((section("struct_ops/init"), used)) int init(void *ctx) { return 0; }
__attribute__((section(".struct_ops"), used)) struct $name ops = {
	.init = (void *)init,
	.flags = 1,
};
char LICENSE[] __attribute__((section("license"), used)) = "GPL";
EOT
	"$bpfcc" -target bpf -g -O2 -c "$work/t$1.bpf.c" -o "$work/t$1.bpf.o" ||
		{ echo "cannot compile the $1-character type"; exit 1; }
}

mk 4200
"$tool" gen "$work/t4200.bpf.o" -o "$work/t4200.shadow.h" >"$work/out" 2>"$work/err"
rc=$?
[ $rc != 0 ] || bad "a 4,200-character type name made a header"
[ "$(wc -l <"$work/err")" = 1 ] && grep -q "type name .* longer than 1000 characters" "$work/err" ||
	bad "4,200 characters: not one line naming the type name: $(head -c 300 "$work/err")"
[ ! -e "$work/t4200.shadow.h" ] || bad "4,200 characters: a header was left behind"
echo "4,200 characters: exit $rc, $(head -c 160 "$work/err")"

mk 1000
"$tool" gen "$work/t1000.bpf.o" -o "$work/t1000.shadow.h" || bad "1,000 characters: gen failed"
printf '#include "t1000.shadow.h"\nint main(void) { return 0; }\n' >"$work/use.c"
while [ $# -gt 1 ]; do
	"$1" -std=c11 -Wall -Wextra -Werror -pedantic -I"$work" -c "$work/use.c" -o /dev/null ||
		bad "1,000 characters: the header does not compile with $1 -pedantic -Werror"
	shift
done
[ $fail = 0 ] && echo ok
exit $fail
