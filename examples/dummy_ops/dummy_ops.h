/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/* dummy_ops: counters shared by the bpf_dummy_ops programs and their loader. */
#ifndef DUMMY_OPS_H
#define DUMMY_OPS_H

/* The whole .bss of dummy_ops.bpf.o: how many times each program ran. */
struct dummy_ops_counters {
	unsigned long long test_1;
	unsigned long long test_2;
};

/* What test_1 adds to the state it is handed, and returns. */
#define DUMMY_OPS_TEST_1_ADD 100
#define DUMMY_OPS_TEST_1_RET 42

#endif
