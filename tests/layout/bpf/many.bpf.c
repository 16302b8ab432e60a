/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * 256 maps of one flat type: a header of a few hundred KB, for the CLI
 * tests of the no-rewrite rule beyond the first 64 KiB compared.
 */
#include "common.bpf.h"

SEC("struct_ops/many_x")
int BPF_PROG(many_x, void *arg)
{
	return 0;
}

#define MAP(n)                                                                \
	SEC(".struct_ops.link")                                               \
	struct params_ops many_##n = { .X = (void *)many_x, .S = n };
#define MAP4(n) MAP(n##0) MAP(n##1) MAP(n##2) MAP(n##3)
#define MAP16(n) MAP4(n##0) MAP4(n##1) MAP4(n##2) MAP4(n##3)
#define MAP64(n) MAP16(n##0) MAP16(n##1) MAP16(n##2) MAP16(n##3)

MAP64(1)
MAP64(2)
MAP64(3)
MAP64(4)
