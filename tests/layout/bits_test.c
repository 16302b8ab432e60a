/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/* bits.shadow.h: bitfield values as compiled, layout of the other members. */
#include <bpf/libbpf.h>
#include <stdint.h>

#include "bpf/types.h"
#include "check.h"
#include "bits.shadow.h"

#define S struct bits__bits__bits_ops
#define O struct bits_ops

bits_bits_bits_ops__ASSERT_MATCHES(struct bits_ops);

#define S2 struct bits__bits2__bits2_ops

bits_bits2_bits2_ops__ASSERT_MATCHES(struct bits2_ops);

static void check_bits2(struct bpf_object *obj)
{
	S2 *s = bits_bits2_bits2_ops__from_object(obj), z;
	volatile int v = 1;
	volatile unsigned long long all = ~0ULL;

	CHECK_SIZE(S2, struct bits2_ops);
	CHECK_SAME(S2, struct bits2_ops, q);
	CHECK_SAME(S2, struct bits2_ops, bu);
	CHECK_SAME(S2, struct bits2_ops, c);
	CHECK(s != NULL, "bits2 from_object: errno %d", errno);
	if (s) {
		CHECK_INT(s->q, -1);
		CHECK_INT(s->qb, 0xa5);
		CHECK_INT(s->qc, 0x123456789aULL);
		CHECK_INT(s->w1, 0xfedcba987654321ULL);
		CHECK_INT(s->w2, 0x2aa);
		CHECK_INT(s->s1, 0xabc);
		CHECK_INT(s->s2, 0x2d);
		CHECK_INT(s->one, -1);
		CHECK_INT(s->full, 0xdeadbeefu);
		CHECK_INT(s->full64, 0xfeedfacecafebeefULL);
		CHECK_INT(s->bu.ua, 5);
		CHECK_INT(s->bu.ub, 5);
		CHECK_INT(s->c, 'C');
		CHECK_INT(s->big, 0xabcdef01234567ULL);
	}
	memset(&z, 0, sizeof(z));
	z.one = v;
	CHECK_INT(z.one, -1);
	z.full64 = ~0ULL;
	CHECK_INT(z.full64, ~0ULL);
	z.big = all;
	CHECK_INT(z.big, 0xffffffffffffffULL);
}

int main(int argc, char **argv)
{
	const char *path = argc > 1 ? argv[1] : BITS_BPF_OBJECT;
	struct bpf_object *obj;
	S *s, z;
	volatile unsigned int wrap8 = 8;

	CHECK_SIZE(S, O);
	CHECK_SAME(S, O, pre);
	CHECK_SAME(S, O, ch);
	CHECK_SAME(S, O, plain);

	libbpf_set_print(NULL);
	obj = bpf_object__open_file(path, NULL);
	if (!obj) {
		fprintf(stderr, "open %s: %s\n", path, strerror(errno));
		return 1;
	}
	s = bits_bits_bits_ops__from_object(obj);
	CHECK(s != NULL, "from_object: errno %d", errno);
	if (s) {
		CHECK_INT(s->a, 5);
		CHECK_INT(s->b, 17);
		CHECK_INT(s->c, 99);
		CHECK_INT(s->d, 777);
		CHECK_INT(s->e, -3);
		CHECK_INT(s->flag, 1);
		CHECK_INT(s->f, 2);
		CHECK_INT(s->g, -4);
		CHECK_INT(s->h, 300);
		CHECK_INT(s->pre, 0x01020304u);
		CHECK_INT(s->x40, 0xabcdef1234ULL);
		CHECK_INT(s->lo, 0x54321);
		CHECK_INT(s->span, 0x2badcafe);
		CHECK_INT(s->sbig, -4321);
		CHECK_INT(s->ch, 'q');
		CHECK_INT(s->after_char, 0x1deadbeefULL);
		CHECK_INT((enum kinds_color)s->col, KINDS_BLUE);
		CHECK_INT(s->plain, -77);
		CHECK_INT(s->last, 1);
	}

	/* widths: the largest value fits, one more wraps */
	memset(&z, 0, sizeof(z));
	z.a = 7;
	CHECK_INT(z.a, 7);
	z.a = wrap8;
	CHECK_INT(z.a, 0);
	z.d = 1023;
	CHECK_INT(z.d, 1023);
	z.e = 7;
	CHECK_INT(z.e, 7);
	z.e = -8;
	CHECK_INT(z.e, -8);
	z.h = 511;
	CHECK_INT(z.h, 511);
	z.x40 = 0xffffffffffULL;
	CHECK_INT(z.x40, 0xffffffffffULL);
	z.span = (1u << 30) - 1;
	CHECK_INT(z.span, (1u << 30) - 1);
	z.sbig = -8192;
	CHECK_INT(z.sbig, -8192);
	z.after_char = 0x1ffffffffULL;
	CHECK_INT(z.after_char, 0x1ffffffffULL);
	z.col = 7;
	CHECK_INT(z.col, 7);
	/* signed bitfields are signed, unsigned ones are not */
	z.g = -1;
	CHECK(z.g < 0, "g signed");
	z.f = 3;
	CHECK(z.f > 0, "f unsigned");
	/* a _Bool bitfield stays _Bool: any non-zero value stores 1 */
	z.flag = wrap8;
	CHECK_INT(z.flag, 1);

	check_bits2(obj);
	bpf_object__close(obj);
	return check_report("layout.runtime.bits");
}
