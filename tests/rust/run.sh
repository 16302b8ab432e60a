#!/bin/bash
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# The Rust output in the cached sid root (tests/lib/toolroot): Debian's
# rustc, cargo and librust-libbpf-rs-dev 0.27, offline, cargo pointed at
# Debian's registry directory.
#
#   run.sh layout  CLI OBJ|DIR... each object's module (a DIR: every *.bpf.o
#                               under it that the C generator accepts):
#                               rustfmt --check; all of
#                               them built with libbpf-rs, warnings denied
#                               (x86_64); the layout alone for i686
#                               (rustc --emit=metadata, libstd-rust-dev:i386)
#   run.sh planted CLI OBJ      tcp_cc's module with one byte changed does
#                               not compile, the message naming object, map
#                               and member
#   run.sh runtime CLI OBJ...   tests/rust/runtime: check, value_mut, fit_kernel
#                               (the objects reorder*.bpf.o and fit.bpf.o)
#   run.sh e2e     CLI OBJ      tcp_cc's Rust loader, built by cargo through
#                               build.rs, run on this kernel
#   run.sh unit    CLI          the crates' own unit tests
#   run.sh skel    CLI OBJ      libbpf-cargo's skeleton of tcp_cc beside our
#                               module: one buffer, sizes and offsets agree
#
# Inputs are copied to the root's /work/rust-<mode>-<pid>; cargo's build
# cache is the root's /work/rust-target. Exit 0 ok, 1 failure, 77 skipped
# (no Debian root here, or no privileges for the kernel parts).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/../.." && pwd)
me=rust
die() { echo "$me: $*" >&2; exit 1; }
[ $# -ge 2 ] || die "usage: run.sh MODE CLI [ARGS...]"
mode=$1 cli=$2
shift 2

rc=0
root=$("$src/tests/lib/toolroot" sid "$src/tests/lib/sid-tools.pkgs") || rc=$?
[ $rc = 77 ] && exit 77
[ $rc = 0 ] || die "no sid tool root"
work=/work/rust-$mode-$$
dir=$root$work
trap 'rm -rf --one-file-system "$dir"' EXIT
mkdir -p "$dir/bin" "$dir/cargo" "$dir/mods" "$dir/objs"
cp "$cli" "$dir/bin/stops-shadow"
mkdir -p "$dir/rules" "$dir/examples/tcp_cc" "$dir/tests/rust"
cp -r "$src/rules/cargo" "$dir/rules/"
cp -r "$src/examples/tcp_cc/rust" "$dir/examples/tcp_cc/"
cp -r "$src/tests/rust/runtime" "$src/tests/rust/layout" "$src/tests/rust/skel" "$dir/tests/rust/"
cp "$src/tests/lib/cargo-offline.toml" "$dir/cargo/config.toml"

# cmd... inside the root, in $work, with the toolchain's environment.
in_root() {
	"$src/tests/lib/debroot" run "$root" env -i HOME=/root \
		PATH="$work/bin:/usr/bin:/bin" CARGO_HOME="$work/cargo" \
		CARGO_TARGET_DIR=/work/rust-target STOPS_SHADOW="$work/bin/stops-shadow" \
		"$@"
}

# Each object's module; a directory: every object the C generator takes.
gen_mods() {
	local i=0 obj skipped=0
	for obj in "$@"; do
		if [ -d "$obj" ]; then
			find "$obj" -name '*.bpf.o' -type f | LC_ALL=C sort >"$dir/found"
		else
			echo "$obj" >"$dir/found"
		fi
		while read -r obj; do
			if [ -d "$1" ] && ! "$cli" gen "$obj" >/dev/null 2>&1; then
				skipped=$((skipped + 1))
				continue
			fi
			i=$((i + 1))
			"$cli" gen --lang rust "$obj" -o "$dir/mods/m$i.rs" ||
				die "gen --lang rust $obj failed (gen of C succeeds)"
			echo "m$i ${obj#"$src"/}" >>"$dir/mods/list"
		done <"$dir/found"
	done
	echo "note: $i objects, $skipped skipped (the C generator refuses them too)"
}

# The modules as one crate's modules (lib.rs).
mods_crate() {
	local m rest
	while read -r m rest; do
		printf '/// %s\npub mod %s {\n    include!("%s/mods/%s.rs");\n}\n' \
			"$rest" "$m" "$work" "$m"
	done <"$dir/mods/list"
}

case $mode in
layout)
	gen_mods "$@"
	n=$(wc -l <"$dir/mods/list")
	in_root sh -ec "cd $work/mods; for f in m*.rs; do rustfmt --edition 2021 --check \$f; done"
	echo "ok: $n modules pass rustfmt --check"
	mods_crate >"$dir/tests/rust/layout/src/mods.rs"
	in_root sh -ec "cd $work/tests/rust/layout; RUSTFLAGS='-D warnings' cargo build -q"
	echo "ok: $n modules build for x86_64 with libbpf-rs, warnings denied"
	in_root sh -ec "cd $work; mkdir -p i686
		rustc --edition 2021 --crate-type lib --crate-name stops_shadow -D warnings \
			--target i686-unknown-linux-gnu --emit=metadata -o i686/libstops_shadow.rmeta \
			rules/cargo/stops-shadow/src/lib.rs
		rustc --edition 2021 --crate-type lib --crate-name layout -D warnings \
			--target i686-unknown-linux-gnu --emit=metadata -o i686/liblayout.rmeta \
			--extern stops_shadow=i686/libstops_shadow.rmeta tests/rust/layout/src/mods.rs"
	echo "ok: $n modules' layout proven for i686 (rustc --emit=metadata)"
	in_root rustc --version
	;;
planted)
	gen_mods "$1"
	# each change moves or resizes one member by one byte
	in_root sh -ec "cd $work; mkdir -p i686
		rustc --edition 2021 --crate-type lib --crate-name stops_shadow -D warnings \
			--emit=metadata -o i686/libstops_shadow.rmeta rules/cargo/stops-shadow/src/lib.rs"
	fails=0
	for plant in 's/pub name: \[u8; 16\]/pub name: [u8; 17]/' \
		's/pub key: u32/pub key: u16/' \
		's/pub __padding_end: \[u8; 40\]/pub __padding_end: [u8; 39]/'; do
		sed "$plant" "$dir/mods/m1.rs" >"$dir/mods/planted.rs"
		cmp -s "$dir/mods/m1.rs" "$dir/mods/planted.rs" && die "plant '$plant' changed nothing"
		printf 'pub mod m {\n    include!("planted.rs");\n}\n' >"$dir/mods/lib.rs"
		if in_root sh -c "cd $work/mods; rustc --edition 2021 --crate-type lib -D warnings \
			--emit=metadata --extern stops_shadow=../i686/libstops_shadow.rmeta lib.rs" \
			>"$dir/out" 2>&1; then
			echo "FAIL: '$plant' compiled"
			fails=1
			continue
		fi
		line=$(grep -o 'stops-shadow: [^"]*' "$dir/out" | head -n 1)
		case $line in
		"stops-shadow: tcp_cc: map shadow_cc: member "*) echo "ok: '$plant' refused: $line" ;;
		*) echo "FAIL: '$plant': no message naming object, map and member"; cat "$dir/out"; fails=1 ;;
		esac
	done
	exit $fails
	;;
runtime)
	cp "$@" "$dir/objs/"
	for v in 6.1 6.12 7.2; do
		k=${STOPS_KERNELS_DIR:-$HOME/.cache/stops-shadow/kernels}/$v/vmlinux.btf
		[ -f "$k" ] || continue
		mkdir -p "$dir/kernels/$v"
		cp "$k" "$dir/kernels/$v/"
	done
	in_root sh -ec "cd $work/tests/rust/runtime; RT_OBJDIR=$work/objs RUSTFLAGS='-D warnings' cargo build -q"
	rc=0
	in_root env STOPS_KERNELS_DIR="$work/kernels" /work/rust-target/debug/rt_test "$work/objs" || rc=$?
	exit $rc
	;;
e2e)
	cp "$1" "$dir/objs/tcp_cc.bpf.o"
	in_root sh -ec "cd $work/examples/tcp_cc/rust; TCP_CC_BPF_OBJECT=$work/objs/tcp_cc.bpf.o RUSTFLAGS='-D warnings' cargo build -q"
	rc=0
	in_root /work/rust-target/debug/tcp_cc_rs "$work/objs/tcp_cc.bpf.o" || rc=$?
	exit $rc
	;;
skel)
	cp "$1" "$dir/objs/tcp_cc.bpf.o"
	in_root sh -ec "cd $work/tests/rust/skel; SKEL_OBJ=$work/objs/tcp_cc.bpf.o RUSTFLAGS='-D warnings' cargo build -q"
	in_root /work/rust-target/debug/skel_test
	;;
unit)
	in_root sh -ec "cd $work/rules/cargo/stops-shadow; RUSTFLAGS='-D warnings' cargo test -q
		cd ../stops-shadow-build; RUSTFLAGS='-D warnings' cargo test -q"
	;;
*)
	die "unknown mode $mode"
	;;
esac
