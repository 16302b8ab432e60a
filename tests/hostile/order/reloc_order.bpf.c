/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * Maps of one type whose slots are filled alike, differently, partly and
 * not at all: run-order.sh hands the generator their relocations in
 * other orders, and the header must not change.
 */
#include <linux/types.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

char LICENSE[] SEC("license") = "GPL";

struct order_ops {
	int (*a)(void *arg);
	int (*b)(void *arg);
	__u32 v;
	int (*c)(void *arg);
	int (*d)(void *arg);
};

SEC("struct_ops/p0")
int BPF_PROG(p0, void *arg)
{
	return 0;
}

SEC("struct_ops/p1")
int BPF_PROG(p1, void *arg)
{
	return 1;
}

SEC("struct_ops/p2")
int BPF_PROG(p2, void *arg)
{
	return 2;
}

#define OPS(n, ...)                                                          \
	SEC(".struct_ops.link") struct order_ops n = {__VA_ARGS__}

OPS(m0, .a = (void *)p0, .b = (void *)p1, .c = (void *)p2, .d = (void *)p0,
    .v = 0);
OPS(m1, .a = (void *)p0, .b = (void *)p1, .c = (void *)p2, .d = (void *)p0,
    .v = 1);
OPS(m2, .a = (void *)p2, .b = (void *)p1, .c = (void *)p0, .d = (void *)p2,
    .v = 2);
OPS(m3, .a = (void *)p0, .d = (void *)p1, .v = 3);
OPS(m4, .v = 4);
OPS(m5, .a = (void *)p2, .b = (void *)p1, .c = (void *)p0, .d = (void *)p2,
    .v = 5);
OPS(m6, .a = (void *)p1, .b = (void *)p1, .c = (void *)p1, .d = (void *)p1,
    .v = 6);
OPS(m7, .a = (void *)p0, .b = (void *)p1, .c = (void *)p2, .d = (void *)p0,
    .v = 7);
