/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * Writes through the shadow types land where the object's BTF says the
 * member is, and nowhere else: each write is checked against a snapshot
 * of bpf_map__initial_value()'s buffer, with offsets read from the BTF
 * (btfwalk.h), not from the generated header.
 *
 * usage: writethrough OBJECT_NAME PATH.bpf.o
 */
#include <bpf/libbpf.h>
#include <stdint.h>
#include <stdlib.h>

#include "btfwalk.h"
#include "check.h"

#include "bits.shadow.h"
#include "edge.shadow.h"
#include "int128.shadow.h"
#include "kinds.shadow.h"
#include "multi.shadow.h"
#include "packed.shadow.h"
#ifdef HAVE_ENUM64
#include "enum64.shadow.h"
#endif

struct wt {
	struct bpf_object *obj;
	const struct btf *btf;
	const char *map_name;
	uint32_t type_id;
	uint8_t *buf;
	size_t size;
	uint8_t *before;
};

static struct wt wt;

static int wt_map(const char *map_name, const char *type_name, void *shadow,
		  size_t shadow_size)
{
	struct bpf_map *map = bpf_object__find_map_by_name(wt.obj, map_name);
	int id;

	CHECK(map != NULL, "no map %s", map_name);
	CHECK(shadow != NULL, "%s: from_object returned NULL, errno %d",
	      map_name, errno);
	if (!map || !shadow)
		return -1;
	wt.map_name = map_name;
	wt.buf = bpf_map__initial_value(map, &wt.size);
	CHECK_PTR(wt.buf, shadow);
	CHECK_INT(wt.size, shadow_size);
	id = btf__find_by_name_kind(wt.btf, type_name, BTF_KIND_STRUCT);
	CHECK(id > 0, "no BTF struct %s", type_name);
	if (id <= 0 || wt.buf != shadow)
		return -1;
	wt.type_id = id;
	free(wt.before);
	wt.before = malloc(wt.size);
	return wt.before ? 0 : -1;
}

static void wt_begin(void)
{
	memcpy(wt.before, wt.buf, wt.size);
}

/* The write changed exactly bits of path, which now read want. */
static void wt_end(const char *path, uint64_t want, const char *stmt)
{
	struct bmem m;
	uint32_t width, b;
	uint64_t got, mask;
	int err = bw_find(wt.btf, wt.type_id, path, &m);

	CHECK(err == 0, "%s: member %s not in BTF (%d)", wt.map_name, path,
	      err);
	if (err)
		return;
	width = m.bit_size ? m.bit_size : m.size * 8;
	if (width > 64) {
		CHECK(0, "%s.%s: %u bits, test writes scalars only", wt.map_name,
		      path, width);
		return;
	}
	mask = width == 64 ? ~0ULL : (1ULL << width) - 1;
	got = bw_bits(wt.buf, m.bit_off, width);
	CHECK((got & mask) == (want & mask),
	      "%s: `%s`: BTF bits %u..%u of %s hold %#llx, want %#llx",
	      wt.map_name, stmt, m.bit_off, m.bit_off + width - 1, path,
	      (unsigned long long)got, (unsigned long long)(want & mask));
	for (b = 0; b < wt.size * 8; b++) {
		uint8_t was = (wt.before[b / 8] >> (b % 8)) & 1;
		uint8_t now = (wt.buf[b / 8] >> (b % 8)) & 1;

		if (b >= m.bit_off && b < m.bit_off + width)
			continue;
		if (was != now) {
			CHECK(0,
			      "%s: `%s` changed bit %u (byte %u), outside %s "
			      "(BTF bits %u..%u)",
			      wt.map_name, stmt, b, b / 8, path, m.bit_off,
			      m.bit_off + width - 1);
			break;
		}
	}
}

#define W(path, stmt, want)                                                   \
	do {                                                                  \
		wt_begin();                                                   \
		stmt;                                                         \
		wt_end(path, (uint64_t)(want), #stmt);                        \
	} while (0)

static uint64_t fbits(float f)
{
	uint32_t u;

	memcpy(&u, &f, sizeof(u));
	return u;
}

static uint64_t dbits(double d)
{
	uint64_t u;

	memcpy(&u, &d, sizeof(u));
	return u;
}

static struct bpf_program *prog(const char *name)
{
	struct bpf_program *p = bpf_object__find_program_by_name(wt.obj, name);

	CHECK(p != NULL, "no program %s", name);
	return p;
}

#define PTRV(p) ((uint64_t)(uintptr_t)(p))

static void t_kinds(void)
{
	struct kinds_kinds_kinds_ops *s =
		kinds_kinds_kinds_ops__from_object(wt.obj);

	if (wt_map("kinds", "kinds_ops", s, sizeof(*s)))
		return;
	W("c", s->c = 'Z', 'Z');
	W("sc", s->sc = -1, 0xff);
	W("uc", s->uc = 0x81, 0x81);
	W("b", s->b = 0, 0);
	W("s", s->s = -2, 0xfffe);
	W("us", s->us = 0x8001, 0x8001);
	W("i", s->i = -3, 0xfffffffd);
	W("ui", s->ui = 0x80000001u, 0x80000001u);
	W("l", s->l = -4, -4);
	W("ul", s->ul = 0x8000000000000001ULL, 0x8000000000000001ULL);
	W("ll", s->ll = 0x0102030405060708LL, 0x0102030405060708ULL);
	W("ull", s->ull = 1, 1);
	W("td", s->td = 0x11223344u, 0x11223344u);
	W("ci", s->ci = 0x55667788, 0x55667788);
	W("vus", s->vus = 0x99aa, 0x99aa);
	W("cvi", s->cvi = -6, 0xfffffffa);
	W("td2", s->td2 = 7, 7);
	W("f", s->f = 3.25f, fbits(3.25f));
	W("d", s->d = -1e100, dbits(-1e100));
	W("color", s->color = kinds__KINDS_GREEN, 1);
	W("sign", s->sign = (__typeof__(s->sign))-5, 0xfffffffb);
	W("small", s->small = 0, 0);
	W("small_neg", s->small_neg = (__typeof__(s->small_neg))-2, 0xfe);
	W("half", s->half = 0xabcd, 0xabcd);
	W("big", s->big = 0x0fedcba987654321ULL, 0x0fedcba987654321ULL);
	W("bigneg", s->bigneg = 2, 2);
	W("top", s->top = 3, 3);
	W("name[0]", s->name[0] = 'N', 'N');
	W("name[15]", s->name[15] = '!', '!');
	W("ints[2]", s->ints[2] = -9, 0xfffffff7);
	W("grid[1][2]", s->grid[1][2] = 0xee, 0xee);
	W("cube[1][0][1]", s->cube[1][0][1] = 0x12345, 0x12345);
	W("colors[1]", s->colors[1] = kinds__KINDS_RED, 0);
	W("elems[1].s", s->elems[1].s = 0x7abc, 0x7abc);
	W("elems[1].c", s->elems[1].c = 'E', 'E');
	W("longs[1]", s->longs[1] = -10, -10);
	W("fn_a", s->fn_a = prog("prog_spare"), PTRV(prog("prog_spare")));
	W("fn_b", s->fn_b = NULL, 0);
	W("fn_unset", s->fn_unset = prog("prog_a"), PTRV(prog("prog_a")));
	W("nested.a", s->nested.a = 0xa55a, 0xa55a);
	W("nested.in.x", s->nested.in.x = 0x10203040, 0x10203040);
	W("nested.in.tag[2]", s->nested.in.tag[2] = 'T', 'T');
	W("nested.b", s->nested.b = -11, -11);
	W("nested.nested_anon_w", s->nested.nested_anon_w = 0x0badf00d,
	  0x0badf00d);
	W("nested.nested_anon_b[3]", s->nested.nested_anon_b[3] = 0x77, 0x77);
	W("u.w", s->u.w = 0xf0e0d0c0u, 0xf0e0d0c0u);
	W("u.h", s->u.h = 0x1111, 0x1111);
	W("u.b[2]", s->u.b[2] = 0x22, 0x22);
	W("anon_x", s->anon_x = -12, 0xfffffff4);
	W("anon_y", s->anon_y = 0x1357, 0x1357);
	W("anon_w", s->anon_w = 0x2468ace0u, 0x2468ace0u);
	W("anon_f", s->anon_f = 0.5f, fbits(0.5f));
	W("last", s->last = 'L', 'L');
	CHECK_PTR(s->fn_a, prog("prog_spare"));
	CHECK_PTR(s->fn_b, NULL);
}

static void t_bits(void)
{
	struct bits_bits_bits_ops *s = bits_bits_bits_ops__from_object(wt.obj);

	if (wt_map("bits", "bits_ops", s, sizeof(*s)))
		return;
	W("a", s->a = 7, 7);
	W("a", s->a = 2, 2);
	W("b", s->b = 31, 31);
	W("b", s->b = 0, 0);
	W("c", s->c = 127, 127);
	W("c", s->c = 0x2a, 0x2a);
	W("d", s->d = 1023, 1023);
	W("d", s->d = 0x201, 0x201);
	W("e", s->e = -8, 0x8);
	W("e", s->e = 7, 7);
	W("flag", s->flag = 0, 0);
	W("flag", s->flag = 1, 1);
	W("f", s->f = 3, 3);
	W("g", s->g = -1, 0x7);
	W("g", s->g = 3, 3);
	W("h", s->h = 511, 511);
	W("h", s->h = 0x155, 0x155);
	W("pre", s->pre = 0xffffffffu, 0xffffffffu);
	W("x40", s->x40 = 0xffffffffffULL, 0xffffffffffULL);
	W("x40", s->x40 = 0x8000000001ULL, 0x8000000001ULL);
	W("lo", s->lo = 0xfffff, 0xfffff);
	W("span", s->span = 0x3fffffff, 0x3fffffff);
	W("span", s->span = 0x20000001, 0x20000001);
	W("sbig", s->sbig = -8192, 0x2000);
	W("sbig", s->sbig = 8191, 8191);
	W("ch", s->ch = -1, 0xff);
	W("after_char", s->after_char = 0x1ffffffffULL, 0x1ffffffffULL);
	W("after_char", s->after_char = 0x100000001ULL, 0x100000001ULL);
	W("col", s->col = 7, 7);
	W("col", s->col = kinds__KINDS_GREEN, 1);
	W("plain", s->plain = -1, 0xffffffff);
	W("last", s->last = 0, 0);
	W("last", s->last = 1, 1);

	{
		struct bits_bits2_bits2_ops *t =
			bits_bits2_bits2_ops__from_object(wt.obj);

		if (wt_map("bits2", "bits2_ops", t, sizeof(*t)))
			return;
		W("q", t->q = 7, 7);
		W("qb", t->qb = 0xff, 0xff);
		W("qc", t->qc = 0xffffffffffULL, 0xffffffffffULL);
		W("qc", t->qc = 0x8000000001ULL, 0x8000000001ULL);
		W("w1", t->w1 = 0xfffffffffffffffULL, 0xfffffffffffffffULL);
		W("w2", t->w2 = 0x3ff, 0x3ff);
		W("s1", t->s1 = 0xfff, 0xfff);
		W("s2", t->s2 = 0x3f, 0x3f);
		W("one", t->one = 0, 0);
		W("full", t->full = 0x01234567u, 0x01234567u);
		W("full64", t->full64 = 0x0123456789abcdefULL,
		  0x0123456789abcdefULL);
		W("bu.ua", t->bu.ua = 2, 2);
		W("bu.ub", t->bu.ub = 0xf0, 0xf0);
		W("c", t->c = 1, 1);
		W("big", t->big = 0xffffffffffffffULL, 0xffffffffffffffULL);
	}
}

static void t_packed(void)
{
	struct packed_pad_packed_ops *p =
		packed_pad_packed_ops__from_object(wt.obj);
	struct packed_ptop_packed_top *t =
		packed_ptop_packed_top__from_object(wt.obj);
	struct packed_al_aligned_ops *a =
		packed_al_aligned_ops__from_object(wt.obj);

	if (!wt_map("pad", "packed_ops", p, sizeof(*p))) {
		W("c", p->c = -1, 0xff);
		W("i", p->i = 0x7f7f7f7f, 0x7f7f7f7f);
		W("c2", p->c2 = 9, 9);
		W("ll", p->ll = -1, -1);
		W("pi.a", p->pi.a = 'A', 'A');
		W("pi.b", p->pi.b = -1, 0xffffffff);
		W("s", p->s = 0x7ffe, 0x7ffe);
		W("d", p->d = 0.125, dbits(0.125));
		W("end", p->end = 'Y', 'Y');
	}
	if (!wt_map("ptop", "packed_top", t, sizeof(*t))) {
		W("c", t->c = 1, 1);
		W("x", t->x = -2, -2);
		W("y", t->y = -3, 0xfffffffd);
		W("z", t->z = 4, 4);
	}
	if (!wt_map("al", "aligned_ops", a, sizeof(*a))) {
		W("a", a->a = -1, 0xffffffff);
		W("b", a->b = -2, 0xfffffffe);
		W("c", a->c = -3, 0xfd);
		W("ll", a->ll = -4, -4);
		W("d", a->d = -5, 0xfb);
	}
}

static void t_multi(void)
{
	struct multi_one_multi_a_ops *one =
		multi_one_multi_a_ops__from_object(wt.obj);
	struct multi_two_multi_a_ops *two =
		multi_two_multi_a_ops__from_object(wt.obj);
	struct multi_link_b_multi_b_ops *lnk =
		multi_link_b_multi_b_ops__from_object(wt.obj);
	struct multi_flav_multi_a_ops___v2 *flv =
		multi_flav_multi_a_ops___v2__from_object(wt.obj);

	if (!wt_map("one", "multi_a_ops", one, sizeof(*one))) {
		W("init", one->init = prog("init_two"), PTRV(prog("init_two")));
		W("flags", one->flags = 0xf00f, 0xf00f);
		W("name[7]", one->name[7] = 'x', 'x');
	}
	if (!wt_map("two", "multi_a_ops", two, sizeof(*two))) {
		W("init", two->init = NULL, 0);
		W("flags", two->flags = 22, 22);
	}
	if (!wt_map("link_b", "multi_b_ops", lnk, sizeof(*lnk))) {
		W("id", lnk->id = ~0ULL, ~0ULL);
		W("run", lnk->run = prog("init_one"), PTRV(prog("init_one")));
		W("stop", lnk->stop = NULL, 0);
		W("port", lnk->port = 443, 443);
	}
	if (!wt_map("flav", "multi_a_ops___v2", flv, sizeof(*flv))) {
		W("init", flv->init = prog("stop_b"), PTRV(prog("stop_b")));
		W("extra", flv->extra = 0xabad1dea, 0xabad1dea);
		W("name[15]", flv->name[15] = 'f', 'f');
	}
}

static void t_edge(void)
{
	struct edge_edge_edge_ops *s = edge_edge_edge_ops__from_object(wt.obj);

	if (wt_map("edge", "edge_ops", s, sizeof(*s)))
		return;
	W("tfn", s->tfn = prog("edge_cprog"), PTRV(prog("edge_cprog")));
	W("tfn", s->tfn = NULL, 0);
	W("bits.lo", s->bits.lo = 15, 15);
	W("bits.hi", s->bits.hi = 0x801, 0x801);
	W("bits.neg", s->bits.neg = -16, 0x10);
	W("u.ub.hi", s->u.ub.hi = 0xfff, 0xfff);
	W("u.ub.neg", s->u.ub.neg = 5, 5);
	W("u.raw", s->u.raw = 0x12345678u, 0x12345678u);
	W("anon_arr[1].tag", s->anon_arr[1].tag = 'Z', 'Z');
	W("anon_arr[1].val", s->anon_arr[1].val = -100, 0xffffff9c);
	W("pt.y", s->pt.y = -1, 0xffff);
	W("pts[1][0].x", s->pts[1][0].x = 0x4321, 0x4321);
	W("pts[1][1].y", s->pts[1][1].y = 0x1234, 0x1234);
	W("tails[1].a", s->tails[1].a = -77, -77);
	W("tails[1].b", s->tails[1].b = 0x600d, 0x600d);
	W("holder.after", s->holder.after = -1, 0xffffffff);
	W("anon_enum", s->anon_enum = edge__EDGE_A, 3);
	W("ct.a", s->ct.a = 0x5eed5eedLL, 0x5eed5eedULL);
	W("cfn", s->cfn = prog("edge_prog"), PTRV(prog("edge_prog")));
	W("end", s->end = 1, 1);
}

static void t_int128(void)
{
	struct int128_i128_int128_ops *s =
		int128_i128_int128_ops__from_object(wt.obj);

	if (wt_map("i128", "int128_ops", s, sizeof(*s)))
		return;
	W("before", s->before = 0xfffffffffffffffeULL, 0xfffffffffffffffeULL);
	W("after", s->after = -9, 0xfffffff7);
}

#ifdef HAVE_ENUM64
static void t_enum64(void)
{
	struct enum64_e64_enum64_ops *s =
		enum64_e64_enum64_ops__from_object(wt.obj);

	if (wt_map("e64", "enum64_ops", s, sizeof(*s)))
		return;
	W("big", s->big = enum64__E64_BIG0, 0);
	W("neg", s->neg = enum64__E64_NEGPOS, 5);
	W("top", s->top = enum64__E64_TOP, 0xfedcba9876543210ULL);
	W("sign", s->sign = enum64__E64_ONE, 1);
	W("sneg", s->sneg = enum64__E64_SNEG, 0xfe);
	W("hneg", s->hneg = enum64__E64_HNEG, 0xfed4);
	W("bigs[1]", s->bigs[1] = enum64__E64_BIG, 0x123456789ULL);
	W("sbits", s->sbits = 7, 7);
	W("sbits", s->sbits = -8, 8);
	W("nbits", s->nbits = -1, 0xffffffffffULL);
	W("nbits", s->nbits = 0x7fffffffffLL, 0x7fffffffffULL);
	W("emin", s->emin = enum64__E64_MAX, 0x7fffffffffffffffULL);
	W("imin", s->imin = enum64__E64_IMAX, 0x7fffffff);
}
#endif

int main(int argc, char **argv)
{
	static const struct {
		const char *name;
		void (*fn)(void);
	} tests[] = {
		{ "kinds", t_kinds },	{ "bits", t_bits },
		{ "packed", t_packed }, { "multi", t_multi },
		{ "edge", t_edge },	{ "int128", t_int128 },
#ifdef HAVE_ENUM64
		{ "enum64", t_enum64 },
#endif
	};
	size_t i;

	if (argc != 3) {
		fprintf(stderr, "usage: %s NAME OBJ.bpf.o\n", argv[0]);
		return 2;
	}
	libbpf_set_print(NULL);
	wt.obj = bpf_object__open_file(argv[2], NULL);
	if (!wt.obj) {
		fprintf(stderr, "open %s: %s\n", argv[2], strerror(errno));
		return 1;
	}
	wt.btf = bpf_object__btf(wt.obj);
	CHECK(wt.btf != NULL, "%s: no BTF", argv[2]);
	for (i = 0; wt.btf && i < sizeof(tests) / sizeof(tests[0]); i++)
		if (!strcmp(tests[i].name, argv[1]))
			break;
	if (i == sizeof(tests) / sizeof(tests[0])) {
		fprintf(stderr, "unknown test %s\n", argv[1]);
		return 2;
	}
	tests[i].fn();
	free(wt.before);
	bpf_object__close(wt.obj);
	fprintf(stdout, "writethrough %s: ", argv[1]);
	return check_report("layout.writethrough");
}
