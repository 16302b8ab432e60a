// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* bzl_demo: a struct_ops table the Bazel tests open with libbpf (never load). */
#include "demo_ops.h"

/* No kernel headers: a self-contained object builds without vmlinux.h. */
#define SEC(name) __attribute__((section(name), used))

char LICENSE[] SEC("license") = "Dual BSD/GPL";

unsigned long long calls;

SEC("struct_ops/demo_init")
int demo_init(unsigned long long *ctx)
{
	__sync_fetch_and_add(&calls, 1);
	return 0;
}

SEC("struct_ops/demo_exit")
int demo_exit(unsigned long long *ctx)
{
	return 0;
}

SEC(".struct_ops")
struct demo_ops tbl = {
	.init = (void *)demo_init,
	.flags = 3,
	.name = "bzl_demo",
	.knob = 0x1122334455667788ULL,
	.range = { .lo = 10, .hi = 20 },
};
