// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * The slot's declared prototype differs from the kernel's (a pointer for
 * cong_avoid's u32 ack), but the program only passes the value through as
 * a number: it loads and attaches. A warning, not an error.
 */
#include "rules_common.h"
struct ack_info;
volatile __u64 seen;
SEC("struct_ops")
u32 BPF_PROG(ca_ssthresh, struct sock *sk) { return 2; }
SEC("struct_ops")
u32 BPF_PROG(ca_undo_cwnd, struct sock *sk) { return 2; }
SEC("struct_ops")
void BPF_PROG(ca_cong_avoid, struct sock *sk, struct ack_info *ack, u32 acked)
{
	seen = (__u64)ack + acked;
}
struct tcp_congestion_ops___fit {
	u32 (*ssthresh)(struct sock *sk);
	void (*cong_avoid)(struct sock *sk, struct ack_info *ack, u32 acked);
	u32 (*undo_cwnd)(struct sock *sk);
	char name[16];
};
SEC(".struct_ops.link")
struct tcp_congestion_ops___fit fit_ca = { RULE_REQUIRED, .name = "stx_args_fit" };
