// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* libbpf refuses bitfield members the kernel also has. */
#include "check_common.h"

SEC("struct_ops")
int BPF_PROG(bf_test_1, struct sock *sk)
{
	return 0;
}

struct stops_val_ops___bf {
	int (*test_1)(struct sock *sk);
	u32 bits : 4;
};

SEC(".struct_ops")
struct stops_val_ops___bf bf_ops = {
	.test_1 = (void *)bf_test_1,
	.bits = 3,
};
