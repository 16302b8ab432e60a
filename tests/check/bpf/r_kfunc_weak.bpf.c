// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* The same kfunc declared weak and tested with bpf_ksym_exists(): loads. */
#include "rules_common.h"
extern u32 stx_no_such_kfunc(struct sock *sk) __ksym __weak;
SEC("struct_ops")
u32 BPF_PROG(ca_ssthresh, struct sock *sk)
{
	if (bpf_ksym_exists(stx_no_such_kfunc))
		return stx_no_such_kfunc(sk);
	return 2;
}
SEC("struct_ops")
u32 BPF_PROG(ca_undo_cwnd, struct sock *sk) { return 2; }
SEC("struct_ops")
void BPF_PROG(ca_cong_avoid, struct sock *sk, u32 ack, u32 acked) {}
RULE_MAP(weak_ca) = { RULE_REQUIRED, .name = "stx_kfunc_weak" };
