#!/usr/bin/env bash
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# Fuzz for a bounded time: run-fuzz.sh HARNESS SECONDS CORPUS SEEDS ARTIFACTS/
# CORPUS keeps what libFuzzer finds between runs; a crash is written to
# ARTIFACTS/ and fails the test: minimize it and commit it under
# tests/fuzz/regress/<elf|btf>/ with the fix.
set -u
fuzzer=$1 secs=$2 corpus=$3 seeds=$4 artifacts=$5
mkdir -p "$corpus" "$artifacts"
"$fuzzer" -max_total_time="$secs" -rss_limit_mb=2048 -malloc_limit_mb=1024 \
	-timeout=10 -max_len=65536 -print_final_stats=1 \
	-artifact_prefix="$artifacts" "$corpus" "$seeds" 2>"$artifacts/log"
rc=$?
grep -E '^(stat::|#[0-9]+ +DONE)' "$artifacts/log"
if [ $rc -ne 0 ]; then
	tail -n 60 "$artifacts/log"
	echo "fuzzer failed (exit $rc); crashers:" "$artifacts"crash-* \
		"$artifacts"leak-* "$artifacts"timeout-* "$artifacts"oom-* 2>/dev/null
fi
exit $rc
