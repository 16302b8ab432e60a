/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * What libbpf-cargo 0.27's types get wrong and ours right (the cargo
 * table, tests/rust/cargo-table, expect.txt): libbpf-cargo skips every
 * bitfield member (btf.rs: "we just skip them"), so a union whose widest
 * member is a bitfield shrinks to its other members, and every member
 * after it moves; a bitfield's value has no field to read at all.
 */
#include <linux/types.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

char LICENSE[] SEC("license") = "GPL";

/* 8 bytes in BTF; libbpf-cargo's union has `narrow` only: 1 byte */
union cargo_wide {
	__u64 wide : 40;
	__u8 narrow;
};

struct cargo_defect_ops {
	int (*op)(void);
	union cargo_wide u;
	__u32 after;
	__u32 flags : 3, mode : 5;
	__u16 tail;
	__s8 last : 4;
};

SEC("struct_ops/cargo_op")
int BPF_PROG(cargo_op)
{
	return 0;
}

SEC(".struct_ops")
struct cargo_defect_ops defects = {
	.op = (void *)cargo_op,
	.u = { .wide = 0x123456789aULL },
	.after = 0xabcdef01,
	.flags = 5,
	.mode = 17,
	.tail = 0x1234,
	.last = -3,
};
