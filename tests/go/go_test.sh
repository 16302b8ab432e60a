#!/bin/bash
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# The Go output's tests, in the cached sid root (tests/lib/toolroot:
# sid's Go and cilium/ebpf 0.22; GOPATH mode, no network):
#
#   go_test.sh inc SRC INC          gen/go_runtime.inc is mk-go-runtime's SRC
#   go_test.sh all CLI DIR...       every object under DIR: gen --lang go,
#                                   then gofmt, vet, build (amd64, 386)
#   go_test.sh planted CLI OBJ      one-byte layout changes fail the build
#   go_test.sh names CLI OBJ...     bad packages refused; renamed names build
#   go_test.sh rt CLI OBJDIR        tests/go/rt against generated files
#   go_test.sh e2e CLI OBJ N        the tcp_cc Go loader, CGO_ENABLED=0,
#                                   run N times on this kernel (root)
#
# Exit 0 ok, 1 failure, 77 skip (no Debian root can be made here; e2e:
# not root).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/../.." && pwd)
mode=$1
shift
fail() { echo "FAIL: $*"; exit 1; }

if [ "$mode" = inc ]; then
	tmp=$(mktemp)
	trap 'rm -f "$tmp"' EXIT
	python3 "$src/scripts/mk-go-runtime" "$1" "$tmp"
	cmp -s "$tmp" "$2" || fail "$2 is not scripts/mk-go-runtime's output of $1 (run it)"
	echo "ok: $2 is up to date"
	exit 0
fi

if [ "$mode" = rules ]; then
	# the Make include and stops_shadow() with Go: no Go toolchain needed
	cli=$1 flags=${2:-}
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
	cp "$here/bpf/go_ops.bpf.c" "$tmp/"
	cat >"$tmp/Makefile" <<EOM
STOPS_SHADOW = $cli
STOPS_SHADOW_LANG = c go
STOPS_SHADOW_GO_PACKAGE = gorules
BPF_CFLAGS = $flags
include $src/rules/stops-shadow.mk
all: go_ops.shadow.h go_ops.shadow.go
EOM
	# the outer make's flags (-s, a jobserver) are not this project's
	unset MAKEFLAGS MAKELEVEL MFLAGS
	make -s -C "$tmp" >/dev/null || fail "make"
	"$cli" gen --lang go --package gorules "$tmp/go_ops.bpf.o" 2>/dev/null | cmp -s - "$tmp/go_ops.shadow.go" ||
		fail "make: go_ops.shadow.go is not gen --lang go's"
	[ -s "$tmp/go_ops.shadow.h" ] || fail "make: no header"
	make -q -C "$tmp" all || fail "make: not up to date after a build"
	echo "ok: make with STOPS_SHADOW_LANG = c go writes the header and the Go file, and is then up to date"
	mkdir -p "$tmp/c"
	cat >"$tmp/c/CMakeLists.txt" <<EOM
cmake_minimum_required(VERSION 3.20)
project(gorules C)
set(STOPS_SHADOW_EXECUTABLE $cli)
include($src/cmake/StopsShadow.cmake)
stops_shadow(ops SOURCES $tmp/go_ops.bpf.c LANG go GO_PACKAGE gorules BPF_CFLAGS $flags)
get_target_property(gos ops STOPS_SHADOW_GO_FILES)
add_custom_target(all_go ALL DEPENDS ops)
file(WRITE \${CMAKE_BINARY_DIR}/gos.txt "\${gos}")
EOM
	cmake -S "$tmp/c" -B "$tmp/c/b" -G Ninja >/dev/null && cmake --build "$tmp/c/b" >/dev/null || fail "cmake"
	g=$(cat "$tmp/c/b/gos.txt")
	cmp -s "$g" "$tmp/go_ops.shadow.go" || fail "cmake: $g is not gen --lang go's"
	[ ! -e "${g%.go}.h" ] || fail "cmake: LANG go wrote a header"
	echo "ok: stops_shadow(LANG go GO_PACKAGE gorules) writes $(basename "$g") only"
	exit 0
fi

rc=0
root=$("$src/tests/lib/toolroot" sid "$src/tests/lib/sid-tools.pkgs") || rc=$?
[ $rc = 77 ] && { echo "skip: no sid root on this machine"; exit 77; }
[ $rc = 0 ] || fail "tests/lib/toolroot sid failed"
work=/work/go-$mode-$$
host=$root$work
mkdir -p "$host/gp/src" "$root/work/go-cache"
trap 'rm -rf --one-file-system "$host"' EXIT

# in_root CMD...: CMD in the root's work directory, Go in GOPATH mode
in_root() {
	"$src/tests/lib/debroot" run "$root" env GO111MODULE=off \
		GOPATH="$work/gp:/usr/share/gocode" GOCACHE=/work/go-cache \
		GOFLAGS=-buildvcs=false HOME="$work" sh -c "cd $work && $*"
}

# gen CLI OBJ PKG DIR: DIR/PKG.go in package PKG; the CLI's exit status
gen() {
	local cli=$1 obj=$2 pkg=$3 dir=$4
	mkdir -p "$dir"
	"$cli" gen --lang go --package "$pkg" "$obj" -o "$dir/$pkg.go" 2>"$dir/gen.err"
}

# check PKG...: gofmt -l empty, go vet, go build for amd64 and 386
# One go command for all packages: go vets and builds them in parallel and
# names the one that fails (one command per package took 13 min on ~100).
check_pkgs() {
	in_root "out=\$(gofmt -l gp/src) && [ -z \"\$out\" ] || { echo \"gofmt: \$out\"; exit 1; }
		go vet $* && go build $* && GOARCH=386 go build $*"
}

case $mode in
all)
	cli=$1
	shift
	n=0 refused=0 pkgs=""
	while read -r obj; do
		# what the C generator refuses (hostile, bad) is not Go's to take
		"$cli" gen "$obj" >/dev/null 2>&1 || continue
		pkg=o$n
		n=$((n + 1))
		if ! gen "$cli" "$obj" "$pkg" "$host/gp/src/$pkg"; then
			if grep -q "section .struct_ops: cilium/ebpf 0.22's LoadCollectionSpec refuses it" "$host/gp/src/$pkg/gen.err" &&
				[ "$(wc -l <"$host/gp/src/$pkg/gen.err")" = 1 ]; then
				refused=$((refused + 1))
				rm -rf "${host:?}/gp/src/$pkg"
				continue
			fi
			cat "$host/gp/src/$pkg/gen.err"
			fail "gen --lang go $obj"
		fi
		rm "$host/gp/src/$pkg/gen.err"
		pkgs="$pkgs $pkg"
	done < <(find "$@" -name '*.o' -not -path '*/CMakeFiles/*' -type f | sort)
	[ -n "$pkgs" ] || fail "no object gave a Go file"
	check_pkgs "$pkgs" || fail "a generated package does not pass gofmt, vet or build"
	echo "ok: $(echo $pkgs | wc -w) Go files pass gofmt, vet and build (amd64, 386); $refused objects in .struct_ops refused with one line"
	;;
planted)
	cli=$1 obj=$2
	gen "$cli" "$obj" p0 "$host/gp/src/p0" || fail "gen"
	check_pkgs p0 || fail "the unchanged file does not build"
	f=$host/gp/src/p0/p0.go
	# one byte before Key: every later offset moves; one byte more name
	for plant in 's/^\(\tKey   uint32 \)/\t_     [1]byte\n\1/' 's/^\(\tName  \)\[16\]byte/\1[17]byte/'; do
		cp "$f" "$f.orig"
		sed -i "$plant" "$f"
		cmp -s "$f" "$f.orig" && fail "plant $plant changed nothing"
		for arch in amd64 386; do
			if in_root "GOARCH=$arch go build p0" >"$host/out" 2>&1; then
				fail "$arch: built with $plant"
			fi
			grep -q "TcpCcShadowCcTcpCongestionOps{}" "$host/out" ||
				{ cat "$host/out"; fail "$arch: the error does not name the type"; }
			echo "ok: $arch, $plant: $(grep -m1 -o 'unsafe\.[A-Za-z]*(TcpCc[^)]*)[^(]*(constant [^)]*)' "$host/out" || head -n 2 "$host/out" | tail -n 1)"
		done
		mv "$f.orig" "$f"
	done
	;;
names)
	cli=$1
	shift
	for bad in 1abc go type "a-b" "_" ""; do
		if "$cli" gen --lang go --package "$bad" "$1" >/dev/null 2>"$host/err"; then
			fail "--package '$bad' accepted"
		fi
		[ "$(wc -l <"$host/err")" = 1 ] || fail "--package '$bad': not one line: $(cat "$host/err")"
	done
	echo "ok: bad package names refused: $(cat "$host/err")"
	n=0
	for obj in "$@"; do
		gen "$cli" "$obj" "n$n" "$host/gp/src/n$n" || { cat "$host/gp/src/n$n/gen.err"; fail "gen $obj"; }
		cat "$host/gp/src/n$n/gen.err"
		n=$((n + 1))
	done
	# two objects' files in one package: nothing clashes
	mkdir -p "$host/gp/src/both"
	cat "$host/gp/src/n0/n0.go" >"$host/gp/src/both/a.go"
	"$cli" gen --lang go --package both --name other "$1" -o "$host/gp/src/both/b.go" 2>/dev/null
	sed -i 's/^package n0$/package both/' "$host/gp/src/both/a.go"
	check_pkgs "$(seq -f 'n%g' 0 $((n - 1)) | tr '\n' ' ') both" || fail "renamed names"
	echo "ok: $n objects with names Go cannot take as they are build; two objects' files in one package build"
	;;
warn)
	# what cilium/ebpf 0.22 refuses at load: a warning, and the file builds;
	# a .struct_ops section, which its LoadCollectionSpec refuses: one line
	cli=$1 bits=$2 nested=$3 plain=$4
	gen "$cli" "$bits" w0 "$host/gp/src/w0" || fail "gen $bits"
	grep -q "warning: map .*: member .* is a bitfield: cilium/ebpf 0.22 refuses it at load" "$host/gp/src/w0/gen.err" ||
		{ cat "$host/gp/src/w0/gen.err"; fail "no bitfield warning"; }
	gen "$cli" "$nested" w1 "$host/gp/src/w1" || fail "gen $nested"
	grep -q "warning: map go: member range: cilium/ebpf 0.22 refuses a non-zero nested struct or union at load" "$host/gp/src/w1/gen.err" ||
		{ cat "$host/gp/src/w1/gen.err"; fail "no nested warning"; }
	cat "$host/gp/src/w0/gen.err" "$host/gp/src/w1/gen.err"
	rm "$host/gp/src/w0/gen.err" "$host/gp/src/w1/gen.err"
	check_pkgs w0 w1 || fail "warned files do not build"
	if gen "$cli" "$plain" w2 "$host/gp/src/w2"; then
		fail ".struct_ops accepted"
	fi
	[ "$(wc -l <"$host/gp/src/w2/gen.err")" = 1 ] && [ ! -s "$host/gp/src/w2/w2.go" ] ||
		fail ".struct_ops: not one line, or a file written"
	echo "ok: warned files build; .struct_ops refused: $(cat "$host/gp/src/w2/gen.err")"
	;;
rt)
	cli=$1 objs=$2
	d=$host/gp/src/gotest
	for o in go_ops tcp_cc fit; do
		gen "$cli" "$objs/$o.bpf.o" gotest "$d.$o" || { cat "$d.$o/gen.err"; fail "gen $o"; }
		mkdir -p "$d"
		mv "$d.$o/gotest.go" "$d/$o.go"
		rm -rf "$d.$o"
	done
	cp "$here/rt/rt_test.go" "$d/"
	mkdir -p "$host/objs" "$host/kernels"
	cp "$objs"/*.bpf.o "$host/objs/"
	kdir=${STOPS_KERNELS_DIR:-$HOME/.cache/stops-shadow/kernels}
	for v in 6.1 6.12 7.2; do
		[ -f "$kdir/$v/vmlinux.btf" ] || { echo "skip: no saved BTF of $v in $kdir"; exit 77; }
		mkdir -p "$host/kernels/$v"
		cp "$kdir/$v/vmlinux.btf" "$host/kernels/$v/"
	done
	check_pkgs gotest || fail "gotest does not build"
	in_root "STOPS_GO_OBJS=$work/objs STOPS_KERNELS_DIR=$work/kernels go test -v -count=1 -race gotest && GOARCH=386 go test -c -o /dev/null gotest" ||
		fail "go test"
	;;
e2e)
	cli=$1 obj=$2 n=$3
	[ "$(id -u)" = 0 ] || { echo "skip: needs root"; exit 77; }
	d=$host/gp/src/tcp_cc_go
	mkdir -p "$d"
	cp "$src/examples/tcp_cc/go/main.go" "$d/"
	"$cli" gen --lang go --package main "$obj" -o "$d/tcp_cc.shadow.go" || fail "gen"
	in_root "CGO_ENABLED=0 go build -o $work/tcp_cc_go tcp_cc_go" || fail "build"
	! readelf -l "$host/tcp_cc_go" | grep -q INTERP || fail "the loader is not static"
	for i in $(seq "$n"); do
		"$host/tcp_cc_go" "$obj" >"$host/run.out" 2>&1 || { cat "$host/run.out"; fail "run $i of $n"; }
		grep -q "init_alt ran in the init slot; release was emptied and did not run" "$host/run.out" ||
			{ cat "$host/run.out"; fail "run $i: no swap seen"; }
		# runs differ only in the pid in the name and the port
		sed -e 's/ss_go_[0-9]*/ss_go_PID/g' -e 's/127.0.0.1:[0-9]*/127.0.0.1:PORT/' \
			-e 's/=[0-9][0-9]*/=N/g' "$host/run.out" >"$host/run.$i"
		[ "$i" = 1 ] || cmp -s "$host/run.1" "$host/run.$i" || { diff "$host/run.1" "$host/run.$i"; fail "run $i differs from run 1"; }
	done
	cat "$host/run.out"
	echo "ok: $n runs, the same result each time"
	;;
*)
	fail "unknown mode $mode"
	;;
esac
