// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * Names Go cannot take as they are: Go keywords (type, func), a case clash
 * (name, Name), names that clash with the methods of the map's view
 * (value, check, fit_kernel: Value, Check, FitKernel) or with a setter of
 * another slot (x and set_x: X, SetX), a leading underscore and digits,
 * bitfields with a getter/setter clash; a union; an anonymous struct.
 */
#include <linux/types.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

char LICENSE[] SEC("license") = "GPL";

union go_u {
	__u32 word;
	__u8 bytes[4];
	__u16 half;
};

struct go_names_ops {
	int (*value)(void *arg);
	int (*check)(void *arg);
	int (*fit_kernel)(void *arg);
	int (*x)(void *arg);
	int (*set_x)(void *arg);
	__u32 type;
	__u32 func;
	char name[8];
	char Name[8];
	__u32 _9lives;
	__u32 b : 3, set_b : 5, c : 24;
	union go_u u;
	struct {
		__u16 lo, hi;
	} anon;
	__u64 tail;
};

SEC("struct_ops")
int BPF_PROG(go_x, void *arg)
{
	return 0;
}

SEC(".struct_ops.link")
struct go_names_ops go_names = {
	.x = (void *)go_x,
	.type = 1,
	.name = "n",
	.Name = "N",
	.b = 5,
	.set_b = 9,
};
