/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/* tcp_cc: counters shared by the BPF congestion control and its loader. */
#ifndef TCP_CC_H
#define TCP_CC_H

/* The whole .bss of tcp_cc.bpf.o: how many times each program ran. */
struct tcp_cc_counters {
	unsigned long long init;
	unsigned long long init_alt;
	unsigned long long ssthresh;
	unsigned long long undo_cwnd;
	unsigned long long cong_avoid;
	unsigned long long release;
};

#endif
