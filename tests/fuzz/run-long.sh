#!/usr/bin/env bash
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# Longer fuzzing than ctest's fuzz.run, on all cores, from a configured
# and built tree (needs ctest's fuzz.seeds and bad.generate run once:
# `ctest -R 'fuzz.seeds|bad.generate'`).
#
#   tests/fuzz/run-long.sh [BUILD_DIR] [SECONDS] [elf|btf] [JOBS [FLAG...]]
#
# FLAGs go to libFuzzer after ours (the last of a flag wins): e.g.
# -timeout=60 on a machine so loaded that a 1 s input can stall for 10.
# Defaults: build, 3600 s, elf, one job per core. Crashers land in
# BUILD/tests/fuzz/artifacts/, logs in BUILD/tests/fuzz/logs/<harness>/.
# Any ASan or UBSan report stops a worker (halt_on_error), as a crash does.
set -eu
build=${1:-build}
secs=${2:-3600}
h=${3:-elf}
d=$(cd "$build/tests/fuzz" && pwd)
[ -x "$d/fuzz_$h" ] || { echo "no $d/fuzz_$h: build first" >&2; exit 1; }
[ -d "$d/seeds/$h" ] || (cd "$build" && ctest -R 'bad.generate|fuzz.seeds')
export STOPS_FUZZ_TEMPLATE=$d/seeds/template.bpf.o
export ASAN_OPTIONS=halt_on_error=1:detect_leaks=1
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
mkdir -p "$d/corpus/$h" "$d/artifacts/$h"
jobs=${4:-$(nproc)}
shift $(($# < 4 ? $# : 4))
mkdir -p "$d/logs/$h"
cd "$d/logs/$h" # -jobs writes fuzz-<n>.log here
exec "$d/fuzz_$h" -max_total_time="$secs" -rss_limit_mb=2048 \
	-malloc_limit_mb=1024 -timeout=10 -max_len=65536 -print_final_stats=1 \
	-jobs="$jobs" -workers="$jobs" -artifact_prefix="$d/artifacts/$h/" \
	"$@" "$d/corpus/$h" "$d/seeds/$h"
