/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/* One struct_ops map with a member of every kind (see types.h). */
#include "common.bpf.h"

SEC("struct_ops/prog_a")
int BPF_PROG(prog_a, void *arg)
{
	return 0;
}

SEC("struct_ops/prog_b")
int BPF_PROG(prog_b, void *arg, int x)
{
	return 0;
}

/* in no slot: the write-through test points fn_unset at it */
SEC("struct_ops/prog_spare")
int BPF_PROG(prog_spare, void *arg)
{
	return 1;
}

SEC(".struct_ops")
struct kinds_ops kinds = {
	.c = 'c',
	.sc = -100,
	.uc = 250,
	.b = 1,
	.s = -12345,
	.us = 54321,
	.i = -2000000000,
	.ui = 4000000000u,
	.l = -5000000000L,
	.ul = 0xfedcba9876543210UL,
	.ll = -0x123456789abcdefLL,
	.ull = 0xa5a5a5a55a5a5a5aULL,
	.td = 0xdeadbeefu,
	.ci = -42,
	.vus = 0xbeef,
	.cvi = 77,
	.td2 = 123456789u,
	.f = 1.5f,
	.d = -2.25,
	.color = KINDS_BLUE,
	.sign = KINDS_NEG,
	.small = KINDS_S200,
	.small_neg = KINDS_SN,
	.half = KINDS_H,
	.big = KINDS_BIG,
	.bigneg = KINDS_BIGNEG,
	.top = KINDS_TOP,
	.name = "kinds_name",
	.ints = { 1, -2, 3 },
	.grid = { { 1, 2, 3 }, { 4, 5, 6 } },
	.cube = { { { 1, 2 }, { 3, 4 } }, { { 5, 6 }, { 7, 8 } } },
	.colors = { KINDS_GREEN, KINDS_BLUE, KINDS_RED },
	.elems = { { .s = -7, .c = 'x' }, { .s = 8, .c = 'y' } },
	.longs = { -1L, 0x7fffffffffffffffL },
	.fn_a = (void *)prog_a,
	.fn_b = (void *)prog_b,
	.nested = {
		.a = 0x1234,
		.in = { .x = -99, .tag = "tag" },
		.b = 0x1122334455667788LL,
		.nested_anon_w = 0xcafef00du,
	},
	.u = { .w = 0x01020304u },
	.anon_x = 31337,
	.anon_y = -31,
	.anon_w = 0x3f800000u,
	.last = 'z',
};
