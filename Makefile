# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# Quick start: `make demo` and `make test` do all set-up on Debian 12.
BUILD ?= build
CMAKE_FLAGS ?= -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo
JOBS ?= $(shell nproc)
# Warnings as errors: on for developers and CI, never in a user's build
# (cmake alone leaves STOPS_SHADOW_WERROR off). `make test WERROR=OFF` to relax.
WERROR ?= ON

.PHONY: all deps configure build demo test test-sanitize clean format

all: build

deps:
	./scripts/install-deps

# A fresh tree gets CMAKE_FLAGS; an existing one only has WERROR brought in line.
configure: deps
	@if test -f $(BUILD)/CMakeCache.txt; then \
		grep -qx 'STOPS_SHADOW_WERROR:BOOL=$(WERROR)' $(BUILD)/CMakeCache.txt || \
		cmake -S . -B $(BUILD) -DSTOPS_SHADOW_WERROR=$(WERROR); \
	else cmake -S . -B $(BUILD) $(CMAKE_FLAGS) -DSTOPS_SHADOW_WERROR=$(WERROR); fi

build: configure
	cmake --build $(BUILD) -j $(JOBS)

demo: build
	./scripts/demo $(BUILD)

test: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

test-sanitize: deps
	@test -f $(BUILD)-asan/CMakeCache.txt || cmake -S . -B $(BUILD)-asan \
		$(CMAKE_FLAGS) -DSTOPS_SHADOW_SANITIZE=ON -DSTOPS_SHADOW_BAZEL_TESTS=OFF \
		-DSTOPS_SHADOW_WERROR=$(WERROR)
	cmake --build $(BUILD)-asan -j $(JOBS)
	cd $(BUILD)-asan && ctest --output-on-failure -j $(JOBS) -LE nosan

format:
	clang-format -i gen/*.c gen/*.h

clean:
	rm -rf $(BUILD) $(BUILD)-asan
