/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * Enums as BTF ENUM64 and signed ENUM (kflag): needs clang >= 15, older
 * clang truncates the constants to 32 bits and drops the signedness.
 */
#include "common.bpf.h"

SEC(".struct_ops")
struct enum64_ops e64 = {
	.big = E64_BIG,
	.neg = E64_NEG,
	.top = E64_TOP,
	.sign = E64_M1,
	.sneg = E64_SNEG,
	.hneg = E64_HNEG,
	.bigs = { E64_BIG, E64_BIG0 },
	.sbits = E64_M1,
	.nbits = E64_NEG,
	.emin = E64_MIN,
	.imin = E64_IMIN,
};
