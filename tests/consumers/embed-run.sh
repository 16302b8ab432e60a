#!/bin/bash
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# embed-run.sh SRC_DIR WORK_DIR cmake LOADER | make STOPS_SHADOW
# A tcp_cc built with its object embedded, alone in an empty directory (no
# tcp_cc.bpf.o anywhere it could look), registers as a congestion control,
# carries a connection and unregisters: run-loader.sh checks the kernel side.
#   cmake: LOADER is the tcp_cc_embedded target (stops_shadow(... EMBED)).
#   make:  builds examples/tcp_cc with STOPS_SHADOW_EMBED=1 first.
set -u
src=$1 work=$2 how=$3 arg=$4
e2e=$src/tests/e2e
. "$e2e/env-check.sh"
stops_e2e_require tcp_congestion_ops

fail() { echo "FAIL: $*"; exit 1; }

dir=$work/embed-$how
rm -rf "$dir" && mkdir -p "$dir/build" "$dir/run" || fail "cannot create $dir"
case $how in
cmake)
	loader=$arg
	;;
make)
	make -s -C "$dir/build" -f "$src/examples/tcp_cc/Makefile" \
		STOPS_SHADOW="$arg" STOPS_SHADOW_MK="$src/rules/stops-shadow.mk" \
		STOPS_SHADOW_EMBED=1 WERROR=-Werror || fail "make with STOPS_SHADOW_EMBED=1"
	grep -q 'tcp_cc__open_embedded' "$dir/build/tcp_cc.shadow.h" ||
		fail "STOPS_SHADOW_EMBED=1 did not embed the object"
	loader=$dir/build/tcp_cc
	;;
*)
	echo "usage: $0 SRC WORK cmake LOADER | make STOPS_SHADOW" >&2
	exit 2
	;;
esac
cp "$loader" "$dir/run/tcp_cc" || fail "no loader $loader"
# The object is in the binary: its bytes (the ELF header and the BTF
# section name) appear in it.
grep -q '\.BTF' "$dir/run/tcp_cc" || fail "no BPF object in the binary"
rm -rf "$dir/build"
cd "$dir/run" || exit 1
"$e2e/run-loader.sh" --cc auto \
	--expect '^tcp_cc: embedded tcp_cc\.bpf\.o, map shadow_cc' \
	--expect 'init_alt=1 cc_init=0 release=0' \
	--expect 'release was emptied and did not run' \
	-- "$dir/run/tcp_cc"
