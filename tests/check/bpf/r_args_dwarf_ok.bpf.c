// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * r_args_unread declared as the kernel passes: its DWARF shows each
 * ____<prog>, and nothing differs.
 */
#include "rules_common.h"
int hits;
SEC("struct_ops")
u32 BPF_PROG(ca_ssthresh, struct sock *sk)
{
	hits++;
	return 2;
}
SEC("struct_ops")
u32 BPF_PROG(ca_undo_cwnd, struct sock *sk)
{
	hits++;
	return 2;
}
SEC("struct_ops")
void BPF_PROG(ca_cong_avoid, struct sock *sk, u32 ack, u32 acked)
{
	hits += acked;
}
RULE_MAP(dwarf_ok_ca) = { RULE_REQUIRED, .name = "stx_args_dw_ok" };
