// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * Unit tests of gen/layout.c on BTF written here with libbpf's BTF writer:
 * how each member is classified (kind, C type, dims, slots, why opaque),
 * where padding goes, which C type a bitfield is declared with, and which
 * runs of bitfields become bytes with accessors. No BPF object, no CLI.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <bpf/btf.h>

#include "expect.h"
#include "layout.h"

struct fixture {
	struct btf *btf;
	struct arena arena;
	struct layout_ctx ctx;
	struct stops_err err;
};

static void fixture_init(struct fixture *f)
{
	memset(f, 0, sizeof(*f));
	f->btf = btf__new_empty();
	if (!f->btf) {
		fprintf(stderr, "btf__new_empty failed\n");
		exit(1);
	}
}

/* layout_struct() of the struct named name; NULL (and err) on refusal. */
static const struct stops_aggr *lay_out(struct fixture *f, const char *name)
{
	struct stops_aggr *a = NULL;
	int id = btf__find_by_name_kind(f->btf, name, BTF_KIND_STRUCT);

	if (id <= 0) {
		fprintf(stderr, "no struct %s in the test's BTF\n", name);
		exit(1);
	}
	layout_ctx_free(&f->ctx);
	memset(&f->ctx, 0, sizeof(f->ctx));
	f->ctx.arena = &f->arena;
	f->ctx.btf = f->btf;
	f->ctx.obj_name = "unit";
	f->ctx.max_members = layout_max_members(0);
	f->ctx.max_text_bytes = layout_max_text(0);
	f->ctx.err = &f->err;
	f->err.msg[0] = '\0';
	if (layout_struct(&f->ctx, (uint32_t)id, name, name, &a))
		return NULL;
	return a;
}

static void fixture_free(struct fixture *f)
{
	layout_ctx_free(&f->ctx);
	arena_free(&f->arena);
	btf__free(f->btf);
}

static const struct stops_member *member(const struct stops_aggr *a,
					 const char *c_name)
{
	for (uint32_t i = 0; a && i < a->nr_members; i++)
		if (a->members[i].c_name &&
		    !strcmp(a->members[i].c_name, c_name))
			return &a->members[i];
	fprintf(stderr, "no member %s\n", c_name);
	return NULL;
}

static bool str_is(const char *s, const char *want)
{
	return s && !strcmp(s, want);
}

/* Base types every test uses. */
struct ids {
	int u8, ch, u16, s32, u32, u64, s64, bool_, dbl, en, fn_ptr, int_ptr;
};

static struct ids base_types(struct btf *btf)
{
	struct ids t;
	int proto;

	t.u8 = btf__add_int(btf, "unsigned char", 1, 0);
	t.ch = btf__add_int(btf, "char", 1, BTF_INT_SIGNED);
	t.u16 = btf__add_int(btf, "unsigned short", 2, 0);
	t.s32 = btf__add_int(btf, "int", 4, BTF_INT_SIGNED);
	t.u32 = btf__add_int(btf, "unsigned int", 4, 0);
	t.u64 = btf__add_int(btf, "unsigned long long", 8, 0);
	t.s64 = btf__add_int(btf, "long long", 8, BTF_INT_SIGNED);
	t.bool_ = btf__add_int(btf, "_Bool", 1, BTF_INT_BOOL);
	t.dbl = btf__add_float(btf, "double", 8);
	t.en = btf__add_enum(btf, "unit_mode", 4);
	btf__add_enum_value(btf, "UNIT_A", 0);
	btf__add_enum_value(btf, "UNIT_B", 1);
	proto = btf__add_func_proto(btf, t.s32);
	btf__add_func_param(btf, "ctx", t.u64);
	t.fn_ptr = btf__add_ptr(btf, proto);
	t.int_ptr = btf__add_ptr(btf, t.s32);
	return t;
}

/*
 * struct unit_scalars {            bit
 *	unsigned char a;            0
 *	(1 byte gap)
 *	unsigned short b;           16
 *	int c;                      32
 *	unsigned long long d;       64
 *	double f;                   128
 *	enum unit_mode e;           192
 *	char name[2][3];            224
 *	(6 bytes gap)
 *	int (*op)(__u64 ctx);       320  a program slot
 *	int *p;                     384  a data pointer: bytes only
 *	int int;                    448  a keyword: renamed
 *	(4 bytes tail)                   size 64
 * };
 */
static void test_scalars(void)
{
	struct fixture f;
	const struct stops_aggr *a;
	const struct stops_member *m;
	struct ids t;
	int arr3, arr23, s;

	fixture_init(&f);
	t = base_types(f.btf);
	arr3 = btf__add_array(f.btf, t.u32, t.ch, 3);
	arr23 = btf__add_array(f.btf, t.u32, arr3, 2);
	s = btf__add_struct(f.btf, "unit_scalars", 64);
	EXPECT(s > 0 && !btf__add_field(f.btf, "a", t.u8, 0, 0) &&
	       !btf__add_field(f.btf, "b", t.u16, 16, 0) &&
	       !btf__add_field(f.btf, "c", t.s32, 32, 0) &&
	       !btf__add_field(f.btf, "d", t.u64, 64, 0) &&
	       !btf__add_field(f.btf, "f", t.dbl, 128, 0) &&
	       !btf__add_field(f.btf, "e", t.en, 192, 0) &&
	       !btf__add_field(f.btf, "name", arr23, 224, 0) &&
	       !btf__add_field(f.btf, "op", t.fn_ptr, 320, 0) &&
	       !btf__add_field(f.btf, "p", t.int_ptr, 384, 0) &&
	       !btf__add_field(f.btf, "int", t.s32, 448, 0));
	a = lay_out(&f, "unit_scalars");
	EXPECT(a && a->size == 64 && !a->packed && !a->is_union);
	if (!a) {
		fprintf(stderr, "refused: %s\n", f.err.msg);
		fixture_free(&f);
		return;
	}
	/* a, the gap, b ... : every byte is a member, in order */
	EXPECT(a->nr_members == 13);
	m = member(a, "a");
	EXPECT(m && m->kind == STOPS_INT &&
	       str_is(m->c_type, "unsigned char") && m->size == 1 &&
	       m->bit_offset == 0 && !m->is_signed);
	m = &a->members[1];
	EXPECT(m->kind == STOPS_PADDING && m->size == 1 && m->bit_offset == 8 &&
	       str_is(m->c_name, "__padding_0"));
	m = member(a, "b");
	EXPECT(m && str_is(m->c_type, "unsigned short") && m->bit_offset == 16);
	m = member(a, "c");
	EXPECT(m && m->kind == STOPS_INT && str_is(m->c_type, "int") &&
	       m->is_signed);
	m = member(a, "d");
	EXPECT(m && str_is(m->c_type, "unsigned long long") && m->size == 8);
	m = member(a, "f");
	EXPECT(m && m->kind == STOPS_FLOAT && str_is(m->c_type, "double"));
	m = member(a, "e");
	EXPECT(m && m->kind == STOPS_ENUM && m->enm &&
	       str_is(m->enm->name, "unit_mode") &&
	       str_is(m->c_type, "unsigned int"));
	/* char keeps its spelling: plain char, not signed char */
	m = member(a, "name");
	EXPECT(m && m->kind == STOPS_ARRAY && m->nr_dims == 2 &&
	       m->dims[0] == 2 && m->dims[1] == 3 &&
	       m->elem_kind == STOPS_INT && m->elem_size == 1 &&
	       str_is(m->c_type, "char") && m->size == 6);
	m = &a->members[8];
	EXPECT(m->kind == STOPS_PADDING && m->size == 6 &&
	       m->bit_offset == 272 && str_is(m->c_name, "__padding_1"));
	m = member(a, "op");
	EXPECT(m && m->kind == STOPS_FUNC_PTR && m->slot == 0 && m->size == 8);
	EXPECT(a->nr_slots == 1);
	/* opaque members are bytes under a name of their own */
	m = member(a, "__unsupported_0");
	EXPECT(m && m->kind == STOPS_OPAQUE && str_is(m->why, "pointer") &&
	       str_is(m->name, "p") && m->size == 8 && m->bit_offset == 384);
	/* a keyword or macro name gets a trailing '_', BTF keeps its own */
	m = member(a, "int_");
	EXPECT(m && str_is(m->name, "int") && m->bit_offset == 448);
	m = &a->members[a->nr_members - 1];
	EXPECT(m->kind == STOPS_PADDING && m->size == 4 &&
	       m->bit_offset == 480 && str_is(m->c_name, "__padding_end"));
	fixture_free(&f);
}

/*
 * Bitfields get the smallest naturally aligned unit holding their bits:
 *	unsigned int x : 3;     bits 0..2    one byte
 *	unsigned int y : 10;    bits 3..12   two bytes
 *	int z : 20;             bits 13..32  crosses 4-byte unit 0: eight
 *	_Bool flag : 1;         bit 33       _Bool keeps its meaning
 *	(2 bits)                             an unnamed bitfield
 *	unsigned int v : 2;     bit 36
 *	(2 bits, 3 bytes)                    the byte's rest, then bytes
 *	unsigned long long w;   bit 64
 */
static void test_bitfields(void)
{
	struct fixture f;
	const struct stops_aggr *a;
	const struct stops_member *m;
	struct ids t;
	int s;

	fixture_init(&f);
	t = base_types(f.btf);
	s = btf__add_struct(f.btf, "unit_bits", 16);
	EXPECT(s > 0 && !btf__add_field(f.btf, "x", t.u32, 0, 3) &&
	       !btf__add_field(f.btf, "y", t.u32, 3, 10) &&
	       !btf__add_field(f.btf, "z", t.s32, 13, 20) &&
	       !btf__add_field(f.btf, "flag", t.bool_, 33, 1) &&
	       !btf__add_field(f.btf, "v", t.u32, 36, 2) &&
	       !btf__add_field(f.btf, "w", t.u64, 64, 0));
	a = lay_out(&f, "unit_bits");
	EXPECT(a);
	if (!a) {
		fprintf(stderr, "refused: %s\n", f.err.msg);
		fixture_free(&f);
		return;
	}
	m = member(a, "x");
	EXPECT(m && m->bit_size == 3 && m->bit_offset == 0 &&
	       str_is(m->c_type, "unsigned char") && !m->storage);
	m = member(a, "y");
	EXPECT(m && m->bit_size == 10 && m->bit_offset == 3 &&
	       str_is(m->c_type, "unsigned short"));
	m = member(a, "z");
	EXPECT(m && m->bit_size == 20 && m->is_signed &&
	       str_is(m->c_type, "long long"));
	m = member(a, "flag");
	EXPECT(m && m->bit_size == 1 && str_is(m->c_type, "_Bool"));
	/* x y z flag (gap) v (bytes 5..7) w */
	EXPECT(a->nr_members == 8);
	if (a->nr_members == 8) {
		m = &a->members[4];
		EXPECT(m->kind == STOPS_PADDING && m->bit_size == 2 &&
		       m->bit_offset == 34 && !m->c_name &&
		       str_is(m->c_type, "unsigned char"));
		m = &a->members[6];
		EXPECT(m->kind == STOPS_PADDING && !m->bit_size &&
		       m->size == 3 && m->bit_offset == 40 &&
		       str_is(m->c_name, "__padding_0"));
	}
	m = member(a, "v");
	EXPECT(m && m->bit_offset == 36 && m->bit_size == 2 &&
	       str_is(m->c_type, "unsigned char"));
	m = member(a, "w");
	EXPECT(m && m->bit_offset == 64 && !m->bit_size);
	fixture_free(&f);
}

/*
 * Issue 11's packed run: a:63 at bit 0, b:2 at bit 63 (crosses the 8-byte
 * boundary, so no C bitfield places it on every ABI), c:62 at bit 65. They
 * share bytes, so all three become one STOPS_BITS member of 16 bytes and
 * are read through it; d after the run stays a real bitfield.
 */
static void test_bit_runs(void)
{
	struct fixture f;
	const struct stops_aggr *a;
	const struct stops_member *m;
	struct ids t;
	int s;

	fixture_init(&f);
	t = base_types(f.btf);
	s = btf__add_struct(f.btf, "unit_straddle", 17);
	EXPECT(s > 0 && !btf__add_field(f.btf, "a", t.u64, 0, 63) &&
	       !btf__add_field(f.btf, "b", t.u64, 63, 2) &&
	       !btf__add_field(f.btf, "c", t.s64, 65, 62) &&
	       !btf__add_field(f.btf, "d", t.u8, 128, 4));
	a = lay_out(&f, "unit_straddle");
	EXPECT(a);
	if (!a) {
		fprintf(stderr, "refused: %s\n", f.err.msg);
		fixture_free(&f);
		return;
	}
	m = &a->members[0];
	EXPECT(m->kind == STOPS_BITS && str_is(m->c_name, "__bits_0") &&
	       m->bit_offset == 0 && m->size == 16);
	m = member(a, "a");
	EXPECT(m && str_is(m->storage, "__bits_0") && m->storage_bit == 0 &&
	       m->bit_size == 63 && str_is(m->c_type, "unsigned long long"));
	m = member(a, "b");
	EXPECT(m && str_is(m->storage, "__bits_0") && m->storage_bit == 63 &&
	       m->bit_size == 2);
	m = member(a, "c");
	EXPECT(m && str_is(m->storage, "__bits_0") && m->storage_bit == 65 &&
	       str_is(m->c_type, "long long"));
	/* the next byte starts a new run, which C places anywhere */
	m = member(a, "d");
	EXPECT(m && !m->storage && m->bit_offset == 128 &&
	       str_is(m->c_type, "unsigned char"));
	fixture_free(&f);

	/* alone in its bytes (56..71), a straddling field is a run of one */
	fixture_init(&f);
	t = base_types(f.btf);
	s = btf__add_struct(f.btf, "unit_alone", 9);
	EXPECT(s > 0 && !btf__add_field(f.btf, "g", t.u64, 60, 8));
	a = lay_out(&f, "unit_alone");
	EXPECT(a && a->nr_members == 3);
	if (a && a->nr_members == 3) {
		EXPECT(a->members[0].kind == STOPS_PADDING &&
		       a->members[0].size == 7);
		EXPECT(a->members[1].kind == STOPS_BITS &&
		       a->members[1].bit_offset == 56 &&
		       a->members[1].size == 2);
		EXPECT(str_is(a->members[2].c_name, "g") &&
		       a->members[2].storage_bit == 4);
	}
	fixture_free(&f);
}

/* Nested: a named member gets its own type, an anonymous one stays inline. */
static void test_nested(void)
{
	struct fixture f;
	const struct stops_aggr *a;
	const struct stops_member *m;
	struct ids t;
	int in, anon, s;

	fixture_init(&f);
	t = base_types(f.btf);
	in = btf__add_struct(f.btf, "unit_in", 8);
	EXPECT(in > 0 && !btf__add_field(f.btf, "lo", t.u32, 0, 0) &&
	       !btf__add_field(f.btf, "hi", t.u32, 32, 0));
	anon = btf__add_union(f.btf, NULL, 8);
	EXPECT(anon > 0 && !btf__add_field(f.btf, "word", t.u64, 0, 0) &&
	       !btf__add_field(f.btf, "op2", t.fn_ptr, 0, 0));
	s = btf__add_struct(f.btf, "unit_outer", 16);
	EXPECT(s > 0 && !btf__add_field(f.btf, "in", in, 0, 0) &&
	       !btf__add_field(f.btf, "", anon, 64, 0));
	a = lay_out(&f, "unit_outer");
	EXPECT(a && a->nr_members == 2);
	if (!a || a->nr_members != 2) {
		fprintf(stderr, "refused: %s\n", f.err.msg);
		fixture_free(&f);
		return;
	}
	m = member(a, "in");
	EXPECT(m && m->kind == STOPS_STRUCT && m->aggr &&
	       str_is(m->aggr->c_name, "unit_outer__in") &&
	       str_is(m->aggr->path, "unit_outer.in") &&
	       m->aggr->nr_members == 2);
	m = &a->members[1];
	EXPECT(m->kind == STOPS_UNION && !m->c_name && m->aggr &&
	       !m->aggr->c_name && m->aggr->is_union);
	/* libbpf fills only the map type's own slots: nested ones are bytes */
	if (m->aggr && m->aggr->nr_members == 2) {
		EXPECT(m->aggr->members[1].kind == STOPS_OPAQUE &&
		       str_is(m->aggr->members[1].why,
			      "function pointer in a nested aggregate"));
	}
	EXPECT(a->nr_slots == 0);
	fixture_free(&f);
}

/* What the layout refuses, with a message naming the member. */
static void test_refused(void)
{
	struct fixture f;
	struct ids t;
	int s;

	fixture_init(&f);
	t = base_types(f.btf);
	s = btf__add_struct(f.btf, "unit_overlap", 8);
	EXPECT(s > 0 && !btf__add_field(f.btf, "a", t.u32, 0, 0) &&
	       !btf__add_field(f.btf, "b", t.u32, 16, 0));
	s = btf__add_struct(f.btf, "unit_past_end", 4);
	EXPECT(s > 0 && !btf__add_field(f.btf, "a", t.u64, 0, 0));
	s = btf__add_struct(f.btf, "unit_dup", 8);
	EXPECT(s > 0 && !btf__add_field(f.btf, "a", t.u32, 0, 0) &&
	       !btf__add_field(f.btf, "a", t.u32, 32, 0));
	EXPECT(!lay_out(&f, "unit_overlap") &&
	       strstr(f.err.msg, "unit_overlap.b: member at bit 16 overlaps"));
	EXPECT(!lay_out(&f, "unit_past_end") &&
	       strstr(f.err.msg,
		      "unit_past_end.a: member at bit 0 extends past"));
	EXPECT(!lay_out(&f, "unit_dup") &&
	       strstr(f.err.msg, "duplicate member name a"));
	fixture_free(&f);
}

int main(void)
{
	test_scalars();
	test_bitfields();
	test_bit_runs();
	test_nested();
	test_refused();
	if (failures)
		fprintf(stderr, "%d failed\n", failures);
	else
		printf("ok\n");
	return failures ? 1 : 0;
}
