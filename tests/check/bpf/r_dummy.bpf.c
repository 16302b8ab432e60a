// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* bpf_dummy_ops loads but never registers: attach EOPNOTSUPP. */
#include "check_common.h"
struct bpf_dummy_ops_state;
struct bpf_dummy_ops {
	int (*test_1)(struct bpf_dummy_ops_state *cb);
};
SEC("struct_ops")
int BPF_PROG(dummy_test_1, struct bpf_dummy_ops_state *state) { return 0; }
SEC(".struct_ops")
struct bpf_dummy_ops dummy = { .test_1 = (void *)dummy_test_1 };
