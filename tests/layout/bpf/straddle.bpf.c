/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/* Bitfields that cross every naturally aligned unit: read by accessors. */
#include "common.bpf.h"

SEC("struct_ops/init")
int BPF_PROG(straddle_init)
{
	return 0;
}

SEC(".struct_ops")
struct straddle_ops straddle = {
	.init = (void *)straddle_init,
	.a = 0x1234567890abcdefULL,
	.b = 2,
	.c = 0x2000000000000005ULL,
};

SEC(".struct_ops")
struct straddle2_ops straddle2 = {
	.c = 'c',
	.s = -0x123456789abcdLL,
	.small = 5,
	.flag = 1,
	.after = 0xa5,
	.ok = 17,
	.pre = -2,
	.w = 0xfedcba9876543210ULL,
	.nested = {.a = 0x7fffffffffffffffULL, .b = 1, .c = 0x3ffffffffffffffeULL},
};
