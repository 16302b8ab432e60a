/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * Several maps: two of the same type, one of another type in
 * .struct_ops.link, and a ___flavor of the first type.
 */
#include "common.bpf.h"

SEC("struct_ops/init_one")
int BPF_PROG(init_one, void *arg)
{
	return 1;
}

SEC("struct_ops/init_two")
int BPF_PROG(init_two, void *arg)
{
	return 2;
}

SEC("struct_ops/run_b")
void BPF_PROG(run_b, void *arg)
{
}

SEC("struct_ops/stop_b")
int BPF_PROG(stop_b, void *arg)
{
	return 0;
}

SEC(".struct_ops")
struct multi_a_ops one = {
	.init = (void *)init_one,
	.flags = 1,
	.name = "one",
};

SEC(".struct_ops")
struct multi_a_ops two = {
	.init = (void *)init_two,
	.flags = 2,
	.name = "two",
};

SEC(".struct_ops.link")
struct multi_b_ops link_b = {
	.id = 0x1000000001ULL,
	.run = (void *)run_b,
	.stop = (void *)stop_b,
	.port = 8080,
};

SEC(".struct_ops")
struct multi_a_ops___v2 flav = {
	.init = (void *)init_one,
	.flags = 3,
	.extra = 0xe7,
	.name = "flavored",
};
