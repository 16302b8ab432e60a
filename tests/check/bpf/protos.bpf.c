// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * Return types and argument counts against the minimal kernel (mkbtf):
 * ssthresh declared and written void where the kernel wants a u32 (errors),
 * cong_avoid's program returns a value the kernel ignores (note), init
 * declared with an extra argument but left empty (note), undo_cwnd's
 * program takes no arguments at all (nothing to say).
 */
#include "check_common.h"

SEC("struct_ops")
void BPF_PROG(p_ssthresh, struct sock *sk)
{
}

SEC("struct_ops")
u32 BPF_PROG(p_cong_avoid, struct sock *sk, u32 ack, u32 acked)
{
	return 1;
}

SEC("struct_ops")
u32 p_undo_cwnd(void)
{
	return 2;
}

struct tcp_congestion_ops___protos {
	void (*ssthresh)(struct sock *sk);
	void (*cong_avoid)(struct sock *sk, u32 ack, u32 acked);
	u32 (*undo_cwnd)(struct sock *sk);
	char name[16];
	u32 flags;
	void (*init)(struct sock *sk, u32 extra);
};

SEC(".struct_ops.link")
struct tcp_congestion_ops___protos protos_ca = {
	.ssthresh = (void *)p_ssthresh,
	.cong_avoid = (void *)p_cong_avoid,
	.undo_cwnd = (void *)p_undo_cwnd,
	.name = "stops_protos",
};
