// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * The Go run-time tests' object, in three versions of one map (same name,
 * type name and size): V=1 as the Go file is generated from it, V=2 with
 * the members reordered (flags and id where init was), V=3 with the nested
 * struct's members swapped. A Go view built from V=1 refuses 2 and 3. A
 * second map of the same type (twin) shows the slots cilium/ebpf shares
 * between maps of one type.
 */
#include <linux/types.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

#ifndef V
#define V 1
#endif

char LICENSE[] SEC("license") = "GPL";

struct go_range {
#if V == 3
	__u32 hi;
	__u32 lo;
#else
	__u32 lo;
	__u32 hi;
#endif
};

struct go_ops {
#if V == 2
	int (*init)(void *arg);
	__u32 flags;
	__u32 id;
#else
	__u32 flags;
	__u32 id;
	int (*init)(void *arg);
#endif
	void (*release)(void *arg);
	struct go_range range;
	char name[16];
	__u64 knob;
};

SEC("struct_ops")
int BPF_PROG(go_init, void *arg)
{
	return 1;
}

SEC("struct_ops")
int BPF_PROG(go_init_alt, void *arg)
{
	return 2;
}

SEC("struct_ops")
void BPF_PROG(go_release, void *arg)
{
}

SEC(".struct_ops.link")
struct go_ops go = {
	.flags = 1,
	.id = 7,
	.init = (void *)go_init,
	.release = (void *)go_release,
	.range = {.lo = 10, .hi = 20},
	.name = "go_v1",
};

SEC(".struct_ops.link")
struct go_ops twin = {
	.id = 8,
	.init = (void *)go_init,
	.name = "twin",
};
