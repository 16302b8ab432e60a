// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* undo_cwnd left empty: tcp_validate_congestion_control() refuses (attach EINVAL). */
#include "rules_common.h"
SEC("struct_ops")
u32 BPF_PROG(ca_ssthresh, struct sock *sk) { return 2; }
SEC("struct_ops")
void BPF_PROG(ca_cong_avoid, struct sock *sk, u32 ack, u32 acked) {}
RULE_MAP(noundo_ca) = {
	.ssthresh = (void *)ca_ssthresh,
	.cong_avoid = (void *)ca_cong_avoid,
	.name = "stx_req_undo",
};
