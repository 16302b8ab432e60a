// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * The slot is declared as in the kernel, but the program placed in it
 * takes two explicit arguments (not BPF_PROG) and reads the second, a
 * register the kernel never sets: the verifier rejects it.
 */
#include "check_common.h"

SEC("struct_ops")
u32 BPF_PROG(ca_undo_cwnd, struct sock *sk) { return 2; }
SEC("struct_ops")
void BPF_PROG(ca_cong_avoid, struct sock *sk, u32 ack, u32 acked) {}

SEC("struct_ops")
u32 ca_ssthresh(struct sock *sk, u32 floor)
{
	return floor;
}

struct tcp_congestion_ops___sig {
	u32 (*ssthresh)(struct sock *sk);
	void (*cong_avoid)(struct sock *sk, u32 ack, u32 acked);
	u32 (*undo_cwnd)(struct sock *sk);
	char name[16];
};

SEC(".struct_ops.link")
struct tcp_congestion_ops___sig sig_ca = {
	.ssthresh = (void *)ca_ssthresh,
	.cong_avoid = (void *)ca_cong_avoid,
	.undo_cwnd = (void *)ca_undo_cwnd,
	.name = "stops_chk_sig",
};
