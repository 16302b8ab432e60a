#!/bin/sh
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# The shared library exports exactly the STOPS_API functions of the public
# header, each under a version node of gen/libstops_gen.map.
# Usage: symbols.sh LIBSTOPS_GEN.so stops_shadow.h
set -eu
lib=$1 header=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Declarations are "STOPS_API <type> [*]\n<name>(": without comments and
# preprocessor lines, join, then take the names.
sed '/^#/d; s|/\*.*\*/||; /^ *\/\*/,/\*\//d' "$header" | tr '\n' ' ' |
	grep -o 'STOPS_API[^;(]*(' | sed 's/($//; s/.*[ *]//' |
	sort >"$tmp/declared"
# Version nodes show as absolute symbols: not functions.
nm -D --defined-only "$lib" | awk '$2 != "A" { print $3 }' >"$tmp/raw"
sed 's/@.*//' "$tmp/raw" | sort >"$tmp/exported"
if ! grep -q . "$tmp/declared"; then
	echo "no STOPS_API declarations found in $header" >&2
	exit 1
fi
if ! diff -u "$tmp/declared" "$tmp/exported"; then
	echo "exports of $lib differ from $header (- declared, + exported)" >&2
	exit 1
fi
if grep -v '@@STOPS_GEN_' "$tmp/raw"; then
	echo "symbols above have no version node" >&2
	exit 1
fi
echo "ok: $(wc -l <"$tmp/exported") symbols"
