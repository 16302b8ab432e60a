/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * gen/dwarf.c on DWARF written here: the parameters of "____*" subprograms
 * in DWARF 4 and 5 (each name form, 64-bit units, implicit and indirect
 * forms, nesting), then broken every way the reader must survive: every
 * truncation (in exactly sized buffers, for ASan), every byte changed,
 * undefined and duplicate abbreviation codes, offsets and indexes out of
 * range, huge lengths and LEB128s, caps on DIEs and depth, unknown forms
 * and versions. A broken input must answer nothing (complete false), never
 * crash or hang.
 *
 *   test_dwarf             the cases above
 *   test_dwarf --dump OBJ  "name params" of each ____* subprogram of OBJ,
 *                          sorted, for dwarf_real.py to compare with
 *                          llvm-dwarfdump
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "bpf_elf.h"
#include "dwarf.h"
#include "expect.h"

enum {
	TAG_cu = 0x11,
	TAG_sub = 0x2e,
	TAG_param = 0x05,
	TAG_block = 0x0b,
	TAG_var = 0x34,
	AT_name = 0x03,
	AT_location = 0x02,
	AT_low_pc = 0x11,
	AT_high_pc = 0x12,
	AT_inline = 0x20,
	AT_external = 0x3f,
	AT_frame_base = 0x40,
	AT_type = 0x49,
	AT_producer = 0x25,
	AT_str_offsets_base = 0x72,
	F_addr = 0x01,
	F_block4 = 0x04,
	F_data8 = 0x07,
	F_string = 0x08,
	F_block1 = 0x0a,
	F_strp = 0x0e,
	F_ref4 = 0x13,
	F_indirect = 0x16,
	F_sec_offset = 0x17,
	F_exprloc = 0x18,
	F_flag_present = 0x19,
	F_line_strp = 0x1f,
	F_implicit_const = 0x21,
	F_strx1 = 0x25,
};

struct buf {
	uint8_t *d;
	size_t n, cap;
};

static void put(struct buf *b, uint64_t v, int n)
{
	if (b->n + n > b->cap) {
		b->cap = (b->n + n) * 2 + 64;
		b->d = realloc(b->d, b->cap);
		if (!b->d)
			abort();
	}
	for (int i = 0; i < n; i++)
		b->d[b->n++] = (uint8_t)(v >> (8 * i));
}

static void uleb(struct buf *b, uint64_t v)
{
	do {
		uint8_t c = v & 0x7f;

		v >>= 7;
		put(b, c | (v ? 0x80 : 0), 1);
	} while (v);
}

static void str(struct buf *b, const char *s)
{
	while (*s)
		put(b, (uint8_t)*s++, 1);
	put(b, 0, 1);
}

/* How the test DWARF is written. */
struct shape {
	int version;   /* 4 or 5 */
	int name_form; /* of subprogram names */
	bool dwarf64;  /* 64-bit units */
	bool indirect; /* names through DW_FORM_indirect */
	int q_params;  /* a second ____p with this many (-1: none) */
};

struct dw {
	struct buf info, abbrev, strs, offs, line;
	struct elf_blob secs[NR_ELF_DEBUG_SECS];
};

/*
 * One abbreviation: its code, tag and children flag, then (attribute,
 * form) pairs up to 0, 0; an implicit_const form is followed by its value.
 */
static void abbrev(struct buf *a, int code, int tag, int children, ...)
{
	va_list ap;
	int at, form;

	uleb(a, code);
	uleb(a, tag);
	put(a, children, 1);
	va_start(ap, children);
	for (;;) {
		at = va_arg(ap, int);
		form = va_arg(ap, int);
		if (!at && !form)
			break;
		uleb(a, at);
		uleb(a, form);
		if (form == F_implicit_const)
			uleb(a, va_arg(ap, int));
	}
	va_end(ap);
	put(a, 0, 2);
}

static void abbrev_table(struct buf *a, const struct shape *s)
{
	int nf = s->indirect ? F_indirect : s->name_form;

	abbrev(a, 1, TAG_cu, 1, AT_producer, F_string, AT_str_offsets_base,
	       F_sec_offset, 0, 0);
	/* a subprogram with children */
	abbrev(a, 2, TAG_sub, 1, AT_name, nf, AT_low_pc, F_addr, AT_inline,
	       F_implicit_const, 1, AT_frame_base, F_exprloc, AT_external,
	       F_flag_present, 0, 0);
	abbrev(a, 3, TAG_param, 0, AT_name, F_string, AT_type, F_ref4, 0, 0);
	/* a subprogram without children */
	abbrev(a, 4, TAG_sub, 0, AT_name, nf, 0, 0);
	abbrev(a, 5, TAG_block, 1, AT_high_pc, F_data8, 0, 0);
	abbrev(a, 6, TAG_var, 0, AT_location, F_block1, AT_type, F_block4, 0,
	       0);
	put(a, 0, 1);
}

static void name(struct dw *w, const struct shape *s, const char *n)
{
	struct buf *b = &w->info;
	int osz = s->dwarf64 ? 8 : 4;

	if (s->indirect)
		uleb(b, s->name_form);
	switch (s->name_form) {
	case F_string:
		str(b, n);
		break;
	case F_strp:
		put(b, w->strs.n, osz);
		str(&w->strs, n);
		break;
	case F_line_strp:
		put(b, w->line.n, osz);
		str(&w->line, n);
		break;
	case F_strx1:
		put(b, (w->offs.n - 8) / osz, 1);
		put(&w->offs, w->strs.n, osz);
		str(&w->strs, n);
		break;
	}
}

static void sub(struct dw *w, const struct shape *s, const char *n, int params,
		bool block)
{
	struct buf *b = &w->info;

	if (params < 0) {
		uleb(b, 4);
		name(w, s, n);
		return;
	}
	uleb(b, 2);
	name(w, s, n);
	put(b, 0x1000, 8);
	uleb(b, 1); /* exprloc: DW_OP_reg10 */
	put(b, 0x5a, 1);
	for (int i = 0; i < params; i++) {
		uleb(b, 3);
		str(b, "arg");
		put(b, 0x2a, 4);
		if (block && i == 0) {
			/* a block whose parameter and variable are not its own */
			uleb(b, 5);
			put(b, 8, 8);
			uleb(b, 3);
			str(b, "inner");
			put(b, 0, 4);
			uleb(b, 6);
			put(b, 2, 1);
			put(b, 0x9c9c, 2);
			put(b, 3, 4);
			put(b, 0x112233, 3);
			put(b, 0, 1);
		}
	}
	put(b, 0, 1);
}

/* The unit: ____p (4 parameters), plain (2), ____q (none, no children). */
static void build(struct dw *w, const struct shape *s)
{
	struct buf *b = &w->info;
	int osz = s->dwarf64 ? 8 : 4;
	size_t len_at, start;

	memset(w, 0, sizeof(*w));
	abbrev_table(&w->abbrev, s);
	str(&w->strs, "");
	/* the string offsets' header: length, version 5, padding */
	put(&w->offs, 0, 4);
	put(&w->offs, 5, 2);
	put(&w->offs, 0, 2);
	if (s->dwarf64)
		put(b, 0xffffffff, 4);
	len_at = b->n;
	put(b, 0, osz);
	start = b->n;
	put(b, s->version, 2);
	if (s->version == 5) {
		put(b, 1, 1); /* DW_UT_compile */
		put(b, 8, 1);
		put(b, 0, osz);
	} else {
		put(b, 0, osz);
		put(b, 8, 1);
	}
	uleb(b, 1);
	str(b, "test");
	put(b, 8, osz); /* the string offsets after their header */
	sub(w, s, "____p", 4, true);
	sub(w, s, "plain", 2, false);
	sub(w, s, "____q", -1, false);
	if (s->q_params >= 0)
		sub(w, s, "____p", s->q_params, false);
	put(b, 0, 1);
	for (int i = 0; i < osz; i++)
		b->d[len_at + i] = (uint8_t)((b->n - start) >> (8 * i));
	w->secs[ELF_DEBUG_INFO] = (struct elf_blob){w->info.d, w->info.n};
	w->secs[ELF_DEBUG_ABBREV] = (struct elf_blob){w->abbrev.d, w->abbrev.n};
	w->secs[ELF_DEBUG_STR] = (struct elf_blob){w->strs.d, w->strs.n};
	w->secs[ELF_DEBUG_STR_OFFSETS] =
		(struct elf_blob){w->offs.d, w->offs.n};
	if (w->line.n)
		w->secs[ELF_DEBUG_LINE_STR] =
			(struct elf_blob){w->line.d, w->line.n};
}

static void dw_free(struct dw *w)
{
	free(w->info.d);
	free(w->abbrev.d);
	free(w->strs.d);
	free(w->offs.d);
	free(w->line.d);
}

/* Read secs; complete or not, and the why when not. */
static bool read_ok(const struct elf_blob *secs, int *p, int *q,
		    const char **why)
{
	struct dwarf_protos dp;
	struct arena a = {0};
	bool ok;

	EXPECT(dwarf_protos__read(&dp, &a, secs) == 0);
	ok = dp.complete;
	if (p)
		*p = dwarf_protos__params(&dp, "____p");
	if (q)
		*q = dwarf_protos__params(&dp, "____q");
	if (ok) {
		EXPECT(dwarf_protos__params(&dp, "plain") == -1);
		EXPECT(dwarf_protos__params(&dp, "____none") == -1);
	} else {
		EXPECT(dwarf_protos__params(&dp, "____p") == -1);
	}
	if (why)
		*why = dp.why;
	dwarf_protos__free(&dp);
	arena_free(&a);
	return ok;
}

static bool why_has(const char *why, const char *s)
{
	if (!why || !strstr(why, s)) {
		fprintf(stderr, "why: %s, want %s\n", why ? why : "(none)", s);
		return false;
	}
	return true;
}

/* secs with section i replaced by an exactly sized copy of n bytes. */
static bool read_with(const struct dw *w, int i, const uint8_t *d, size_t n,
		      const char **why)
{
	struct elf_blob secs[NR_ELF_DEBUG_SECS];
	uint8_t *copy = malloc(n ? n : 1);
	bool ok;

	memcpy(secs, w->secs, sizeof(secs));
	memcpy(copy, d, n);
	secs[i] = (struct elf_blob){n ? copy : NULL, (uint32_t)n};
	ok = read_ok(secs, NULL, NULL, why);
	free(copy);
	return ok;
}

static void test_valid(void)
{
	static const struct shape shapes[] = {
		{5, F_strx1, false, false, -1},
		{5, F_strp, false, false, -1},
		{5, F_line_strp, false, false, -1},
		{5, F_string, false, false, -1},
		{4, F_strp, false, false, -1},
		{4, F_string, false, false, -1},
		{5, F_strx1, true, false, -1},
		{4, F_strp, true, false, -1},
		{5, F_strx1, false, true, -1},
		{4, F_strp, false, true, -1},
	};

	for (size_t i = 0; i < sizeof(shapes) / sizeof(shapes[0]); i++) {
		struct dw w;
		int p = 0, q = 0;

		build(&w, &shapes[i]);
		EXPECT(read_ok(w.secs, &p, &q, NULL));
		if (p != 4 || q != 0)
			fprintf(stderr, "shape %zu: ____p %d, ____q %d\n", i, p,
				q);
		EXPECT(p == 4);
		EXPECT(q == 0);
		dw_free(&w);
	}
}

static void test_twice(void)
{
	struct shape s = {5, F_strx1, false, false, 4};
	struct dw w;
	int p = 0;

	/* the same count twice is that count; two counts are unknown */
	build(&w, &s);
	EXPECT(read_ok(w.secs, &p, NULL, NULL) && p == 4);
	dw_free(&w);
	s.q_params = 3;
	build(&w, &s);
	EXPECT(read_ok(w.secs, &p, NULL, NULL) && p == -1);
	dw_free(&w);
}

static void test_truncated(void)
{
	static const struct shape s5 = {5, F_strx1, false, false, -1};
	static const struct shape s4 = {4, F_strp, true, false, -1};
	const struct shape *shapes[] = {&s5, &s4};

	for (int k = 0; k < 2; k++) {
		struct dw w;

		build(&w, shapes[k]);
		/* every shorter .debug_info and .debug_abbrev gives up */
		for (size_t n = 1; n < w.info.n; n++)
			EXPECT(!read_with(&w, ELF_DEBUG_INFO, w.info.d, n,
					  NULL));
		for (size_t n = 0; n < w.abbrev.n; n++)
			EXPECT(!read_with(&w, ELF_DEBUG_ABBREV, w.abbrev.d, n,
					  NULL));
		/* strings and offsets cut short: an index or offset past them */
		for (size_t n = 0; n < w.strs.n; n++)
			EXPECT(!read_with(&w, ELF_DEBUG_STR, w.strs.d, n,
					  NULL));
		if (k == 0)
			for (size_t n = 0; n < w.offs.n; n++)
				EXPECT(!read_with(&w, ELF_DEBUG_STR_OFFSETS,
						  w.offs.d, n, NULL));
		/*
		 * and a unit length that says so: the DIEs end early (or,
		 * cut at a DIE's end, the children never close)
		 */
		/* past the header: a unit of no DIEs is whole */
		for (size_t n = k ? 24 : 13; n < w.info.n; n++) {
			uint8_t *d = malloc(n);
			struct elf_blob secs[NR_ELF_DEBUG_SECS];
			size_t lo = k ? 12 : 4;

			memcpy(d, w.info.d, n);
			for (size_t i = 0; i < (k ? 8u : 4u); i++)
				d[(k ? 4 : 0) + i] =
					(uint8_t)((n - lo) >> (8 * i));
			memcpy(secs, w.secs, sizeof(secs));
			secs[ELF_DEBUG_INFO] =
				(struct elf_blob){d, (uint32_t)n};
			if (read_ok(secs, NULL, NULL, NULL)) {
				fprintf(stderr,
					"shape %d: complete at %zu of %zu\n", k,
					n, w.info.n);
				failures++;
			}
			free(d);
		}
		dw_free(&w);
	}
}

/* Every byte of each section changed: never a crash (ASan, UBSan). */
static void test_mutated(void)
{
	static const struct shape s = {5, F_strx1, false, false, -1};
	static const uint8_t vals[] = {0x00, 0x01, 0x7f, 0x80, 0xff};
	struct dw w;
	int secs[] = {ELF_DEBUG_INFO, ELF_DEBUG_ABBREV, ELF_DEBUG_STR_OFFSETS};

	build(&w, &s);
	for (int k = 0; k < 3; k++) {
		const struct elf_blob *b = &w.secs[secs[k]];

		for (size_t i = 0; i < b->size; i++) {
			uint8_t *d = malloc(b->size);

			for (size_t v = 0; v < sizeof(vals); v++) {
				int p = 0;
				struct elf_blob x[NR_ELF_DEBUG_SECS];

				memcpy(d, b->data, b->size);
				d[i] = vals[v];
				memcpy(x, w.secs, sizeof(x));
				x[secs[k]] = (struct elf_blob){d, b->size};
				if (read_ok(x, &p, NULL, NULL))
					EXPECT(p >= -1 && p <= 8);
			}
			free(d);
		}
	}
	dw_free(&w);
}

/* A unit of abbreviation table abbrev and DIE bytes dies (DWARF 5). */
static void one_unit(struct buf *info, const uint8_t *dies, size_t n)
{
	put(info, 8 + n, 4);
	put(info, 5, 2);
	put(info, 1, 1);
	put(info, 8, 1);
	put(info, 0, 4);
	for (size_t i = 0; i < n; i++)
		put(info, dies[i], 1);
}

static bool read_raw(const uint8_t *abbrev, size_t an, const uint8_t *dies,
		     size_t dn, const char **why)
{
	struct buf info = {0};
	struct elf_blob secs[NR_ELF_DEBUG_SECS] = {0};
	uint8_t *ab = malloc(an);
	bool ok;

	memcpy(ab, abbrev, an);
	one_unit(&info, dies, dn);
	secs[ELF_DEBUG_INFO] = (struct elf_blob){info.d, info.n};
	secs[ELF_DEBUG_ABBREV] = (struct elf_blob){ab, an};
	ok = read_ok(secs, NULL, NULL, why);
	free(info.d);
	free(ab);
	return ok;
}

static void test_broken(void)
{
	/* code 1: a unit with children; code 2: a DIE without attributes */
	static const uint8_t ab[] = {1,	      TAG_cu, 1, 0, 0, 2,
				     TAG_var, 0,      0, 0, 0};
	static const uint8_t ab_nest[] = {1, TAG_block, 1, 0, 0, 0};
	static const uint8_t ab_dup[] = {1,	  TAG_cu, 1, 0, 0, 1,
					 TAG_var, 0,	  0, 0, 0};
	static const uint8_t ab_big[] = {0xf0, 0xa2, 0x04, TAG_var, 0, 0, 0, 0};
	static const uint8_t ab_form[] = {1, TAG_cu, 1, AT_name, 0x7f, 0, 0, 0};
	static const uint8_t ab_blk[] = {1,	   TAG_cu, 0, AT_type,
					 F_block4, 0,	   0, 0};
	static const uint8_t ab_leb[] = {1, TAG_cu, 0, AT_type, 0x0f, 0, 0, 0};
	static const uint8_t ab_ind[] = {1,	     TAG_cu, 0, AT_type,
					 F_indirect, 0,	     0, 0};
	static const uint8_t ab_strp[] = {1,	  TAG_sub, 0, AT_name,
					  F_strp, 0,	   0, 0};
	static const uint8_t ab_strx[] = {1,	   TAG_sub, 0, AT_name,
					  F_strx1, 0,	    0, 0};
	static const uint8_t ok_dies[] = {1, 2, 2, 0};
	static const uint8_t undef[] = {1, 9, 0};
	static const uint8_t blk[] = {1, 0xff, 0xff, 0xff, 0xff};
	static const uint8_t leb[] = {1,    0x80, 0x80, 0x80, 0x80, 0x80,
				      0x80, 0x80, 0x80, 0x80, 0x80, 0x01};
	static const uint8_t ab_sleb[] = {1, TAG_cu, 0, AT_type, 0x0d, 0, 0, 0};
	static const uint8_t leb_max[] = {1,	0xff, 0xff, 0xff, 0xff, 0xff,
					  0xff, 0xff, 0xff, 0xff, 0x01};
	static const uint8_t sleb_min[] = {1,	 0x80, 0x80, 0x80, 0x80, 0x80,
					   0x80, 0x80, 0x80, 0x80, 0x7f};
	static const uint8_t sleb_bad[] = {1,	 0x80, 0x80, 0x80, 0x80, 0x80,
					   0x80, 0x80, 0x80, 0x80, 0x3f};
	static const uint8_t ind2[] = {1, F_indirect, F_indirect, 0};
	static const uint8_t ind_ic[] = {1, F_implicit_const};
	static const uint8_t strp_far[] = {1, 0x00, 0x10, 0, 0};
	static const uint8_t strx0[] = {1, 0};
	const char *why = NULL;
	uint8_t *deep, *many;
	size_t n;

	EXPECT(read_raw(ab, sizeof(ab), ok_dies, sizeof(ok_dies), NULL));
	EXPECT(!read_raw(ab, sizeof(ab), undef, sizeof(undef), &why));
	EXPECT(why_has(why, "undefined abbreviation"));
	EXPECT(!read_raw(ab_dup, sizeof(ab_dup), ok_dies, sizeof(ok_dies),
			 &why));
	EXPECT(why_has(why, "defined twice"));
	EXPECT(!read_raw(ab_big, sizeof(ab_big), ok_dies, 1, &why));
	EXPECT(why_has(why, "too large"));
	EXPECT(!read_raw(ab_form, sizeof(ab_form), ok_dies, 1, &why));
	EXPECT(why_has(why, "unknown form"));
	EXPECT(!read_raw(ab_blk, sizeof(ab_blk), blk, sizeof(blk), &why));
	EXPECT(why_has(why, "past the end"));
	EXPECT(!read_raw(ab_leb, sizeof(ab_leb), leb, sizeof(leb), &why));
	/* the longest LEB128s that fit: UINT64_MAX, INT64_MIN */
	EXPECT(read_raw(ab_leb, sizeof(ab_leb), leb_max, sizeof(leb_max),
			NULL));
	EXPECT(read_raw(ab_sleb, sizeof(ab_sleb), sleb_min, sizeof(sleb_min),
			NULL));
	EXPECT(!read_raw(ab_sleb, sizeof(ab_sleb), sleb_bad, sizeof(sleb_bad),
			 NULL));
	EXPECT(!read_raw(ab_ind, sizeof(ab_ind), ind2, sizeof(ind2), &why));
	EXPECT(why_has(why, "indirect"));
	EXPECT(!read_raw(ab_ind, sizeof(ab_ind), ind_ic, sizeof(ind_ic), &why));
	EXPECT(why_has(why, "indirect"));
	/* no .debug_str at all, and an offset past it */
	EXPECT(!read_raw(ab_strp, sizeof(ab_strp), strp_far, sizeof(strp_far),
			 &why));
	EXPECT(why_has(why, "string offset"));
	/* strx without DW_AT_str_offsets_base */
	EXPECT(!read_raw(ab_strx, sizeof(ab_strx), strx0, sizeof(strx0), &why));
	EXPECT(why_has(why, "string index"));
	/* DW_AT_sibling-free nesting past the depth cap */
	n = DWARF_MAX_DEPTH + 2;
	deep = calloc(2 * n, 1);
	memset(deep, 1, n);
	EXPECT(!read_raw(ab_nest, sizeof(ab_nest), deep, 2 * n, &why));
	EXPECT(why_has(why, "too deep"));
	memset(deep, 0, 2 * n);
	memset(deep, 1, DWARF_MAX_DEPTH - 1);
	EXPECT(read_raw(ab_nest, sizeof(ab_nest), deep,
			2 * (DWARF_MAX_DEPTH - 1), NULL));
	free(deep);
	/* a DIE a byte, past the cap on DIEs */
	n = DWARF_MAX_DIES + 2;
	many = malloc(n + 1);
	many[0] = 1;
	memset(many + 1, 2, n - 1);
	many[n] = 0;
	EXPECT(!read_raw(ab, sizeof(ab), many, n + 1, &why));
	EXPECT(why_has(why, "too many DIEs"));
	free(many);
}

/* Two units, each its own table, one code meaning other things in each. */
static void test_two_tables(void)
{
	struct shape s = {5, F_string, false, false, -1};
	struct dw w;
	struct buf info = {0}, ab = {0};
	struct elf_blob secs[NR_ELF_DEBUG_SECS];
	static const uint8_t dies_b[] = {1,   2, '_', '_', '_', '_',
					 'p', 0, 3,   3,   0,	0};
	size_t b_off;
	int p = 0;

	build(&w, &s);
	/* table B: 1 unit, 2 a subprogram named by a string, 3 a parameter */
	for (size_t i = 0; i < w.abbrev.n; i++)
		put(&ab, w.abbrev.d[i], 1);
	b_off = ab.n;
	{
		static const uint8_t tb[] = {1, TAG_cu,	 1, 0,	       0,
					     2, TAG_sub, 1, AT_name,   F_string,
					     0, 0,	 3, TAG_param, 0,
					     0, 0,	 0};
		for (size_t i = 0; i < sizeof(tb); i++)
			put(&ab, tb[i], 1);
	}
	/* unit A (____p: 4), unit B (____p: 2 parameters), unit A again */
	for (int u = 0; u < 3; u++) {
		if (u == 1) {
			size_t at = info.n;

			one_unit(&info, dies_b, sizeof(dies_b));
			info.d[at + 8] = (uint8_t)b_off;
		} else {
			for (size_t i = 0; i < w.info.n; i++)
				put(&info, w.info.d[i], 1);
		}
	}
	memcpy(secs, w.secs, sizeof(secs));
	secs[ELF_DEBUG_INFO] = (struct elf_blob){info.d, info.n};
	secs[ELF_DEBUG_ABBREV] = (struct elf_blob){ab.d, ab.n};
	EXPECT(read_ok(secs, &p, NULL, NULL));
	EXPECT(p == -1); /* 4 in A, 2 in B */
	free(info.d);
	free(ab.d);
	dw_free(&w);
}

static void test_versions(void)
{
	struct shape s = {5, F_strx1, false, false, -1};
	struct elf_blob none[NR_ELF_DEBUG_SECS] = {0};
	const char *why;
	struct dw w;

	build(&w, &s);
	w.info.d[4] = 3; /* DWARF 3 */
	EXPECT(!read_ok(w.secs, NULL, NULL, &why));
	EXPECT(why_has(why, "version"));
	w.info.d[4] = 5;
	w.info.d[6] = 9; /* unit type */
	EXPECT(!read_ok(w.secs, NULL, NULL, &why));
	EXPECT(why_has(why, "unit type"));
	w.info.d[6] = 1;
	w.info.d[7] = 3; /* address size */
	EXPECT(!read_ok(w.secs, NULL, NULL, &why));
	w.info.d[7] = 8;
	w.info.d[0] = 0xf0; /* a reserved length */
	w.info.d[1] = w.info.d[2] = w.info.d[3] = 0xff;
	EXPECT(!read_ok(w.secs, NULL, NULL, &why));
	EXPECT(why_has(why, "reserved"));
	dw_free(&w);
	EXPECT(!read_ok(none, NULL, NULL, &why));
	EXPECT(why_has(why, "no .debug_info"));
}

static int cmp_line(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int dump(const char *path)
{
	struct stops_err err = {0};
	struct dwarf_protos dp;
	struct arena a = {0};
	struct bpf_elf e;
	char **lines = NULL;
	uint32_t nr = 0;
	uint8_t *img;
	long len;
	FILE *f = fopen(path, "rb");

	if (!f || fseek(f, 0, SEEK_END) || (len = ftell(f)) <= 0)
		return fprintf(stderr, "cannot read %s\n", path), 2;
	rewind(f);
	img = malloc(len);
	if (!img || fread(img, 1, len, f) != (size_t)len)
		return fprintf(stderr, "cannot read %s\n", path), 2;
	fclose(f);
	if (bpf_elf__parse(&e, &a, img, len, &err))
		return fprintf(stderr, "%s: %s\n", path, err.msg), 2;
	if (dwarf_protos__read(&dp, &a, e.debug))
		return 2;
	/* stripped: nothing, as llvm-dwarfdump */
	if (!dp.complete && e.debug[ELF_DEBUG_INFO].data) {
		printf("incomplete: %s\n", dp.why);
		return 0;
	}
	for (uint32_t i = 0; i < dp.by_name.index.len; i++) {
		const char *n =
			(const char *)(uintptr_t)dp.by_name.entries[i].key;

		lines = realloc(lines, (nr + 1) * sizeof(*lines));
		lines[nr++] =
			str_printf("%s %d", n, dwarf_protos__params(&dp, n));
	}
	if (nr)
		qsort(lines, nr, sizeof(*lines), cmp_line);
	for (uint32_t i = 0; i < nr; i++) {
		printf("%s\n", lines[i]);
		free(lines[i]);
	}
	free(lines);
	dwarf_protos__free(&dp);
	arena_free(&a);
	free(img);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 3 && !strcmp(argv[1], "--dump"))
		return dump(argv[2]);
	test_valid();
	test_twice();
	test_truncated();
	test_mutated();
	test_broken();
	test_two_tables();
	test_versions();
	if (failures)
		fprintf(stderr, "%d failures\n", failures);
	else
		printf("ok\n");
	return failures ? 1 : 0;
}
