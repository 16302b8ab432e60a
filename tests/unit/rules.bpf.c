// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * Object for unit.check_rules: maps of one tcp_congestion_ops flavor, each
 * breaking at most one of the kernel's rules (gen/kernel_rules.c), checked
 * against kernel BTF the test writes.
 */
#include <linux/types.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

struct sock;
typedef __u32 u32;

char _license[] SEC("license") = "GPL";

struct tcp_congestion_ops___unit {
	u32 (*ssthresh)(struct sock *sk);
	void (*cong_avoid)(struct sock *sk, u32 ack, u32 acked);
	u32 (*undo_cwnd)(struct sock *sk);
	u32 (*get_info)(struct sock *sk);
	u32 flags;
	u32 key;
	char name[16];
};

SEC("struct_ops")
u32 BPF_PROG(unit_ssthresh, struct sock *sk) { return 2; }
SEC("struct_ops")
u32 BPF_PROG(unit_undo_cwnd, struct sock *sk) { return 2; }
SEC("struct_ops")
void BPF_PROG(unit_cong_avoid, struct sock *sk, u32 ack, u32 acked) {}
SEC("struct_ops")
u32 BPF_PROG(unit_get_info, struct sock *sk) { return 0; }

#define UNIT_MAP(n) \
	SEC(".struct_ops.link") struct tcp_congestion_ops___unit n
#define UNIT_PROGS                                                          \
	.ssthresh = (void *)unit_ssthresh, .cong_avoid = (void *)unit_cong_avoid, \
	.undo_cwnd = (void *)unit_undo_cwnd

UNIT_MAP(ok) = { UNIT_PROGS, .flags = 1, .name = "unit_ok" };
UNIT_MAP(no_ssthresh) = { .cong_avoid = (void *)unit_cong_avoid,
			  .undo_cwnd = (void *)unit_undo_cwnd,
			  .name = "unit_b" };
UNIT_MAP(refused) = { UNIT_PROGS, .get_info = (void *)unit_get_info,
		      .name = "unit_c" };
UNIT_MAP(data) = { UNIT_PROGS, .key = 5, .name = "unit_d" };
UNIT_MAP(flags4) = { UNIT_PROGS, .flags = 4, .name = "unit_e" };
UNIT_MAP(bad_name) = { UNIT_PROGS, .name = "unit f" };
