// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* dummy_ops: a bpf_dummy_ops table whose test_2 slot the loader empties. */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

#include "dummy_ops.h"

char LICENSE[] SEC("license") = "Dual BSD/GPL";

struct dummy_ops_counters counters;

SEC("struct_ops/dummy_test_1")
int BPF_PROG(dummy_test_1, struct bpf_dummy_ops_state *state)
{
	__sync_fetch_and_add(&counters.test_1, 1);
	if (state)
		state->val += DUMMY_OPS_TEST_1_ADD;
	return DUMMY_OPS_TEST_1_RET;
}

SEC("struct_ops/dummy_test_2")
int BPF_PROG(dummy_test_2, struct bpf_dummy_ops_state *state, int a1,
	     unsigned short a2, char a3, unsigned long a4)
{
	__sync_fetch_and_add(&counters.test_2, 1);
	return a1 + a2 + a3 + (int)a4;
}

SEC(".struct_ops.link")
struct bpf_dummy_ops dummy = {
	.test_1 = (void *)dummy_test_1,
	.test_2 = (void *)dummy_test_2,
};
