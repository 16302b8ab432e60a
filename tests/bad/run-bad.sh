#!/usr/bin/env bash
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# Hand one hostile object to every mode of the CLI and check it is refused
# the way the contract says: exit 1, nothing on stdout, exactly one stderr
# line `stops-shadow: <path>: <what>`, no output file or temporary left,
# within a few seconds and 1 GiB of address space; never killed by a signal
# (a crash is reported as such, in every mode and for odd objects too).
#
#   run-bad.sh CLI OBJ WORKDIR [sanitize|valgrind]
#
# sanitize: the CLI is built with ASan, whose shadow memory needs far more
# address space than any ulimit -v we would set; ASan's own allocation
# limits bound it instead. valgrind: run the CLI under memcheck (exit 99 on
# any memory error or definite leak, which fails the exit-1 check).
#
#   run-bad.sh --odd CC CLI OBJ WORKDIR [sanitize|valgrind]
#
# --odd: the object is strange but maybe legal. Refusing it the way above
# is fine; accepting it is too, if every mode exits 0 and the header
# compiles with CC -std=c11 -Wall -Wextra -Werror -pedantic.
set -u
odd=
if [ "$1" = --odd ]; then
	odd=$2
	shift 2
fi
cli=$1 obj=$2 work=$3 mode=${4:-}

rm -rf "$work"
mkdir -p "$work/out"
limit=5
runner=()
case $mode in
sanitize) ;;
valgrind)
	limit=120
	runner=(valgrind -q --error-exitcode=99 --leak-check=full
		--errors-for-leak-kinds=definite --show-leak-kinds=definite)
	;;
*) ulimit -v 1048576 ;;
esac

fail=0
run() {
	local what=$1
	shift
	timeout -k 2 "$limit" "${runner[@]}" "$cli" "$@" >"$work/stdout" 2>"$work/stderr"
	local rc=$?
	local lines
	lines=$(wc -l <"$work/stderr")
	local first
	first=$(head -n 1 "$work/stderr")
	local why=
	if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
		why="timed out"
	elif [ $rc -gt 128 ]; then
		why="killed by signal $((rc - 128))"
	elif [ $rc -ne 1 ]; then
		why="exit $rc, want 1"
	elif [ "$lines" -ne 1 ] || [ -n "$(tail -c 1 "$work/stderr")" ]; then
		why="$lines stderr lines, want exactly one"
	elif [ "${first#"stops-shadow: $obj: "}" = "$first" ]; then
		why="stderr does not start with 'stops-shadow: $obj: '"
	elif [ "${first#"stops-shadow: $obj: "}" = "" ]; then
		why="empty message"
	elif [ -s "$work/stdout" ]; then
		why="wrote $(wc -c <"$work/stdout") bytes to stdout"
	elif [ "$(ls -A "$work/out" | tr '\n' ' ')" != "$keep" ]; then
		why="left files behind: $(ls -A "$work/out" | tr '\n' ' ')"
	elif [ -n "$keep" ] && [ "$(cat "$work/out/x.shadow.h")" != old ]; then
		why="rewrote the existing output file"
	fi
	if [ -n "$why" ]; then
		echo "FAIL $what: $why"
		sed 's/^/  stderr: /' "$work/stderr" | head -n 20
		fail=1
		# One hang is enough to know; do not wait for the others.
		[ "$why" != "timed out" ] || exit 1
	else
		echo "ok   $what: $first"
	fi
	rm -rf "$work/out"
	mkdir -p "$work/out"
	keep=
}
keep=

if [ -n "$odd" ]; then
	timeout -k 2 "$limit" "${runner[@]}" "$cli" gen "$obj" -o "$work/x.shadow.h" \
		2>"$work/stderr"
	rc=$?
	if [ $rc -gt 128 ] && [ $rc -ne 137 ]; then
		echo "FAIL gen: killed by signal $((rc - 128))"
		head -n 20 "$work/stderr"
		exit 1
	fi
	if [ $rc -eq 0 ]; then
		echo "accepted: the header must compile, every mode must succeed"
		# With and without the libbpf accessors.
		for d in -DSTOPS_SHADOW_NO_LIBBPF -USTOPS_SHADOW_NO_LIBBPF; do
			if ! "$odd" -std=c11 -Wall -Wextra -Werror -pedantic $d \
				-fsyntax-only -x c "$work/x.shadow.h" >"$work/cc.log" 2>&1; then
				echo "FAIL: the header does not compile ($d)"
				head -n 20 "$work/cc.log"
				fail=1
			fi
		done
		for m in "dump" "dump --json" "gen --lang rust"; do
			# shellcheck disable=SC2086
			timeout -k 2 "$limit" "${runner[@]}" "$cli" $m "$obj" \
				>/dev/null 2>"$work/stderr"
			rc=$?
			if [ $rc -ne 0 ]; then
				echo "FAIL: $m refuses what gen accepted (exit $rc)"
				cat "$work/stderr"
				fail=1
			fi
		done
		if [ -r /sys/kernel/btf/vmlinux ]; then
			timeout -k 2 "$limit" "${runner[@]}" "$cli" check "$obj" \
				--kernel-btf /sys/kernel/btf/vmlinux >/dev/null 2>"$work/stderr"
			rc=$?
			# 3: incompatible is a verdict; anything else but 0 is not
			if [ $rc -ne 0 ] && [ $rc -ne 3 ]; then
				echo "FAIL: check exits $rc on what gen accepted"
				cat "$work/stderr"
				fail=1
			fi
		fi
		exit $fail
	fi
	echo "refused (exit $rc): it must be refused cleanly everywhere"
fi

run "gen -o" gen "$obj" -o "$work/out/x.shadow.h" --depfile "$work/out/x.d"
if [ "$mode" = valgrind ]; then
	# Slow, and every mode fails in the same open: one run is enough.
	exit $fail
fi
echo old >"$work/out/x.shadow.h"
keep="x.shadow.h "
run "gen -o over an existing header" gen "$obj" -o "$work/out/x.shadow.h"
run "gen (stdout)" gen "$obj"
run "gen (no verb)" "$obj" -o "$work/out/x.shadow.h"
run "dump" dump "$obj"
run "dump --json" dump "$obj" --json
run "gen --lang rust" gen "$obj" --lang rust
if [ -r /sys/kernel/btf/vmlinux ]; then
	run "check" check "$obj" --kernel-btf /sys/kernel/btf/vmlinux
fi
exit $fail
