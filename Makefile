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

# $(call cmake_tree,DIR,FLAGS): a fresh tree gets CMAKE_FLAGS and FLAGS; an
# existing one only has STOPS_SHADOW_WERROR brought in line with WERROR.
cmake_tree = if test -f $(1)/CMakeCache.txt; then \
		grep -qx 'STOPS_SHADOW_WERROR:BOOL=$(WERROR)' $(1)/CMakeCache.txt || \
		cmake -S . -B $(1) -DSTOPS_SHADOW_WERROR=$(WERROR); \
	else cmake -S . -B $(1) $(CMAKE_FLAGS) $(2) -DSTOPS_SHADOW_WERROR=$(WERROR); fi

configure: deps
	@$(call cmake_tree,$(BUILD))

build: configure
	cmake --build $(BUILD) -j $(JOBS)

demo: build
	./scripts/demo $(BUILD)

test: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

test-sanitize: deps
	@$(call cmake_tree,$(BUILD)-asan,-DSTOPS_SHADOW_SANITIZE=ON -DSTOPS_SHADOW_BAZEL_TESTS=OFF)
	cmake --build $(BUILD)-asan -j $(JOBS)
	cd $(BUILD)-asan && ctest --output-on-failure -j $(JOBS) -LE nosan

format:
	clang-format -i gen/*.c gen/*.h

clean:
	rm -rf $(BUILD) $(BUILD)-asan
