// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* tcp_cc: a Reno congestion control whose ops table the loader edits. */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

#include "tcp_cc.h"

char LICENSE[] SEC("license") = "Dual BSD/GPL";

struct tcp_cc_counters counters;

SEC("struct_ops/cc_init")
void BPF_PROG(cc_init, struct sock *sk)
{
	__sync_fetch_and_add(&counters.init, 1);
}

/* Not in the table as compiled: the loader swaps it into the init slot. */
SEC("struct_ops/init_alt")
void BPF_PROG(init_alt, struct sock *sk)
{
	__sync_fetch_and_add(&counters.init_alt, 1);
}

SEC("struct_ops/cc_ssthresh")
__u32 BPF_PROG(cc_ssthresh, struct sock *sk)
{
	__sync_fetch_and_add(&counters.ssthresh, 1);
	return tcp_reno_ssthresh(sk);
}

SEC("struct_ops/cc_undo_cwnd")
__u32 BPF_PROG(cc_undo_cwnd, struct sock *sk)
{
	__sync_fetch_and_add(&counters.undo_cwnd, 1);
	return tcp_reno_undo_cwnd(sk);
}

SEC("struct_ops/cc_cong_avoid")
void BPF_PROG(cc_cong_avoid, struct sock *sk, __u32 ack, __u32 acked)
{
	__sync_fetch_and_add(&counters.cong_avoid, 1);
	tcp_reno_cong_avoid(sk, ack, acked);
}

/* Optional: the loader empties this slot, so it must never run. */
SEC("struct_ops/cc_release")
void BPF_PROG(cc_release, struct sock *sk)
{
	__sync_fetch_and_add(&counters.release, 1);
}

SEC(".struct_ops.link")
struct tcp_congestion_ops shadow_cc = {
	.init = (void *)cc_init,
	.ssthresh = (void *)cc_ssthresh,
	.undo_cwnd = (void *)cc_undo_cwnd,
	.cong_avoid = (void *)cc_cong_avoid,
	.release = (void *)cc_release,
	.name = "ss_demo",
};
