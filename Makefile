# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# Quick start: `make demo` and `make test` do all set-up on Debian 12, 13
# and sid. `make demo` installs only what the demo needs
# (`scripts/install-deps --demo`) and builds the CLI and the tcp_cc example;
# `make test` installs the test tools too (`--test`) and builds everything.
BUILD ?= build
CMAKE_FLAGS ?= -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo
JOBS ?= $(shell nproc)
# Warnings as errors: on for developers and CI, never in a user's build
# (cmake alone leaves STOPS_SHADOW_WERROR off). `make test WERROR=OFF` to relax.
WERROR ?= ON
# ctest's selection for `make test`: the distro label makes Debian roots of
# other suites and runs make demo and part of the suite in each (tests/distro,
# .ci/run runs it on its own).
CTEST_ARGS ?= -LE distro

.PHONY: all deps deps-demo configure configure-demo build demo test test-sanitize regen-goldens clean format

all: build

deps:
	./scripts/install-deps --test

deps-demo:
	./scripts/install-deps --demo

# $(call cmake_tree,DIR,FLAGS,CACHE_ENTRY): a fresh tree gets CMAKE_FLAGS and
# FLAGS; an existing one has STOPS_SHADOW_WERROR brought in line with WERROR
# and CACHE_ENTRY (NAME:BOOL=ON) set when it is not.
cmake_tree = if test -f $(1)/CMakeCache.txt; then \
		grep -qx 'STOPS_SHADOW_WERROR:BOOL=$(WERROR)' $(1)/CMakeCache.txt && \
		{ test -z '$(3)' || grep -qx '$(3)' $(1)/CMakeCache.txt; } || \
		cmake -S . -B $(1) -DSTOPS_SHADOW_WERROR=$(WERROR) $(if $(3),-D$(3)); \
	else cmake -S . -B $(1) $(CMAKE_FLAGS) $(2) -DSTOPS_SHADOW_WERROR=$(WERROR); fi

configure: deps
	@$(call cmake_tree,$(BUILD),,STOPS_SHADOW_TESTS:BOOL=ON)

# A tree `make test` made already has the examples; a fresh one gets only
# them, without the test suite and its tools.
configure-demo: deps-demo
	@if test -f $(BUILD)/CMakeCache.txt && grep -qx 'STOPS_SHADOW_TESTS:BOOL=ON' $(BUILD)/CMakeCache.txt; then \
		$(call cmake_tree,$(BUILD),,); \
	else $(call cmake_tree,$(BUILD),-DSTOPS_SHADOW_TESTS=OFF -DSTOPS_SHADOW_EXAMPLES=ON,STOPS_SHADOW_EXAMPLES:BOOL=ON); fi

# $(call ctest_run,DIR,ARGS): ctest in the tree DIR. With CI set (.ci/run
# sets it), a skipped, Not Run or Disabled test fails the run and is named
# (tests/lib/ctest-run); on a user's machine a skip stays a skip.
ctest_run = cd $(1) && $(CURDIR)/tests/lib/ctest-run --output-on-failure -j $(JOBS) $(2)

build: configure
	cmake --build $(BUILD) -j $(JOBS)

demo: configure-demo
	cmake --build $(BUILD) -j $(JOBS) --target stops-shadow tcp_cc
	./scripts/demo $(BUILD)

test: build
	$(call ctest_run,$(BUILD),$(CTEST_ARGS))

test-sanitize: deps
	@$(call cmake_tree,$(BUILD)-asan,-DSTOPS_SHADOW_SANITIZE=ON -DSTOPS_SHADOW_BAZEL_TESTS=OFF)
	cmake --build $(BUILD)-asan -j $(JOBS)
	$(call ctest_run,$(BUILD)-asan,-LE 'nosan|distro')

# The golden files of the layout.dump.* and layout.plan.* tests rewritten
# from this build's dumps and plans (tests/layout/regen-goldens,
# regen-plan-goldens); review the diff before committing. The tests
# themselves only compare.
regen-goldens: build
	tests/layout/regen-goldens $(BUILD)
	tests/layout/regen-plan-goldens $(BUILD)

format:
	clang-format -i gen/*.c gen/*.h

clean:
	rm -rf $(BUILD) $(BUILD)-asan
