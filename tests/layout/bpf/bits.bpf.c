/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/* Bitfields: widths, byte crossings, signed, _Bool, 64-bit units, :0. */
#include "common.bpf.h"

SEC(".struct_ops")
struct bits_ops bits = {
	.a = 5,
	.b = 17,
	.c = 99,
	.d = 777,
	.e = -3,
	.flag = 1,
	.f = 2,
	.g = -4,
	.h = 300,
	.pre = 0x01020304u,
	.x40 = 0xabcdef1234ULL,
	.lo = 0x54321,
	.span = 0x2badcafe,
	.sbig = -4321,
	.ch = 'q',
	.after_char = 0x1deadbeefULL,
	.col = KINDS_BLUE,
	.plain = -77,
	.last = 1,
};

SEC(".struct_ops")
struct bits2_ops bits2 = {
	.q = -1,
	.qb = 0xa5,
	.qc = 0x123456789aULL,
	.w1 = 0xfedcba987654321ULL,
	.w2 = 0x2aa,
	.s1 = 0xabc,
	.s2 = 0x2d,
	.one = -1,
	.full = 0xdeadbeefu,
	.full64 = 0xfeedfacecafebeefULL,
	.bu = { .ua = 5 },
	.c = 'C',
	.big = 0xabcdef01234567ULL,
};
