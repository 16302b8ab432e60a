#!/bin/sh
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# embed-gen.sh STOPS_SHADOW OBJ WORK_DIR: `gen --embed` as a user meets it.
# The header compiles with gcc and clang -std=c11 -pedantic -Werror, carries
# OBJ byte for byte, opens it; --embed is refused outside gen; output is
# deterministic and an unchanged header keeps its mtime.
set -u
exe=$1 obj=$2 work=$3
here=$(cd "$(dirname "$0")" && pwd)

fail() { echo "FAIL: $*"; exit 1; }

rm -rf "$work" && mkdir -p "$work" || exit 1
h=$work/tcp_cc.shadow.h
"$exe" gen "$obj" -o "$h" --embed || fail "gen --embed"
"$exe" gen --embed "$obj" > "$work/stdout.h" || fail "gen --embed to stdout"
cmp -s "$h" "$work/stdout.h" || fail "-o and stdout differ"
m=$(stat -c %.9Y "$h")
sleep 0.01
"$exe" gen "$obj" -o "$h" --embed || fail "gen --embed again"
[ "$(stat -c %.9Y "$h")" = "$m" ] || fail "an unchanged header was rewritten"
"$exe" gen "$obj" -o "$work/plain.h" || fail "gen"
grep -q '__open_embedded' "$work/plain.h" && fail "gen without --embed embeds"
cmp -s "$work/plain.h" "$h" && fail "--embed changed nothing"
head -c "$(wc -c < "$work/plain.h")" "$h" | cmp -s - "$work/plain.h" ||
	fail "--embed changed the shadow part of the header"

for cmd in dump check; do
	"$exe" $cmd "$obj" --embed > "$work/err" 2>&1
	rc=$?
	[ $rc -eq 2 ] || fail "$cmd --embed: exit $rc, expected 2 (usage)"
	[ "$(wc -l < "$work/err")" -eq 1 ] && grep -q -- '--embed' "$work/err" ||
		{ cat "$work/err"; fail "$cmd --embed: not one line naming --embed"; }
done

for cc in gcc clang; do
	$cc -std=c11 -Wall -Wextra -Werror -pedantic -O2 -I"$work" \
		-DEMBED_HEADER='"tcp_cc.shadow.h"' "$here/embed_check.c" \
		-o "$work/check-$cc" -lbpf || fail "$cc: the --embed header does not compile"
	"$work/check-$cc" "$obj" || fail "$cc: embedded bytes"
done
# Without libbpf: only the bytes.
cat > "$work/nolibbpf.c" <<-'EOC'
	#define STOPS_SHADOW_NO_LIBBPF
	#include "tcp_cc.shadow.h"
	int main(void) { size_t sz; return !tcp_cc__embedded_bytes(&sz) || !sz; }
EOC
gcc -std=c11 -Wall -Wextra -Werror -pedantic -I"$work" "$work/nolibbpf.c" \
	-o "$work/nolibbpf" || fail "STOPS_SHADOW_NO_LIBBPF: does not compile"
"$work/nolibbpf" || fail "STOPS_SHADOW_NO_LIBBPF: no bytes"
echo PASS
