/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * Version 1 of an object whose later versions keep the map's name, type
 * name and size but move members (reorder_v2: reordered; reorder_v3: a
 * nested struct's members swapped). The loader built with this object's
 * header must refuse them (reorder_test.c).
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
	__u32 flags;
	__u32 id;
	int (*init)(void *arg);
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
	.name = "v1",
};
