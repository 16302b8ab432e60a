#!/bin/sh
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# static_link.sh CC OUT GEN_A CLI_OBJS DEPS FALLBACKS
# libstops_gen.a (whole) and the CLI's objects link with the archives
# configure chose (DEPS: archive paths and -lNAME, ;-separated, as
# cmake/StopsCliLink.cmake found them), fully -static when every library is
# an archive; no symbol of ours clashes with theirs and the result runs.
# FALLBACKS (NAME=ARCHIVE;...): each library configure linked dynamically
# although its archive exists must really fail to link from that archive,
# so a fallback never hides a build that would have worked.
set -u
cc=$1 out=$2 gen_a=$3 objs=$(printf %s "$4" | tr ';' ' ') deps=$5 fallbacks=$6

# items DEPS [NAME ARCHIVE]: the link items, NAME's -l replaced by ARCHIVE
items() {
	printf '%s\n' "$1" | tr ';' '\n' | while read -r i; do
		if [ -n "${2:-}" ] && [ "$i" = "-l$2" ]; then echo "$3"; else echo "$i"; fi
	done | tr '\n' ' '
}
libc_part() { case $1 in -lc | -lm | -ldl | -lrt | -lpthread | -lresolv | -lutil) true ;; *) false ;; esac; }

static=-static
for i in $(items "$deps"); do
	case $i in -l*) libc_part "$i" || static= ;; esac
done
# shellcheck disable=SC2046,SC2086
"$cc" $static -o "$out" $objs -Wl,--whole-archive "$gen_a" -Wl,--no-whole-archive \
	$(items "$deps") || { echo "FAIL: the CLI does not link ${static:-(libc dynamic)} with: $(items "$deps")"; exit 1; }
"$out" --version || { echo "FAIL: the linked CLI does not run"; exit 1; }
echo "ok: linked ${static:-with libc dynamic}: $(items "$deps")"

rc=0
for f in $(printf %s "$fallbacks" | tr ';' ' '); do
	name=${f%%=*} a=${f#*=}
	# shellcheck disable=SC2046,SC2086
	if "$cc" -o "$out.fallback" $objs -Wl,--whole-archive "$gen_a" -Wl,--no-whole-archive \
		$(items "$deps" "$name" "$a") 2>"$out.err"; then
		echo "FAIL: lib$name.a ($a) links here, yet configure linked lib$name dynamically"
		rc=1
	else
		echo "ok: lib$name.a does not link: $(grep -m1 -E 'undefined|error' "$out.err")"
	fi
done
exit $rc
