// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* Object for the model unit tests: one of each layout situation. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

enum color { RED = 1, GREEN = 2 };

struct unit_ops {
	int (*first)(int x);		/* 0: slot with a program */
	char tag;			/* 8 */
	unsigned int lo : 3, hi : 9;	/* bits 72..74, 75..83 */
	long big;			/* 16 */
	enum color c1;			/* 24 */
	enum color c2[2];		/* 28 */
	void *data;			/* 40: opaque */
	struct {
		short s;
		union {
			int i;
			char ch;
		};
	} named;			/* 48 */
	union {				/* 56: anonymous, inline */
		unsigned long long u64;
		int (*nested_fn)(void);	/* opaque: libbpf does not fill it */
	};
	int (*empty)(void);		/* 64: NULL slot */
	char tail;			/* 72, then 7 bytes of tail */
};

SEC("struct_ops/first_prog")
int BPF_PROG(first_prog, int x)
{
	return x;
}

SEC(".struct_ops")
struct unit_ops one = {
	.first = (void *)first_prog,
	.tag = 'T',
	.lo = 5,
	.hi = 300,
	.big = -2,
	.c1 = GREEN,
	.c2 = { RED, GREEN },
	.named = { .s = 7, .i = 9 },
	.u64 = 42,
	.tail = 1,
};

SEC(".struct_ops.link")
struct unit_ops two = { .tag = 'U' };

/* Two maps of a flat type: one shared layout, programs per map. */
struct flat_ops {
	int (*a)(int x);
	unsigned int n;
	int (*b)(int x);
};

SEC(".struct_ops.link")
struct flat_ops flat1 = { .a = (void *)first_prog, .n = 1 };

SEC(".struct_ops.link")
struct flat_ops flat2 = { .b = (void *)first_prog, .n = 2 };

char _license[] SEC("license") = "GPL";
