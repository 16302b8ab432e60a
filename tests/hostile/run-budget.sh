#!/usr/bin/env bash
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# Budget test: build one hostile object with mkhostile.py, run the CLI on
# it and measure CPU time and peak RSS with /usr/bin/time. The contract:
# an input of a few MB finishes within 1 s and 100 MB, and the header stays
# proportional to the input: at most 64 x the object + 16 MiB (the layout's
# text budget, 4 MiB + 16 x the object, printed a few times; layout.h).
#
#   run-budget.sh CLI CASE N WORKDIR [sanitize|valgrind] -- EXPECT CMD...
#
# EXPECT: "ok" (exit 0) or "refused:<text>" (exit 1, one stderr line
# containing <text>). CMD: the CLI's arguments, with @OBJ@, @OUT@ and
# @KBTF@ replaced. sanitize and valgrind scale the time budget (x10, x60)
# and drop the RSS one (shadow memory is not the generator's).
set -u
here=$(cd "$(dirname "$0")" && pwd)
cli=$1 case=$2 n=$3 work=$4 mode=$5
shift 5
[ "$1" = -- ] && shift
expect=$1
shift

cpu_budget=1 rss_budget=$((100 * 1024))
runner=()
case $mode in
sanitize) cpu_budget=10 rss_budget= ;;
valgrind)
	cpu_budget=60 rss_budget=
	runner=(valgrind -q --error-exitcode=99 --leak-check=full
		--errors-for-leak-kinds=definite)
	;;
esac

rm -rf "$work"
mkdir -p "$work"
obj=$work/$case.bpf.o
python3 "$here/mkhostile.py" "$case" "$obj" "$n" || exit 1
args=()
for a in "$@"; do
	a=${a//@OBJ@/$obj}
	a=${a//@OUT@/$work/out.h}
	a=${a//@KBTF@/$obj.kbtf}
	args+=("$a")
done

/usr/bin/time -o "$work/time" -f '%U %S %M' \
	timeout -k 2 $((cpu_budget * 10)) "${runner[@]}" "$cli" "${args[@]}" \
	>"$work/stdout" 2>"$work/stderr"
rc=$?
# the last line: /usr/bin/time puts "Command exited with ..." before it
read -r user sys rss < <(tail -n 1 "$work/time")
cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { print u + s }')
echo "$case n=$n: $(stat -c %s "$obj") bytes, exit $rc, cpu ${cpu}s, peak RSS ${rss} KB"

fail=0
case $expect in
ok)
	if [ $rc -ne 0 ]; then
		echo "FAIL: exit $rc, want 0"
		fail=1
	fi
	;;
refused:*)
	if [ $rc -ne 1 ] || [ "$(wc -l <"$work/stderr")" -ne 1 ] ||
		! grep -qF -- "${expect#refused:}" "$work/stderr"; then
		echo "FAIL: exit $rc, want 1 and one line with '${expect#refused:}'"
		fail=1
	fi
	;;
esac
if awk -v c="$cpu" -v b="$cpu_budget" 'BEGIN { exit !(c > b) }'; then
	echo "FAIL: ${cpu}s of CPU, budget ${cpu_budget}s"
	fail=1
fi
if [ -n "$rss_budget" ] && [ "$rss" -gt "$rss_budget" ]; then
	echo "FAIL: peak RSS ${rss} KB, budget ${rss_budget} KB"
	fail=1
fi
for f in "$work/out.h" "$work/stdout"; do
	[ -f "$f" ] || continue
	size=$(stat -c %s "$f")
	cap=$((64 * $(stat -c %s "$obj") + 16777216))
	if [ "$size" -gt "$cap" ]; then
		echo "FAIL: $f is $size bytes, cap $cap (64 x object + 16 MiB)"
		fail=1
	fi
done
if [ $fail -ne 0 ]; then
	head -c 2000 "$work/stderr"
	exit 1
fi
rm -rf "$work"
