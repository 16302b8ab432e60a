/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/* Two member paths, m.in and m__in, whose path names could collide. */
#include "common.bpf.h"

SEC(".struct_ops")
struct collide_ops collide = {
	.m = { .in = { .v = 1 } },
	.m__in = { .v = 2 },
};
