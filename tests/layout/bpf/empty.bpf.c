/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/* No struct_ops map at all: the header must be valid and define no types. */
#include "common.bpf.h"

int counter;

SEC("xdp")
int xdp_pass(void *ctx)
{
	counter++;
	return 2;
}
