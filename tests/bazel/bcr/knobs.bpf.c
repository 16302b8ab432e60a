// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* knobs: a struct_ops table the test opens with libbpf (never loads). */
#include "knobs.h"

/* No kernel headers: the object builds without vmlinux.h. */
#define SEC(name) __attribute__((section(name), used))

char LICENSE[] SEC("license") = "Dual BSD/GPL";

SEC("struct_ops/knobs_run")
int knobs_run(unsigned long long *ctx)
{
	return 0;
}

SEC(".struct_ops")
struct knobs_ops knobs = {
	.run = (void *)knobs_run,
	.level = 7,
	.name = "bcr_knobs",
	.limit = 1ULL << 40,
};
