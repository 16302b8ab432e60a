/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * kinds.shadow.h against types.h and the object: layout of every member,
 * the values libbpf hands out between open and load, accessor errors.
 */
#include <bpf/libbpf.h>
#include <stdint.h>
#include <stdlib.h>

#include "bpf/types.h"
#include "check.h"
#include "kinds.shadow.h"
#include "multi.shadow.h"

#define S struct kinds__kinds__kinds_ops
#define O struct kinds_ops

/* The header's own proof against the shared definition. */
kinds_kinds_kinds_ops__ASSERT_MATCHES(struct kinds_ops);

/* Both spellings name one type; nested types are named by path. */
static struct kinds_kinds_kinds_ops *const same_type = (S *)0;

static void check_layout(void)
{
	CHECK_SIZE(S, O);
	CHECK_SAME(S, O, c);
	CHECK_SAME(S, O, sc);
	CHECK_SAME(S, O, uc);
	CHECK_SAME(S, O, b);
	CHECK_SAME(S, O, s);
	CHECK_SAME(S, O, us);
	CHECK_SAME(S, O, i);
	CHECK_SAME(S, O, ui);
	CHECK_SAME(S, O, l);
	CHECK_SAME(S, O, ul);
	CHECK_SAME(S, O, ll);
	CHECK_SAME(S, O, ull);
	CHECK_SAME(S, O, td);
	CHECK_SAME(S, O, ci);
	CHECK_SAME(S, O, vus);
	CHECK_SAME(S, O, cvi);
	CHECK_SAME(S, O, td2);
	CHECK_SAME(S, O, f);
	CHECK_SAME(S, O, d);
	CHECK_SAME(S, O, color);
	CHECK_SAME(S, O, sign);
	CHECK_SAME(S, O, small);
	CHECK_SAME(S, O, small_neg);
	CHECK_SAME(S, O, half);
	CHECK_SAME(S, O, big);
	CHECK_SAME(S, O, bigneg);
	CHECK_SAME(S, O, top);
	CHECK_SAME(S, O, name);
	CHECK_SAME(S, O, ints);
	CHECK_SAME(S, O, grid);
	CHECK_SAME(S, O, grid[1]);
	CHECK_SAME(S, O, cube);
	CHECK_SAME(S, O, cube[1]);
	CHECK_SAME(S, O, cube[1][1]);
	CHECK_SAME(S, O, colors);
	CHECK_SAME(S, O, colors[2]);
	CHECK_SAME(S, O, elems);
	CHECK_SAME(S, O, elems[1]);
	CHECK_SAME(S, O, elems[1].s);
	CHECK_SAME(S, O, elems[1].c);
	CHECK_SAME(S, O, longs);
	CHECK_SAME(S, O, longs[1]);
	CHECK_SAME(S, O, fn_a);
	CHECK_SAME(S, O, fn_unset);
	CHECK_SAME(S, O, fn_b);
	CHECK_SAME(S, O, nested);
	CHECK_SAME(S, O, nested.a);
	CHECK_SAME(S, O, nested.in);
	CHECK_SAME(S, O, nested.in.x);
	CHECK_SAME(S, O, nested.in.tag);
	CHECK_SAME(S, O, nested.b);
	CHECK_SAME(S, O, nested.nested_anon_w);
	CHECK_SAME(S, O, nested.nested_anon_b);
	CHECK_SAME(S, O, u);
	CHECK_SAME(S, O, u.w);
	CHECK_SAME(S, O, u.b);
	CHECK_SAME(S, O, u.h);
	CHECK_SAME(S, O, anon_x);
	CHECK_SAME(S, O, anon_y);
	CHECK_SAME(S, O, anon_w);
	CHECK_SAME(S, O, anon_f);
	CHECK_SAME(S, O, last);

	/* scalar types keep their size and signedness */
	CHECK_INT(IS_SIGNED(((S *)0)->sc), 1);
	CHECK_INT(IS_SIGNED(((S *)0)->uc), 0);
	CHECK_INT(IS_SIGNED(((S *)0)->s), 1);
	CHECK_INT(IS_SIGNED(((S *)0)->us), 0);
	CHECK_INT(IS_SIGNED(((S *)0)->i), 1);
	CHECK_INT(IS_SIGNED(((S *)0)->ui), 0);
	CHECK_INT(IS_SIGNED(((S *)0)->l), 1);
	CHECK_INT(IS_SIGNED(((S *)0)->ul), 0);
	CHECK_INT(IS_SIGNED(((S *)0)->ll), 1);
	CHECK_INT(IS_SIGNED(((S *)0)->ull), 0);
	CHECK_INT(IS_SIGNED(((S *)0)->td), 0);
	CHECK_INT(IS_SIGNED(((S *)0)->ci), 1);
	CHECK_INT(IS_SIGNED(((S *)0)->vus), 0);
	CHECK_INT(IS_SIGNED(((S *)0)->cvi), 1);
	CHECK_INT(IS_SIGNED(((S *)0)->longs[0]), 1);
	/* _Bool stays _Bool: 2 converts to 1 */
	CHECK_INT((__typeof__(((S *)0)->b))2, 1);
	/* float stays float, double stays double */
	CHECK_INT((__typeof__(((S *)0)->f))0.5f == 0.5f, 1);
	CHECK_INT((__typeof__(((S *)0)->d))1e300 == 1e300, 1);
	CHECK_INT((__typeof__(((S *)0)->anon_f))0.25f == 0.25f, 1);
}

/* Enum constants come out once, prefixed with the object name. */
static void check_constants(void)
{
	CHECK_INT(kinds__KINDS_RED, KINDS_RED);
	CHECK_INT(kinds__KINDS_GREEN, KINDS_GREEN);
	CHECK_INT(kinds__KINDS_BLUE, KINDS_BLUE);
	CHECK_INT((enum kinds_sign)kinds__KINDS_NEG, KINDS_NEG);
	CHECK_INT(kinds__KINDS_POS, KINDS_POS);
	CHECK_INT(kinds__KINDS_S200, KINDS_S200);
	CHECK_INT((enum kinds_small_neg)kinds__KINDS_SN, KINDS_SN);
	CHECK_INT(kinds__KINDS_SP, KINDS_SP);
	CHECK_INT(kinds__KINDS_H, KINDS_H);
	/*
	 * clang 14 writes 64-bit enum constants to BTF truncated to 32 bits:
	 * only the low 32 bits are known to the generator. enum64.bpf.o
	 * (clang >= 15) checks full values.
	 */
	CHECK_INT((uint32_t)kinds__KINDS_BIG, (uint32_t)KINDS_BIG);
	CHECK_INT(kinds__KINDS_BIGPOS, KINDS_BIGPOS);
}

static void check_values(struct bpf_object *obj, S *s)
{
	struct bpf_program *prog_a, *prog_b;
	const unsigned char *raw = (const unsigned char *)s;
	size_t i;

	CHECK_INT(s->c, 'c');
	CHECK_INT(s->sc, -100);
	CHECK_INT(s->uc, 250);
	CHECK_INT(s->b, 1);
	CHECK_INT(s->s, -12345);
	CHECK_INT(s->us, 54321);
	CHECK_INT(s->i, -2000000000);
	CHECK_INT(s->ui, 4000000000u);
	CHECK_INT(s->l, -5000000000LL);
	CHECK_INT(s->ul, 0xfedcba9876543210ULL);
	CHECK_INT(s->ll, -0x123456789abcdefLL);
	CHECK_INT(s->ull, 0xa5a5a5a55a5a5a5aULL);
	CHECK_INT(s->td, 0xdeadbeefu);
	CHECK_INT(s->ci, -42);
	CHECK_INT(s->vus, 0xbeef);
	CHECK_INT(s->cvi, 77);
	CHECK_INT(s->td2, 123456789u);
	CHECK_DBL(s->f, 1.5f);
	CHECK_DBL(s->d, -2.25);

	CHECK_INT((enum kinds_color)s->color, KINDS_BLUE);
	CHECK_INT(s->color, kinds__KINDS_BLUE);
	CHECK_INT((enum kinds_sign)s->sign, KINDS_NEG);
	CHECK_INT((enum kinds_small)s->small, KINDS_S200);
	CHECK_INT(s->small, 200);
	CHECK_INT((enum kinds_small_neg)s->small_neg, KINDS_SN);
	CHECK_INT((enum kinds_half)s->half, KINDS_H);
	CHECK_INT(s->half, 0x1234);
	CHECK_INT((unsigned long long)s->big, 0x123456789ULL);
	CHECK_INT((long long)s->bigneg, -0x123456789LL);
	CHECK_INT((unsigned long long)s->top, 0xfedcba9876543210ULL);
	CHECK_INT(sizeof(s->small), 1);
	CHECK_INT(sizeof(s->half), 2);
	CHECK_INT(sizeof(s->color), 4);
	CHECK_INT(sizeof(s->big), 8);

	CHECK_STR(s->name, "kinds_name");
	CHECK_INT(sizeof(s->name), 16);
	for (i = strlen("kinds_name"); i < sizeof(s->name); i++)
		CHECK_INT(s->name[i], 0);
	CHECK_INT(s->ints[0], 1);
	CHECK_INT(s->ints[1], -2);
	CHECK_INT(s->ints[2], 3);
	for (i = 0; i < 6; i++)
		CHECK_INT(s->grid[i / 3][i % 3], (int)i + 1);
	for (i = 0; i < 8; i++)
		CHECK_INT(s->cube[i / 4][(i / 2) % 2][i % 2], (int)i + 1);
	CHECK_INT((enum kinds_color)s->colors[0], KINDS_GREEN);
	CHECK_INT((enum kinds_color)s->colors[1], KINDS_BLUE);
	CHECK_INT((enum kinds_color)s->colors[2], KINDS_RED);
	CHECK_INT(s->elems[0].s, -7);
	CHECK_INT(s->elems[0].c, 'x');
	CHECK_INT(s->elems[1].s, 8);
	CHECK_INT(s->elems[1].c, 'y');
	CHECK_INT(s->longs[0], -1);
	CHECK_INT(s->longs[1], 0x7fffffffffffffffLL);

	prog_a = bpf_object__find_program_by_name(obj, "prog_a");
	prog_b = bpf_object__find_program_by_name(obj, "prog_b");
	CHECK(prog_a && prog_b, "programs prog_a/prog_b not found");
	CHECK_PTR(s->fn_a, prog_a);
	CHECK_PTR(s->fn_unset, NULL);
	CHECK_PTR(s->fn_b, prog_b);

	CHECK_INT(s->nested.a, 0x1234);
	CHECK_INT(s->nested.in.x, -99);
	CHECK_STR(s->nested.in.tag, "tag");
	CHECK_INT(s->nested.b, 0x1122334455667788LL);
	CHECK_INT(s->nested.nested_anon_w, 0xcafef00du);
	CHECK_INT(s->nested.nested_anon_b[0], 0x0d);
	CHECK_INT(s->u.w, 0x01020304u);
	CHECK_INT(s->u.b[0], 0x04);
	CHECK_INT(s->u.b[3], 0x01);
	CHECK_INT(s->u.h, 0x0304);
	CHECK_INT(s->anon_x, 31337);
	CHECK_INT(s->anon_y, -31);
	CHECK_INT(s->anon_w, 0x3f800000u);
	CHECK_DBL(s->anon_f, 1.0f);
	CHECK_INT(s->last, 'z');

	/* opaque members: the bytes are there, left as compiled (zero) */
	for (i = offsetof(O, ptr); i < offsetof(O, last); i++)
		CHECK(raw[i] == 0, "opaque byte %zu = %#x", i, raw[i]);
}

/* Path names of nested shadow types (a wrong name is a compile error). */
static void check_names(S *s)
{
	struct kinds_kinds_kinds_ops__nested *n = &s->nested;
	struct kinds_kinds_kinds_ops__nested__in *in = &s->nested.in;
	struct kinds_kinds_kinds_ops__elems *e = &s->elems[0];

	CHECK_PTR(n, &s->nested);
	CHECK_PTR(in, &n->in);
	CHECK_PTR(e + 1, &s->elems[1]);
	CHECK_INT(sizeof(*n), sizeof(struct kinds_nested));
	CHECK_INT(sizeof(*in), sizeof(struct kinds_inner));
	CHECK_INT(sizeof(*e), sizeof(struct kinds_elem));
	CHECK_INT(sizeof(s->u), sizeof(union kinds_u));
}

int main(int argc, char **argv)
{
	const char *kinds_path = argc > 1 ? argv[1] : KINDS_BPF_OBJECT;
	const char *multi_path = argc > 2 ? argv[2] : MULTI_BPF_OBJECT;
	struct bpf_object *obj, *multi;
	/* what X__from_skel() takes of a bpftool skeleton */
	struct {
		struct bpf_object *obj;
	} skel;
	S *s;

	(void)same_type;
	libbpf_set_print(NULL);
	check_layout();
	check_constants();

	obj = bpf_object__open_file(kinds_path, NULL);
	if (!obj) {
		fprintf(stderr, "bpf_object__open_file(%s): %s\n", kinds_path,
			strerror(errno));
		return 1;
	}
	s = kinds_kinds_kinds_ops__from_object(obj);
	CHECK(s != NULL, "kinds__from_object: NULL, errno %d (%s)", errno,
	      strerror(errno));
	if (s) {
		check_values(obj, s);
		check_names(s);
	}
	skel.obj = obj;
	CHECK_PTR(kinds_kinds_kinds_ops__from_skel(&skel), s);

	/* wrong map / object */
	multi = bpf_object__open_file(multi_path, NULL);
	CHECK(multi != NULL, "open %s: %s", multi_path, strerror(errno));
	if (multi) {
		CHECK_NULL_ERRNO(kinds_kinds_kinds_ops__from_object(multi),
				 ENOENT);
		skel.obj = multi;
		CHECK_NULL_ERRNO(kinds_kinds_kinds_ops__from_skel(&skel),
				 ENOENT);
		bpf_object__close(multi);
	}
	bpf_object__close(obj);
	return check_report("layout.runtime.kinds");
}
