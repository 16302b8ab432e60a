/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/* knobs_ops: an ops type shared by knobs.bpf.c and knobs_test.c. */
#ifndef KNOBS_H
#define KNOBS_H

struct knobs_ops {
	int (*run)(void *ctx);
	unsigned int level;
	char name[16];
	unsigned long long limit;
};

#endif
