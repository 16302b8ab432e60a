#!/bin/sh
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# stage_graph.sh fails on a call cycle between files of one stage.
# Usage: stage_graph_cycle.sh GEN_DIR CC OBJECT.c.o...
#
# In a copy of gen/, check_finding.c (below check.c, which calls it) gets
# a call to check.c's stops_check_result__free(); the copy's object
# replaces the real one and stage_graph.sh must fail naming the cycle.
# The control: the same copy recompiled without the call must not report
# it, so the failure comes from the planted call and not the recompiling.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
gen=$1
cc=$2
shift 2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

objs=$(printf '%s\n' "$@" | tr ';' '\n')
n=$(printf '%s\n' "$objs" | grep -c '/check_finding\.c\.o$' || true)
if [ "$n" != 1 ]; then
	echo "stage_graph_cycle: want one check_finding.c.o among the objects, found $n" >&2
	exit 1
fi

# plant MODE: gen/ copied to $tmp/MODE, check_finding.c recompiled (with
# the call when MODE is cycle); prints the object list using it
plant() {
	mkdir -p "$tmp/$1/gen" "$tmp/$1/obj"
	cp "$gen"/*.c "$gen"/*.h "$gen"/*.inc "$gen"/*.map "$gen"/README.md \
		"$tmp/$1/gen/"
	if [ "$1" = cycle ]; then
		cat >>"$tmp/$1/gen/check_finding.c" <<'C'

/* planted by unit.stage_graph_cycle */
void stage_graph_planted(void);
void stage_graph_planted(void)
{
	stops_check_result__free(NULL);
}
C
	fi
	"$cc" -std=c11 -fvisibility=hidden -I"$tmp/$1/gen" -c \
		"$tmp/$1/gen/check_finding.c" -o "$tmp/$1/obj/check_finding.c.o"
	printf '%s\n' "$objs" |
		sed "s|.*/check_finding\.c\.o\$|$tmp/$1/obj/check_finding.c.o|"
}

# The control: recompiled without the call, no cycle through the two
# (other findings of the tree are unit.stage_graph's, not this test's).
planted='^stage_graph: cycle: check\(_finding\)\?\.c -> check\(_finding\)\?\.c -> '
# shellcheck disable=SC2046
sh "$here/stage_graph.sh" "$tmp/control/gen" $(plant control) \
	>"$tmp/control.out" 2>&1 || true
if grep "$planted" "$tmp/control.out"; then
	echo "stage_graph_cycle: the control (nothing planted) has the cycle" >&2
	exit 1
fi
# shellcheck disable=SC2046
if sh "$here/stage_graph.sh" "$tmp/cycle/gen" $(plant cycle) \
	>"$tmp/cycle.out" 2>&1; then
	echo "stage_graph_cycle: a planted cycle check.c <-> check_finding.c passed" >&2
	exit 1
fi
if ! grep -q "$planted" "$tmp/cycle.out"; then
	cat "$tmp/cycle.out"
	echo "stage_graph_cycle: failed, but not for the planted cycle" >&2
	exit 1
fi
grep "$planted" "$tmp/cycle.out"
echo "stage_graph_cycle: the planted cycle is refused, the control has none"
