/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/* Other half of linked.bpf.o (see link_a.bpf.c). */
#include <linux/types.h>
#include <bpf/bpf_helpers.h>

enum link_b_e { DUP = 2, ONLY_B = 6 };

struct la_ops { /* same name as link_a's, another layout */
	enum link_b_e e;
	long long x;
};

SEC(".struct_ops")
struct la_ops lb = { .e = DUP, .x = 22 };
