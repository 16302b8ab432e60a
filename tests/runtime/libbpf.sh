#!/bin/bash
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# libbpf.sh SUITE SRC OBJ SHADOW_DIR WORK: libbpf_loader.c, built against a
# libbpf and run (runtime.libbpf.<suite>): SUITE host is this machine's
# libbpf (Debian 12: bookworm-backports' 1.4, which scripts/install-deps
# installs); trixie or sid a Debian root of that suite with gcc and
# libbpf-dev, made with tests/lib/debroot and kept unpacked in the root cache as libbpf-SUITE/
# (remade when its package list changes or its base is remade): seconds
# once cached. OBJ is tcp_cc.bpf.o, SHADOW_DIR holds its tcp_cc.shadow.h,
# both made on the host. The loader registers a congestion control in this
# kernel from inside the root. Exit 0 pass, 1 fail, 77 no root privilege
# or no Debian machine to make roots on.
set -euo pipefail
suite=$1 src=$2 obj=$3 shadow=$4 work=$5
here=$(cd "$(dirname "$0")" && pwd)
debroot=$src/tests/lib/debroot
cache=${STOPS_ROOT_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/stops-shadow/roots}
fail() { echo "FAIL: runtime.libbpf.$suite: $*" >&2; exit 1; }
[ "$(id -u)" = 0 ] || { echo "SKIP: needs root (CAP_BPF, chroot)"; exit 77; }
mkdir -p "$work"
build_and_run='gcc -std=c11 -Wall -Wextra -Werror -O2 -I. libbpf_loader.c \
	$(pkg-config --cflags --libs libbpf) -o libbpf_loader &&
	dpkg-query -W -f "libbpf-dev \${Version}\n" libbpf-dev && ./libbpf_loader tcp_cc.bpf.o'

if [ "$suite" = host ]; then
	rm -rf "$work/run" && mkdir -p "$work/run"
	cp "$here/libbpf_loader.c" "$shadow/tcp_cc.shadow.h" "$obj" "$work/run/"
	cd "$work/run" && exec sh -c "$build_and_run"
fi

pkgs="gcc libc6-dev pkg-config libbpf-dev"
dir=$cache/libbpf-$suite
mkdir -p "$cache"
exec 9>"$cache/.libbpf-$suite.lock"
flock 9
base=$cache/$suite.tar.gz
if [ ! -f "$dir/.libbpf-root" ] || [ "$(cat "$dir/.libbpf-root")" != "$pkgs" ] ||
	[ ! -f "$base" ] || [ "$base" -nt "$dir/.libbpf-root" ]; then
	echo "making the $suite root with $pkgs (cached as $dir)"
	rm -rf "$dir.new"
	rc=0
	"$debroot" make "$suite" "$dir.new" || rc=$?
	[ $rc = 77 ] && exit 77
	[ $rc = 0 ] || fail "debroot make $suite"
	"$debroot" apt "$dir.new" $pkgs || fail "apt in the $suite root"
	echo "$pkgs" >"$dir.new/.libbpf-root"
	rm -rf "$dir"
	mv "$dir.new" "$dir"
fi
# the root is shared: this run's files in a directory of its own
w=/work/runtime-libbpf.$$
trap 'rm -rf "$dir$w"' EXIT
mkdir -p "$dir$w"
cp "$here/libbpf_loader.c" "$shadow/tcp_cc.shadow.h" "$obj" "$dir$w/"
"$debroot" run "$dir" sh -c "cd $w && $build_and_run"
