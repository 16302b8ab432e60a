// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* bzl_newer: an ops table for a kernel newer than this one (sets new_knob). */
#define SEC(name) __attribute__((section(name), used))

char LICENSE[] SEC("license") = "Dual BSD/GPL";

struct bpf_dummy_ops_state;

/* bpf_dummy_ops as a future kernel might have it. */
struct bpf_dummy_ops___newer {
	int (*test_1)(struct bpf_dummy_ops_state *state);
	unsigned int new_knob;
};

SEC("struct_ops/newer_test_1")
int newer_test_1(unsigned long long *ctx)
{
	return 0;
}

SEC(".struct_ops")
struct bpf_dummy_ops___newer newer = {
	.test_1 = (void *)newer_test_1,
	.new_knob = 1,
};
