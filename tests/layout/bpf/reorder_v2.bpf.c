/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * Version 2 of reorder.bpf.c: the same map, type name and size; the
 * members reordered: v1's flags and id are v2's program slot init.
 */
#include <linux/types.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

char LICENSE[] SEC("license") = "GPL";

struct ro_range {
	__u32 lo;
	__u32 hi;
};

struct ro_ops {
	int (*init)(void *arg);
	__u32 flags;
	__u32 id;
	struct ro_range range;
	char name[16];
};

SEC("struct_ops/ro_init")
int BPF_PROG(ro_init, void *arg)
{
	return 1;
}

SEC(".struct_ops")
struct ro_ops ro = {
	.flags = 1,
	.id = 7,
	.init = (void *)ro_init,
	.range = {.lo = 10, .hi = 20},
	.name = "v2",
};
