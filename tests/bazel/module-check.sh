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

# One python3 for the whole registry (a start costs a second on a busy
# machine): one FAIL line per problem, then the number of versions.
reg=$src/bazel/offline/registry
out=$(python3 - "$reg" <<'EOF'
import json, os, sys
reg = sys.argv[1]
base = json.load(open(os.path.join(reg, 'bazel_registry.json')))['module_base_path']
n = 0
for m in sorted(os.listdir(os.path.join(reg, 'modules'))):
    meta = json.load(open(os.path.join(reg, 'modules', m, 'metadata.json')))
    for v in sorted(os.listdir(os.path.join(reg, 'modules', m))):
        d = os.path.join(reg, 'modules', m, v)
        if not os.path.isdir(d):
            continue
        n += 1
        where = 'FAIL: registry %s/%s: ' % (m, v)
        want = 'module(name = "%s", version = "%s")' % (m, v)
        if open(os.path.join(d, 'MODULE.bazel')).read().strip() != want:
            print(where + 'MODULE.bazel is not ' + want)
        src = json.load(open(os.path.join(d, 'source.json')))
        stub = os.path.join(reg, base, src.get('path', ''), 'MODULE.bazel')
        if src.get('type') != 'local_path' or not os.path.isfile(stub) or \
                'module(name = "%s")' % m not in open(stub).read().splitlines():
            print(where + 'source.json is no local_path to a stub module ' + m)
        if v not in meta['versions']:
            print(where + 'not in metadata.json')
print(n)
EOF
) || fail "cannot read $reg"
echo "$out" | grep '^FAIL' && bad=1
n=$(echo "$out" | tail -n 1)
[ "${n:-0}" -gt 0 ] 2>/dev/null || fail "no module in $reg"
[ $bad = 0 ] && echo "OK: stops_shadow $version in MODULE.bazel, tests and .bcr; $n stub module versions in the offline registry"
exit $bad
