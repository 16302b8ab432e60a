#!/bin/bash
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# skip-fails.sh SRC WORK: a skipped, Not Run or Disabled test fails CI's
# runs and is named; outside CI a skip stays a skip.
#   1. ctest-all-ran on the JUnit reports ctest writes for a small project
#      (WORK/tiny): a planted skip (exit 77), a missing executable (Not
#      Run), a Disabled test, a test a missing tool left out
#      (tests/lib/LeftOut.cmake: a skip with its reason), one that passes.
#   2. `make test` from SRC's Makefile on that tree (-o build: no build),
#      with CI=1 and without.
#   3. .ci/run in a copy of its tree whose build/ is the small project and
#      whose `make` only records it was called with CI set: its distro
#      step meets the planted skip.
set -u
# run from inside `make test`: the outer make's flags are not these runs'
unset MAKEFLAGS MFLAGS MAKELEVEL
src=$1 work=$2
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
ok() { echo "ok: $*"; }
rm -rf "$work" && mkdir -p "$work/tiny" || exit 1
cat >"$work/tiny/CMakeLists.txt" <<CM
cmake_minimum_required(VERSION 3.21)
project(tiny NONE)
enable_testing()
add_test(NAME tiny.pass COMMAND true)
add_test(NAME tiny.planted_skip COMMAND sh -c "echo 'SKIP: planted'; exit 77")
add_test(NAME tiny.not_run COMMAND /nonexistent/tiny-test)
add_test(NAME tiny.disabled COMMAND true)
include(\${STOPS_SRC}/tests/lib/LeftOut.cmake)
stops_test_left_out(tiny.left_out "no frobnicator (planted)")
set_tests_properties(tiny.planted_skip PROPERTIES SKIP_RETURN_CODE 77
	LABELS distro)
set_tests_properties(tiny.pass PROPERTIES LABELS distro)
set_tests_properties(tiny.disabled PROPERTIES DISABLED ON)
CM
cmake -S "$work/tiny" -B "$work/tiny/build" -DSTOPS_SRC="$src" >"$work/cmake.log" 2>&1 ||
	{ cat "$work/cmake.log"; echo "FAIL: configuring the small project"; exit 1; }
b=$work/tiny/build

# RC OUT EXPECT_RC [NAMES...]: the run exited EXPECT_RC, naming each of NAMES
expect() {
	local what=$1 rc=$2 out=$3 want=$4 n
	shift 4
	[ "$rc" = "$want" ] || { cat "$out"; fail "$what: exit $rc, not $want"; return; }
	for n in "$@"; do
		grep -Eq "^  $n \\((Skipped|Not Run|Disabled)\\)" "$out" ||
			{ cat "$out"; fail "$what: $n not named"; return; }
	done
	ok "$what"
}

# 1. the checker on ctest's own reports
(cd "$b" && ctest --output-junit "$work/all.xml" >/dev/null 2>&1)
"$src/tests/lib/ctest-all-ran" "$work/all.xml" >"$work/1.out" 2>&1
expect "ctest-all-ran: skip, Not Run, Disabled, left out" $? "$work/1.out" 1 \
	tiny.planted_skip tiny.not_run tiny.disabled tiny.left_out
grep -q 'tiny.planted_skip (Skipped): SKIP: planted$' "$work/1.out" ||
	fail "ctest-all-ran does not give the skip's reason"
# tests/lib/LeftOut.cmake: a test a missing tool keeps out is a skip
grep -q 'tiny.left_out (Skipped): SKIP: no frobnicator (planted)$' "$work/1.out" ||
	fail "stops_test_left_out is not a skip with its reason"
(cd "$b" && ctest -R 'tiny\.pass' --output-junit "$work/pass.xml" >/dev/null 2>&1)
"$src/tests/lib/ctest-all-ran" "$work/pass.xml" >"$work/2.out" 2>&1
expect "ctest-all-ran: all ran" $? "$work/2.out" 0
printf '<?xml version="1.0"?>\n<testsuite tests="0">\n</testsuite>\n' >"$work/none.xml"
"$src/tests/lib/ctest-all-ran" "$work/none.xml" >"$work/3.out" 2>&1
expect "ctest-all-ran: a report with no test" $? "$work/3.out" 2

# 2. make test, -o build: the Makefile's own recipe on the small tree
mk() { make -s --no-print-directory -C "$src" -o build test BUILD="$b" "$@"; }
mk CI=1 CTEST_ARGS="-R 'tiny\.(pass|planted_skip)'" >"$work/4.out" 2>&1
expect "make test CI=1: planted skip" $? "$work/4.out" 2 tiny.planted_skip
CI=1 mk CTEST_ARGS='-E tiny.pass' >"$work/5.out" 2>&1
expect "CI=1 make test: skip, Not Run, Disabled" $? "$work/5.out" 2 \
	tiny.planted_skip tiny.not_run tiny.disabled
env -u CI make -s --no-print-directory -C "$src" -o build test BUILD="$b" \
	CTEST_ARGS="-R 'tiny\.(pass|planted_skip)'" >"$work/6.out" 2>&1
expect "make test without CI: the skip stays a skip" $? "$work/6.out" 0
grep -q 'tiny.planted_skip .*Skipped' "$work/6.out" ||
	fail "make test without CI did not run the planted skip"
mk CI=1 CTEST_ARGS="-R 'tiny\.pass'" >"$work/7.out" 2>&1
expect "make test CI=1: all ran" $? "$work/7.out" 0
mk CI=1 CTEST_ARGS="-R 'no-such-test'" >"$work/8.out" 2>&1
expect "make test CI=1: no test selected" $? "$work/8.out" 2
# test-sanitize's recipe goes through the same ctest-run
make -n -C "$src" -o deps test-sanitize 2>&1 | grep -q 'tests/lib/ctest-run' ||
	fail "make test-sanitize does not run ctest through tests/lib/ctest-run"

# 3. .ci/run: its tree with the small project as build/, a make that
# records CI, ctest-run as it is
ci=$work/ci
mkdir -p "$ci/.ci" "$ci/tests/lib" "$ci/bin"
cp "$src/.ci/run" "$ci/.ci/run"
cp "$src/tests/lib/ctest-run" "$src/tests/lib/ctest-all-ran" "$ci/tests/lib/"
cp -a "$b" "$ci/build"
printf '#!/bin/sh\necho "make $* CI=${CI:-}" >>"%s"\n' "$work/make.calls" >"$ci/bin/make"
chmod +x "$ci/bin/make"
env -u CI PATH="$ci/bin:$PATH" "$ci/.ci/run" >"$work/9.out" 2>&1
expect ".ci/run: planted skip in its distro step" $? "$work/9.out" 1 tiny.planted_skip
if [ "$(grep -c 'CI=1$' "$work/make.calls" 2>/dev/null)" != 2 ]; then
	cat "$work/make.calls"
	fail ".ci/run does not run make test and make test-sanitize with CI set"
fi

[ $fails = 0 ] || { echo "FAIL: $fails check(s)"; exit 1; }
echo "pass: a skip, a Not Run and a Disabled test fail CI and are named"
