/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * A map of the module-defined type struct stops_testmod_ops
 * (stops_testmod.ko): ping_a is compiled into the slot, the loader swaps
 * in ping_b through the shadow type and sets flags and name.
 */
#include <linux/types.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

#include "stops_testmod.h"

char LICENSE[] SEC("license") = "GPL";

SEC("struct_ops/ping_a")
int BPF_PROG(ping_a, int n)
{
	return n + 1000;
}

SEC("struct_ops/ping_b")
int BPF_PROG(ping_b, int n)
{
	return n + 2000;
}

SEC(".struct_ops.link")
struct stops_testmod_ops testmod = {
	.ping = (void *)ping_a,
	.name = "compiled",
};
