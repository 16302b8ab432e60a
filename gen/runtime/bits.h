/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * Run-time code: bitfields no C bitfield places alike, read and written as bytes.
 * Every shadow header carries the lines between the emit markers
 * (scripts/mk-runtime turns them into the emitter's code at build time);
 * the lines above them let this file compile on its own (tests/runtime).
 */
/* stops-shadow: emit begin */
/*
 * Bitfields: one inside a naturally aligned unit of 1, 2, 4 or 8 bytes is
 * a C bitfield declared with that unit's type, which every SysV ABI (gcc
 * and clang, x86-64 and i386) places at its BTF bit. One crossing every
 * such unit, and each bitfield sharing a byte with it, lives in bytes
 * __bits_<i>, read and written through X__get_<f>() and X__set_<f>().
 */
#ifndef STOPS_SHADOW__GET_BITS
#define STOPS_SHADOW__GET_BITS
/* Bits [bit, bit + width) of little-endian bytes p (width 1..64). */
static inline unsigned long long stops_shadow__get_bits(const unsigned char *p, unsigned int bit, unsigned int width)
{
	unsigned long long v = 0;
	unsigned int i;

	for (i = 0; i < width; i++)
		v |= (unsigned long long)(p[(bit + i) / 8] >> (bit + i) % 8 & 1) << i;
	return v;
}

/* The same bits, sign-extended from the field's top bit. */
static inline long long stops_shadow__get_sbits(const unsigned char *p, unsigned int bit, unsigned int width)
{
	unsigned long long v = stops_shadow__get_bits(p, bit, width);

	if (width < 64 && (v >> (width - 1) & 1))
		v |= ~0ULL << width;
	return (long long)v;
}

/* Stores the low width bits of v; the bits around them are kept. */
static inline void stops_shadow__set_bits(unsigned char *p, unsigned int bit, unsigned int width, unsigned long long v)
{
	unsigned int i, b;

	for (i = 0; i < width; i++) {
		b = bit + i;
		p[b / 8] = (unsigned char)((p[b / 8] & ~(1u << b % 8)) | (unsigned int)(v >> i & 1) << b % 8);
	}
}
#endif

/* stops-shadow: emit end */
