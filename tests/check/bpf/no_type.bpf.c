// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* No kernel has struct tcp_nope_ops. */
#include "check_common.h"

CHECK_CA_PROGS

struct tcp_nope_ops___v2 {
	u32 (*ssthresh)(struct sock *sk);
	void (*cong_avoid)(struct sock *sk, u32 ack, u32 acked);
	u32 (*undo_cwnd)(struct sock *sk);
	char name[16];
};

SEC(".struct_ops.link")
struct tcp_nope_ops___v2 nope_ca = {
	.ssthresh = (void *)ca_ssthresh,
	.cong_avoid = (void *)ca_cong_avoid,
	.undo_cwnd = (void *)ca_undo_cwnd,
	.name = "stops_chk_nope",
};
