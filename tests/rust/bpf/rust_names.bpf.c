/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * Names Rust reserves, as members (legal C): keywords a raw identifier
 * spells (type, match, fn, move, async), the four it cannot (self, Self,
 * crate, super, renamed with a trailing underscore), mixed case (rustc's
 * snake case lint), a bitfield whose setter set_mode would clash with a
 * member of that name, a bool, a packed and a union type; tests/rust's
 * layout test compiles its module with warnings denied, rust.names reads
 * the spellings.
 */
#include <stdbool.h>

#define SEC(s) __attribute__((section(s), used))

struct rn_inner {
	int type;
	unsigned int mode : 3;
	unsigned int self : 5;
	int set_mode;
} __attribute__((packed));

union rn_union {
	int match;
	char fn[8];
};

struct rn_ops {
	int (*init)(void *ctx);
	int type;
	int self;
	int Self;
	int crate;
	int super;
	int move;
	int async;
	int camelCase;
	bool enabled;
	char pad1;
	struct rn_inner inner;
	union rn_union u;
	unsigned long long tail;
};

SEC("struct_ops/rn_init")
int rn_init(void *ctx)
{
	return 0;
}

SEC(".struct_ops")
struct rn_ops rn = {
	.init = (void *)rn_init,
	.type = 1,
	.self = 2,
	.enabled = true,
};

char LICENSE[] SEC("license") = "GPL";
