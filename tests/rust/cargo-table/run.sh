#!/bin/bash
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# The cargo table (issue 40): libbpf-cargo 0.27's struct_ops types and ours
# against the real buffer, bpf_map__initial_value(), of every object.
#
#   run.sh CLI KNOWN OBJ|DIR|corpus:DIR|selftests:...
#
# corpus:DIR is a DIR that corpus.run fills (empty: the rest runs, then exit
# 77); selftests: the kernel selftests' objects (tests/selftests/build-objects,
# cached). Every *.bpf.o under each DIR (and each OBJ) that has a struct_ops map and
# that the C generator accepts, one copy of each content: our module
# (gen --lang rust) and plan (dump --plan) here; in the cached sid root
# (tests/lib/toolroot), libbpf-cargo's skeleton of every object in one run
# (skelgen/), then one crate of all of them (compare/, its src/gen.rs
# written by gen.py), built once and run: each skeleton opens its object,
# each map's two types read the buffer. table.py prints the table and
# fails on a disagreement KNOWN does not explain. Exit 0 ok, 1 failure,
# 77 skipped (no Debian root here).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/../../.." && pwd)
me=cargo-table
die() { echo "$me: $*" >&2; exit 1; }
[ $# -ge 3 ] || die "usage: run.sh CLI KNOWN OBJ|DIR..."
cli=$1 known=$2
shift 2
start=$(date +%s)

rc=0
root=$("$src/tests/lib/toolroot" sid "$src/tests/lib/sid-tools.pkgs") || rc=$?
[ $rc = 77 ] && exit 77
[ $rc = 0 ] || die "no sid tool root"
work=/work/cargo-table-$$
dir=$root$work
# STOPS_CARGO_TABLE_KEEP=1 keeps the work directory (its path is printed)
if [ -n "${STOPS_CARGO_TABLE_KEEP:-}" ]; then
	echo "note: work directory $dir"
else
	trap 'rm -rf --one-file-system "$dir"' EXIT
fi
mkdir -p "$dir/objs" "$dir/mods" "$dir/skels" "$dir/cargo" "$dir/rules" "$dir/tests/rust"
cp -r "$src/rules/cargo" "$dir/rules/"
mkdir -p "$dir/tests/rust/cargo-table"
cp -r "$here/skelgen" "$here/compare" "$dir/tests/rust/cargo-table/"
cp "$src/tests/lib/cargo-offline.toml" "$dir/cargo/config.toml"

in_root() {
	"$src/tests/lib/debroot" run "$root" env -i HOME=/root \
		PATH=/usr/bin:/bin CARGO_HOME="$work/cargo" \
		CARGO_TARGET_DIR=/work/rust-target "$@"
}

# the objects that show libbpf-cargo's defects (expect.txt), by sid's clang
mkdir -p "$dir/defects"
cp "$here"/bpf/*.bpf.c "$dir/defects/"
in_root sh -ec "cd $work/defects; for c in *.bpf.c; do
	clang -target bpf -I/usr/include/x86_64-linux-gnu -g -O2 -c \$c -o \${c%.c}.o; done"

# the arguments as places to look for objects
partial='' selftests=''
places=("$dir/defects")
for a in "$@"; do
	case $a in
	corpus:*)
		a=${a#corpus:}
		if [ -z "$(find "$a" -name '*.bpf.o' 2>/dev/null | head -n 1)" ]; then
			echo "note: no corpus objects in $a (corpus.run makes them): left out"
			partial=1
			continue
		fi ;;
	selftests:)
		a=$("$src/tests/selftests/build-objects")/obj ||
			die "no selftests objects (tests/selftests/build-objects)"
		selftests=$a ;;
	esac
	places+=("$a")
done

# every object once (by content), with a struct_ops map, that gen takes
declare -A seen
n=0 dup=0 nomaps=0 refused=0
: >"$dir/list"
: >"$dir/skels/list"
while IFS= read -r -d '' obj; do
	h=$(sha256sum <"$obj" | cut -c1-32)
	if [ -n "${seen[$h]:-}" ]; then
		dup=$((dup + 1))
		continue
	fi
	seen[$h]=1
	if ! "$cli" dump --plan "$obj" >"$dir/plan.json" 2>/dev/null ||
		! "$cli" gen "$obj" -o /dev/null 2>/dev/null; then
		refused=$((refused + 1))
		continue
	fi
	if ! grep -q '"btf_type"' "$dir/plan.json"; then
		nomaps=$((nomaps + 1))
		continue
	fi
	n=$((n + 1))
	id=o$n
	mkdir -p "$dir/objs/$id"
	cp "$obj" "$dir/objs/$id/"
	mv "$dir/plan.json" "$dir/objs/$id/plan.json"
	"$cli" gen --lang rust "$obj" -o "$dir/mods/$id.rs" ||
		die "gen --lang rust $obj failed (gen of C succeeds)"
	label=${obj#"$src"/}
	case $obj in
	"$dir/defects/"*) label=tests/rust/cargo-table/bpf/${obj##*/} ;;
	"$selftests"/*) [ -n "$selftests" ] && label=selftests/${obj#"$selftests"/} ;;
	esac
	echo "$id $label" >>"$dir/list"
	echo "$id $work/objs/$id/$(basename "$obj")" >>"$dir/skels/list"
done < <(for a in "${places[@]}"; do find "$a" -name '*.bpf.o' -type f -print0; done | LC_ALL=C sort -z)
echo "note: $n objects in $(($(date +%s) - start)) s; left out: $dup copies, $nomaps without struct_ops maps, $refused the generator refuses"
[ "$n" -gt 0 ] || die "no object"

t0=$(date +%s)
in_root sh -ec "cd $work/tests/rust/cargo-table/skelgen; cargo build -q --release
	/work/rust-target/release/cargo_table_skelgen $work/skels/list"
t1=$(date +%s)
echo "note: libbpf-cargo's skeletons of $n objects, $((t1 - t0)) s"
# A skeleton rustfmt cannot parse (a name libbpf-cargo left unescaped) is
# left out at once, with rustfmt's first error: no build to find it.
in_root sh -c "cd $work/skels; for f in o*.skel.rs; do
	rustfmt --edition 2021 --emit stdout \$f >/dev/null 2>\$f.parse ||
		{ echo \"rustc refuses the skeleton: \$(grep -m 1 '^error' \$f.parse)\" >>\${f%.skel.rs}.err
		mv \$f \$f.bad; }
done"
# A skeleton rustc refuses is left out with rustc's first word on it (a
# row of the table); a failure in our modules or in gen.rs fails the test.
for try in 1 2 3 4; do
	python3 "$here/gen.py" "$dir" "$work" "$dir/list" "$dir/tests/rust/cargo-table/compare/src/gen.rs"
	in_root sh -ec "cd $work/tests/rust/cargo-table/compare; cargo build -q --message-format=short" \
		>"$dir/build.log" 2>&1 && break
	bad=$(grep -o "^$work/skels/o[0-9]*\.skel\.rs:[0-9]*:[0-9]*: error[^:]*: .*" "$dir/build.log" |
		sed "s|^$work/skels/\(o[0-9]*\)\.skel\.rs:[0-9:]*: |\1 |" | sort -u -k1,1) || true
	if [ -z "$bad" ] || [ $try = 4 ]; then
		head -n 40 "$dir/build.log" >&2
		die "the table's crate does not build"
	fi
	while read -r id msg; do
		mv "$dir/skels/$id.skel.rs" "$dir/skels/$id.skel.rs.bad"
		echo "rustc refuses the skeleton: $msg" >>"$dir/skels/$id.err"
	done <<<"$bad"
done
t2=$(date +%s)
echo "note: the table's crate built in $((t2 - t1)) s ($try cargo build)"
in_root /work/rust-target/debug/cargo_table >"$dir/out"
rc=0
python3 "$here/table.py" "$known" "$dir/out" "$here/expect.txt" || rc=$?
echo "note: $(($(date +%s) - t2)) s to run and judge, $(($(date +%s) - start)) s in all"
if [ $rc = 0 ] && [ -n "$partial" ]; then
	echo "skipped: the corpus's objects were not there (run corpus.run first); the rest passed"
	exit 77
fi
exit $rc
