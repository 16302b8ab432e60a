// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* A local flavor of tcp_congestion_ops the kernel accepts. */
#define SEC(name) __attribute__((section(name), used))

struct tcp_congestion_ops___ok {
	unsigned int flags;
	char name[16];
};

SEC(".struct_ops")
struct tcp_congestion_ops___ok cc = {
	.name = "rules_ok",
};

char LICENSE[] SEC("license") = "GPL";
