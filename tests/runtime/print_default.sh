#!/bin/sh
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# print_default.sh EXE: the header's print hook left undefined
# (print_default.c): exactly the warning and the info line on stderr, in
# order, nothing on stdout, libbpf's callback untouched (exit 0).
set -eu
out=$(mktemp)
err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT
rc=0
"$1" >"$out" 2>"$err" || rc=$?
if [ $rc != 0 ]; then
	cat "$err" >&2
	echo "FAIL: $1 exited $rc" >&2
	exit 1
fi
want='stops-shadow: warn 1
stops-shadow: info two'
if [ "$(cat "$err")" != "$want" ] || [ -s "$out" ]; then
	echo "FAIL: stderr was:" >&2
	cat "$err" >&2
	echo "want:" >&2
	echo "$want" >&2
	exit 1
fi
echo "ok: default print: warning and info on stderr, debug dropped, libbpf's callback untouched"
