#!/bin/sh
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# unit.prefault.without_flag: test_prefault built as on a system without
# MADV_POPULATE_WRITE still runs the reservations' checks, which do not
# need it, and passes them; only then does it exit 77 (a skip of the
# mapping checks alone).
# Usage: prefault_without_flag.sh TEST_PREFAULT_NO_FLAG
out=$("$1" 2>&1)
rc=$?
printf '%s\n' "$out"
[ $rc = 77 ] || { echo "FAIL: exit $rc, not 77"; exit 1; }
for t in ptr_vec_reserve pair_set_reserve; do
	printf '%s\n' "$out" | grep -qx "$t: ok (mapping not checked)" ||
		{ echo "FAIL: $t did not run and pass"; exit 1; }
done
echo "ok: the reservations' checks ran without MADV_POPULATE_WRITE"
