#!/bin/sh
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# rust_names.bpf.o's module spells Rust's reserved names as the plan says:
# raw identifiers where Rust has them, a trailing underscore for self, Self,
# crate and super (the BTF name in a doc comment), numbered accessors on a
# clash; twice the same bytes. rust.layout compiles it, warnings denied.
# usage: names.sh CLI OBJ
set -eu
cli=$1 obj=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$cli" gen --lang rust "$obj" -o "$tmp/a.rs"
"$cli" gen --lang rust "$obj" >"$tmp/b.rs"
cmp "$tmp/a.rs" "$tmp/b.rs" || { echo "FAIL: two runs differ"; exit 1; }
fail=0
for want in 'pub r#type: i32,' 'pub r#move: i32,' 'pub r#async: i32,' \
	'pub r#match: i32,' 'pub r#fn: [u8; 8],' \
	'pub self_: i32,' '/// BTF name: `self`.' 'pub Self_: i32,' \
	'pub crate_: i32,' 'pub super_: i32,' 'pub camelCase: i32,' \
	'#[allow(dead_code, non_snake_case)]' '#[repr(C, packed)]' \
	'pub fn r#type(&self) -> i32 {' 'pub fn set_type(&mut self, v: i32) {' \
	'pub fn self_(&self) -> u32 {' 'pub fn set_mode(&mut self, v: u32) {' \
	'pub fn set_mode_2(&self) -> i32 {' 'pub fn enabled(&self) -> bool {' \
	'pub enabled: u8,' 'unsafe { self.r#match }' \
	'"self", 96, 4, 0, Int, 0, false;' '"Self", 128, 4, 0, Int, 0, false;'; do
	if grep -qF -- "$want" "$tmp/a.rs"; then
		echo "ok: $want"
	else
		echo "FAIL: missing: $want"
		fail=1
	fi
done
# Rust keeps no bool, char or enum field, and no raw pointer
if grep -E 'pub [a-zA-Z_#0-9]+: (bool|char|\*)' "$tmp/a.rs"; then
	echo "FAIL: a bool, char or pointer field"
	fail=1
fi
exit $fail
