/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/* Less common member shapes (see struct edge_ops in types.h). */
#include "common.bpf.h"

SEC("struct_ops/edge_prog")
int BPF_PROG(edge_prog, void *arg)
{
	return 0;
}

SEC("struct_ops/edge_cprog")
int BPF_PROG(edge_cprog, void *arg)
{
	return 1;
}

SEC(".struct_ops")
struct edge_ops edge = {
	.tfn = (void *)edge_prog,
	.bits = { .lo = 9, .hi = 0xabc, .neg = -11 },
	.u = { .ub = { .lo = 1, .hi = 2, .neg = -1 } },
	.anon_arr = { { .tag = 'a', .val = -1 }, { .tag = 'b', .val = 2 } },
	.pt = { .x = -3, .y = 4 },
	.pts = { { { 1, 2 }, { 3, 4 } }, { { 5, 6 }, { 7, 8 } } },
	.tails = { { .a = -5, .b = 6 }, { .a = 0x700000007LL, .b = -8 } },
	.holder = { .after = 99 },
	.anon_enum = EDGE_B,
	.ct = { .a = 12, .b = 13 },
	.cfn = (void *)edge_cprog,
	.end = 0xee,
};

/* the variable's type is a typedef of the struct */
SEC(".struct_ops")
edge_small_t tdmap = { .f = (void *)edge_prog, .one = { 'o' }, .n = 5 };

/* a static variable is a map too (kept: it has a section) */
static struct edge_small smap SEC(".struct_ops") = { .n = 6 };

