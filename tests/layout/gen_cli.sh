#!/bin/sh
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# The generator's output contract: deterministic bytes, no rewrite of an
# unchanged header (mtime kept), --name, stdout == -o, --depfile, object
# name derivation, failed runs leave the old header alone.
# usage: gen_cli.sh STOPS_SHADOW CC OBJDIR SRCDIR WORKDIR [spaces]
set -u
gen=$1 cc=$2 objs=$3 src=$4 work=$5
rm -rf "$work" && mkdir -p "$work" || exit 1
cd "$work" || exit 1
fail=0
bad() { printf "FAIL: %s\n" "$*"; fail=1; }
compiles() { # header: include it, -pedantic -Werror
	"$cc" -std=c11 -Wall -Wextra -Werror -pedantic -fsyntax-only \
		-I"$work" "-DSHADOW_H=<$1>" "$src/compile_one.c" ||
		bad "$1 does not compile"
}

# paths with spaces are escaped for make and ninja (own test: gen_cli.sh ... spaces)
spaces() {
	obj=$objs/kinds.bpf.o
	mkdir -p "sp ace"
	cp "$obj" "sp ace/k 1.bpf.o"
	if "$gen" "sp ace/k 1.bpf.o" -o "sp ace/o 1.h" --depfile "sp ace/d.d"; then
		want='sp\ ace/o\ 1.h: sp\ ace/k\ 1.bpf.o'
		got=$(cat "sp ace/d.d")
		[ "$got" = "$want" ] ||
			bad "depfile for paths with spaces is '$got', want '$want'"
		compiles "sp ace/o 1.h"
	else
		bad "gen with spaces in paths failed"
	fi
}
if [ "${6:-}" = spaces ]; then
	spaces
	[ $fail = 0 ] && echo "gen_cli spaces: ok"
	exit $fail
fi

for o in kinds bits packed multi empty; do
	obj=$objs/$o.bpf.o
	"$gen" "$obj" -o a.h || bad "$o: gen -o failed"
	"$gen" gen "$obj" -o b.h || bad "$o: gen gen -o failed"
	"$gen" "$obj" >c.h || bad "$o: gen to stdout failed"
	cmp -s a.h b.h || bad "$o: two runs differ (gen -o a.h vs gen gen -o b.h)"
	cmp -s a.h c.h || bad "$o: stdout differs from -o file"
	[ -s a.h ] || bad "$o: empty header"
	cp a.h "$o.h"
done

# the object's path does not leak into the header (reproducible builds)
mkdir -p sub && cp "$objs/kinds.bpf.o" sub/kinds.bpf.o
(cd sub && "$gen" kinds.bpf.o >../rel.h) || bad "gen relative path"
cmp -s rel.h kinds.h || bad "header depends on the object's path ($objs/kinds.bpf.o vs sub/kinds.bpf.o)"
rm -rf sub rel.h

# unchanged header: not rewritten, mtime kept
obj=$objs/kinds.bpf.o
"$gen" "$obj" -o keep.h || bad "gen keep.h"
touch -d '2001-02-03 04:05:06' keep.h
old=$(stat -c %Y keep.h)
ino=$(stat -c %i keep.h)
"$gen" "$obj" -o keep.h || bad "gen keep.h again"
[ "$(stat -c %Y keep.h)" = "$old" ] ||
	bad "unchanged header rewritten: mtime $old -> $(stat -c %Y keep.h)"
[ "$(stat -c %i keep.h)" = "$ino" ] || bad "unchanged header replaced (new inode)"
cmp -s keep.h kinds.h || bad "keep.h content changed"
# changed content: rewritten (another --name)
"$gen" "$obj" -o keep.h --name other || bad "gen --name other"
[ "$(stat -c %Y keep.h)" != "$old" ] || bad "changed header kept its old mtime"
cmp -s keep.h kinds.h && bad "--name other gave the same bytes"
# a big header (many: 256 maps) is compared in chunks: a difference
# past the first 64 KiB, or in the last byte, still gets it rewritten
big=$objs/many.bpf.o
"$gen" "$big" -o big.h && "$gen" "$big" >big-ref.h || bad "gen many"
size=$(wc -c <big-ref.h)
[ "$size" -gt 200000 ] || bad "many.bpf.o gave only $size bytes, want > 200000"
compiles big.h
for at in 70000 $((size - 1)); do
	printf 'Z' | dd of=big.h bs=1 seek="$at" conv=notrunc 2>/dev/null
	cmp -s big.h big-ref.h && bad "big.h: tampering at $at changed nothing"
	"$gen" "$big" -o big.h || bad "gen many over tampered big.h"
	cmp -s big.h big-ref.h || bad "big.h tampered at byte $at was not rewritten"
done
touch -d '2001-02-03 04:05:06' big.h
"$gen" "$big" -o big.h || bad "gen many again"
[ "$(stat -c %Y big.h)" = "$(date -d '2001-02-03 04:05:06' +%s)" ] ||
	bad "unchanged big.h rewritten"
rm -f big.h big-ref.h

ls -a | grep -v -e '^\.\.\?$' -e '\.h$' -e '\.d$' -e '\.txt$' >stray.txt
[ -s stray.txt ] && bad "stray files left: $(cat stray.txt)"

# --name
"$gen" "$obj" --name renamed -o renamed.h || bad "gen --name"
grep -q 'struct renamed_kinds_kinds_ops\b' renamed.h ||
	bad "--name renamed: no struct renamed_kinds_kinds_ops"
grep -q '#define renamed__kinds__kinds_ops\b' renamed.h ||
	bad "--name renamed: no #define renamed__kinds__kinds_ops"
grep -q 'renamed__KINDS_BLUE\b' renamed.h ||
	bad "--name renamed: enum constant not renamed__KINDS_BLUE"
grep -q 'kinds_kinds_kinds_ops' renamed.h &&
	bad "--name renamed: still mentions kinds_kinds_kinds_ops"
compiles renamed.h

# a --name that is not a C identifier is refused, nothing written
for n in a-b 1x ''; do
	if "$gen" "$obj" --name "$n" -o badname.h 2>/dev/null; then
		bad "--name '$n' accepted"
	fi
	[ -e badname.h ] && bad "--name '$n' wrote badname.h"
	rm -f badname.h
done

# object name from the file name
cp "$obj" my-obj.v2.bpf.o
cp "$obj" plain.o
"$gen" my-obj.v2.bpf.o -o derived1.h || bad "gen my-obj.v2.bpf.o"
"$gen" plain.o -o derived2.h || bad "gen plain.o"
grep -q 'struct my_obj_v2_kinds_kinds_ops\b' derived1.h ||
	bad "my-obj.v2.bpf.o: no struct my_obj_v2_kinds_kinds_ops"
grep -q 'struct plain_kinds_kinds_ops\b' derived2.h ||
	bad "plain.o: no struct plain_kinds_kinds_ops"
compiles derived1.h
compiles derived2.h
# a file name that does not start like an identifier still gives C names
cp "$obj" 9lives.bpf.o
if "$gen" 9lives.bpf.o -o derived3.h 2>err3.txt; then
	compiles derived3.h
else
	bad "9lives.bpf.o: gen failed: $(cat err3.txt)"
fi

# enum constants are emitted once per object, even when several members
# (color, colors[]) use the enum
n=$(grep -c '^#define kinds__KINDS_BLUE\b' kinds.h)
[ "$n" = 1 ] || bad "kinds__KINDS_BLUE defined $n times, want 1"
# two headers of one object under different names coexist
printf '#include <kinds.h>\n#include <renamed.h>\ntypedef int x;\n' >both.c
"$cc" -std=c11 -Wall -Wextra -Werror -pedantic -fsyntax-only -I. both.c ||
	bad "kinds.h and renamed.h (--name) clash when included together"

# --depfile
"$gen" "$obj" -o dep.h --depfile dep.d || bad "gen --depfile"
if [ -f dep.d ]; then
	want="dep.h: $obj"
	got=$(cat dep.d)
	[ "$got" = "$want" ] || bad "depfile is '$got', want '$want'"
else
	bad "--depfile wrote no dep.d"
fi

# failure leaves the old header alone, exit 1, one stderr line
cp kinds.h victim.h
printf 'not an ELF file\n' >junk.bpf.o
"$gen" junk.bpf.o -o victim.h 2>err.txt
rc=$?
[ $rc = 1 ] || bad "bad input: exit $rc, want 1"
cmp -s victim.h kinds.h || bad "failed run changed the existing header"
[ "$(wc -l <err.txt)" = 1 ] || bad "bad input: stderr has $(wc -l <err.txt) lines, want 1"
grep -q '^stops-shadow: junk.bpf.o: ' err.txt ||
	bad "bad input: stderr '$(cat err.txt)' lacks 'stops-shadow: junk.bpf.o: '"
ls -a | grep -v -e '^\.\.\?$' -e '\.[hdoc]$' -e '\.txt$' >stray.txt
[ -s stray.txt ] && bad "stray files after failed run: $(cat stray.txt)"

# an object without struct_ops maps: valid header, no types
re='__from_object\|__ASSERT_MATCHES\|^struct [A-Za-z0-9_]* *{'
grep -q "$re" empty.h &&
	bad "empty.bpf.o: header defines types: $(grep -m3 "$re" empty.h)"
compiles empty.h

[ $fail = 0 ] && echo "gen_cli: all checks passed"
exit $fail
