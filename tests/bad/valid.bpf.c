// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* The valid object every hostile case in tests/bad is derived from (and
 * fuzz.seeds' template); its types keep the name hostile_*. */
#include <linux/types.h>
#include <bpf/bpf_helpers.h>

char _license[] SEC("license") = "GPL";

/* A struct_ops type of our own: scalars, an array, a nested struct and
 * function pointers, so each table of the object has something to break. */
struct hostile_limits {
	__u32 lo;
	__u32 hi;
};

struct hostile_ops {
	int (*init)(void *ctx);
	void (*release)(void *ctx);
	__u32 flags;
	__u16 weight;
	__u8 kind : 3;
	__u8 mode : 5;
	char name[16];
	struct hostile_limits limits;
	__u64 cookie;
	int (*tick)(void *ctx, __u32 n);
};

SEC("struct_ops/hostile_init")
int hostile_init(unsigned long long *ctx)
{
	return 0;
}

SEC("struct_ops/hostile_release")
void hostile_release(unsigned long long *ctx)
{
}

SEC("struct_ops/hostile_tick")
int hostile_tick(unsigned long long *ctx)
{
	return (int)ctx[1];
}

SEC(".struct_ops")
struct hostile_ops hostile_a = {
	.init = (void *)hostile_init,
	.release = (void *)hostile_release,
	.flags = 0x11,
	.weight = 7,
	.kind = 5,
	.mode = 17,
	.name = "hostile_a",
	.limits = { .lo = 1, .hi = 100 },
	.cookie = 0x1122334455667788ULL,
	.tick = (void *)hostile_tick,
};

SEC(".struct_ops.link")
struct hostile_ops hostile_b = {
	.init = (void *)hostile_init,
	.flags = 0x22,
	.name = "hostile_b",
};
