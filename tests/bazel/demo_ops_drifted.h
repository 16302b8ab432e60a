/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/* demo_ops as a stale copy of demo_ops.h has it: name grew, knob moved. */
#ifndef DEMO_OPS_H
#define DEMO_OPS_H

struct demo_ops {
	int (*init)(void *ctx);
	unsigned int flags;
	char name[24];
	unsigned long long knob;
	struct {
		unsigned short lo, hi;
	} range;
	int (*exit)(void *ctx);
};

#endif
