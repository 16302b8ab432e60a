#!/bin/sh
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# libstops_gen.a links into a program that defines names the library uses
# inside, and the program and the library each keep their own.
# Usage: archive_clash.sh CC ARCHIVE INTERNAL_ARCHIVE CLI SRC.c INCDIR
#        OBJ.bpf.o KERNEL_BTF WORK CFLAGS LIBS
#  - archive_clash.c (lit, spell, btf_skip_mods of its own) links with
#    ARCHIVE, runs the emitters and the check, and writes the header and
#    dump byte for byte as the CLI does;
#  - a program defining every global of INTERNAL_ARCHIVE (the objects as
#    compiled) that is not stops_*, links with ARCHIVE and runs;
#  - the control: archive_clash.c does not link with INTERNAL_ARCHIVE
#    ("multiple definition"), so the clashes are real and ARCHIVE's
#    localization is what removes them.
# CFLAGS and LIBS are ;-separated (CMake lists).
set -u
cc=$1 archive=$2 internal=$3 cli=$4 src=$5 inc=$6 obj=$7 kbtf=$8 work=$9
shift 9
cflags=$(printf %s "$1" | tr ';' ' ') libs=$(printf %s "$2" | tr ';' ' ')
rm -rf "$work" && mkdir -p "$work" || exit 1
fail() {
	echo "FAIL: $*" >&2
	exit 1
}

# shellcheck disable=SC2086
"$cc" $cflags -std=c11 -Wall -Wextra -I"$inc" -c "$src" -o "$work/clash.o" ||
	fail "archive_clash.c does not compile"

# shellcheck disable=SC2086
"$cc" $cflags -o "$work/clash" "$work/clash.o" "$archive" $libs ||
	fail "a program defining lit, spell and btf_skip_mods does not link with $archive"
"$work/clash" "$obj" "$work/clash.h" "$work/clash.dump" "$kbtf" ||
	fail "the program linked with $archive does not run"
"$cli" gen "$obj" -o "$work/cli.h" && "$cli" dump "$obj" >"$work/cli.dump" ||
	fail "the CLI does not run on $obj"
cmp "$work/cli.h" "$work/clash.h" || fail "the header differs from the CLI's"
cmp "$work/cli.dump" "$work/clash.dump" || fail "the dump differs from the CLI's"
echo "ok: linked with $(basename "$archive"); header and dump as the CLI's"

# Every internal name at once (the three above are clash.o's), as data:
# a call of ours bound to one would crash, a clash would not link. Names C
# cannot spell (ASan's __odr_asan.<name> in the sanitizer build) are the
# compiler's, not ours.
nm -g --defined-only "$internal" |
	awk 'NF == 3 && $3 !~ /^stops_/ && $3 ~ /^[A-Za-z_][A-Za-z0-9_]*$/ &&
		$3 !~ /^__(asan|ubsan|odr_asan|sanitizer)/ { print $3 }' |
	sort -u >"$work/internal.names"
n=$(wc -l <"$work/internal.names")
[ "$n" -gt 50 ] || fail "only $n internal names in $internal: not the library's objects?"
grep -vx 'lit\|spell\|btf_skip_mods' "$work/internal.names" |
	sed 's/.*/char &[3] = "x";/' >"$work/all.c"
# shellcheck disable=SC2086
"$cc" $cflags -o "$work/all" "$work/all.c" "$work/clash.o" "$archive" $libs ||
	fail "a program defining the library's $n internal names does not link"
"$work/all" "$obj" "$work/all.h" "$work/all.dump" "$kbtf" >/dev/null ||
	fail "a program defining the library's $n internal names does not run"
cmp "$work/cli.h" "$work/all.h" || fail "the header differs from the CLI's"
echo "ok: a program defining all $n internal names links and runs"

# The control: without the localization the same program cannot link.
# shellcheck disable=SC2086
if "$cc" $cflags -o "$work/control" "$work/clash.o" "$internal" $libs \
	2>"$work/control.err"; then
	fail "archive_clash.c links with $internal too: the test shows nothing"
fi
grep -E "multiple definition of .(lit|spell|btf_skip_mods)'" "$work/control.err" ||
	{ cat "$work/control.err"; fail "the control failed, but not on the clash"; }
echo "ok: the control with $(basename "$internal") does not link"
