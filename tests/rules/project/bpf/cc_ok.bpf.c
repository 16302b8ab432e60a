// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * A local flavor of tcp_congestion_ops the kernel accepts: loads and
 * attaches (the members tcp_validate_congestion_control() requires are set).
 */
#define SEC(name) __attribute__((section(name), used))

struct sock;

/* BPF_PROG's shape: one pointer to the kernel's arguments as u64s. */
SEC("struct_ops")
unsigned int cc_ssthresh(unsigned long long *ctx)
{
	return 2;
}

SEC("struct_ops")
unsigned int cc_undo_cwnd(unsigned long long *ctx)
{
	return 2;
}

SEC("struct_ops")
void cc_cong_avoid(unsigned long long *ctx)
{
}

struct tcp_congestion_ops___ok {
	unsigned int (*ssthresh)(struct sock *sk);
	void (*cong_avoid)(struct sock *sk, unsigned int ack, unsigned int acked);
	unsigned int (*undo_cwnd)(struct sock *sk);
	unsigned int flags;
	char name[16];
};

SEC(".struct_ops")
struct tcp_congestion_ops___ok cc = {
	.ssthresh = (void *)cc_ssthresh,
	.cong_avoid = (void *)cc_cong_avoid,
	.undo_cwnd = (void *)cc_undo_cwnd,
	.name = "rules_ok",
};

char LICENSE[] SEC("license") = "GPL";
