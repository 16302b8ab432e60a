// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * unit.dwarf_real's own object, built as DWARF 4 and 5: BPF_PROG programs
 * of 0, 1 and 3 arguments. Each body changes a global, so its code
 * survives inlining and clang keeps ____<prog> in the DWARF.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

struct dwarf_ops {
	int (*none)(void);
	int (*one)(int x);
	int (*three)(int x, long y, char z);
};

int hits;

SEC("struct_ops/dw_none")
int BPF_PROG(dw_none)
{
	hits++;
	return 0;
}

SEC("struct_ops/dw_one")
int BPF_PROG(dw_one, int x)
{
	hits += x;
	return 0;
}

SEC("struct_ops/dw_three")
int BPF_PROG(dw_three, int x, long y, char z)
{
	hits += x + (int)y + z;
	return 0;
}

SEC(".struct_ops")
struct dwarf_ops dw = {
	.none = (void *)dw_none,
	.one = (void *)dw_one,
	.three = (void *)dw_three,
};

char LICENSE[] SEC("license") = "GPL";
