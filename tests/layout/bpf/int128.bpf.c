/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/* 16-byte integers: BTF INT of size 16, which i386 compilers lack. */
#include "common.bpf.h"

SEC(".struct_ops")
struct int128_ops i128 = {
	.before = 1,
	.u128 = ((unsigned __int128)0x0102030405060708ULL << 64) | 0x1112131415161718ULL,
	.s128 = -2,
	.after = 3,
};
