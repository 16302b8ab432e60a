#!/bin/bash
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# The oldest Debian rustc that builds gen --lang rust's output: trixie's
# 1.85 (offset_of!, which the layout proofs use, is stable since 1.77;
# bookworm's 1.63 has none). In a trixie root with rustc alone
# (tests/lib/toolroot, lib/trixie-rustc.pkgs), the layout part of every
# object's module under DIR that the C generator takes (no libbpf-rs: the
# stops-shadow crate without its libbpf feature) is built as one crate
# with warnings denied, x86_64, and a module with one byte planted must
# not build there either.
#
#   trixie.sh CLI DIR PLANT_OBJ
#
# Exit 0 ok, 1 failure, 77 no Debian root here.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/../.." && pwd)
die() { echo "FAIL: $*"; exit 1; }
[ $# = 3 ] || die "usage: trixie.sh CLI DIR PLANT_OBJ"
cli=$1 dir=$2 plant=$3

rc=0
root=$("$src/tests/lib/toolroot" trixie "$src/tests/lib/trixie-rustc.pkgs") || rc=$?
[ $rc = 77 ] && { echo "skip: no Debian root on this machine"; exit 77; }
[ $rc = 0 ] || die "tests/lib/toolroot trixie failed"
work=/work/rust-trixie-$$
w=$root$work
mkdir -p "$w/mods" "$w/rt"
trap 'rm -rf --one-file-system "$w"' EXIT
cp -r "$src/rules/cargo/stops-shadow/src/." "$w/rt/"

in_root() {
	"$src/tests/lib/debroot" run "$root" env -i HOME="$work" PATH=/usr/bin:/bin \
		sh -ec "cd $work && $*"
}

n=0 skipped=0
: >"$w/mods/lib.rs"
while read -r obj; do
	if ! "$cli" gen "$obj" >/dev/null 2>&1; then
		skipped=$((skipped + 1))
		continue
	fi
	"$cli" gen --lang rust "$obj" -o "$w/mods/m$n.rs" || die "gen --lang rust $obj"
	printf '/// %s\npub mod m%d {\n    include!("m%d.rs");\n}\n' "${obj#"$dir"/}" $n $n >>"$w/mods/lib.rs"
	n=$((n + 1))
done < <(find "$dir" -name '*.bpf.o' -type f | LC_ALL=C sort)
[ $n -gt 0 ] || die "no object under $dir"

rt="rustc --edition 2021 --crate-type rlib --crate-name stops_shadow -D warnings -o librt.rlib rt/lib.rs"
mods="rustc --edition 2021 --crate-type rlib --crate-name layout -D warnings --extern stops_shadow=librt.rlib"
in_root "rustc --version; $rt && $mods -o liblayout.rlib mods/lib.rs" ||
	die "trixie's rustc does not build the modules"
echo "ok: $n modules build with trixie's rustc, warnings denied, x86_64 ($skipped objects the C generator refuses)"

# the proofs work there too: one byte more in a member does not build
"$cli" gen --lang rust "$plant" -o "$w/p.rs" || die "gen --lang rust $plant"
sed -i '0,/pub name: \[u8; 16\]/s//pub name: [u8; 17]/' "$w/p.rs"
grep -q 'pub name: \[u8; 17\]' "$w/p.rs" || die "the plant changed nothing"
printf 'pub mod p {\n    include!("p.rs");\n}\n' >"$w/plib.rs"
if in_root "$mods -o libp.rlib plib.rs" >"$w/out" 2>&1; then
	die "a module with a member one byte longer built with trixie's rustc"
fi
grep -q 'stops-shadow: .*member' "$w/out" || { cat "$w/out"; die "no message naming the member"; }
echo "ok: a planted byte does not build with trixie's rustc: $(grep -m1 -o 'stops-shadow: [^"]*' "$w/out")"
