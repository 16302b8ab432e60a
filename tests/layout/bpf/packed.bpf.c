/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/* Alignment gaps, tail padding, packed and aligned(N) types. */
#include "common.bpf.h"

SEC(".struct_ops")
struct packed_ops pad = {
	.c = 1,
	.i = -2,
	.c2 = 3,
	.ll = 0x0102030405060708LL,
	.pi = { .a = 'p', .b = 0x11223344 },
	.s = -5,
	.d = 6.5,
	.end = 'e',
};

SEC(".struct_ops")
struct packed_top ptop = {
	.c = 'P',
	.x = -0x1122334455667788LL,
	.y = 0x7eadbeef,
	.z = -2,
};

SEC(".struct_ops")
struct aligned_ops al = {
	.a = 10,
	.b = 20,
	.c = 30,
	.ll = 40,
	.d = 50,
};
