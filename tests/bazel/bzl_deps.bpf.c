// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * bzl_deps: BPF-side headers and defines from bpf_skeleton's deps: a
 * workspace-relative include (-iquote), an include directory (-isystem), a
 * define of a direct and one of a transitive cc_library.
 */
#include "tests/bazel/demo_ops.h"
#include <bzl_dep.h>

#ifndef BZL_DEP_BASE
#error "the transitive dep's define did not reach the BPF compile"
#endif
#ifndef BZL_DEP_KNOB
#error "the direct dep's define did not reach the BPF compile"
#endif

#define SEC(name) __attribute__((section(name), used))

char LICENSE[] SEC("license") = "Dual BSD/GPL";

SEC("struct_ops/deps_init")
int deps_init(unsigned long long *ctx)
{
	return BZL_DEP_BASE;
}

SEC(".struct_ops")
struct demo_ops deps_tbl = {
	.init = (void *)deps_init,
	.flags = BZL_DEP_FLAGS,
	.name = "bzl_deps",
	.knob = BZL_DEP_KNOB,
};
