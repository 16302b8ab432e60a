// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* A member the kernel lacks, set non-zero: libbpf refuses to load. */
#include "check_common.h"

CHECK_CA_PROGS

struct tcp_congestion_ops___bad {
	u32 (*ssthresh)(struct sock *sk);
	void (*cong_avoid)(struct sock *sk, u32 ack, u32 acked);
	u32 (*undo_cwnd)(struct sock *sk);
	char name[16];
	int extra;
};

SEC(".struct_ops.link")
struct tcp_congestion_ops___bad bad_ca = {
	.ssthresh = (void *)ca_ssthresh,
	.cong_avoid = (void *)ca_cong_avoid,
	.undo_cwnd = (void *)ca_undo_cwnd,
	.name = "stops_chk_bad",
	.extra = 0x2a,
};
