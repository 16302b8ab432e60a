/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/* enum64.shadow.h: BTF ENUM64 and signed ENUM members (clang >= 15 object). */
#include <bpf/libbpf.h>
#include <stdint.h>

#include "bpf/types.h"
#include "check.h"
#include "enum64.shadow.h"

#define S struct enum64__e64__enum64_ops
#define O struct enum64_ops

enum64_e64_enum64_ops__ASSERT_MATCHES(struct enum64_ops);

int main(int argc, char **argv)
{
	const char *path = argc > 1 ? argv[1] : ENUM64_BPF_OBJECT;
	struct bpf_object *obj;
	S *s, z;

	CHECK_SIZE(S, O);
	CHECK_SAME(S, O, big);
	CHECK_SAME(S, O, neg);
	CHECK_SAME(S, O, top);
	CHECK_SAME(S, O, sign);
	CHECK_SAME(S, O, sneg);
	CHECK_SAME(S, O, hneg);
	CHECK_SAME(S, O, bigs);
	CHECK_SAME(S, O, bigs[1]);
	CHECK_SAME(S, O, emin);
	CHECK_SAME(S, O, imin);

	/* size and signedness of the enum */
	CHECK_INT(IS_SIGNED(((S *)0)->big), 0);
	CHECK_INT(IS_SIGNED(((S *)0)->neg), 1);
	CHECK_INT(IS_SIGNED(((S *)0)->top), 0);
	CHECK_INT(IS_SIGNED(((S *)0)->sign), 1);
	CHECK_INT(IS_SIGNED(((S *)0)->sneg), 1);
	CHECK_INT(IS_SIGNED(((S *)0)->hneg), 1);
	CHECK_INT(IS_SIGNED(((S *)0)->bigs[0]), 0);
	CHECK_INT(sizeof(((S *)0)->sneg), 1);
	CHECK_INT(sizeof(((S *)0)->hneg), 2);

	/* constants: full 64-bit values, with their sign */
	CHECK_INT(enum64__E64_BIG0, 0);
	CHECK_INT(enum64__E64_BIG, 0x123456789ULL);
	CHECK_INT(enum64__E64_NEG, -0x123456789LL);
	CHECK(enum64__E64_NEG < 0, "E64_NEG negative");
	CHECK_INT(enum64__E64_NEGPOS, 5);
	CHECK(enum64__E64_TOP == 0xfedcba9876543210ULL, "E64_TOP = %#llx",
	      (unsigned long long)enum64__E64_TOP);
	CHECK(enum64__E64_TOP > 0, "E64_TOP positive");
	CHECK_INT(enum64__E64_M1, -1);
	CHECK_INT(enum64__E64_ONE, 1);
	CHECK_INT(enum64__E64_SNEG, -2);
	CHECK_INT(enum64__E64_SPOS, 100);
	CHECK_INT(enum64__E64_HNEG, -300);
	CHECK_INT(enum64__E64_HPOS, 300);
	CHECK(enum64__E64_MIN == INT64_MIN, "E64_MIN = %lld",
	      (long long)enum64__E64_MIN);
	CHECK(enum64__E64_MIN < 0, "E64_MIN negative");
	CHECK_INT(enum64__E64_MAX, INT64_MAX);
	CHECK_INT(enum64__E64_IMIN, INT32_MIN);
	CHECK(enum64__E64_IMIN < 0, "E64_IMIN negative");
	CHECK_INT(enum64__E64_IMAX, INT32_MAX);
	/* the constants are single expressions */
	CHECK_INT(sizeof enum64__E64_NEG, 8);
	CHECK_INT(-enum64__E64_NEG, 0x123456789LL);
	CHECK_INT(1 - enum64__E64_IMIN, 1LL + 0x80000000LL);

	libbpf_set_print(NULL);
	obj = bpf_object__open_file(path, NULL);
	if (!obj) {
		fprintf(stderr, "open %s: %s\n", path, strerror(errno));
		return 1;
	}
	s = enum64_e64_enum64_ops__from_object(obj);
	CHECK(s != NULL, "from_object: errno %d", errno);
	if (s) {
		CHECK_INT(s->big, 0x123456789ULL);
		CHECK_INT(s->neg, -0x123456789LL);
		CHECK(s->top == 0xfedcba9876543210ULL, "top = %#llx",
		      (unsigned long long)s->top);
		CHECK_INT(s->sign, -1);
		CHECK_INT(s->sneg, -2);
		CHECK_INT(s->hneg, -300);
		CHECK_INT(s->bigs[0], 0x123456789ULL);
		CHECK_INT(s->bigs[1], 0);
		CHECK_INT(s->sbits, -1);
		CHECK_INT(s->nbits, -0x123456789LL);
		CHECK_INT(s->sign, enum64__E64_M1);
		CHECK_INT(s->neg, enum64__E64_NEG);
		CHECK(s->emin == INT64_MIN, "emin = %lld", (long long)s->emin);
		CHECK_INT(s->imin, INT32_MIN);
	}
	memset(&z, 0, sizeof(z));
	z.sbits = -8;
	CHECK_INT(z.sbits, -8);
	z.nbits = -(1LL << 39);
	CHECK_INT(z.nbits, -(1LL << 39));
	bpf_object__close(obj);
	return check_report("layout.runtime.enum64");
}
