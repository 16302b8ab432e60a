/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * Fills zeroed shadow structs (or, with "orig", the original types of
 * types.h) member by member and prints their bytes in hex. Built -m64 and
 * -m32: the three outputs must be identical, which proves the bitfields
 * and every other member sit at the BPF offsets on i386 too.
 *
 * usage: bitproof shadow|orig
 */
#define STOPS_SHADOW_NO_LIBBPF
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "bpf/types.h"

#include "bits.shadow.h"
#include "edge.shadow.h"
#include "kinds.shadow.h"
#include "multi.shadow.h"
#include "packed.shadow.h"
#ifdef HAVE_ENUM64
#include "enum64.shadow.h"
#endif

/* Assign through memcpy: the original types have const members. */
#define SETM(p, m, x)                                                         \
	do {                                                                  \
		__typeof__((p)->m) v_ = (x);                                  \
		memcpy((void *)&(p)->m, (const void *)&v_, sizeof(v_));       \
	} while (0)

#define FN_SHADOW(p, m, x) ((p)->m = (struct bpf_program *)(uintptr_t)(x))
#define FN_ORIG(p, m, x)                                                      \
	do {                                                                  \
		uint64_t x_ = (x);                                            \
		memcpy((void *)&(p)->m, &x_, sizeof(x_));                     \
	} while (0)

#define FILL_BITS(p, FN)                                                      \
	do {                                                                  \
		(p)->a = 5;                                                   \
		(p)->b = 17;                                                  \
		(p)->c = 99;                                                  \
		(p)->d = 777;                                                 \
		(p)->e = -3;                                                  \
		(p)->flag = 1;                                                \
		(p)->f = 2;                                                   \
		(p)->g = -4;                                                  \
		(p)->h = 300;                                                 \
		(p)->pre = 0x01020304u;                                       \
		(p)->x40 = 0xabcdef1234ULL;                                   \
		(p)->lo = 0x54321;                                            \
		(p)->span = 0x2badcafe;                                       \
		(p)->sbig = -4321;                                            \
		(p)->ch = 'q';                                                \
		(p)->after_char = 0x1deadbeefULL;                             \
		(p)->col = KINDS_BLUE;                                        \
		(p)->plain = -77;                                             \
		(p)->last = 1;                                                \
	} while (0)

#define FILL_BITS2(p, FN)                                                     \
	do {                                                                  \
		(p)->q = -1;                                                  \
		(p)->qb = 0xa5;                                               \
		(p)->qc = 0x123456789aULL;                                    \
		(p)->w1 = 0xfedcba987654321ULL;                               \
		(p)->w2 = 0x2aa;                                              \
		(p)->s1 = 0xabc;                                              \
		(p)->s2 = 0x2d;                                               \
		(p)->one = -1;                                                \
		(p)->full = 0xdeadbeefu;                                      \
		(p)->full64 = 0xfeedfacecafebeefULL;                          \
		(p)->bu.ua = 5;                                               \
		(p)->c = 'C';                                                 \
		(p)->big = 0xabcdef01234567ULL;                               \
	} while (0)

#define FILL_KINDS(p, FN)                                                     \
	do {                                                                  \
		int i_;                                                       \
		(p)->c = 'c';                                                 \
		(p)->sc = -100;                                               \
		(p)->uc = 250;                                                \
		(p)->b = 1;                                                   \
		(p)->s = -12345;                                              \
		(p)->us = 54321;                                              \
		(p)->i = -2000000000;                                         \
		(p)->ui = 4000000000u;                                        \
		(p)->l = -5;                                                  \
		(p)->ul = 0xfedcba98u;                                        \
		(p)->ll = -0x123456789abcdefLL;                               \
		(p)->ull = 0xa5a5a5a55a5a5a5aULL;                             \
		(p)->td = 0xdeadbeefu;                                        \
		SETM(p, ci, -42);                                             \
		(p)->vus = 0xbeef;                                            \
		SETM(p, cvi, 77);                                             \
		(p)->td2 = 123456789u;                                        \
		(p)->f = 1.5f;                                                \
		(p)->d = -2.25;                                               \
		(p)->color = KINDS_BLUE;                                      \
		(p)->sign = KINDS_NEG;                                        \
		(p)->small = KINDS_S200;                                      \
		(p)->small_neg = KINDS_SN;                                    \
		(p)->half = KINDS_H;                                          \
		(p)->big = KINDS_BIG;                                         \
		(p)->bigneg = KINDS_BIGNEG;                                   \
		(p)->top = KINDS_TOP;                                         \
		memcpy((p)->name, "0123456789abcde", 16);                     \
		for (i_ = 0; i_ < 3; i_++)                                    \
			(p)->ints[i_] = -i_ - 1;                              \
		for (i_ = 0; i_ < 6; i_++)                                    \
			(p)->grid[i_ / 3][i_ % 3] = 0xf0 + i_;                \
		for (i_ = 0; i_ < 8; i_++)                                    \
			(p)->cube[i_ / 4][(i_ / 2) % 2][i_ % 2] = i_ << 20;   \
		(p)->colors[0] = KINDS_GREEN;                                 \
		(p)->colors[2] = KINDS_BLUE;                                  \
		(p)->elems[0].s = -7;                                         \
		(p)->elems[0].c = 'x';                                        \
		(p)->elems[1].s = 8;                                          \
		(p)->elems[1].c = 'y';                                        \
		(p)->longs[0] = -1;                                           \
		(p)->longs[1] = 0x7fffffff;                                   \
		FN(p, fn_a, 0x11223344u);                                     \
		FN(p, fn_b, 0x55667788u);                                     \
		(p)->nested.a = 0x1234;                                       \
		(p)->nested.in.x = -99;                                       \
		memcpy((p)->nested.in.tag, "tag", 4);                         \
		(p)->nested.b = 0x1122334455667788LL;                         \
		(p)->nested.nested_anon_w = 0xcafef00du;                      \
		(p)->u.w = 0x01020304u;                                       \
		(p)->anon_x = 31337;                                          \
		(p)->anon_y = -31;                                            \
		(p)->anon_w = 0x3f800000u;                                    \
		(p)->last = 'z';                                              \
	} while (0)

#define FILL_PAD(p, FN)                                                       \
	do {                                                                  \
		(p)->c = 1;                                                   \
		(p)->i = -2;                                                  \
		(p)->c2 = 3;                                                  \
		(p)->ll = 0x0102030405060708LL;                               \
		(p)->pi.a = 'p';                                              \
		(p)->pi.b = 0x11223344;                                       \
		(p)->s = -5;                                                  \
		(p)->d = 6.5;                                                 \
		(p)->end = 'e';                                               \
	} while (0)

#define FILL_PTOP(p, FN)                                                      \
	do {                                                                  \
		(p)->c = 'P';                                                 \
		(p)->x = -0x1122334455667788LL;                               \
		(p)->y = 0x7eadbeef;                                          \
		(p)->z = -2;                                                  \
	} while (0)

#define FILL_AL(p, FN)                                                        \
	do {                                                                  \
		(p)->a = 10;                                                  \
		(p)->b = 20;                                                  \
		(p)->c = 30;                                                  \
		(p)->ll = 0x4040404040404040LL;                               \
		(p)->d = 50;                                                  \
	} while (0)

#define FILL_A(p, FN)                                                         \
	do {                                                                  \
		FN(p, init, 0x01020304u);                                     \
		(p)->flags = 0xa1a2a3a4u;                                     \
		memcpy((p)->name, "1234567", 8);                              \
	} while (0)

#define FILL_B(p, FN)                                                         \
	do {                                                                  \
		(p)->id = 0x1000000001ULL;                                    \
		FN(p, run, 0xdeadbeefu);                                      \
		FN(p, stop, 0xfeedfaceu);                                     \
		(p)->port = 8080;                                             \
	} while (0)

#define FILL_AV2(p, FN)                                                       \
	do {                                                                  \
		FN(p, init, 0x01020304u);                                     \
		(p)->flags = 3;                                               \
		(p)->extra = 0xe7;                                            \
		memcpy((p)->name, "0123456789ABCDE", 16);                     \
	} while (0)

#define FILL_E64(p, FN)                                                       \
	do {                                                                  \
		(p)->big = E64_BIG;                                           \
		(p)->neg = E64_NEG;                                           \
		(p)->top = E64_TOP;                                           \
		(p)->sign = E64_M1;                                           \
		(p)->sneg = E64_SNEG;                                         \
		(p)->hneg = E64_HNEG;                                         \
		(p)->bigs[0] = E64_BIG;                                       \
		(p)->sbits = E64_M1;                                          \
		(p)->nbits = E64_NEG;                                         \
		(p)->emin = E64_MIN;                                          \
		(p)->imin = E64_IMIN;                                         \
	} while (0)

#define FILL_EDGE(p, FN)                                                      \
	do {                                                                  \
		int i_;                                                       \
		FN(p, tfn, 0x0a0b0c0du);                                      \
		(p)->bits.lo = 9;                                             \
		(p)->bits.hi = 0xabc;                                         \
		(p)->bits.neg = -11;                                          \
		(p)->u.ub.lo = 1;                                             \
		(p)->u.ub.hi = 0x7ff;                                         \
		(p)->u.ub.neg = -2;                                           \
		(p)->anon_arr[0].tag = 'a';                                   \
		(p)->anon_arr[1].val = -2;                                    \
		(p)->pt.x = -3;                                               \
		for (i_ = 0; i_ < 4; i_++)                                    \
			(p)->pts[i_ / 2][i_ % 2].y = 0x100 * i_ + 1;          \
		(p)->tails[0].a = -5;                                         \
		(p)->tails[1].a = 0x700000007LL;                              \
		(p)->tails[1].b = -8;                                         \
		(p)->holder.after = 99;                                       \
		(p)->anon_enum = EDGE_B;                                      \
		SETM(p, ct.a, 0x1234567890LL);                                \
		SETM(p, ct.b, 13);                                            \
		FN(p, cfn, 0x01010101u);                                      \
		(p)->end = 0xee;                                              \
	} while (0)

static void dump(const char *name, const void *p, size_t n)
{
	const unsigned char *b = p;
	size_t i;

	printf("%s %zu ", name, n);
	for (i = 0; i < n; i++)
		printf("%02x", b[i]);
	printf("\n");
}

/*
 * Static, so zero-initialized: an automatic T with const members is
 * default-initialized uninitialized, which clang 21 warns about
 * (-Wdefault-const-init-field-unsafe) even when memset zeroes it.
 */
#define DUMP(name, T, FILL, FN)                                               \
	do {                                                                  \
		static T v;                                                   \
		FILL(&v, FN);                                                 \
		dump(name, &v, sizeof(v));                                    \
	} while (0)

int main(int argc, char **argv)
{
	if (argc == 2 && !strcmp(argv[1], "shadow")) {
		DUMP("bits", struct bits_bits_bits_ops, FILL_BITS, FN_SHADOW);
		DUMP("bits2", struct bits_bits2_bits2_ops, FILL_BITS2,
		     FN_SHADOW);
		DUMP("kinds", struct kinds_kinds_kinds_ops, FILL_KINDS,
		     FN_SHADOW);
		DUMP("pad", struct packed_pad_packed_ops, FILL_PAD, FN_SHADOW);
		DUMP("ptop", struct packed_ptop_packed_top, FILL_PTOP,
		     FN_SHADOW);
		DUMP("al", struct packed_al_aligned_ops, FILL_AL, FN_SHADOW);
		DUMP("edge", struct edge_edge_edge_ops, FILL_EDGE, FN_SHADOW);
		DUMP("one", struct multi_one_multi_a_ops, FILL_A, FN_SHADOW);
		DUMP("link_b", struct multi_link_b_multi_b_ops, FILL_B,
		     FN_SHADOW);
		DUMP("flav", struct multi_flav_multi_a_ops___v2, FILL_AV2,
		     FN_SHADOW);
#ifdef HAVE_ENUM64
		DUMP("e64", struct enum64_e64_enum64_ops, FILL_E64, FN_SHADOW);
#endif
		return 0;
	}
	if (argc == 2 && !strcmp(argv[1], "orig")) {
		if (sizeof(long) != 8 || sizeof(void *) != 8) {
			fprintf(stderr, "orig: needs an LP64 build\n");
			return 2;
		}
		DUMP("bits", struct bits_ops, FILL_BITS, FN_ORIG);
		DUMP("bits2", struct bits2_ops, FILL_BITS2, FN_ORIG);
		DUMP("kinds", struct kinds_ops, FILL_KINDS, FN_ORIG);
		DUMP("pad", struct packed_ops, FILL_PAD, FN_ORIG);
		DUMP("ptop", struct packed_top, FILL_PTOP, FN_ORIG);
		DUMP("al", struct aligned_ops, FILL_AL, FN_ORIG);
		DUMP("edge", struct edge_ops, FILL_EDGE, FN_ORIG);
		DUMP("one", struct multi_a_ops, FILL_A, FN_ORIG);
		DUMP("link_b", struct multi_b_ops, FILL_B, FN_ORIG);
		DUMP("flav", struct multi_a_ops___v2, FILL_AV2, FN_ORIG);
#ifdef HAVE_ENUM64
		DUMP("e64", struct enum64_ops, FILL_E64, FN_ORIG);
#endif
		return 0;
	}
	fprintf(stderr, "usage: %s shadow|orig\n", argv[0]);
	return 2;
}
