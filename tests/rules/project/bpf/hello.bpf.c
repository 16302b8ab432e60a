// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* A struct_ops map of the project's own type: no vmlinux.h needed. */
#include "ops.h"
#include "knob.h"

#define SEC(name) __attribute__((section(name), used))

SEC("struct_ops/demo_init")
int demo_init(unsigned long long *ctx)
{
	return 0;
}

SEC(".struct_ops")
struct demo_ops hello_ops = {
	.init = (void *)demo_init,
	.flags = 7,
	.knob = HELLO_KNOB,
	.label = "hello",
};

char LICENSE[] SEC("license") = "GPL";
