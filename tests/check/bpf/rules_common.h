/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * The rule objects: one tcp_congestion_ops flavor with the members the
 * kernel rules are about, each object one rule on one side of it. Every
 * tcp name is distinct (stx_<case>): names are global in the kernel.
 */
#ifndef RULES_COMMON_H
#define RULES_COMMON_H

#include "check_common.h"

struct rate_sample;
union tcp_cc_info;

struct tcp_congestion_ops___r {
	u32 (*ssthresh)(struct sock *sk);
	void (*cong_avoid)(struct sock *sk, u32 ack, u32 acked);
	void (*cong_control)(struct sock *sk, u32 ack, int flag,
			     const struct rate_sample *rs);
	u32 (*undo_cwnd)(struct sock *sk);
	unsigned long (*get_info)(struct sock *sk, u32 ext, int *attr,
				  union tcp_cc_info *info);
	char name[16];
	u32 key;
	u32 flags;
};

#define RULE_MAP(n) SEC(".struct_ops.link") struct tcp_congestion_ops___r n
/* the members every valid map sets */
#define RULE_REQUIRED						\
	.ssthresh = (void *)ca_ssthresh,				\
	.cong_avoid = (void *)ca_cong_avoid,				\
	.undo_cwnd = (void *)ca_undo_cwnd

#endif
