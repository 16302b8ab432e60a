#!/bin/sh
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# gen/ files include and call only files of their own or an earlier stage.
# Usage: stage_graph.sh GEN_DIR OBJECT.c.o...
#
# The stages come from gen/README.md and nowhere else: its "stages:" line
# gives their order (`a < b`: b comes later; `a | b`: one rank, apart, so
# neither may use the other) and its file map gives each file's stage
# (second column). Fails when
#  - a gen/ source file is not in the map, or the map names a missing file;
#  - a file includes (#include "x" or <x>) a gen/ file of a later or an
#    apart stage;
#  - an object calls or reads a symbol that the object of a later or an
#    apart stage defines (nm: its undefined symbols against the others'
#    defined ones; every gen/*.c must have its object among OBJECTs);
#  - a cli file includes anything of the library but the api stage, or
#    calls a library function that libstops_gen.map does not export;
#  - objects call each other in a cycle (a -> b -> a, or longer), within a
#    stage too: calls run one way between files as between stages;
#  - README's include graph differs from the files' #include lines.
# Prints the include and call graphs it checked.
set -eu
gen=$1
shift
readme=$gen/README.md
map=$gen/libstops_gen.map
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Stage ranks: "name rank" lines.
n=$(grep -c '^ *stages:' "$readme" || true)
if [ "$n" != 1 ]; then
	echo "stage_graph: $readme: want one 'stages:' line, found $n" >&2
	exit 1
fi
grep '^ *stages:' "$readme" | sed 's/^ *stages://' | tr '<' '\n' |
	awk '{ gsub(/\|/, " "); for (i = 1; i <= NF; i++) print $i, NR }' \
		>"$tmp/ranks"

# File map rows: "| `a`, `b` | stage | job |" -> "file stage" lines.
awk -F'|' '
	/^## / { inmap = ($0 ~ /^## File map/) }
	inmap && /^\|/ && $2 ~ /`/ {
		st = $3; gsub(/[ `]/, "", st)
		s = $2
		while (match(s, /`[^`]+`/)) {
			print substr(s, RSTART + 1, RLENGTH - 2), st
			s = substr(s, RSTART + RLENGTH)
		}
	}' "$readme" >"$tmp/stage"

# Library exports (cli's calls into the library must be among them).
sed 's|/\*.*\*/||' "$map" | awk '/^[ \t]*[A-Za-z_][A-Za-z0-9_]*;/ {
	sub(/;.*/, ""); print $1 }' >"$tmp/exports"

find "$gen" -maxdepth 1 -type f \( -name '*.c' -o -name '*.h' \
	-o -name '*.inc' -o -name '*.map' \) | sed 's|.*/||' | sort >"$tmp/files"

# Includes: "from to" lines, to a gen/ file only (<elf.h> is the system's).
while IFS= read -r f; do
	sed -n 's/^[ \t]*#[ \t]*include[ \t]*["<]\([^">]*\)[">].*/\1/p' \
		"$gen/$f" | while IFS= read -r i; do
		if [ -f "$gen/$i" ]; then echo "$f $i"; fi
	done
done <"$tmp/files" >"$tmp/includes"

# README's include graph: "a, b <- c d   e <- f" in its indented block.
awk '
	/^Include graph/ { on = 1; next }
	on && /^## / { exit }
	on && /^    / {
		n = split($0, w, /[ \t]+/)
		for (i = 1; i <= n; i++) {
			if (w[i] == "") continue
			if (w[i] == "<-") { lhs = 0; continue }
			if (w[i] ~ /,$/ || w[i + 1] == "<-") {
				if (!lhs) { k = 0; lhs = 1 }
				t = w[i]; sub(/,$/, "", t); L[++k] = t
				continue
			}
			for (j = 1; j <= k; j++) print L[j], w[i]
		}
	}' "$readme" | sort -u >"$tmp/readme_includes"

# Symbols: "object type name" for every global of every object. CMake
# hands each target's objects as one ;-separated argument.
objs=$(printf '%s\n' "$@" | tr ';' '\n')
set -f
IFS='
'
# shellcheck disable=SC2086
set -- $objs
unset IFS
set +f
for o in "$@"; do
	case $o in
	*.c.o | *.c.obj) ;;
	*) echo "stage_graph: $o: not an object of a .c file" >&2; exit 1 ;;
	esac
done
nm -A -g "$@" >"$tmp/nm"

awk -v tmp="$tmp" '
	function rank(f) { return R[S[f]] }
	function apart(a, b) { return S[a] != S[b] && R[S[a]] == R[S[b]] }
	function bad(msg) { print "stage_graph: " msg > "/dev/stderr"; err = 1 }
	# may file a use file b? 0 when b is of a later or an apart stage
	function may(a, b) { return !(rank(b) > rank(a) || apart(a, b)) }
	# depth-first over the call graph: an edge back to a file on the
	# stack (onstk) closes a cycle, reported from that file on
	function dfs(v,   i, w, j, path) {
		color[v] = 1; stk[++sp] = v; onstk[v] = sp
		for (i = 1; i <= nadj[v]; i++) {
			w = adj[v, i]
			if (color[w] == 1) {
				path = ""
				for (j = onstk[w]; j <= sp; j++)
					path = path stk[j] " -> "
				bad("call cycle: " path w)
			} else if (!color[w]) {
				dfs(w)
			}
		}
		sp--; color[v] = 2
	}
	FILENAME == tmp "/ranks" { R[$1] = $2; next }
	FILENAME == tmp "/stage" {
		if ($1 in S) bad("README: " $1 " twice in the file map")
		if (!($2 in R)) bad("README: " $1 ": unknown stage \"" $2 "\"")
		S[$1] = $2; mapped[$1] = 1; next
	}
	FILENAME == tmp "/exports" { X[$1] = 1; next }
	FILENAME == tmp "/files" {
		exists[$1] = 1
		if (!($1 in S)) bad("gen/" $1 ": not in README.md file map")
		if ($1 ~ /\.c$/) csrc[$1] = 1
		next
	}
	FILENAME == tmp "/includes" {
		ninc++; inc[$1 " " $2] = 1
		if (!may($1, $2) ||
		    (S[$1] == "cli" && S[$2] != "cli" && S[$2] != "api"))
			bad($1 " (" S[$1] ") includes " $2 " (" S[$2] ")")
		next
	}
	FILENAME == tmp "/readme_includes" { rinc[$1 " " $2] = 1; next }
	# nm -A: "path:addr type name" or "path: U name" (undefined)
	{
		p = index($0, ":"); path = substr($0, 1, p - 1)
		n = split(substr($0, p + 1), w, " ")
		src = path; sub(/.*\//, "", src); sub(/\.o(bj)?$/, "", src)
		obj[src] = 1
		if (n == 2) { und[src, w[2]] = 1; ulist[++nu] = src SUBSEP w[2] }
		else if (w[2] != "A") {
			if ((w[3] in def) && def[w[3]] != src)
				bad(w[3] " defined in " def[w[3]] " and " src)
			def[w[3]] = src
		}
	}
	END {
		for (f in mapped) if (!(f in exists))
			bad("README.md file map: gen/" f " does not exist")
		for (f in csrc) if (!(f in obj))
			bad("gen/" f ": no object given (CMake passes them all)")
		for (f in obj) if (!(f in csrc))
			bad(f ".o: not an object of a gen/*.c file")
		if (ninc == 0) bad("no #include of a gen/ file found")
		for (e in inc) if (!(e in rinc))
			bad("README include graph lacks: " e)
		for (e in rinc) if (!(e in inc))
			bad("README include graph has " e ", the sources do not")
		for (i = 1; i <= nu; i++) {
			split(ulist[i], u, SUBSEP)
			if (!(u[2] in def)) continue
			to = def[u[2]]
			if (to == u[1]) continue
			ncall++
			if (!((u[1] " -> " to) in calls)) {
				adj[u[1], ++nadj[u[1]]] = to
				nodes[u[1]] = 1
			}
			calls[u[1] " -> " to] = calls[u[1] " -> " to] " " u[2]
			if (!may(u[1], to))
				bad(u[1] " (" S[u[1]] ") uses " u[2] " of " to \
				    " (" S[to] ")")
			if (S[u[1]] == "cli" && S[to] != "cli" && !(u[2] in X))
				bad(u[1] " uses " u[2] ", which libstops_gen.map does not export")
		}
		if (ncall == 0) bad("no call between gen/ objects found")
		# in name order, so that the report does not depend on awk
		nn = 0
		for (f in nodes) order[++nn] = f
		for (i = 2; i <= nn; i++)
			for (j = i; j > 1 && order[j - 1] > order[j]; j--) {
				t = order[j]; order[j] = order[j - 1]; order[j - 1] = t
			}
		for (i = 1; i <= nn; i++) if (!color[order[i]]) dfs(order[i])
		print "includes (" ninc "):"
		for (e in inc) { split(e, x, " ")
			print "  " x[1] " (" S[x[1]] ") <- " x[2] " (" S[x[2]] ")" | "sort" }
		close("sort")
		print "calls (" ncall "):"
		for (e in calls) { split(e, x, " ")
			print "  " x[1] " (" S[x[1]] ") -> " x[3] " (" S[x[3]] "):" calls[e] | "sort" }
		close("sort")
		exit err
	}' "$tmp/ranks" "$tmp/stage" "$tmp/exports" "$tmp/files" \
	"$tmp/includes" "$tmp/readme_includes" "$tmp/nm"
