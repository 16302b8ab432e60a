// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* Compatible with the kernel; set_state is missing from the minimal target. */
#include "check_common.h"

CHECK_CA_PROGS

SEC("struct_ops")
void BPF_PROG(ca_set_state, struct sock *sk, u8 new_state)
{
}

struct tcp_congestion_ops___ok {
	u32 (*ssthresh)(struct sock *sk);
	void (*cong_avoid)(struct sock *sk, u32 ack, u32 acked);
	void (*set_state)(struct sock *sk, u8 new_state);
	u32 (*undo_cwnd)(struct sock *sk);
	char name[16];
	u32 flags;
};

SEC(".struct_ops.link")
struct tcp_congestion_ops___ok ok_ca = {
	.ssthresh = (void *)ca_ssthresh,
	.cong_avoid = (void *)ca_cong_avoid,
	.set_state = (void *)ca_set_state,
	.undo_cwnd = (void *)ca_undo_cwnd,
	.name = "stops_chk_ok",
};
