/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/* The ops table type, shared by the BPF program and its loader. */
#ifndef RULES_DEMO_OPS_H
#define RULES_DEMO_OPS_H

struct demo_ops {
	int (*init)(unsigned long long *ctx);
	unsigned int flags;
	unsigned int knob;
	char label[16];
};

#endif
