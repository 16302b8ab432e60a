#!/bin/bash
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# gen --lang go beside bpf2go's output in one package (issue 39): bpf2go
# built from sid's golang-github-cilium-ebpf-dev sources (GOPATH mode,
# offline) in the cached sid root (tests/lib/toolroot), run on
# examples/tcp_cc/tcp_cc.bpf.c with sid's clang (-no-global-types: see
# below); our Go file of the same
# object (the build's tcp_cc.bpf.o) in its package; the package passes
# gofmt and go vet and builds for amd64 and 386, and a program in it opens
# bpf2go's spec and takes our typed view of its struct_ops map.
#
#   bpf2go.sh CLI TCP_CC_OBJ VMLINUX_H
#
# Exit 0 ok, 1 failure, 77 no Debian root here.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/../.." && pwd)
fail() { echo "FAIL: $*"; exit 1; }
[ $# = 3 ] || fail "usage: bpf2go.sh CLI TCP_CC_OBJ VMLINUX_H"
cli=$1 obj=$2 vmlinux=$3

rc=0
root=$("$src/tests/lib/toolroot" sid "$src/tests/lib/sid-tools.pkgs") || rc=$?
[ $rc = 77 ] && { echo "skip: no sid root on this machine"; exit 77; }
[ $rc = 0 ] || fail "tests/lib/toolroot sid failed"
work=/work/go-bpf2go-$$
w=$root$work
pkg=$w/gp/src/tcpcc
mkdir -p "$pkg" "$root/work/go-cache"
trap 'rm -rf --one-file-system "$w"' EXIT

in_root() {
	"$src/tests/lib/debroot" run "$root" env -i HOME="$work" PATH=/usr/bin:/bin \
		GO111MODULE=off GOPATH="$work/gp:/usr/share/gocode" GOCACHE=/work/go-cache \
		GOFLAGS=-buildvcs=false sh -ec "cd $work && $*"
}

in_root "go build -o bpf2go github.com/cilium/ebpf/cmd/bpf2go" ||
	fail "bpf2go does not build from golang-github-cilium-ebpf-dev's sources"
echo "ok: bpf2go built offline from $(in_root "dpkg-query -W golang-github-cilium-ebpf-dev | tr '\t' ' '")"

# the C sources outside the package (go build refuses .c files without cgo)
mkdir -p "$w/csrc"
cp "$src/examples/tcp_cc/tcp_cc.bpf.c" "$src/examples/tcp_cc/tcp_cc.h" "$vmlinux" "$w/csrc/"
# bpf2go's output: tcpcc_bpfel.go and its object (ident TcpCc, so that
# its names and ours, TcpCc..., share a stem). As it is, bpf2go 0.22 fails
# on a struct_ops object: it makes a Go type of each map's value, and its
# type formatter has no case for the function pointers of the struct_ops
# type. With -no-global-types it writes none: the typed value is ours.
b2g="cd gp/src/tcpcc && GOPACKAGE=tcpcc ../../../bpf2go -cc clang -target bpfel -output-stem tcpcc"
if in_root "$b2g TcpCc $work/csrc/tcp_cc.bpf.c -- -I$work/csrc" >"$w/b2g.out" 2>&1; then
	fail "bpf2go made a Go type of tcp_congestion_ops: the comment above and doc/go.md are stale"
fi
grep -q 'tcp_congestion_ops.*btf.Pointer: not supported' "$w/b2g.out" ||
	{ cat "$w/b2g.out"; fail "bpf2go failed otherwise than on the pointer members"; }
echo "ok: bpf2go without -no-global-types: $(grep -m1 -o 'generating.*' "$w/b2g.out")"
in_root "$b2g -no-global-types TcpCc $work/csrc/tcp_cc.bpf.c -- -I$work/csrc" || fail "bpf2go -no-global-types on tcp_cc.bpf.c"
ls "$pkg"/*.go >/dev/null || fail "bpf2go wrote no Go file"
"$cli" gen --lang go --package tcpcc "$obj" -o "$pkg/tcp_cc.shadow.go" ||
	fail "gen --lang go $obj"
cat >"$pkg/both.go" <<'EOG'
// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
package tcpcc

import "fmt"

// Both opens bpf2go's spec and takes the shadow's view of its map.
func Both() error {
	spec, err := LoadTcpCc()
	if err != nil {
		return err
	}
	v, err := TcpCcShadowCcFromSpec(spec)
	if err != nil {
		return err
	}
	fmt.Printf("key %d, bpf2go's map spec %s\n", v.Value().Key, spec.Maps["shadow_cc"].Name)
	return nil
}
EOG
mkdir -p "$w/gp/src/tcpccmain"
cat >"$w/gp/src/tcpccmain/main.go" <<'EOG'
// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
package main

import (
	"fmt"
	"os"

	"tcpcc"
)

func main() {
	if err := tcpcc.Both(); err != nil {
		fmt.Println(err)
		os.Exit(1)
	}
}
EOG
in_root "out=\$(gofmt -l gp/src/tcpcc gp/src/tcpccmain) && [ -z \"\$out\" ] || { echo \"gofmt: \$out\"; exit 1; }
	go vet tcpcc tcpccmain && go build tcpcc && GOARCH=386 go build tcpcc &&
	CGO_ENABLED=0 go build -o tcpcc.bin tcpccmain && ./tcpcc.bin" ||
	fail "bpf2go's output and ours do not pass gofmt, vet, build and run together"
echo "ok: bpf2go's $(cd "$pkg" && ls tcpcc_*.go) and our tcp_cc.shadow.go in one package: gofmt, go vet, build (amd64, 386), run"
