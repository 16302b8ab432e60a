// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * The slot is declared as the kernel's, but the BPF_PROG program reads a
 * second argument ssthresh does not get: the verifier refuses (EACCES).
 */
#include "rules_common.h"
SEC("struct_ops")
u32 BPF_PROG(ca_ssthresh, struct sock *sk, u32 floor) { return floor; }
SEC("struct_ops")
u32 BPF_PROG(ca_undo_cwnd, struct sock *sk) { return 2; }
SEC("struct_ops")
void BPF_PROG(ca_cong_avoid, struct sock *sk, u32 ack, u32 acked) {}
RULE_MAP(extra_ca) = { RULE_REQUIRED, .name = "stx_args_extra" };
