// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* struct stops_test_ops exists only in the test's module BTF (mkbtf). */
#include "check_common.h"

SEC("struct_ops")
int BPF_PROG(mod_test_1, struct sock *sk)
{
	return 0;
}

struct stops_test_ops___v1 {
	int (*test_1)(struct sock *sk);
	u32 knob;
};

SEC(".struct_ops")
struct stops_test_ops___v1 mod_ops = {
	.test_1 = (void *)mod_test_1,
	.knob = 7,
};
