/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/* sched_ext: counters shared by the BPF scheduler and its loader. */
#ifndef SCHED_EXT_EXAMPLE_H
#define SCHED_EXT_EXAMPLE_H

/* The custom dispatch queue every task of the scheduler goes through. */
#define FIFO_DSQ 1024

/* The whole .bss of sched_ext.bpf.o: how many times each program ran. */
struct sched_ext_counters {
	unsigned long long init;
	unsigned long long enqueue;
	unsigned long long enqueue_alt;
	unsigned long long dispatch;
	unsigned long long exit;
};

#endif
