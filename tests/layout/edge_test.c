/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * edge.shadow.h and int128.shadow.h: typedef'd and const function-pointer
 * slots, nested bitfields, anonymous types behind named members, 2-D
 * arrays of structs, element tail padding, opaque 16-byte integers.
 */
#include <bpf/libbpf.h>
#include <stdint.h>

#include "bpf/types.h"
#include "check.h"
#include "edge.shadow.h"
#include "int128.shadow.h"

#define S struct edge__edge__edge_ops
#define O struct edge_ops
#define I struct int128__i128__int128_ops

edge_edge_edge_ops__ASSERT_MATCHES(struct edge_ops);
int128_i128_int128_ops__ASSERT_MATCHES(struct int128_ops);
edge_tdmap_edge_small__ASSERT_MATCHES(struct edge_small);
edge_smap_edge_small__ASSERT_MATCHES(edge_small_t);

static void check_layout(void)
{
	CHECK_SIZE(S, O);
	CHECK_SAME(S, O, tfn);
	CHECK_SAME(S, O, bits);
	CHECK_SAME(S, O, u);
	CHECK_SAME(S, O, u.ub);
	CHECK_SAME(S, O, u.raw);
	CHECK_SAME(S, O, anon_arr);
	CHECK_SAME(S, O, anon_arr[1]);
	CHECK_SAME(S, O, anon_arr[1].tag);
	CHECK_SAME(S, O, anon_arr[1].val);
	CHECK_SAME(S, O, pt);
	CHECK_SAME(S, O, pt.y);
	CHECK_SAME(S, O, pts);
	CHECK_SAME(S, O, pts[1]);
	CHECK_SAME(S, O, pts[1][1]);
	CHECK_SAME(S, O, pts[1][1].y);
	CHECK_SAME(S, O, tails);
	CHECK_SAME(S, O, tails[1]);
	CHECK_SAME(S, O, tails[1].a);
	CHECK_SAME(S, O, tails[1].b);
	CHECK_SAME(S, O, holder);
	CHECK_SAME(S, O, holder.after);
	CHECK_SAME(S, O, anon_enum);
	CHECK_SAME(S, O, ct);
	CHECK_SAME(S, O, ct.b);
	CHECK_SAME(S, O, cfn);
	CHECK_SAME(S, O, end);
	CHECK_INT(sizeof(((S *)0)->tails[0]), 16);

	CHECK_SIZE(I, struct int128_ops);
	CHECK_SAME(I, struct int128_ops, before);
	CHECK_SAME(I, struct int128_ops, u128);
	CHECK_SAME(I, struct int128_ops, s128);
	CHECK_SAME(I, struct int128_ops, after);
}

int main(int argc, char **argv)
{
	const char *path = argc > 1 ? argv[1] : EDGE_BPF_OBJECT;
	const char *i128_path = argc > 2 ? argv[2] : INT128_BPF_OBJECT;
	struct bpf_object *obj;
	const unsigned char *raw;
	size_t i;
	S *s, z;
	I *t;

	check_layout();
	libbpf_set_print(NULL);
	obj = bpf_object__open_file(path, NULL);
	if (!obj) {
		fprintf(stderr, "open %s: %s\n", path, strerror(errno));
		return 1;
	}
	s = edge_edge_edge_ops__from_object(obj);
	CHECK(s != NULL, "from_object: errno %d", errno);
	if (s) {
		raw = (const unsigned char *)s;
		CHECK_PTR(s->tfn, bpf_object__find_program_by_name(obj, "edge_prog"));
		CHECK_PTR(s->cfn,
			  bpf_object__find_program_by_name(obj, "edge_cprog"));
		CHECK_INT(s->bits.lo, 9);
		CHECK_INT(s->bits.hi, 0xabc);
		CHECK_INT(s->bits.neg, -11);
		CHECK_INT(s->u.ub.lo, 1);
		CHECK_INT(s->u.ub.hi, 2);
		CHECK_INT(s->u.ub.neg, -1);
		CHECK_INT(s->u.raw, 0x1f0021);
		CHECK_INT(s->anon_arr[0].tag, 'a');
		CHECK_INT(s->anon_arr[0].val, -1);
		CHECK_INT(s->anon_arr[1].tag, 'b');
		CHECK_INT(s->anon_arr[1].val, 2);
		CHECK_INT(s->pt.x, -3);
		CHECK_INT(s->pt.y, 4);
		for (i = 0; i < 4; i++) {
			CHECK_INT(s->pts[i / 2][i % 2].x, (int)(2 * i + 1));
			CHECK_INT(s->pts[i / 2][i % 2].y, (int)(2 * i + 2));
		}
		CHECK_INT(s->tails[0].a, -5);
		CHECK_INT(s->tails[0].b, 6);
		CHECK_INT(s->tails[1].a, 0x700000007LL);
		CHECK_INT(s->tails[1].b, -8);
		CHECK_INT(s->holder.after, 99);
		for (i = 0; i < 8; i++) /* holder.inner_fn: opaque, NULL */
			CHECK_INT(raw[offsetof(O, holder) + i], 0);
		CHECK_INT(s->anon_enum, EDGE_B);
		CHECK_INT(s->anon_enum, edge__EDGE_B);
		CHECK_INT(edge__EDGE_A, EDGE_A);
		CHECK_INT(s->ct.a, 12);
		CHECK_INT(s->ct.b, 13);
		CHECK_INT(s->end, 0xee);
	}
	{
		struct edge__tdmap__edge_small *td =
			edge_tdmap_edge_small__from_object(obj);
		struct edge__smap__edge_small *sm =
			edge_smap_edge_small__from_object(obj);

		CHECK_SIZE(struct edge_tdmap_edge_small, struct edge_small);
		CHECK_SAME(struct edge_tdmap_edge_small, struct edge_small, f);
		CHECK_SAME(struct edge_tdmap_edge_small, struct edge_small, one);
		CHECK_SAME(struct edge_tdmap_edge_small, struct edge_small, n);
		CHECK(td && sm, "typedef'd / static maps: %p %p", (void *)td,
		      (void *)sm);
		if (td) {
			CHECK_PTR(td->f, bpf_object__find_program_by_name(
						 obj, "edge_prog"));
			CHECK_INT(td->one[0], 'o');
			CHECK_INT(td->n, 5);
		}
		if (sm) {
			CHECK_PTR(sm->f, NULL);
			CHECK_INT(sm->n, 6);
		}
	}
	/* nested bitfields keep their widths and signedness */
	memset(&z, 0, sizeof(z));
	z.bits.neg = -16;
	CHECK_INT(z.bits.neg, -16);
	z.bits.hi = 0xfff;
	CHECK_INT(z.bits.hi, 0xfff);
	CHECK_INT(z.bits.lo, 0);
	bpf_object__close(obj);

	obj = bpf_object__open_file(i128_path, NULL);
	if (!obj) {
		fprintf(stderr, "open %s: %s\n", i128_path, strerror(errno));
		return 1;
	}
	t = int128_i128_int128_ops__from_object(obj);
	CHECK(t != NULL, "int128 from_object: errno %d", errno);
	if (t) {
		unsigned __int128 u;
		__int128 v;

		CHECK_INT(t->before, 1);
		CHECK_INT(t->after, 3);
		memcpy(&u, (const char *)t + offsetof(struct int128_ops, u128),
		       sizeof(u));
		memcpy(&v, (const char *)t + offsetof(struct int128_ops, s128),
		       sizeof(v));
		CHECK_INT((unsigned long long)(u >> 64), 0x0102030405060708ULL);
		CHECK_INT((unsigned long long)u, 0x1112131415161718ULL);
		CHECK(v == -2, "s128 = %lld", (long long)v);
#ifdef __SIZEOF_INT128__
		/* typed where the compiler has 16-byte integers */
		CHECK(t->u128 == u, "u128 reads back");
		CHECK(t->s128 == -2, "s128 = %lld", (long long)t->s128);
		CHECK(IS_SIGNED(t->s128) && !IS_SIGNED(t->u128), "int128 signedness");
#endif
	}
	bpf_object__close(obj);
	return check_report("layout.runtime.edge");
}
