/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/* Shared by the check tests' BPF objects: no vmlinux.h, so each object
 * declares exactly the flavor of struct tcp_congestion_ops it means. */
#ifndef CHECK_COMMON_H
#define CHECK_COMMON_H

typedef unsigned char __u8;
typedef unsigned short __u16;
typedef unsigned int __u32;
typedef unsigned long long __u64;
typedef signed char __s8;
typedef short __s16;
typedef int __s32;
typedef long long __s64;
typedef __u16 __be16;
typedef __u32 __be32;
typedef __u32 __wsum;
typedef __u32 u32;
typedef __u8 u8;

#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

struct sock;

#ifndef CHECK_LICENSE
#define CHECK_LICENSE "GPL"
#endif
#ifndef CHECK_NO_LICENSE
char _license[] SEC("license") = CHECK_LICENSE;
#endif

/* The members every test flavor starts with, as the kernel declares them. */
#define CHECK_CA_PROGS							\
	SEC("struct_ops")						\
	u32 BPF_PROG(ca_ssthresh, struct sock *sk) { return 2; }	\
	SEC("struct_ops")						\
	u32 BPF_PROG(ca_undo_cwnd, struct sock *sk) { return 2; }	\
	SEC("struct_ops")						\
	void BPF_PROG(ca_cong_avoid, struct sock *sk, u32 ack, u32 acked) {}

#endif /* CHECK_COMMON_H */
