// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* dummy: a bpf_dummy_ops table, built by a workspace outside stops-shadow. */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

char LICENSE[] SEC("license") = "Dual BSD/GPL";

SEC("struct_ops/test_1")
int BPF_PROG(test_1, struct bpf_dummy_ops_state *state)
{
	return 0;
}

SEC(".struct_ops")
struct bpf_dummy_ops dummy = {
	.test_1 = (void *)test_1,
};
