/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/* demo_ops: an ops type shared by bzl_demo.bpf.c and its user-side tests. */
#ifndef DEMO_OPS_H
#define DEMO_OPS_H

struct demo_ops {
	int (*init)(void *ctx);
	unsigned int flags;
	char name[16];
	unsigned long long knob;
	struct {
		unsigned short lo, hi;
	} range;
	int (*exit)(void *ctx);
};

#endif
