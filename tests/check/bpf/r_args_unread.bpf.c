// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * ca_ssthresh is a BPF_PROG program that declares two arguments more than
 * the kernel passes (ssthresh gets only sk) and never reads them: the
 * verifier never sees a declaration, and the object loads. Its BTF FUNC
 * is "u32 ca_ssthresh(unsigned long long *ctx)"; the declaration is only
 * in the DWARF of its inline body ____ca_ssthresh. ca_cong_avoid declares
 * fewer than the kernel passes: fine. Each body changes a global, so its
 * code survives inlining and clang keeps ____<prog> in the DWARF.
 * Built with -gdwarf-5, -gdwarf-4 (STX_NAME differs) and stripped of DWARF.
 */
#include "rules_common.h"
#ifndef STX_NAME
#define STX_NAME "stx_args_unread"
#endif
int hits;
SEC("struct_ops")
u32 BPF_PROG(ca_ssthresh, struct sock *sk, u32 floor, u32 spare)
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
void BPF_PROG(ca_cong_avoid, struct sock *sk)
{
	hits++;
}
RULE_MAP(unread_ca) = { RULE_REQUIRED, .name = STX_NAME };
