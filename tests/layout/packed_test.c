/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/* packed.shadow.h: gaps, tail padding, packed and aligned(N) types. */
#include <bpf/libbpf.h>
#include <stdint.h>

#include "bpf/types.h"
#include "check.h"
#include "packed.shadow.h"

#define P struct packed__pad__packed_ops
#define T struct packed__ptop__packed_top
#define A struct packed__al__aligned_ops

packed_pad_packed_ops__ASSERT_MATCHES(struct packed_ops);
packed_ptop_packed_top__ASSERT_MATCHES(struct packed_top);
packed_al_aligned_ops__ASSERT_MATCHES(struct aligned_ops);

int main(int argc, char **argv)
{
	const char *path = argc > 1 ? argv[1] : PACKED_BPF_OBJECT;
	struct bpf_object *obj;
	P *p;
	T *t;
	A *a;

	CHECK_SIZE(P, struct packed_ops);
	CHECK_SAME(P, struct packed_ops, c);
	CHECK_SAME(P, struct packed_ops, i);
	CHECK_SAME(P, struct packed_ops, c2);
	CHECK_SAME(P, struct packed_ops, ll);
	CHECK_SAME(P, struct packed_ops, pi);
	CHECK_SAME(P, struct packed_ops, pi.a);
	CHECK_SAME(P, struct packed_ops, pi.b);
	CHECK_SAME(P, struct packed_ops, s);
	CHECK_SAME(P, struct packed_ops, d);
	CHECK_SAME(P, struct packed_ops, end);
	CHECK_INT(sizeof(((P *)0)->pi), 5);
	CHECK_INT(offsetof(P, ll), 16);
	CHECK_INT(sizeof(P), 48);

	CHECK_SIZE(T, struct packed_top);
	CHECK_SAME(T, struct packed_top, c);
	CHECK_SAME(T, struct packed_top, x);
	CHECK_SAME(T, struct packed_top, y);
	CHECK_SAME(T, struct packed_top, z);
	CHECK_INT(sizeof(T), 15);
	CHECK_INT(offsetof(T, x), 1);

	CHECK_SIZE(A, struct aligned_ops);
	CHECK_SAME(A, struct aligned_ops, a);
	CHECK_SAME(A, struct aligned_ops, b);
	CHECK_SAME(A, struct aligned_ops, c);
	CHECK_SAME(A, struct aligned_ops, ll);
	CHECK_SAME(A, struct aligned_ops, d);
	CHECK_INT(offsetof(A, b), 16);
	CHECK_INT(sizeof(A), 64);

	libbpf_set_print(NULL);
	obj = bpf_object__open_file(path, NULL);
	if (!obj) {
		fprintf(stderr, "open %s: %s\n", path, strerror(errno));
		return 1;
	}
	p = packed_pad_packed_ops__from_object(obj);
	t = packed_ptop_packed_top__from_object(obj);
	a = packed_al_aligned_ops__from_object(obj);
	CHECK(p && t && a, "from_object: %p %p %p", (void *)p, (void *)t,
	      (void *)a);
	if (p) {
		CHECK_INT(p->c, 1);
		CHECK_INT(p->i, -2);
		CHECK_INT(p->c2, 3);
		CHECK_INT(p->ll, 0x0102030405060708LL);
		CHECK_INT(p->pi.a, 'p');
		CHECK_INT(p->pi.b, 0x11223344);
		CHECK_INT(p->s, -5);
		CHECK_DBL(p->d, 6.5);
		CHECK_INT(p->end, 'e');
	}
	if (t) {
		CHECK_INT(t->c, 'P');
		CHECK_INT(t->x, -0x1122334455667788LL);
		CHECK_INT(t->y, 0x7eadbeef);
		CHECK_INT(t->z, -2);
	}
	if (a) {
		CHECK_INT(a->a, 10);
		CHECK_INT(a->b, 20);
		CHECK_INT(a->c, 30);
		CHECK_INT(a->ll, 40);
		CHECK_INT(a->d, 50);
	}
	bpf_object__close(obj);
	return check_report("layout.runtime.packed");
}
