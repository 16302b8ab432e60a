#!/bin/bash
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# make-examples.sh: builds the examples with their Makefiles (on
# rules/stops-shadow.mk) in OUTDIR, then runs them like the CMake-built ones.
#   make-examples.sh STOPS_SHADOW OUTDIR
# EXAMPLE_WERROR (e.g. -Werror) goes to the Makefiles' WERROR.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
exe=$1 out=$2
. "$here/env-check.sh"

for ex in tcp_cc dummy_ops; do
	mkdir -p "$out/$ex"
	echo "+ make -C $out/$ex -f $top/examples/$ex/Makefile"
	make -s -C "$out/$ex" -f "$top/examples/$ex/Makefile" \
		STOPS_SHADOW="$exe" STOPS_SHADOW_MK="$top/rules/stops-shadow.mk" \
		WERROR="${EXAMPLE_WERROR:-}"
	# A second make must find nothing to do.
	if [ -n "$(make -s -C "$out/$ex" -f "$top/examples/$ex/Makefile" \
		STOPS_SHADOW="$exe" STOPS_SHADOW_MK="$top/rules/stops-shadow.mk" \
		WERROR="${EXAMPLE_WERROR:-}" \
		--no-print-directory -n)" ]; then
		echo "FAIL: second make of $ex is not a no-op"
		exit 1
	fi
done
stops_e2e_require tcp_congestion_ops bpf_dummy_ops
"$here/run-loader.sh" --cc auto --expect 'init_alt=1 cc_init=0 release=0' \
	-- "$out/tcp_cc/tcp_cc"
"$here/run-loader.sh" --expect 'test_1=1 test_2=0' -- "$out/dummy_ops/dummy_ops"
