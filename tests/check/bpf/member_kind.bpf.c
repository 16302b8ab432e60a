// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* owner is a pointer in the kernel: an integer here is a kind mismatch. */
#include "check_common.h"

CHECK_CA_PROGS

struct tcp_congestion_ops___kind {
	u32 (*ssthresh)(struct sock *sk);
	void (*cong_avoid)(struct sock *sk, u32 ack, u32 acked);
	u32 (*undo_cwnd)(struct sock *sk);
	char name[16];
	__u64 owner;
};

SEC(".struct_ops.link")
struct tcp_congestion_ops___kind kind_ca = {
	.ssthresh = (void *)ca_ssthresh,
	.cong_avoid = (void *)ca_cong_avoid,
	.undo_cwnd = (void *)ca_undo_cwnd,
	.name = "stops_chk_kind",
};
