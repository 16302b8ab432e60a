// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* A flavor with a member the kernel lacks, set non-zero: incompatible. */
#define SEC(name) __attribute__((section(name), used))

struct tcp_congestion_ops___bad {
	unsigned int flags;
	char name[16];
	unsigned int extra_knob;
};

SEC(".struct_ops")
struct tcp_congestion_ops___bad cc = {
	.name = "rules_bad",
	.extra_knob = 1,
};

char LICENSE[] SEC("license") = "GPL";
