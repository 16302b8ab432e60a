// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * X__fit_kernel()'s test object: a tcp_congestion_ops flavor with the
 * member 7.2 added (cwnd_event_tx_start: not in 6.1, 6.12 or 6.18) and two
 * members no kernel has (a slot and a knob), and one of the same name as a
 * kernel member but wider (flags), in a map of its own.
 */
#include "check_common.h"

CHECK_CA_PROGS

SEC("struct_ops")
void BPF_PROG(fit_tx_start, struct sock *sk) {}

/* placed in the slot no kernel has by the loader, through the shadow */
SEC("struct_ops")
void BPF_PROG(fit_spare, struct sock *sk) {}

struct tcp_congestion_ops___fit {
	u32 (*ssthresh)(struct sock *sk);
	void (*cong_avoid)(struct sock *sk, u32 ack, u32 acked);
	void (*cwnd_event_tx_start)(struct sock *sk);
	u32 (*undo_cwnd)(struct sock *sk);
	void (*fit_nokernel)(struct sock *sk);
	char name[16];
	u32 flags;
	u32 fit_knob;
};

SEC(".struct_ops.link")
struct tcp_congestion_ops___fit fit_ops = {
	.ssthresh = (void *)ca_ssthresh,
	.cong_avoid = (void *)ca_cong_avoid,
	.cwnd_event_tx_start = (void *)fit_tx_start,
	.undo_cwnd = (void *)ca_undo_cwnd,
	.name = "stops_fit",
};

/* the same layout: its X__fit_kernel is a macro for fit_ops' */
SEC(".struct_ops.link")
struct tcp_congestion_ops___fit fit_ops2 = {
	.name = "stops_fit2",
};

struct tcp_congestion_ops___wide {
	u32 (*ssthresh)(struct sock *sk);
	char name[16];
	__u64 flags;
};

SEC(".struct_ops.link")
struct tcp_congestion_ops___wide fit_wide = {
	.name = "stops_fit_wide",
};
