// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * r_args_unread with explicit parameters (not BPF_PROG): ca_ssthresh
 * declares two more than the kernel passes and never reads them (r2, r3),
 * so it loads; ca_cong_avoid declares fewer. The same finding as the
 * BPF_PROG twin, from BTF this time.
 */
#include "rules_common.h"
int hits;
SEC("struct_ops")
u32 ca_ssthresh(struct sock *sk, u32 floor, u32 spare)
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
void ca_cong_avoid(struct sock *sk)
{
	hits++;
}
RULE_MAP(unread_x_ca) = { RULE_REQUIRED, .name = "stx_args_unrd_x" };
