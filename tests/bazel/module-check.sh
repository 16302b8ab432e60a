#!/bin/sh
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# module-check.sh SRC_DIR VERSION: the module's files agree with each other,
# without running Bazel.
#   - MODULE.bazel declares stops_shadow at the project's VERSION (CMake's),
#     and the modules of the tests and .bcr depend on that version;
#   - .bcr/presubmit.yml's test module exists and depends on stops_shadow;
#   - every version in bazel/offline/registry has a MODULE.bazel naming that
#     module and version, a source.json whose local_path is a stub naming
#     the module, and is listed in the module's metadata.json.
set -u
src=$1 version=$2
bad=0
fail() {
	echo "FAIL: $*"
	bad=1
}

grep -q "^    name = \"stops_shadow\",\$" "$src/MODULE.bazel" ||
	fail "MODULE.bazel does not declare module stops_shadow"
grep -q "^    version = \"$version\",\$" "$src/MODULE.bazel" ||
	fail "MODULE.bazel's version is not the project's $version"
for m in tests/bazel/outside/MODULE.bazel tests/bazel/bcr/MODULE.bazel; do
	grep -q "^bazel_dep(name = \"stops_shadow\", version = \"$version\")\$" "$src/$m" ||
		fail "$m does not depend on stops_shadow $version"
done
test_module=$(awk '/^bcr_test_module:/ { t = 1 } t && /module_path:/ { print $2; exit }' \
	"$src/.bcr/presubmit.yml")
[ -n "$test_module" ] && [ -f "$src/$test_module/MODULE.bazel" ] ||
	fail ".bcr/presubmit.yml: test module '$test_module' has no MODULE.bazel"

reg=$src/bazel/offline/registry
base=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["module_base_path"])' \
	"$reg/bazel_registry.json") || fail "bazel_registry.json"
n=0
for d in "$reg"/modules/*/*/; do
	v=$(basename "$d") m=$(basename "$(dirname "$d")")
	n=$((n + 1))
	grep -qx "module(name = \"$m\", version = \"$v\")" "$d/MODULE.bazel" ||
		fail "registry $m/$v: MODULE.bazel does not name $m $v"
	stub=$(python3 -c 'import json, sys; s = json.load(open(sys.argv[1])); assert s["type"] == "local_path"; print(s["path"])' \
		"$d/source.json") || { fail "registry $m/$v: source.json"; continue; }
	grep -qx "module(name = \"$m\")" "$reg/$base/$stub/MODULE.bazel" ||
		fail "registry $m/$v: stub $base/$stub is not module $m"
	python3 -c 'import json, sys; sys.exit(sys.argv[2] not in json.load(open(sys.argv[1]))["versions"])' \
		"$reg/modules/$m/metadata.json" "$v" ||
		fail "registry $m/$v: not in metadata.json"
done
[ $n -gt 0 ] || fail "no module in $reg"
[ $bad = 0 ] && echo "OK: stops_shadow $version in MODULE.bazel, tests and .bcr; $n stub module versions in the offline registry"
exit $bad
