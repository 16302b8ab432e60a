/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * Two maps of one flat type (they share one layout and its member lists),
 * whose members are named like the list macros' parameters X, S, what.
 */
#include "common.bpf.h"

SEC("struct_ops/params_x")
int BPF_PROG(params_x, void *arg)
{
	return 1;
}

SEC(".struct_ops")
struct params_ops p1 = {
	.X = (void *)params_x,
	.S = 1,
	.what = 2,
	.X_2 = 3,
	.name = "p1",
};

SEC(".struct_ops")
struct params_ops p2 = {
	.S = 4,
	.name = "p2",
};
