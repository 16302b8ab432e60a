// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* A u32 read of argument 2's low half (offset 8): allowed. */
#include "rules_common.h"
volatile u32 seen;
SEC("struct_ops")
u32 BPF_PROG(ca_ssthresh, struct sock *sk) { return 2; }
SEC("struct_ops")
u32 BPF_PROG(ca_undo_cwnd, struct sock *sk) { return 2; }
SEC("struct_ops")
void ca_cong_avoid(unsigned long long *ctx)
{
	seen = ((volatile u32 *)ctx)[2];
}
RULE_MAP(narrow_ca) = { RULE_REQUIRED, .name = "stx_ctx_narrow" };
