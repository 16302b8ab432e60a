#!/bin/bash
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# run-loader.sh: runs an example loader against the kernel and checks the
# state it leaves.
#
#   run-loader.sh [--needs TYPE] [--cc auto|NAME] [--cc-stays NAME]
#                 [--fail] [--expect REGEX]... -- LOADER ARGS...
#
# --cc auto   pass --name ss_e2e_<pid> (unique, so tests run in parallel)
# --cc NAME   the loader uses NAME; either way NAME must be gone afterwards
# --cc-stays  NAME was registered before and must still be afterwards
# --fail      the loader must exit 1 (a clean failure), not 0
# --expect    a grep -E pattern its output must match
set -u
. "$(dirname "$0")/env-check.sh"

needs=() cc= stays= fail=0 expects=()
while [ $# -gt 0 ]; do
	case $1 in
	--needs) needs+=("$2"); shift 2 ;;
	--cc) cc=$2; shift 2 ;;
	--cc-stays) stays=$2; shift 2 ;;
	--fail) fail=1; shift ;;
	--expect) expects+=("$2"); shift 2 ;;
	--) shift; break ;;
	*) echo "run-loader.sh: bad option $1" >&2; exit 2 ;;
	esac
done
[ $# -gt 0 ] || { echo "run-loader.sh: no loader" >&2; exit 2; }
stops_e2e_require "${needs[@]}"

args=("$@")
if [ "$cc" = auto ]; then
	cc=ss_e2e_$$
	args+=(--name "$cc")
fi
if [ -n "$stays" ] && ! stops_e2e_cc_listed "$stays"; then
	skip "$stays is not registered here"
fi

out=$(mktemp)
trap 'rm -f "$out"' EXIT
echo "+ ${args[*]}"
"${args[@]}" >"$out" 2>&1
rc=$?
cat "$out"

status=0
if [ $fail = 1 ]; then
	[ $rc = 1 ] || { echo "FAIL: expected exit 1, got $rc"; status=1; }
else
	[ $rc = 0 ] || { echo "FAIL: exit $rc"; status=1; }
fi
for re in "${expects[@]}"; do
	grep -qE -- "$re" "$out" || { echo "FAIL: output lacks /$re/"; status=1; }
done
if [ -n "$cc" ] && stops_e2e_cc_listed "$cc"; then
	echo "FAIL: congestion control $cc left registered"
	status=1
fi
if [ -n "$stays" ] && ! stops_e2e_cc_listed "$stays"; then
	echo "FAIL: congestion control $stays was unregistered"
	status=1
fi
[ $status = 0 ] && echo "PASS"
exit $status
