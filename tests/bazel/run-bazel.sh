#!/bin/sh
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# run-bazel.sh MODE SRC_DIR OUTPUT_USER_ROOT: one Bazel test of the ctest suite,
# with the `bazel` on PATH: bzlmod from Bazel 7 on, else WORKSPACE (lib.sh).
#   all      bazel test //... in the source tree
#   consumer a module outside the tree (tests/bazel/outside: MODULE.bazel with
#            bazel_dep + local_path_override, or on Bazel 4.2 its WORKSPACE
#            with local_repository + stops_shadow_dependencies()) builds and
#            tests (with tests/bazel/bcr's package, the registry's test
#            module), and its embedded tcp_cc loader, run alone, registers
#            on the kernel (exit 77 there without root or the kernel type)
#   stale    //tests/bazel:stale_match builds, a no-op rebuild runs no action,
#            :stale_drift fails naming "knob"
#   kernel_check //tests/bazel:newer_skel fails: its ops table fails the kernel check
#   platforms    the BPF compile's -D__TARGET_ARCH_ follows --platforms (x86 by
#                default, arm64 for an aarch64 platform, which also builds), and
#                bpf_skeleton's actions carry no caller environment
#   rules_cc     WORKSPACE mode (Bazel 7: --noenable_bzlmod): @rules_cc is
#                Debian's tree, patched only where this Bazel lacks
#                use_cpp_toolchain (4.2: the three files of deps.bzl), else
#                unchanged (Bazel 7 with rules_cc 0.0.11)
#   shutdown     stops the Bazel servers of the other modes (ctest cleanup)
# No mode may write into SRC_DIR (lib.sh: stops_tree_same).
# Exit 77 (skip) without bazel or kernel BTF.
set -u
mode=$1 src=$(cd "$2" && pwd) root=$3
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"

fail() {
	echo "FAIL: $*" >&2
	exit 1
}

command -v bazel >/dev/null || { echo "SKIP: bazel is not installed"; exit 77; }
[ -r /sys/kernel/btf/vmlinux ] || { echo "SKIP: no /sys/kernel/btf/vmlinux"; exit 77; }
mkdir -p "$root" || fail "cannot create $root"
rc_file=$root/tests.bazelrc
stops_bazel_rc "$src" "$rc_file" || fail "cannot write $rc_file"

# Own output root (a fresh build tree starts cold), no user rc, no bazel-*
# links in the source tree, a server that does not outlive the suite long.
bzl() {
	cmd=$1
	shift
	bazel --nohome_rc --bazelrc="$rc_file" --output_user_root="$root" \
		--max_idle_secs=300 "$cmd" --symlink_prefix=/ --color=no --curses=no "$@"
}
stops_tree_mark "$src"

# //..., unless it would walk into a CMake build tree (holding a Bazel output
# root like this one) or a bazel-* link that .bazelignore does not list: then
# the other top-level directories with BUILD files.
ignored() { grep -qx "$1" "$src/.bazelignore"; }
unsafe() { [ -L "$src/$1" ] || [ -f "$src/$1/CMakeCache.txt" ]; }
all_targets() {
	for d in $(ls "$src"); do
		if unsafe "$d" && ! ignored "$d"; then
			echo "note: $d is not in .bazelignore, testing around it" >&2
			echo //:all
			for d in $(ls "$src"); do
				[ -d "$src/$d" ] && ! unsafe "$d" && ! ignored "$d" &&
					[ -n "$(find "$src/$d" -name 'BUILD*' -print -quit)" ] &&
					echo "//$d/..."
			done
			return
		fi
	done
	echo //...
}

case $mode in
all)
	cd "$src" && bzl test -- $(all_targets) || fail "bazel test"
	;;
consumer)
	# Refreshed in place: a new directory would cost a new Bazel server.
	ws=$root/consumer-ws
	mkdir -p "$ws" && rm -rf "$ws"/* || fail "cannot create $ws"
	cp "$here"/outside/BUILD.bazel "$here"/outside/.bazelrc "$here"/outside/*.c \
		"$src"/examples/tcp_cc/tcp_cc.bpf.c "$src"/examples/tcp_cc/tcp_cc.c \
		"$src"/examples/tcp_cc/tcp_cc.h "$ws"/ || fail "cannot copy the consumer"
	# The registry's test module's package (tests/bazel/bcr), as //bcr here.
	mkdir "$ws/bcr" && cp "$here"/bcr/BUILD.bazel "$here"/bcr/*.[ch] "$ws/bcr/" ||
		fail "cannot copy tests/bazel/bcr"
	if [ $stops_bzlmod = 1 ]; then
		f=MODULE.bazel key=local_path_override
	else
		f=WORKSPACE key=local_repository
	fi
	echo "consumer: $f ($key), Bazel $(stops_bazel_major)"
	sed "s|path = \"../../..\"|path = \"$src\"|" "$here/outside/$f" >"$ws/$f"
	grep -q "path = \"$src\"" "$ws/$f" || fail "$f: path not set"
	(cd "$ws" && bzl test //...) || fail "the consumer's bazel test"
	bin=$(cd "$ws" && bzl info bazel-bin 2>/dev/null) || fail "bazel info"
	stops_tree_same "$src" || exit 1
	run=$root/consumer-run
	rm -rf "$run" && mkdir -p "$run" && cp "$bin/tcp_cc" "$run/" || fail "no $bin/tcp_cc"
	cd "$run" || exit 1
	"$src/tests/e2e/run-loader.sh" --cc auto \
		--expect '^tcp_cc: embedded tcp_cc\.bpf\.o, map shadow_cc' \
		--expect 'init_alt=1 cc_init=0 release=0' -- "$run/tcp_cc"
	exit $?
	;;
stale)
	cd "$src" || exit 1
	bzl build //tests/bazel:stale_match || fail "the matching header does not build"
	# a no-op rebuild runs nothing: not the generator, not the kernel check
	spawns=$root/noop-spawns.json
	bzl build //tests/bazel:stale_match //examples/tcp_cc/... \
		--execution_log_json_file="$spawns" || fail "no-op rebuild failed"
	bzl build //tests/bazel:stale_match //examples/tcp_cc/... \
		--execution_log_json_file="$spawns" || fail "no-op rebuild failed"
	[ -f "$spawns" ] || fail "bazel wrote no execution log"
	if grep -q '"commandArgs"' "$spawns"; then
		grep -o '"progressMessage": "[^"]*"' "$spawns" | head -5
		fail "a no-op rebuild ran actions (above)"
	fi
	echo "OK: no-op rebuild ran no action"
	log=$root/stale_drift.log
	bzl build //tests/bazel:stale_drift >"$log" 2>&1
	rc=$?
	cat "$log"
	[ "$rc" -eq 1 ] || fail "building the drifted header: exit $rc, expected 1"
	grep -q 'stale_drift\.c' "$log" || fail "the failure is not in stale_drift.c"
	grep 'error:' "$log" | grep -Eq '\bknob\b' ||
		fail "no compiler error names the drifted member knob"
	echo "OK: the drifted header fails the build, naming knob"
	;;
kernel_check)
	cd "$src" || exit 1
	log=$root/newer_skel.log
	bzl build //tests/bazel:newer_skel >"$log" 2>&1
	rc=$?
	cat "$log"
	[ "$rc" -eq 1 ] || fail "building newer_skel: exit $rc, expected 1"
	grep -q 'Checking .*bzl_newer.bpf.o against kernel BTF .*(Exit 3)' "$log" ||
		fail "the failure is not the kernel check's exit 3"
	grep 'error' "$log" | grep -q 'new_knob' || fail "the report is not shown"
	echo "OK: the kernel check fails the build, with its report"
	;;
platforms)
	cd "$src" || exit 1
	arch() { # PLATFORM-FLAGS...: the -D__TARGET_ARCH_ of bzl_demo_skel's compile
		bzl aquery "$@" 'mnemonic(BpfCompile, //tests/bazel:bzl_demo_skel)' \
			2>/dev/null | grep -o -- '-D__TARGET_ARCH_[a-z0-9_]*' | sort -u | tr '\n' ' '
	}
	a=$(arch)
	[ "$a" = "-D__TARGET_ARCH_x86 " ] || fail "host platform: '$a', expected x86"
	a=$(arch --platforms=//tests/bazel:linux_aarch64)
	[ "$a" = "-D__TARGET_ARCH_arm64 " ] || fail "aarch64 platform: '$a', expected arm64"
	echo "OK: x86 on the host platform, arm64 on linux_aarch64"
	bzl build --platforms=//tests/bazel:linux_aarch64 //tests/bazel:bzl_demo_skel ||
		fail "bzl_demo_skel does not build for aarch64"
	# A caller's PATH (--action_env: aquery does not show one inherited
	# without --incompatible_strict_action_env) reaches every action that
	# takes the default shell environment, and so its cache key.
	env_log=$root/action-env.txt
	bzl aquery --action_env=PATH="/stops-shadow-marker:/usr/bin:/bin" \
		'mnemonic("BpfCompile|StopsShadowGen|StopsShadowCheck|CppCompile", //examples/tcp_cc/...)' \
		>"$env_log" 2>/dev/null || fail "aquery of //examples/tcp_cc"
	grep -q 'Mnemonic: CppCompile' "$env_log" && grep -q 'Mnemonic: BpfCompile' "$env_log" &&
		grep -q 'Mnemonic: StopsShadowGen' "$env_log" || fail "aquery found no actions"
	grep -q '/stops-shadow-marker' "$env_log" ||
		fail "the marker PATH reaches no C++ action: this check cannot fail"
	awk '/^action /{a=$0} /Mnemonic: (BpfCompile|StopsShadow)/{m=1} /^$/{m=0}
		m && /stops-shadow-marker/ {print a; bad=1} END {exit bad}' "$env_log" ||
		fail "the caller's PATH reaches bpf_skeleton's actions (above)"
	echo "OK: the caller's PATH reaches C++ actions but no bpf_skeleton action"
	;;
rules_cc)
	cd "$src" || exit 1
	debian=/usr/share/bazel/rules/cc
	[ -d "$debian" ] || fail "no $debian (Debian's bazel-rules-cc)"
	ws_flags=
	[ $stops_bzlmod = 1 ] && ws_flags="--noenable_bzlmod --enable_workspace"
	# shellcheck disable=SC2086
	bazel --nohome_rc --bazelrc="$rc_file" --output_user_root="$root" \
		--max_idle_secs=300 sync $ws_flags --only=rules_cc --color=no --curses=no ||
		fail "bazel sync --only=rules_cc"
	ext=$(bzl info $ws_flags output_base 2>/dev/null)/external/rules_cc
	[ -f "$ext/cc/defs.bzl" ] || fail "no rules_cc at $ext"
	changed=$(diff -rq "$debian" "$ext" | grep -v -e '^Only in ' |
		sed "s|^Files $debian/\([^ ]*\) and .*|\1|" | grep -vx WORKSPACE | sort | tr '\n' ' ')
	utils=$(bzl info $ws_flags output_base 2>/dev/null)/external/bazel_tools/tools/cpp/toolchain_utils.bzl
	if grep -q 'def use_cpp_toolchain' "$utils"; then
		expect=""
	else
		expect="cc/find_cc_toolchain.bzl cc/private/rules_impl/cc_flags_supplier.bzl cc/private/rules_impl/compiler_flag.bzl "
	fi
	v=$(awk -F'"' '/^ *version = /{ print $2; exit }' "$debian/MODULE.bazel" 2>/dev/null)
	echo "rules_cc ${v:-?} at $debian, patched: ${changed:-nothing}"
	[ "$changed" = "$expect" ] || fail "patched '${changed}', expected '${expect}'"
	echo "OK: rules_cc patched only where this Bazel needs it"
	;;
shutdown)
	for ws in "$src" "$root/consumer-ws"; do
		[ -f "$ws/WORKSPACE" ] || [ -f "$ws/MODULE.bazel" ] || continue
		(cd "$ws" && bazel --nohome_rc --bazelrc="$rc_file" \
			--output_user_root="$root" shutdown)
	done
	exit 0
	;;
*)
	echo "usage: $0 all|consumer|stale|kernel_check|platforms|rules_cc|shutdown SRC_DIR OUTPUT_USER_ROOT" >&2
	exit 2
	;;
esac
stops_tree_same "$src"
