#!/bin/sh
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# stage_graph.sh sees back edges that only headers make, which nm cannot
# see (an inline no one calls compiles to nothing) and no #include shows.
# Usage: stage_graph_header.sh GEN_DIR OBJECT.c.o...
#
# In a copy of gen/, four planted edges, all in headers:
#  - hash.h (base) gets an inline calling names.c's names__is_reserved()
#    (model), declared there, not included;
#  - out.h (base) gets an inline taking a pointer to a struct that names.h
#    (model) defines, declared only by its tag;
#  - layout.h defines a struct and includes names.h, and names.h takes a
#    pointer to that struct: a cycle inside the model stage;
#  - model.h (first of the model stage in README's direction) gets an
#    inline taking a pointer to plan.h's struct plan, by its tag: no
#    cycle (plan.h uses nothing of model.h), only a back edge against the
#    direction README gives inside the stage.
# stage_graph.sh on the copy must name each; on an unplanted copy (the
# control) none of them. Other findings do not matter here: the objects
# are the real ones, only the sources differ.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
gen=$1
shift
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for m in control planted; do
	mkdir -p "$tmp/$m"
	cp "$gen"/*.c "$gen"/*.h "$gen"/*.inc "$gen"/*.map "$gen"/README.md \
		"$tmp/$m/"
done
p=$tmp/planted
cat >>"$p/hash.h" <<'C'
/* planted by unit.stage_graph_header */
bool names__is_reserved(const char *name);
static inline bool stage_graph_planted_call(const char *name)
{
	return names__is_reserved(name);
}
C
cat >>"$p/names.h" <<'C'
/* planted by unit.stage_graph_header */
struct stage_graph_planted_model {
	int x;
};
struct stage_graph_planted_layout;
static inline const void *
stage_graph_planted_back(const struct stage_graph_planted_layout *l)
{
	return l;
}
C
cat >>"$p/out.h" <<'C'
/* planted by unit.stage_graph_header */
struct stage_graph_planted_model;
static inline const void *
stage_graph_planted_type(const struct stage_graph_planted_model *m)
{
	return m;
}
C
cat >>"$p/model.h" <<'C'
/* planted by unit.stage_graph_header */
struct plan;
static inline const void *stage_graph_planted_dir(const struct plan *p)
{
	return p;
}
C
cat >>"$p/layout.h" <<'C'
/* planted by unit.stage_graph_header */
#include "names.h"
struct stage_graph_planted_layout {
	int x;
};
C

for m in control planted; do
	sh "$here/stage_graph.sh" "$tmp/$m" "$@" >"$tmp/$m.out" 2>&1 || true
done
want='hash.h (base) header code calls names__is_reserved of names.c (model)
out.h (base) uses struct/union/enum stage_graph_planted_model of names.h (model)
uses struct/union/enum stage_graph_planted_layout
model.h (model) uses struct/union/enum plan, which README'"'"'s direction puts after it'
rc=0
echo "$want" | while IFS= read -r w; do
	if grep -F "$w" "$tmp/control.out"; then
		echo "stage_graph_header: the control already reports: $w" >&2
		exit 1
	fi
done || rc=1
echo "$want" | while IFS= read -r w; do
	if ! grep '^stage_graph: ' "$tmp/planted.out" | grep -qF "$w"; then
		echo "stage_graph_header: the planted edge is not reported: $w" >&2
		exit 1
	fi
done || rc=1
if ! grep -q '^stage_graph: cycle: .*names\.h.*layout\.h\|^stage_graph: cycle: .*layout\.h.*names\.h' \
	"$tmp/planted.out"; then
	echo "stage_graph_header: no cycle through names.h and layout.h reported" >&2
	rc=1
fi
if [ $rc != 0 ]; then
	grep '^stage_graph: ' "$tmp/planted.out" >&2
	exit 1
fi
grep '^stage_graph: .*planted\|^stage_graph: cycle: .*names\.h\|^stage_graph: model\.h' \
	"$tmp/planted.out"
echo "stage_graph_header: the four planted header edges are refused, the control names none"
