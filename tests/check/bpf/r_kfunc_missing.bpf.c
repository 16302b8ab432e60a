// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* A kfunc no kernel has, declared strong: libbpf fails the load (EINVAL). */
#include "rules_common.h"
extern u32 stx_no_such_kfunc(struct sock *sk) __ksym;
SEC("struct_ops")
u32 BPF_PROG(ca_ssthresh, struct sock *sk) { return stx_no_such_kfunc(sk); }
SEC("struct_ops")
u32 BPF_PROG(ca_undo_cwnd, struct sock *sk) { return 2; }
SEC("struct_ops")
void BPF_PROG(ca_cong_avoid, struct sock *sk, u32 ack, u32 acked) {}
RULE_MAP(kfunc_ca) = { RULE_REQUIRED, .name = "stx_kfunc_miss" };
