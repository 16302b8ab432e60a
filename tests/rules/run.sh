#!/bin/sh
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# rules.* tests: build-system integration, on the installed files only.
#   run.sh CASE   with BUILD (top build dir), PREFIX (install prefix),
#   PROJECT (tests/rules/project), SCRATCH (this test's empty dir),
#   SANITIZE (ON when the tree is built with ASan/UBSan).
# Every case copies PROJECT into $SCRATCH/src and builds there.
set -eu

case=$1
BTF=/sys/kernel/btf/vmlinux
SRC=$SCRATCH/src
LOG=$SCRATCH/gen.log
SAN=
[ "${SANITIZE:-OFF}" = ON ] && SAN="-fsanitize=address,undefined"

fail() { echo "FAIL: $*"; exit 1; }
skip() { echo "SKIP: $*"; exit 77; }
mtime() { stat -c %.9Y "$1"; }
runs() { if [ -f "$LOG" ]; then wc -l < "$LOG"; else echo 0; fi; }

setup() {
	rm -rf "$SCRATCH"
	mkdir -p "$SCRATCH"
	cp -R "$PROJECT" "$SRC"
	# The generator through a wrapper that counts its runs.
	cat > "$SCRATCH/stops-shadow" <<-EOF
		#!/bin/sh
		echo "\$*" >> "$LOG"
		exec "$PREFIX/bin/stops-shadow" "\$@"
	EOF
	chmod +x "$SCRATCH/stops-shadow"
}

# cmake_configure DIR GENERATOR [-Dvar=value...]
cmake_configure() {
	d=$1 g=$2
	shift 2
	cmake -S "$SRC" -B "$d" -G "$g" -DCMAKE_PREFIX_PATH="$PREFIX" \
		-DSTOPS_SHADOW_EXECUTABLE="$SCRATCH/stops-shadow" \
		-DCMAKE_C_FLAGS="$SAN" -DCMAKE_EXE_LINKER_FLAGS="$SAN" "$@" \
		> "$d.configure.log" 2>&1 || { cat "$d.configure.log"; fail "configure"; }
}

mk() { make -C "$SRC" PREFIX="$PREFIX" STOPS_SHADOW="$SCRATCH/stops-shadow" "$@"; }

# expect_runs WHAT N: the generator ran N times since the last call.
last=0
expect_runs() {
	now=$(runs)
	echo "$1: generator ran $((now - last)) time(s)"
	[ $((now - last)) -eq "$2" ] || fail "$1: expected $2 generator run(s)"
	last=$now
}

# Touching a header only the BPF side includes rebuilds the object and runs
# the generator once (the header keeps its content and mtime, so the loader
# is not recompiled); a layout change rewrites the header and recompiles the
# loader; a no-op build runs nothing.
# rebuild_checks BUILD-CMD OBJ HDR LOADER_OBJ [UP-TO-DATE-CMD]
rebuild_checks() {
	build=$1 obj=$2 hdr=$3 lobj=$4 uptodate=${5:-true}
	$build > "$SCRATCH/build.log" 2>&1 || { cat "$SCRATCH/build.log"; fail "first build"; }
	expect_runs "first build" 1
	$build > "$SCRATCH/build.log" 2>&1 || fail "no-op build"
	expect_runs "no-op rebuild" 0
	$uptodate || fail "not up to date after a build"
	o=$(mtime "$obj") h=$(mtime "$hdr") l=$(mtime "$lobj")
	sleep 1
	touch "$SRC/bpf/knob.h"
	$build > "$SCRATCH/build.log" 2>&1 || { cat "$SCRATCH/build.log"; fail "rebuild"; }
	expect_runs "after touching bpf/knob.h" 1
	[ "$(mtime "$obj")" != "$o" ] || fail "object not rebuilt after touching knob.h"
	[ "$(mtime "$hdr")" = "$h" ] || fail "unchanged header was rewritten"
	[ "$(mtime "$lobj")" = "$l" ] || fail "loader recompiled for an unchanged header"
	$build > "$SCRATCH/build.log" 2>&1 || fail "no-op build"
	expect_runs "no-op rebuild after the touch" 0
	$uptodate || fail "not up to date after the touch"
	sleep 1
	sed -i 's/char label\[16\];/char label[16];\n\tunsigned int added;/' "$SRC/bpf/ops.h"
	$build > "$SCRATCH/build.log" 2>&1 || { cat "$SCRATCH/build.log"; fail "rebuild"; }
	expect_runs "after a layout change" 1
	[ "$(mtime "$hdr")" != "$h" ] || fail "header not rewritten for a new layout"
	[ "$(mtime "$lobj")" != "$l" ] || fail "loader not recompiled for a new header"
	$build > "$SCRATCH/build.log" 2>&1 || fail "no-op build"
	expect_runs "no-op rebuild after the layout change" 0
	$uptodate || fail "not up to date after the layout change"
}

ninja_uptodate() { ninja -C "$SCRATCH/build" -n loader | grep -q "no work to do"; }
make_uptodate() { mk -q loader && echo "make -q: up to date"; }

# Probe for `stops-shadow check`: its own --help, or a run on a good object
# that is not a usage error (any other failure shows in the test itself).
need_check() {
	[ -r "$BTF" ] || skip "no $BTF"
	"$PREFIX/bin/stops-shadow" check --help > /dev/null 2>&1 && return 0
	clang -target bpf -g -O2 -c "$SRC/bpf/cc_ok.bpf.c" -o "$SCRATCH/probe.bpf.o"
	rc=0
	"$PREFIX/bin/stops-shadow" check "$SCRATCH/probe.bpf.o" > /dev/null 2>&1 || rc=$?
	[ $rc -ne 2 ] || skip "stops-shadow check is not supported yet"
}

# expect_fail LOG PATTERN WHAT: the build failed, its output matches.
expect_fail() {
	cat "$1"
	grep -q "$2" "$1" || fail "$3: output does not match '$2'"
	echo "ok: $3"
}

case $case in
install)
	rm -rf "$PREFIX"
	cmake --install "$BUILD" --prefix "$PREFIX" > "$SCRATCH.log" 2>&1 ||
		{ cat "$SCRATCH.log"; fail "cmake --install"; }
	for f in bin/stops-shadow lib/libstops_gen.a lib/libstops_gen.so \
		include/stops_shadow.h lib/cmake/StopsShadow/StopsShadowConfig.cmake \
		lib/cmake/StopsShadow/StopsShadowConfigVersion.cmake \
		lib/cmake/StopsShadow/StopsShadowTargets.cmake \
		lib/cmake/StopsShadow/StopsShadow.cmake \
		lib/pkgconfig/stops-shadow.pc share/stops-shadow/stops-shadow.mk \
		share/stops-shadow/bazel/defs.bzl share/man/man1/stops-shadow.1; do
		[ -s "$PREFIX/$f" ] || fail "not installed: $f"
	done
	"$PREFIX/bin/stops-shadow" --version
	echo "ok: installed into $PREFIX"
	;;
find_package)
	setup
	cmake_configure "$SCRATCH/build" Ninja
	cmake --build "$SCRATCH/build" || fail "build"
	"$SCRATCH/build/loader"
	"$SCRATCH/build/inspect" "$SCRATCH/build/hello_bpf.shadow/hello.bpf.o" |
		grep -x "hello_ops hello_hello_ops_demo_ops 32" ||
		fail "inspect (StopsShadow::stops_gen) output"
	# Without an override, the package uses its own installed CLI.
	rm -rf "$SCRATCH/build2"
	cmake -S "$SRC" -B "$SCRATCH/build2" -G Ninja -DCMAKE_PREFIX_PATH="$PREFIX" \
		-DCMAKE_C_FLAGS="$SAN" -DCMAKE_EXE_LINKER_FLAGS="$SAN" > /dev/null
	grep -q "$PREFIX/bin/stops-shadow gen" "$SCRATCH/build2/build.ninja" ||
		fail "package does not run $PREFIX/bin/stops-shadow"
	echo "ok: find_package(StopsShadow) project builds and runs"
	;;
make_include)
	setup
	make -C "$SRC" PREFIX="$PREFIX" CC="cc $SAN" || fail "make"
	(cd "$SRC" && ./loader)
	echo "ok: Make include project builds and runs"
	;;
pkg_config)
	setup
	export PKG_CONFIG_PATH="$PREFIX/lib/pkgconfig"
	flags=$(pkg-config --cflags --libs stops-shadow)
	echo "pkg-config: $flags"
	case $flags in *"-I$PREFIX/include"*"-L$PREFIX/lib"*|*"-L$PREFIX/lib"*"-I$PREFIX/include"*) ;;
	*) fail "pkg-config flags do not name $PREFIX";; esac
	pkg-config --libs --static stops-shadow | grep -q -- -lbpf ||
		fail "--static does not pull in libbpf"
	cc $SAN -Wall -Wextra -Werror "$SRC/user/inspect.c" $flags -o "$SCRATCH/inspect"
	clang -target bpf -g -O2 -I"$SRC/bpf" -c "$SRC/bpf/hello.bpf.c" -o "$SCRATCH/hello.bpf.o"
	LD_LIBRARY_PATH="$PREFIX/lib" "$SCRATCH/inspect" "$SCRATCH/hello.bpf.o" |
		grep -x "hello_ops hello_hello_ops_demo_ops 32" || fail "inspect output"
	echo "ok: pkg-config --cflags --libs stops-shadow compiles and links"
	;;
noop_ninja | noop_makefiles)
	setup
	g=Ninja
	[ "$case" = noop_makefiles ] && g="Unix Makefiles"
	cmake_configure "$SCRATCH/build" "$g"
	b=$SCRATCH/build
	u=true
	[ "$g" = Ninja ] && u=ninja_uptodate
	rebuild_checks "cmake --build $b --target loader" \
		"$b/hello_bpf.shadow/hello.bpf.o" "$b/hello_bpf.shadow/hello.shadow.h" \
		"$b/CMakeFiles/loader.dir/user/loader.c.o" $u
	echo "ok: $g no-op rebuilds run the generator 0 times"
	;;
noop_make)
	setup
	rebuild_checks "mk loader" "$SRC/bpf/hello.bpf.o" "$SRC/bpf/hello.shadow.h" \
		"$SRC/user/loader.o" make_uptodate
	rm "$SRC/bpf/hello.shadow.h"
	mk loader > "$SCRATCH/build.log" 2>&1 || fail "make after removing the header"
	[ -f "$SRC/bpf/hello.shadow.h" ] || fail "removed header not regenerated"
	mk -q loader || fail "make -q after regenerating the header"
	echo "ok: Make include no-op rebuilds run the generator 0 times, make -q true"
	;;
stale_cmake)
	setup
	cmake_configure "$SCRATCH/build" Ninja -DUSER_OPS_DIR="$SRC/stale"
	cmake --build "$SCRATCH/build" --target loader > "$SCRATCH/build.log" 2>&1 &&
		fail "build with a stale ops.h succeeded"
	expect_fail "$SCRATCH/build.log" "error:.*member knob is not at offset 12" \
		"stale shared header fails the CMake build naming the member"
	cmake_configure "$SCRATCH/build" Ninja -DUSER_OPS_DIR="$SRC/bpf"
	cmake --build "$SCRATCH/build" --target loader || fail "matching header"
	"$SCRATCH/build/loader"
	echo "ok: matching header builds"
	;;
stale_make)
	setup
	mk loader USER_OPS_DIR=stale > "$SCRATCH/build.log" 2>&1 &&
		fail "build with a stale ops.h succeeded"
	expect_fail "$SCRATCH/build.log" "error:.*member knob is not at offset 12" \
		"stale shared header fails the Make build naming the member"
	mk loader USER_OPS_DIR=bpf || fail "matching header"
	(cd "$SRC" && ./loader)
	echo "ok: matching header builds"
	;;
check_cmake)
	setup
	need_check
	for g in Ninja "Unix Makefiles"; do
		b=$SCRATCH/bad-${g%% *}
		cmake_configure "$b" "$g" -DCC_FLAVOR=bad
		cmake --build "$b" --target cc_user > "$SCRATCH/build.log" 2>&1 &&
			fail "$g: incompatible object built"
		expect_fail "$SCRATCH/build.log" "extra_knob" \
			"$g: CHECK_KERNEL_BTF fails the build for an incompatible object"
		[ ! -e "$b/cc_bpf.shadow/cc_bad.shadow.h" ] ||
			fail "$g: header generated for an incompatible object"
		cmake --build "$b" --target cc_user > /dev/null 2>&1 &&
			fail "$g: second build of the incompatible object succeeded"
	done
	cmake_configure "$SCRATCH/ok" Ninja -DCC_FLAVOR=ok
	cmake --build "$SCRATCH/ok" --target cc_user || fail "compatible object"
	echo "ok: compatible object builds"
	;;
check_make)
	setup
	need_check
	k="STOPS_SHADOW_CHECK_KERNEL_BTF=$BTF"
	mk bpf/cc_bad.shadow.h "$k" > "$SCRATCH/build.log" 2>&1 &&
		fail "incompatible object built"
	expect_fail "$SCRATCH/build.log" "extra_knob" \
		"STOPS_SHADOW_CHECK_KERNEL_BTF fails the build for an incompatible object"
	[ ! -e "$SRC/bpf/cc_bad.shadow.h" ] || fail "header left for an incompatible object"
	mk bpf/cc_bad.shadow.h "$k" > /dev/null 2>&1 &&
		fail "second make of the incompatible object succeeded"
	mk bpf/cc_ok.shadow.h "$k" || fail "compatible object"
	grep -q "check bpf/cc_ok.bpf.o" "$LOG" || fail "check did not run"
	echo "ok: compatible object builds"
	;;
*)
	echo "run.sh: unknown case $case" >&2
	exit 2
	;;
esac
