#!/bin/sh
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# The shared library exports exactly the STOPS_API functions of the public
# header, each under a version node of gen/libstops_gen.map, and every node
# belongs to the library's SOVERSION: libstops_gen.so.N exports only
# STOPS_GEN_N and STOPS_GEN_N.x (a node broken is a SOVERSION bumped).
# Given the static archive (libstops_gen.a) instead, it defines exactly
# those functions as globals (no internal name: their localization, gen/
# CMakeLists.txt and gen/BUILD.bazel).
# Usage: symbols.sh LIBSTOPS_GEN.so|LIBSTOPS_GEN.a stops_shadow.h
set -eu
lib=$1 header=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Declarations are "STOPS_API <type> [*]\n<name>(": without comments and
# preprocessor lines, join, then take the names.
sed '/^#/d; s|/\*.*\*/||; /^ *\/\*/,/\*\//d' "$header" | tr '\n' ' ' |
	grep -o 'STOPS_API[^;(]*(' | sed 's/($//; s/.*[ *]//' |
	sort >"$tmp/declared"
if ! grep -q . "$tmp/declared"; then
	echo "no STOPS_API declarations found in $header" >&2
	exit 1
fi
case $lib in
*.a)
	nm -g --defined-only "$lib" >"$tmp/nm" || exit 1
	awk 'NF == 3 { print $3 }' "$tmp/nm" | sort >"$tmp/defined"
	if ! diff -u "$tmp/declared" "$tmp/defined"; then
		echo "globals of $lib differ from $header's STOPS_API (- declared, + defined)" >&2
		exit 1
	fi
	echo "ok: $lib: $(wc -l <"$tmp/defined") global symbols, all STOPS_API"
	exit 0
	;;
esac
# Version nodes show as absolute symbols: not functions.
nm -D --defined-only "$lib" | awk '$2 != "A" { print $3 }' >"$tmp/raw"
sed 's/@.*//' "$tmp/raw" | sort >"$tmp/exported"
if ! diff -u "$tmp/declared" "$tmp/exported"; then
	echo "exports of $lib differ from $header (- declared, + exported)" >&2
	exit 1
fi
if grep -v '@@STOPS_GEN_' "$tmp/raw"; then
	echo "symbols above have no version node" >&2
	exit 1
fi
so=$(readelf -d "$lib" | sed -n 's/.*Library soname: \[libstops_gen\.so\.\([0-9]*\)\].*/\1/p')
if [ -z "$so" ]; then
	echo "$lib: no SONAME libstops_gen.so.N" >&2
	exit 1
fi
if grep -v "@@STOPS_GEN_$so\(\.[0-9]*\)*\$" "$tmp/raw"; then
	echo "symbols above are not in a node of SOVERSION $so (STOPS_GEN_$so[.x])" >&2
	exit 1
fi
echo "ok: $(wc -l <"$tmp/exported") symbols, SOVERSION $so"
