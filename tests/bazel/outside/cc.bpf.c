// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * cc: a tcp_congestion_ops table, built by a workspace outside stops-shadow.
 * It fills what the kernel requires (ssthresh, undo_cwnd, cong_avoid), so
 * `check` against the running kernel passes.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

char LICENSE[] SEC("license") = "Dual BSD/GPL";

SEC("struct_ops/ssthresh")
__u32 BPF_PROG(ssthresh, struct sock *sk)
{
	return 2;
}

SEC("struct_ops/undo_cwnd")
__u32 BPF_PROG(undo_cwnd, struct sock *sk)
{
	return 10;
}

SEC("struct_ops/cong_avoid")
void BPF_PROG(cong_avoid, struct sock *sk, __u32 ack, __u32 acked)
{
}

SEC(".struct_ops")
struct tcp_congestion_ops cc = {
	.ssthresh = (void *)ssthresh,
	.undo_cwnd = (void *)undo_cwnd,
	.cong_avoid = (void *)cong_avoid,
	.name = "ss_outside",
};
