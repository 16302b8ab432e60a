// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* cong_control instead of cong_avoid satisfies the kernel: attaches. */
#include "rules_common.h"
SEC("struct_ops")
u32 BPF_PROG(ca_ssthresh, struct sock *sk) { return 2; }
SEC("struct_ops")
u32 BPF_PROG(ca_undo_cwnd, struct sock *sk) { return 2; }
SEC("struct_ops")
void BPF_PROG(ca_cong_control, struct sock *sk, u32 ack, int flag,
	      const struct rate_sample *rs) {}
RULE_MAP(control_ca) = {
	.ssthresh = (void *)ca_ssthresh,
	.cong_control = (void *)ca_cong_control,
	.undo_cwnd = (void *)ca_undo_cwnd,
	.name = "stx_req_control",
};
