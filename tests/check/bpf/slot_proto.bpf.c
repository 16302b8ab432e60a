// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * cong_avoid declared with a pointer where the kernel passes a u32; the
 * program, written against that declaration, dereferences it, which the
 * verifier rejects.
 */
#include "check_common.h"

struct acked_info {
	u32 segs;
};

SEC("struct_ops")
u32 BPF_PROG(ca_ssthresh, struct sock *sk) { return 2; }
SEC("struct_ops")
u32 BPF_PROG(ca_undo_cwnd, struct sock *sk) { return 2; }

SEC("struct_ops")
void BPF_PROG(ca_cong_avoid, struct sock *sk, struct acked_info *info,
	      u32 acked)
{
	(void)*(volatile u32 *)&info->segs;
}

struct tcp_congestion_ops___proto {
	u32 (*ssthresh)(struct sock *sk);
	void (*cong_avoid)(struct sock *sk, struct acked_info *info,
			   u32 acked);
	u32 (*undo_cwnd)(struct sock *sk);
	char name[16];
};

SEC(".struct_ops.link")
struct tcp_congestion_ops___proto proto_ca = {
	.ssthresh = (void *)ca_ssthresh,
	.cong_avoid = (void *)ca_cong_avoid,
	.undo_cwnd = (void *)ca_undo_cwnd,
	.name = "stops_chk_proto",
};
