/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/* A stale copy of bpf/ops.h: flags grew to 64 bits, knob and label moved. */
#ifndef RULES_DEMO_OPS_H
#define RULES_DEMO_OPS_H

struct demo_ops {
	int (*init)(unsigned long long *ctx);
	unsigned long long flags;
	unsigned int knob;
	char label[16];
};

#endif
