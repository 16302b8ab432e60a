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
#  - a header's code (static inline bodies, macros) calls a function of a
#    later or an apart stage's file (nm does not see it: the including
#    object compiles the call, or nothing when no one calls the inline);
#  - a file uses a struct, union or enum that a file of a later or an apart
#    stage defines (a pointer needs no #include, only the tag);
#  - files use each other in a cycle (a -> b -> a, or longer), within a
#    stage too: through calls, #include lines, header code and shared
#    types alike, between the file map's rows (a header and its .c on one
#    row are one node);
#  - a row uses a row of its own stage that README's direction for that
#    stage (its indented "STAGE: a < b < c" line: each row uses only rows
#    before it) puts after it, or that line does not list each of the
#    stage's rows once;
#  - README's include graph differs from the files' #include lines.
# Prints the include, call, header code and type graphs it checked.
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
		s = $2; row = ""
		while (match(s, /`[^`]+`/)) {
			f = substr(s, RSTART + 1, RLENGTH - 2)
			if (row == "") row = f
			print f, st, row
			s = substr(s, RSTART + RLENGTH)
		}
	}' "$readme" >"$tmp/stage"

# Directions inside a stage: "stage pos row" lines, from README's indented
# "STAGE: a < b < c" lines (the stages: line aside).
awk '
	/^## File map/ { exit }
	/^    [a-z]+: / && $1 != "stages:" {
		st = $1; sub(/:$/, "", st)
		n = 0
		for (i = 2; i <= NF; i++) if ($i != "<") print st, ++n, $i
	}' "$readme" >"$tmp/direction"

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

# Header code and types, from the sources without comments, strings and
# character constants: "file def tag|code NAME" (struct/union/enum NAME {,
# a header's function with a body or macro), "file type NAME" (a struct,
# union or enum NAME named), "file calls NAME" (NAME( in a header's
# function body or macro). C as gen/ writes it (.clang-format): a
# function's body opens at depth 0 after its parameter list.
while IFS= read -r f; do
	case $f in *.map) continue ;; esac
	awk -v f="$f" '
	BEGIN { incmt = 0 }
	{
		line = $0; out = ""
		while (line != "") {
			if (incmt) {
				e = index(line, "*/")
				if (!e) { line = ""; break }
				line = substr(line, e + 2); incmt = 0; continue
			}
			if (!match(line, /\/\*|\/\/|"|\047/)) { out = out line; break }
			out = out substr(line, 1, RSTART - 1)
			tok = substr(line, RSTART, RLENGTH)
			line = substr(line, RSTART + RLENGTH)
			if (tok == "/*") { incmt = 1; out = out " "; continue }
			if (tok == "//") { line = ""; break }
			# a string or character constant: to its unescaped end
			while (line != "" && substr(line, 1, 1) != tok) {
				if (substr(line, 1, 1) == "\\") line = substr(line, 2)
				line = substr(line, 2)
			}
			line = substr(line, 2); out = out tok tok
		}
		print out
	}' "$gen/$f" | awk -v f="$f" '
	function ident_calls(t,   n) {
		while (match(t, /[A-Za-z_][A-Za-z0-9_]*[ \t]*\(/)) {
			n = substr(t, RSTART, RLENGTH); sub(/[ \t]*\($/, "", n)
			print f, "calls", n
			t = substr(t, RSTART + RLENGTH)
		}
	}
	function types(t,   n) {
		while (match(t, /(struct|union|enum)[ \t]+[A-Za-z_][A-Za-z0-9_]*/)) {
			n = substr(t, RSTART, RLENGTH); sub(/^[a-z]+[ \t]+/, "", n)
			print f, "type", n
			t = substr(t, RSTART + RLENGTH)
		}
	}
	BEGIN { hdr = f ~ /\.h$/; depth = 0; pend = "" }
	# macros: a header macro is code; its uses are the header'"'"'s
	inmacro || /^[ \t]*#[ \t]*define[ \t]/ {
		if (!inmacro && match($0, /define[ \t]+[A-Za-z_][A-Za-z0-9_]*/)) {
			n = substr($0, RSTART, RLENGTH); sub(/^define[ \t]+/, "", n)
			print f, "def", "code", n
			rest = substr($0, RSTART + RLENGTH); sub(/^\([^)]*\)/, "", rest)
		} else {
			rest = $0
		}
		inmacro = /\\$/
		types(rest)
		if (hdr) ident_calls(rest)
		next
	}
	/^[ \t]*#/ { next }
	{
		types($0)
		t = $0
		while (t != "") {
			if (!match(t, /[{};]/)) {
				if (infunc) ident_calls(t); else pend = pend " " t
				break
			}
			pre = substr(t, 1, RSTART - 1); c = substr(t, RSTART, 1)
			t = substr(t, RSTART + 1)
			if (infunc) ident_calls(pre); else pend = pend " " pre
			if (c == "{" && pend ~ /extern[ \t]*""[ \t]*$/) {
				# extern "C" { ... }: no depth of its own
				isext[++nb] = 1; pend = ""
			} else if (c == "{") {
				isext[++nb] = 0
				if (match(pend, /(struct|union|enum)[ \t]+[A-Za-z_][A-Za-z0-9_]*[ \t]*$/)) {
					n = substr(pend, RSTART, RLENGTH)
					sub(/^[a-z]+[ \t]+/, "", n); sub(/[ \t]*$/, "", n)
					print f, "def", "tag", n
				} else if (depth == 0 && match(pend, /[A-Za-z_][A-Za-z0-9_]*[ \t]*\([^;=]*\)[ \t]*$/)) {
					n = substr(pend, RSTART, RLENGTH); sub(/[ \t]*\(.*/, "", n)
					print f, "def", "code", n
					if (hdr) infunc = 1
				}
				depth++; pend = ""
			} else if (c == "}") {
				if (!isext[nb--] && --depth == 0) infunc = 0
				pend = ""
			} else {
				if (depth == 0 && pend ~ /^[ \t]*(struct|union|enum)[ \t]+[A-Za-z_][A-Za-z0-9_]*[ \t]*$/) {
					n = pend; sub(/^[ \t]*[a-z]+[ \t]+/, "", n); sub(/[ \t]*$/, "", n)
					print f, "def", "opaque", n
				}
				pend = ""
			}
		}
	}'
done <"$tmp/files" >"$tmp/code"

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
	function ntag(   t, n) { n = 0; for (t in tagdef) n++; return n }
	function bad(msg) { print "stage_graph: " msg > "/dev/stderr"; err = 1 }
	# may file a use file b? 0 when b is of a later or an apart stage
	function may(a, b) { return !(rank(b) > rank(a) || apart(a, b)) }
	# an edge of the graph of the file map'"'"'s rows (U: a file'"'"'s row),
	# labelled with the first thing seen that makes it
	function edge(a, b, what,   u, v) {
		u = U[a]; v = U[b]
		if (u == "" || v == "" || u == v) return
		if (!((u, v) in lab)) {
			adj[u, ++nadj[u]] = v; nodes[u] = 1; nodes[v] = 1
			lab[u, v] = what
		}
	}
	# depth-first over that graph: an edge back to a row on the stack
	# (onstk) closes a cycle, reported from that row on
	function dfs(v,   i, w, j, path, why) {
		color[v] = 1; stk[++sp] = v; onstk[v] = sp
		for (i = 1; i <= nadj[v]; i++) {
			w = adj[v, i]
			if (color[w] == 1) {
				path = ""; why = ""
				for (j = onstk[w]; j <= sp; j++) {
					path = path stk[j] " -> "
					why = why (why == "" ? "" : "; ") stk[j] " -> " \
					      (j < sp ? stk[j + 1] : w) ": " \
					      lab[stk[j], j < sp ? stk[j + 1] : w]
				}
				bad("cycle: " path w " (" why ")")
			} else if (!color[w]) {
				dfs(w)
			}
		}
		sp--; color[v] = 2; done[++ndone] = v
	}
	FILENAME == tmp "/ranks" { R[$1] = $2; next }
	FILENAME == tmp "/stage" {
		if ($1 in S) bad("README: " $1 " twice in the file map")
		if (!($2 in R)) bad("README: " $1 ": unknown stage \"" $2 "\"")
		S[$1] = $2; U[$1] = $3; mapped[$1] = 1; next
	}
	FILENAME == tmp "/direction" {
		if (!($1 in R)) bad("README: direction of unknown stage \"" $1 "\"")
		if ($3 in pos) bad("README: " $3 " twice in the directions")
		pos[$3] = $2; dstage[$3] = $1; dirs[$1] = 1; next
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
		edge($1, $2, "includes " $2)
		if (!may($1, $2) ||
		    (S[$1] == "cli" && S[$2] != "cli" && S[$2] != "api"))
			bad($1 " (" S[$1] ") includes " $2 " (" S[$2] ")")
		next
	}
	FILENAME == tmp "/readme_includes" { rinc[$1 " " $2] = 1; next }
	FILENAME == tmp "/code" {
		if ($2 == "def" && $3 == "tag") {
			if (($4 in tagdef) && tagdef[$4] != $1)
				bad("struct/union/enum " $4 " defined in " tagdef[$4] " and " $1)
			tagdef[$4] = $1
		} else if ($2 == "def" && $3 == "opaque") {
			# the public interface names its opaque types: theirs
			# is the name, the body only completes it
			if (S[$1] == "api") opaque[$4] = $1
		} else if ($2 == "def" && $1 ~ /\.h$/) {
			hcode[$4] = $1
		} else if ($2 != "def") {
			use[++nuse] = $0
		}
		next
	}
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
			calls[u[1] " -> " to] = calls[u[1] " -> " to] " " u[2]
			edge(u[1], to, "calls " u[2])
			if (!may(u[1], to))
				bad(u[1] " (" S[u[1]] ") uses " u[2] " of " to \
				    " (" S[to] ")")
			if (S[u[1]] == "cli" && S[to] != "cli" && !(u[2] in X))
				bad(u[1] " uses " u[2] ", which libstops_gen.map does not export")
		}
		if (ncall == 0) bad("no call between gen/ objects found")
		# header code and types: "file type|calls NAME"
		for (i = 1; i <= nuse; i++) {
			split(use[i], x, " ")
			to = ""
			if (x[2] == "type" && (x[3] in opaque)) {
				to = opaque[x[3]]; what = "uses struct/union/enum " x[3]
			} else if (x[2] == "type" && (x[3] in tagdef)) {
				to = tagdef[x[3]]; what = "uses struct/union/enum " x[3]
			} else if (x[2] == "calls" && (x[3] in hcode)) {
				to = hcode[x[3]]; what = "header code calls " x[3]
			} else if (x[2] == "calls" && (x[3] in def)) {
				to = def[x[3]]; what = "header code calls " x[3]
			}
			if (to == "" || U[to] == U[x[1]]) continue
			if (!((x[1] " " what " " to) in seen)) {
				seen[x[1] " " what " " to] = 1
				hedge[++nhedge] = x[1] " (" S[x[1]] ") " what " of " to " (" S[to] ")"
				if (!may(x[1], to))
					bad(x[1] " (" S[x[1]] ") " what " of " to " (" S[to] ")")
			}
			edge(x[1], to, what)
		}
		if (!ntag()) bad("no struct defined in gen/ found")
		# in name order, so that the report does not depend on awk
		nn = 0
		for (f in nodes) order[++nn] = f
		for (i = 2; i <= nn; i++)
			for (j = i; j > 1 && order[j - 1] > order[j]; j--) {
				t = order[j]; order[j] = order[j - 1]; order[j - 1] = t
			}
		for (i = 1; i <= nn; i++) if (!color[order[i]]) dfs(order[i])
		# the direction README gives: every row of a stage listed once, in
		# its own stage, and each edge inside a stage pointing back
		for (f in S) {
			if (U[f] != f) continue
			if (!(f in pos))
				bad("README: row " f " (" S[f] ") not in its stage'"'"'s direction line")
			else if (dstage[f] != S[f])
				bad("README: row " f " (" S[f] ") in the direction of " dstage[f])
		}
		for (f in pos) if (!(f in S) || U[f] != f)
			bad("README: direction names " f ", not the first file of a file map row")
		for (e in lab) {
			split(e, x, SUBSEP)
			if (S[x[1]] != S[x[2]] || !(x[1] in pos) || !(x[2] in pos))
				continue
			if (pos[x[2]] > pos[x[1]])
				bad(x[1] " (" S[x[1]] ") " lab[e] ", which README'"'"'s direction puts after it")
		}
		# done[] lists each row after every row it uses: the direction
		print "direction (each row uses only rows before it in its stage):"
		for (k = 1; k in R2; k++) ;
		for (st in R) {
			line = ""
			for (i = 1; i <= ndone; i++)
				if (S[done[i]] == st) line = line (line == "" ? "" : " < ") done[i]
			if (line != "") print "  " R[st] " " st ": " line | "sort -n"
		}
		close("sort -n")
		print "includes (" ninc "):"
		for (e in inc) { split(e, x, " ")
			print "  " x[1] " (" S[x[1]] ") <- " x[2] " (" S[x[2]] ")" | "sort" }
		close("sort")
		print "header code and types (" nhedge "):"
		for (i = 1; i <= nhedge; i++) print "  " hedge[i] | "sort"
		close("sort")
		print "calls (" ncall "):"
		for (e in calls) { split(e, x, " ")
			print "  " x[1] " (" S[x[1]] ") -> " x[3] " (" S[x[3]] "):" calls[e] | "sort" }
		close("sort")
		exit err
	}' "$tmp/ranks" "$tmp/stage" "$tmp/direction" "$tmp/exports" "$tmp/files" \
	"$tmp/includes" "$tmp/readme_includes" "$tmp/code" "$tmp/nm"
