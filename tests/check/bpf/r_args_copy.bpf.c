// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * The extra argument is read after a helper call, through the copy of r1
 * clang keeps in a callee-saved register: still refused.
 */
#include "rules_common.h"
SEC("struct_ops")
u32 BPF_PROG(ca_ssthresh, struct sock *sk, u32 floor)
{
	u32 r = bpf_get_prandom_u32();

	return r + floor;
}
SEC("struct_ops")
u32 BPF_PROG(ca_undo_cwnd, struct sock *sk) { return 2; }
SEC("struct_ops")
void BPF_PROG(ca_cong_avoid, struct sock *sk, u32 ack, u32 acked) {}
RULE_MAP(copy_ca) = { RULE_REQUIRED, .name = "stx_args_copy" };
