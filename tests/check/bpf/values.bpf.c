// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * Values the minimal kernel's struct stops_val_ops (mkbtf) will read
 * wrongly: an enum value it does not define, 2 in a bool, 0xffffffff in a
 * signed int, a string without its NUL. Notes, not errors: libbpf copies
 * the bytes all the same.
 */
#include "check_common.h"

SEC("struct_ops")
int BPF_PROG(val_test_1, struct sock *sk)
{
	return 0;
}

enum stops_mode___v { STOPS_A___v, STOPS_B___v };

struct stops_val_ops___v {
	int (*test_1)(struct sock *sk);
	enum stops_mode___v mode;
	unsigned char on;
	unsigned int knob;
	char tag[4];
};

SEC(".struct_ops")
struct stops_val_ops___v val_ops = {
	.test_1 = (void *)val_test_1,
	.mode = 5,
	.on = 2,
	.knob = 0xffffffff,
	.tag = "abcd",
};
