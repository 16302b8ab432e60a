#!/bin/bash
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# runner-selftest.sh SERIES: run-kernel.sh turns a guest that dies into a
# failure with the console's tail. The payload crashes the kernel (sysrq c):
# the runner must exit 1, say the payload did not finish, and show the panic.
set -u
here=$(cd "$(dirname "$0")" && pwd)
cache=${STOPS_VM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/stops-shadow/kernels}
kdir=$cache/$1
[ -f "$kdir/kernel.env" ] || { echo "FAIL: no kernel in $kdir (vm.fetch)"; exit 1; }
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
mkdir "$t/p"
cat >"$t/p/run.sh" <<'EOS'
echo "@@BEGIN crash"
echo c >/proc/sysrq-trigger
echo "@@END crash rc=$?"
EOS
"$here/run-kernel.sh" --timeout 240 "$kdir" "$t/p" "$t/out" >"$t/log" 2>&1
rc=$?
cat "$t/log"
status=0
[ $rc = 1 ] || { echo "FAIL: run-kernel.sh exited $rc, expected 1"; status=1; }
for re in "FAIL: .*: the payload did not finish" "console tail" "Kernel panic - not syncing"; do
	grep -qE -- "$re" "$t/log" || { echo "FAIL: output lacks /$re/"; status=1; }
done
grep -q "^@@BEGIN crash" "$t/out/results.txt" ||
	{ echo "FAIL: the payload never ran (the boot failed for another reason)"; status=1; }
exit $status
