#!/bin/bash
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# bazel-installed.sh SRC_DIR BUILD_DIR OUTPUT_USER_ROOT WORK_DIR CXX
# The installed share/stops-shadow serves as @stops_shadow on its own: the
# build tree is installed into WORK_DIR/prefix, a workspace outside the
# source tree (bazel-installed/) uses only that prefix, builds tcp_cc with
# the object embedded by the installed generator, and the binary, copied
# alone, registers and runs on this kernel (that part skips without root).
# CXX=ON: a C++17 cc_binary (cxx_loader.cpp) on the same header too.
# Bazel 7 and later: a module (MODULE.bazel.in, local_path_override to the
# prefix) and, with Debian's Bazel, the install's own offline registry;
# Bazel 4.2: WORKSPACE.in (local_repository).
# Exit 77 without bazel or kernel BTF.
set -u
src=$1 build=$2 root=$3 work=$4 cxx=$5
here=$(cd "$(dirname "$0")" && pwd)
. "$src/tests/e2e/env-check.sh"
. "$src/tests/bazel/lib.sh"

fail() { echo "FAIL: $*"; exit 1; }

command -v bazel >/dev/null || skip "bazel is not installed"
[ -r /sys/kernel/btf/vmlinux ] || skip "no /sys/kernel/btf/vmlinux"

prefix=$work/prefix ws=$work/ws
rm -rf "$prefix" && mkdir -p "$ws" || fail "cannot create $work"
cmake --install "$build" --prefix "$prefix" > "$work/install.log" 2>&1 ||
	{ cat "$work/install.log"; fail "cmake --install"; }
share=$prefix/share/stops-shadow
[ -f "$share/WORKSPACE" ] && [ -x "$share/gen/prebuilt/stops-shadow" ] ||
	fail "the install has no Bazel repository with a generator"
[ -z "$(find "$share" -name '*.c')" ] || fail "sources in the install"
# The rc names the registry the install carries, not the source tree's.
rc_file=$work/tests.bazelrc
stops_bazel_rc "$share" "$rc_file" || fail "cannot write $rc_file"

# Refreshed in place: a new directory would cost a new Bazel server.
rm -rf "$ws"/* && cp "$here"/bazel-installed/BUILD.bazel \
	"$here"/bazel-installed/.bazelrc "$ws"/ || exit 1
if [ $stops_bzlmod = 1 ]; then
	[ -f "$share/MODULE.bazel" ] || fail "the install has no MODULE.bazel"
	version=$(awk -F'"' '/^ *version = /{ print $2; exit }' "$share/MODULE.bazel")
	sed -e "s|@PREFIX@|$prefix|" -e "s|@VERSION@|$version|" \
		"$here/bazel-installed/MODULE.bazel.in" >"$ws/MODULE.bazel"
else
	sed "s|@PREFIX@|$prefix|" "$here/bazel-installed/WORKSPACE.in" >"$ws/WORKSPACE"
fi
cp "$src"/examples/tcp_cc/tcp_cc.{bpf.c,c,h} "$here/cxx_loader.cpp" "$ws"/ || exit 1
targets=//:tcp_cc
[ "$cxx" = ON ] && targets="$targets //:cxx_loader"

bzl() {
	cmd=$1
	shift
	(cd "$ws" && bazel --nohome_rc --bazelrc="$rc_file" --output_user_root="$root" \
		--max_idle_secs=60 "$cmd" --color=no --curses=no "$@")
}
trap 'bzl shutdown >/dev/null 2>&1' EXIT

bzl build --symlink_prefix=/ $targets || fail "bazel build $targets"
# The generator is the installed one, not a build of it.
# filter() sees Bazel 7's canonical name of a module's repository
# (@@stops_shadow~), the output the apparent one (@stops_shadow).
gen=$(bzl query 'filter("^@@?stops_shadow~?//gen", deps(//:tcp_cc_skel))' 2>/dev/null)
echo "$gen"
echo "$gen" | grep -qx '@stops_shadow//gen:prebuilt/stops-shadow' ||
	fail "the installed generator is not among the rule's inputs"
echo "$gen" | grep -q '\.c$' && fail "the rule builds the generator from sources"
bin=$(bzl info bazel-bin 2>/dev/null)
[ -x "$bin/tcp_cc" ] || fail "no $bin/tcp_cc"

stops_e2e_require tcp_congestion_ops
rm -rf "$work/run" && mkdir -p "$work/run" && cp "$bin/tcp_cc" "$work/run/" || exit 1
cd "$work/run" || exit 1
"$src/tests/e2e/run-loader.sh" --cc auto \
	--expect '^tcp_cc: embedded tcp_cc\.bpf\.o, map shadow_cc' \
	--expect 'init_alt=1 cc_init=0 release=0' \
	-- "$work/run/tcp_cc" || exit 1
[ "$cxx" = ON ] || exit 0
cp "$bin/cxx_loader" "$work/run/" || exit 1
"$src/tests/e2e/run-loader.sh" --cc auto \
	--expect 'init_alt=1 cc_init=0 release=0' --expect '^ok \(C\+\+ 201703\)' \
	-- "$work/run/cxx_loader"
