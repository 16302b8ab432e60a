// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* owner is a data pointer (struct module *) in the kernel, not a slot. */
#include "check_common.h"

CHECK_CA_PROGS

SEC("struct_ops")
void BPF_PROG(ca_owner, struct sock *sk)
{
}

struct tcp_congestion_ops___fptr {
	u32 (*ssthresh)(struct sock *sk);
	void (*cong_avoid)(struct sock *sk, u32 ack, u32 acked);
	u32 (*undo_cwnd)(struct sock *sk);
	char name[16];
	void (*owner)(struct sock *sk);
};

SEC(".struct_ops.link")
struct tcp_congestion_ops___fptr fptr_ca = {
	.ssthresh = (void *)ca_ssthresh,
	.cong_avoid = (void *)ca_cong_avoid,
	.undo_cwnd = (void *)ca_undo_cwnd,
	.name = "stops_chk_fptr",
	.owner = (void *)ca_owner,
};
