// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * sched_ext: a global FIFO scheduler whose ops table the loader edits.
 * Built against vmlinux.h of a kernel with sched_ext (tests/vm: sid's); the
 * kfuncs are declared by that vmlinux.h (bpftool >= 7.4 emits them).
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

#include "sched_ext.h"

/* sched_ext's kfuncs are GPL-only. */
char LICENSE[] SEC("license") = "GPL";

struct sched_ext_counters counters;

/* Sleepable: creating a DSQ allocates. */
SEC("struct_ops.s/fifo_init")
s32 BPF_PROG(fifo_init)
{
	__sync_fetch_and_add(&counters.init, 1);
	return scx_bpf_create_dsq(FIFO_DSQ, -1);
}

SEC("struct_ops/fifo_enqueue")
void BPF_PROG(fifo_enqueue, struct task_struct *p, u64 enq_flags)
{
	__sync_fetch_and_add(&counters.enqueue, 1);
	scx_bpf_dsq_insert(p, FIFO_DSQ, SCX_SLICE_DFL, enq_flags);
}

/* Not in the table as compiled: the loader swaps it into the enqueue slot. */
SEC("struct_ops/fifo_enqueue_alt")
void BPF_PROG(fifo_enqueue_alt, struct task_struct *p, u64 enq_flags)
{
	__sync_fetch_and_add(&counters.enqueue_alt, 1);
	scx_bpf_dsq_insert(p, FIFO_DSQ, SCX_SLICE_DFL, enq_flags);
}

SEC("struct_ops/fifo_dispatch")
void BPF_PROG(fifo_dispatch, s32 cpu, struct task_struct *prev)
{
	__sync_fetch_and_add(&counters.dispatch, 1);
	scx_bpf_dsq_move_to_local(FIFO_DSQ);
}

SEC("struct_ops/fifo_exit")
void BPF_PROG(fifo_exit, struct scx_exit_info *ei)
{
	__sync_fetch_and_add(&counters.exit, 1);
}

/*
 * As compiled: a name the loader replaces, no flags (every task would move
 * to this scheduler), the kernel's default timeout and batch.
 */
SEC(".struct_ops.link")
struct sched_ext_ops fifo = {
	.init = (void *)fifo_init,
	.enqueue = (void *)fifo_enqueue,
	.dispatch = (void *)fifo_dispatch,
	.exit = (void *)fifo_exit,
	.name = "fifo_compiled",
};
