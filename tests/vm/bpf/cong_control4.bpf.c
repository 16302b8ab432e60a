// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * cong_control4: a TCP congestion control whose cong_control slot holds a
 * program of the 4-argument prototype (sk, ack, flag, rs; 6.10 and later).
 * 6.1's slot passes 2 (sk, rs): its verifier refuses the read of argument 4,
 * and check must say so from 6.1's BTF. In .struct_ops, so 6.1's lack of
 * struct_ops links does not hide it.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>
#include <bpf/bpf_tracing.h>

char LICENSE[] SEC("license") = "Dual BSD/GPL";

unsigned long long delivered;

SEC("struct_ops/cc4_ssthresh")
__u32 BPF_PROG(cc4_ssthresh, struct sock *sk)
{
	return tcp_reno_ssthresh(sk);
}

SEC("struct_ops/cc4_undo_cwnd")
__u32 BPF_PROG(cc4_undo_cwnd, struct sock *sk)
{
	return tcp_reno_undo_cwnd(sk);
}

SEC("struct_ops/cc4_cong_control")
void BPF_PROG(cc4_cong_control, struct sock *sk, __u32 ack, int flag,
	      const struct rate_sample *rs)
{
	delivered += BPF_CORE_READ(rs, delivered);
}

SEC(".struct_ops")
struct tcp_congestion_ops cc4 = {
	.ssthresh = (void *)cc4_ssthresh,
	.undo_cwnd = (void *)cc4_undo_cwnd,
	.cong_control = (void *)cc4_cong_control,
	.name = "ss_vm_cc4",
};
