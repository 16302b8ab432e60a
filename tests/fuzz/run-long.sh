#!/usr/bin/env bash
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# Longer fuzzing than ctest's fuzz.run, on all cores, from a configured
# and built tree (needs ctest's fuzz.seeds and bad.generate run once:
# `ctest -R 'fuzz.seeds|bad.generate'`).
#
#   tests/fuzz/run-long.sh [BUILD_DIR] [SECONDS] [elf|btf]
#
# Defaults: build, 3600 s, elf. Crashers land in BUILD/tests/fuzz/artifacts/,
# logs in BUILD/tests/fuzz/fuzz-<n>.log.
set -eu
build=${1:-build}
secs=${2:-3600}
h=${3:-elf}
d=$(cd "$build/tests/fuzz" && pwd)
[ -x "$d/fuzz_$h" ] || { echo "no $d/fuzz_$h: build first" >&2; exit 1; }
[ -d "$d/seeds/$h" ] || (cd "$build" && ctest -R 'bad.generate|fuzz.seeds')
export STOPS_FUZZ_TEMPLATE=$d/seeds/template.bpf.o
mkdir -p "$d/corpus/$h" "$d/artifacts/$h"
jobs=$(nproc)
cd "$d" # -jobs writes fuzz-<n>.log here
exec "$d/fuzz_$h" -max_total_time="$secs" -rss_limit_mb=2048 \
	-malloc_limit_mb=1024 -timeout=10 -max_len=65536 -print_final_stats=1 \
	-jobs="$jobs" -workers="$jobs" -artifact_prefix="$d/artifacts/$h/" \
	"$d/corpus/$h" "$d/seeds/$h"
