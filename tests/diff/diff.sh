#!/bin/bash
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# The differential layout test (issues 39 and 40): for every object, the
# C header (gen), the Go file (gen --lang go) and the Rust module
# (gen --lang rust) are compiled, gcc's and rustc's DWARF and Go's reflect
# give each shadow type's size and each member's offset and size as the
# compilers laid them out, and compare.py checks them against each other
# and against the layout plan (dump --plan: the BTF). No kernel needed.
#
#   diff.sh layouts CLI BPF_CLANG DIR SEEDS...
#       every *.bpf.o under DIR that the C generator takes (as rust.layout
#       finds them), and the random layouts of tests/layout/random (gen.py)
#       of each SEEDS: SEED:COUNT, or a file of "SEED COUNT" lines
#       (regress.txt); also each Go file gofmt'd,
#       vetted and built for 386, each Rust module rustfmt --check'ed and
#       built with warnings denied (counts printed)
#   diff.sh planted CLI OBJ
#       self-test: OBJ passes; then one member moved by a byte in the C,
#       the Go or the Rust output alone (its own compile-time proofs
#       switched off) must fail, the member named
#
# An object in .struct_ops (which cilium/ebpf, and so gen --lang go,
# refuses) gives its Go file through a copy moved to .struct_ops.link
# (linkify.py); one with maps in all four struct_ops sections has none. An
# object whose Go or Rust output does not compile is named, left out of
# that language's comparison, and fails the run. Counts and times are
# printed. Go and Rust run in the cached sid root (tests/lib/toolroot), gcc
# and llvm-dwarfdump on the host; DIFF_KEEP=1 keeps the work directory.
# Exit 0 ok, 1 failure, 77 no Debian root.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/../.." && pwd)
die() { echo "FAIL: $*"; exit 1; }
[ $# -ge 3 ] || die "usage: diff.sh layouts|planted CLI ..."
mode=$1 cli=$2
shift 2
for t in gcc llvm-dwarfdump python3; do
	command -v $t >/dev/null || die "$t not found (scripts/install-deps installs it)"
done

rc=0
root=$("$src/tests/lib/toolroot" sid "$src/tests/lib/sid-tools.pkgs") || rc=$?
[ $rc = 77 ] && { echo "skip: no sid root on this machine"; exit 77; }
[ $rc = 0 ] || die "tests/lib/toolroot sid failed"
work=/work/diff-$mode-$$
w=$root$work
mkdir -p "$w"/{c,gp/src,rs,plan,link,seeds} "$root/work/go-cache"
# DIFF_KEEP=1 keeps the work directory (its path is printed)
if [ -n "${DIFF_KEEP:-}" ]; then
	echo "note: work directory $w kept"
else
	trap 'rm -rf --one-file-system "$w"' EXIT
fi
: >"$w/list"
: >"$w/failed"
: >"$w/objs"
: >"$w/link/list"

# in_root CMD: CMD in the root's $work; Go in GOPATH mode, offline
in_root() {
	"$src/tests/lib/debroot" run "$root" env -i HOME="$work" \
		PATH=/usr/bin:/bin GO111MODULE=off \
		GOPATH="$work/gp:/usr/share/gocode" GOCACHE=/work/go-cache \
		GOFLAGS=-buildvcs=false sh -ec "cd $work && $*"
}

n=0 nogo=0
# add OBJ LABEL: the object's C and Rust outputs and its plan as oN; its
# Go output comes in go_all, after one linkify.py for all objects
add() {
	local obj=$1 label=$2 k=o$n
	"$cli" gen "$obj" -o "$w/c/$k.h" 2>/dev/null || return 0
	n=$((n + 1))
	"$cli" dump --plan "$obj" >"$w/plan/$k.json" || die "dump --plan $label"
	"$cli" gen --lang rust "$obj" -o "$w/rs/$k.rs" ||
		die "gen --lang rust $label failed (gen of C succeeds)"
	mkdir -p "$w/link/$k"
	# tabs between fields: an object's path may hold spaces
	printf '%s\t%s\n' "$obj" "$w/link/$k/$(basename "$obj")" >>"$w/link/list"
	printf '%s\t%s\t%s\n' "$k" "$obj" "$label" >>"$w/objs"
	printf '#include "%s.h"\n' "$k" >"$w/c/$k.c"
}

# go_all: each object's Go output, of its copy in .struct_ops.link
# (cilium/ebpf reads that section only: the same layout moved there)
go_all() {
	local k obj label copy st langs c
	local -A status
	python3 "$here/linkify.py" --batch "$w/link/list" >"$w/link/status" || die "linkify.py"
	while IFS=$'\t' read -r c st; do status[$c]=$st; done <"$w/link/status"
	while IFS=$'\t' read -r k obj label; do
		copy=$w/link/$k/$(basename "$obj")
		st=${status[$copy]:-}
		case $st in
		0) ;;
		3) copy=$obj ;;
		4) copy= ;;
		*) die "linkify $label" ;;
		esac
		langs=c,go,rust
		if [ -z "$copy" ]; then
			# .struct_ops, ?.struct_ops and both .link sections: no free name
			langs=c,rust nogo=$((nogo + 1))
		else
			mkdir -p "$w/gp/src/$k"
			"$cli" gen --lang go --package "$k" "$copy" -o "$w/gp/src/$k/$k.go" 2>"$w/gp/src/$k.err" ||
				{ cat "$w/gp/src/$k.err"; die "gen --lang go $label (its .struct_ops.link copy) failed"; }
			# the copy's plan: its maps' order, and so which of two maps
			# of one layout is the alias, may differ from the original's
			"$cli" dump --plan "$copy" >"$w/plan/$k.go.json" || die "dump --plan $label (Go copy)"
		fi
		printf '%s %s %s %s\n' "$k" "$work/plan/$k.json" "$langs" "$label" >>"$w/list"
	done <"$w/objs"
}

# seeds COUNT SEED: gen.py's random layouts, compiled for BPF, as oN
seed() {
	local d=$w/seeds/s$1-$2
	mkdir -p "$d"
	python3 "$src/tests/layout/random/gen.py" bpf "$2" "$1" "$d/r.bpf.c" "$d/orig.h" ||
		die "gen.py bpf $2 $1"
	"$bpfcc" -target bpf -g -O2 -c "$d/r.bpf.c" -o "$d/r.bpf.o" || die "seed $2: BPF compile"
	"$cli" gen "$d/r.bpf.o" >/dev/null || die "seed $2: gen (C) refused it"
	add "$d/r.bpf.o" "random seed $2 ($1 layouts)"
}

# planting: each language's own compile-time proofs off, then one change
c_flags="-std=c11 -g -fno-eliminate-unused-debug-types -DSTOPS_SHADOW_NO_LIBBPF"
c_noproof="-DSTOPS_SHADOW__AT(S,w,m,o,s)= -DSTOPS_SHADOW__SIZE(S,w,s)= -DSTOPS_SHADOW__MATCH(T,w,m,o,s)= -DSTOPS_SHADOW__MATCH_SIZE(T,w,s)="
plant() {
	local lang=$1 f
	case $lang in
	c)
		f=$w/c/o0.h
		sed -i '0,/^\tchar name\[16\];/s//\tchar name[17];/' "$f"
		c_flags="$c_flags $c_noproof"
		;;
	go)
		f=$w/gp/src/o0/o0.go
		sed -i -e '/^\t_ = .*unsafe\.\(Offsetof\|Sizeof\)(/d' \
			-e '0,/^\(\tName  *\)\[16\]byte/s//\1[17]byte/' "$f"
		;;
	rust)
		f=$w/rs/o0.rs
		sed -i -e 's/::stops_shadow::prove! {/diff_noprove! {/' \
			-e 's/pub __padding_end: \[u8; 40\]/pub __padding_end: [u8; 41]/' "$f"
		;;
	esac
	echo "planted in $lang: $(diff "$w/orig.$lang" "$f" | grep '^>' | head -n 3 | tr '\n' ' ')"
}

t0=$(date +%s)
case $mode in
layouts)
	bpfcc=$1 dir=$2
	shift 2
	for s in "$@"; do
		if [ -f "$s" ]; then grep -v '^#' "$s" | grep . ; else echo "${s%:*} ${s#*:}"; fi
	done >"$w/seeds.txt"
	nfound=0 ncopies=0
	# a copy (the vm payloads, the tests' work dirs) is compared once
	declare -A seen
	while read -r obj; do
		nfound=$((nfound + 1))
		sum=$(md5sum <"$obj")
		if [ -n "${seen[$sum]:-}" ]; then
			ncopies=$((ncopies + 1))
			continue
		fi
		seen[$sum]=1
		add "$obj" "${obj#"$dir"/}"
	done < <(find "$dir" -name '*.bpf.o' -type f -not -path '*/diff-*' | LC_ALL=C sort)
	nobj=$n
	nseeds=0 nlayouts=0
	while read -r s c; do
		seed "$c" "$s"
		nseeds=$((nseeds + 1)) nlayouts=$((nlayouts + c))
	done <"$w/seeds.txt"
	echo "note: $nobj of $nfound objects under $dir ($ncopies copies compared once, the rest the C generator refuses), $nseeds random-layout seeds ($nlayouts layouts)"
	;;
planted)
	add "$1" "$(basename "$1")"
	;;
*) die "unknown mode $mode" ;;
esac
[ $n -gt 0 ] || die "no object"
go_all
echo "generated C, Go and Rust for $n objects in $(($(date +%s) - t0)) s ($nogo without Go: maps in .struct_ops, ?.struct_ops and both .link sections)"

mkdir -p "$w/gp/src/diffmain"
python3 "$here/mkprogs.py" "$w/list" "$root" "$w/gp/src/diffmain/main.go" "$w/rs/lib.rs" ||
	die "mkprogs.py"
for l in c go rust; do
	case $l in c) f=$w/c/o0.h ;; go) f=$w/gp/src/o0/o0.go ;; rust) f=$w/rs/o0.rs ;; esac
	cp "$f" "$w/orig.$l"
done

# drop LANG ERRFILE PATTERN: the objects the compiler's errors name
# (PATTERN's oN) leave LANG's build, each a failure, named; 1 if none named
drop() {
	local lang=$1 err=$2 pat=$3 keys k
	keys=$(grep -o "$pat" "$err" | grep -o 'o[0-9]*' | sort -u)
	[ -n "$keys" ] || return 1
	for k in $keys; do
		echo "FAIL: $lang does not compile $(awk -v k="$k" '$1 == k { $1 = $2 = $3 = ""; print }' "$w/list" | sed 's/^ *//'): $(grep -B 1 -e "--> $k\.rs:" -e "gp/src/$k/" "$err" | grep -m 1 -e '^error' -e "gp/src/$k/" | tr -s ' \n' ' ')" |
			tee -a "$w/failed"
		awk -v k="$k" -v l="$lang" '$1 == k { sub("(^|,)" l, "", $3); sub("^,", "", $3) } { print }' \
			"$w/list" >"$w/list.new"
		mv "$w/list.new" "$w/list"
	done
	python3 "$here/mkprogs.py" "$w/list" "$root" "$w/gp/src/diffmain/main.go" "$w/rs/lib.rs"
}

# compile_all: the three compilers, then their layouts in c.txt, go.txt,
# rust.txt; an object whose Go or Rust does not compile is left out of
# that language (and the run fails, naming it)
compile_all() {
	local t
	t=$(date +%s)
	# gcc compiles the other units when one fails; its types are then missing
	# shellcheck disable=SC2086
	(cd "$w/c" && gcc $c_flags -c o*.c) || echo "FAIL: gcc failed (above)" | tee -a "$w/failed"
	(cd "$w/c" && python3 "$here/dwarf_layout.py" llvm-dwarfdump o*.o) >"$w/c.txt" || return 1
	echo "gcc: $(find "$w/c" -name "o*.o" | wc -l) units in $(($(date +%s) - t)) s"
	t=$(date +%s)
	for _ in 1 2 3 4; do
		in_root "go build -o diffmain.bin diffmain" >"$w/go.err" 2>&1 && break
		cat "$w/go.err"
		drop go "$w/go.err" 'gp/src/o[0-9]*/' || return 1
	done
	in_root "./diffmain.bin >go.txt" || return 1
	echo "go: $(grep -c '^	"o' "$w/gp/src/diffmain/main.go") packages built and run in $(($(date +%s) - t)) s"
	t=$(date +%s)
	in_root "cd rs && rustc --edition 2021 --crate-type rlib --crate-name stops_shadow \
			-o libstops_shadow.rlib $work/stops_shadow/lib.rs" || return 1
	for _ in 1 2 3 4; do
		in_root "cd rs && rustc --edition 2021 --crate-type lib --crate-name diffrs -g -C opt-level=0 \
			--emit=obj -o diffrs.o --extern stops_shadow=libstops_shadow.rlib -L . lib.rs" \
			>"$w/rust.err" 2>&1 && break
		head -n 40 "$w/rust.err"
		drop rust "$w/rust.err" '> o[0-9]*\.rs:' || return 1
	done
	python3 "$here/dwarf_layout.py" llvm-dwarfdump "$w/rs/diffrs.o" >"$w/rust.txt" || return 1
	echo "rustc: $(grep -c '^pub mod' "$w/rs/lib.rs") modules in $(($(date +%s) - t)) s"
}
mkdir -p "$w/stops_shadow"
cp -r "$src/rules/cargo/stops-shadow/src/." "$w/stops_shadow/"

compare() {
	python3 "$here/compare.py" "$w/list.host" "$w/c.txt" "$w/go.txt" "$w/rust.txt"
}
sed "s| $work/| $w/|" "$w/list" >"$w/list.host"

if [ "$mode" = planted ]; then
	cp "$w/list" "$w/list.orig"
	compile_all || die "the unchanged outputs do not compile"
	[ ! -s "$w/failed" ] || die "the unchanged outputs do not compile"
	compare || die "the unchanged outputs disagree"
	fails=0
	for l in c go rust; do
		for f in c go rust; do cp "$w/orig.$f" "$w/$(case $f in c) echo c/o0.h ;; go) echo gp/src/o0/o0.go ;; rust) echo rs/o0.rs ;; esac)"; done
		c_flags="-std=c11 -g -fno-eliminate-unused-debug-types -DSTOPS_SHADOW_NO_LIBBPF"
		cp "$w/list.orig" "$w/list"
		plant $l
		compile_all >/dev/null || { echo "FAIL: $l: the planted output does not compile"; fails=1; continue; }
		if compare >"$w/out"; then
			cat "$w/out"
			echo "FAIL: $l: the planted change was not found"
			fails=1
			continue
		fi
		# the changed member itself, with this language's value
		grep -q "^DIFF: .*: \(name\|padding@152\): .*$l (" "$w/out" ||
			{ cat "$w/out"; echo "FAIL: $l: the member is not named"; fails=1; continue; }
		echo "ok: $l's change found: $(grep -m 2 '^DIFF' "$w/out" | tr '\n' ' ')"
	done
	exit $fails
fi

compile_all || die "compiling the outputs failed"
sed "s| $work/| $w/|" "$w/list" >"$w/list.host"
compare || echo "FAIL: the compilers disagree (above)" >>"$w/failed"

# The rest of issue 39's and 40's "works on every object": gofmt, vet and
# 386 for each Go file, rustfmt and warnings denied for each module
t=$(date +%s)
pkgs=$(awk '$3 ~ /go/ { print $1 }' "$w/list" | tr '\n' ' ')
mods=$(awk '$3 ~ /rust/ { print $1 ".rs" }' "$w/list" | tr '\n' ' ')
in_root "out=\$(gofmt -l $(for p in $pkgs; do printf 'gp/src/%s ' "$p"; done)) && [ -z \"\$out\" ] || { echo \"gofmt: \$out\"; exit 1; }
	go vet $pkgs && GOARCH=386 go build $pkgs" || die "gofmt, go vet or the 386 build failed"
echo "ok: $(echo "$pkgs" | wc -w) Go files pass gofmt, go vet and build for amd64 and 386 ($(($(date +%s) - t)) s)"
t=$(date +%s)
in_root "cd rs && rustfmt --edition 2021 --check $mods &&
	rustc --edition 2021 --crate-type lib --crate-name diffrs -D warnings --emit=metadata \
		-o diffrs.rmeta --extern stops_shadow=libstops_shadow.rlib lib.rs &&
	rustc --edition 2021 --crate-type rlib --crate-name stops_shadow --target i686-unknown-linux-gnu \
		--emit=metadata -o libstops_shadow32.rmeta $work/stops_shadow/lib.rs &&
	rustc --edition 2021 --crate-type lib --crate-name diffrs -D warnings --emit=metadata \
		--target i686-unknown-linux-gnu -o diffrs32.rmeta \
		--extern stops_shadow=libstops_shadow32.rmeta lib.rs" ||
	die "rustfmt --check or rustc -D warnings failed"
echo "ok: $(echo "$mods" | wc -w) Rust modules pass rustfmt --check and build with warnings denied (x86_64, i686 layout) ($(($(date +%s) - t)) s)"
echo "total $(($(date +%s) - t0)) s"
[ ! -s "$w/failed" ] || { echo "FAILED:"; cat "$w/failed"; exit 1; }
