// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* Rust backend: one module of #[repr(C)] shadow types per object, from the
 * plan. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <bpf/btf.h>

#include "btf_util.h"
#include "emit_rust.h"
#include "out.h"
#include "plan.h"
#include "writer.h"

#include "tpl_rust.h"

/*
 * The output is what rustfmt (edition 2021, default options) leaves as it
 * is: items apart by one blank line, no line a rustfmt rule would break;
 * the proofs and tables are brace-delimited macros (stops_shadow::prove!,
 * members!, maps!), which rustfmt does not reflow, so that their length
 * never changes their layout.
 */

#define RT "::stops_shadow"

struct rs {
	struct out *out;
	const struct plan *plan;
	/* per type index: the first map of that type, and the maps of its
	 * layout (types shared by same_layout included), in map order */
	const struct plan_map **map_of;
	uint32_t *users, *users_at; /* users_at[i]..users_at[i + 1] */
	/* per layout root: its fields' Rust alignment, and whether a packed
	 * type holds it (transitively), where align(N) is error E0588 */
	uint32_t *natural;
	bool *in_packed;
	struct arena arena;	 /* accessor names */
	struct name_set methods; /* one type's accessor names */
	bool impl_open;		 /* the type's impl block is open */
};

static const struct plan_type *layout_root(const struct plan_type *t);

static const char *tname(const struct plan_type *t)
{
	return layout_root(t)->name[PLAN_RUST];
}

static const char *fname(const struct plan_field *f)
{
	return f->name[PLAN_RUST];
}

static const char *int_type(uint32_t size, bool is_signed)
{
	switch (size) {
	case 1:
		return is_signed ? "i8" : "u8";
	case 2:
		return is_signed ? "i16" : "u16";
	case 4:
		return is_signed ? "i32" : "u32";
	case 8:
		return is_signed ? "i64" : "u64";
	case 16:
		return is_signed ? "i128" : "u128";
	default:
		return NULL;
	}
}

/*
 * A scalar's Rust type, NULL for bytes: never bool, char or an enum, whose
 * invalid bit patterns would make reading libbpf's bytes undefined; text
 * is u8, a bool its integer (with accessors), an enum its integer.
 */
static const char *scalar_type(const struct plan_field *f)
{
	switch (f->scalar) {
	case PLAN_FLOAT:
		return f->scalar_size == 4   ? "f32"
		       : f->scalar_size == 8 ? "f64"
					     : NULL;
	case PLAN_CHAR:
	case PLAN_BOOL:
		return int_type(f->scalar_size, false);
	case PLAN_INT:
	case PLAN_ENUM:
	default:
		return int_type(f->scalar_size, f->is_signed);
	}
}

/* Alignment of a scalar's Rust type on x86_64. */
static uint32_t scalar_align(const struct plan_field *f)
{
	return scalar_type(f) ? f->scalar_size : 1;
}

/* The Rust type of f's value (or elements); NULL: out of memory. */
static const char *elem_type(struct rs *r, const struct plan_field *f)
{
	const char *s;

	if (f->type)
		return tname(f->type);
	s = scalar_type(f);
	return s ? s
		 : arena_printf(&r->arena, "[u8; %" PRIu32 "]", f->scalar_size);
}

/* f's Rust type, an array's dimensions outermost first; NULL: no memory. */
static const char *field_type(struct rs *r, const struct plan_field *f)
{
	const char *elem;
	char *s, *p;
	size_t n;

	switch (f->range) {
	case PLAN_SCALAR:
		return elem_type(r, f);
	case PLAN_SLOT:
		return RT "::Slot";
	case PLAN_NESTED:
		return tname(f->type);
	case PLAN_ARRAY:
		elem = elem_type(r, f);
		if (!elem)
			return NULL;
		n = strlen(elem) + 14 * f->nr_dims + 1;
		s = arena_chars(&r->arena, n);
		if (!s)
			return NULL;
		p = s;
		for (uint32_t i = 0; i < f->nr_dims; i++)
			*p++ = '[';
		p += snprintf(p, n - (size_t)(p - s), "%s", elem);
		for (uint32_t i = f->nr_dims; i-- > 0;)
			p += snprintf(p, n - (size_t)(p - s), "; %" PRIu32 "]",
				      f->dims[i]);
		return s;
	case PLAN_BITFIELD:
	case PLAN_BITS:
	case PLAN_PADDING:
	case PLAN_OPAQUE:
	default:
		return arena_printf(&r->arena, "[u8; %" PRIu32 "]", f->size);
	}
}

/* Whether field i is a bitfield's or run padding's: its run holds it. */
static bool in_run(const struct plan_field *f)
{
	return f->bit_size && f->range != PLAN_BITS;
}

/* The Rust field that holds field i's bytes starts here. */
static bool starts_storage(const struct plan_type *t, uint32_t i)
{
	const struct plan_field *f = &t->fields[i];

	if (!in_run(f))
		return true;
	return t->runs[f->run].native && t->runs[f->run].first == i;
}

/* A native run's bytes (C's bitfields), named by the plan per language. */
static const char *run_name(const struct plan_type *t,
			    const struct plan_field *f)
{
	const struct plan_run *run = &t->runs[f->run];

	return run->native ? run->name[PLAN_RUST]
			   : fname(f->storage ? f->storage : f);
}

static uint32_t type_align(const struct rs *r, const struct plan_type *t);

static uint32_t field_align(const struct rs *r, const struct plan_field *f)
{
	switch (f->range) {
	case PLAN_SCALAR:
		return scalar_align(f);
	case PLAN_SLOT:
		return 8;
	case PLAN_NESTED:
		return type_align(r, f->type);
	case PLAN_ARRAY:
		return f->type ? type_align(r, f->type) : scalar_align(f);
	default:
		return 1;
	}
}

/* Whether rustc's non_snake_case lint accepts name (its rule). */
static bool snake_case(const char *name)
{
	size_t len;
	bool under = true;

	if (!strncmp(name, "r#", 2))
		name += 2;
	while (*name == '_')
		name++;
	len = strlen(name);
	while (len && name[len - 1] == '_')
		len--;
	for (size_t i = 0; i < len; i++) {
		if (name[i] >= 'A' && name[i] <= 'Z')
			return false;
		if (name[i] == '_' && !under)
			return false;
		under = name[i] != '_';
	}
	return true;
}

static bool needs_allow(const struct plan_type *t)
{
	for (uint32_t i = 0; i < t->nr_fields; i++)
		if (fname(&t->fields[i]) && !snake_case(fname(&t->fields[i])))
			return true;
	return false;
}

static const struct plan_type *layout_root(const struct plan_type *t)
{
	while (t->same_layout)
		t = t->same_layout;
	return t;
}

/* map_of and users, in one pass over the maps (thousands share a type). */
static int index_maps(struct rs *r)
{
	const struct plan *p = r->plan;
	uint32_t *fill;

	r->map_of = calloc(p->nr_types + 1, sizeof(*r->map_of));
	r->users = calloc(p->nr_maps + 1, sizeof(*r->users));
	r->users_at = calloc(p->nr_types + 2, sizeof(*r->users_at));
	fill = calloc(p->nr_types + 1, sizeof(*fill));
	if (!r->map_of || !r->users || !r->users_at || !fill) {
		free(fill);
		return -ENOMEM;
	}
	for (uint32_t i = 0; i < p->nr_maps; i++) {
		const struct plan_type *t = p->maps[i].type;

		if (!r->map_of[t->index])
			r->map_of[t->index] = &p->maps[i];
		r->users_at[layout_root(t)->index + 1]++;
	}
	for (uint32_t i = 0; i < p->nr_types; i++)
		r->users_at[i + 1] += r->users_at[i];
	for (uint32_t i = 0; i < p->nr_maps; i++) {
		uint32_t k = layout_root(p->maps[i].type)->index;

		r->users[r->users_at[k] + fill[k]++] = i;
	}
	free(fill);
	return 0;
}

static void put_type_doc(struct rs *r, const struct plan_type *t,
			 const struct plan_map *pm)
{
	const char *kind = t->is_union ? "union" : "struct";
	const char *btf = t->btf_name ? t->btf_name : "(anonymous)";

	if (pm)
		tpl_rs_map_doc(r->out, pm->map->name, kind, btf,
			       pm->map->sec_name, t->size);
	else
		tpl_rs_type_doc(r->out, t->path, kind, btf, t->size);
}

static void put_field_doc(struct rs *r, const struct plan_field *f,
			  const struct plan_map *pm)
{
	const char *n = fname(f);

	if (f->range == PLAN_OPAQUE) {
		tpl_rs_doc_opaque(r->out, f->btf_name ? f->btf_name : "?",
				  f->why ? f->why : "no typed view");
		return;
	}
	if (f->range == PLAN_SLOT && pm && f->slot < pm->type->nr_slots &&
	    pm->map->progs[f->slot].name)
		tpl_rs_doc_slot(r->out, pm->map->progs[f->slot].sec,
				pm->map->progs[f->slot].name);
	if (f->btf_name && strcmp(f->btf_name, n) &&
	    strcmp(n + (strncmp(n, "r#", 2) ? 0 : 2), f->btf_name))
		tpl_rs_doc_btf_name(r->out, f->btf_name);
	if (f->range == PLAN_SCALAR && f->scalar == PLAN_BOOL)
		tpl_rs_doc_bool(r->out);
	if (f->range == PLAN_SCALAR && f->scalar == PLAN_ENUM && f->enm &&
	    f->enm->name)
		tpl_rs_doc_enum(r->out, f->enm->name);
}

static int put_fields(struct rs *r, const struct plan_type *t,
		      const struct plan_map *pm)
{
	for (uint32_t i = 0; i < t->nr_fields; i++) {
		const struct plan_field *f = &t->fields[i];
		const struct plan_run *run = &t->runs[f->run];
		const char *type;

		if (!starts_storage(t, i))
			continue;
		if (in_run(f)) {
			tpl_rs_storage_field(r->out, run->name[PLAN_RUST],
					     run->size);
			continue;
		}
		put_field_doc(r, f, pm);
		type = field_type(r, f);
		if (!type)
			return -ENOMEM;
		tpl_rs_field(r->out, fname(f), type);
	}
	return 0;
}

/* The alignment rustc gives t's fields alone (bitfield runs are bytes). */
static uint32_t natural_align(const struct rs *r, const struct plan_type *t)
{
	uint32_t align = 1;

	for (uint32_t i = 0; i < t->nr_fields; i++) {
		uint32_t a = in_run(&t->fields[i])
				     ? 1
				     : field_align(r, &t->fields[i]);

		if (a > align)
			align = a;
	}
	return align;
}

/* Whether t's Rust type carries align(N): never inside a packed type. */
static bool needs_align(const struct rs *r, const struct plan_type *t)
{
	uint32_t k = layout_root(t)->index;

	return !t->packed && !r->in_packed[k] && t->align > r->natural[k];
}

/*
 * t's alignment in Rust. Inside a packed type it is its fields' only:
 * its explicit padding keeps its size, its offsets are explicit, and a
 * packed type may not hold an aligned one.
 */
static uint32_t type_align(const struct rs *r, const struct plan_type *t)
{
	uint32_t k = layout_root(t)->index;

	if (t->packed)
		return 1;
	return needs_align(r, t) ? t->align : r->natural[k];
}

/*
 * in_packed by the users before their members (the plan lists members
 * first), then natural alignments from the members up; once per layout
 * root (thousands of maps share one), which comes before its sharers.
 */
static int index_alignment(struct rs *r)
{
	const struct plan *p = r->plan;

	r->natural = calloc(p->nr_types + 1, sizeof(*r->natural));
	r->in_packed = calloc(p->nr_types + 1, sizeof(*r->in_packed));
	if (!r->natural || !r->in_packed)
		return -ENOMEM;
	for (uint32_t i = p->nr_types; i-- > 0;) {
		const struct plan_type *t = p->types[i];

		if (t->same_layout || !(t->packed || r->in_packed[t->index]))
			continue;
		for (uint32_t j = 0; j < t->nr_fields; j++)
			if (t->fields[j].type)
				r->in_packed[layout_root(t->fields[j].type)
						     ->index] = true;
	}
	for (uint32_t i = 0; i < p->nr_types; i++) {
		const struct plan_type *t = p->types[i];

		if (!t->same_layout)
			r->natural[t->index] = natural_align(r, t);
	}
	return 0;
}

/* What a type's items allow (rs_type_head in templates/rust.tpl). */
static const char *allow(const struct plan_type *t)
{
	return needs_allow(t) ? "dead_code, non_snake_case" : "dead_code";
}

/* A line break where rustfmt's would be: past 100 columns. */
static const char *brace_sep(size_t len)
{
	return len > 100 ? "\n" : " ";
}

static void put_type_head(struct rs *r, const struct plan_type *t)
{
	if (t->packed)
		tpl_rs_repr(r->out, "C, packed");
	else if (needs_align(r, t))
		tpl_rs_repr_align(r->out, t->align);
	else
		tpl_rs_repr(r->out, "C");
	tpl_rs_type_head(r->out,
			 t->is_union ? "Clone, Copy" : "Clone, Copy, Debug",
			 allow(t), t->is_union ? "union" : "struct", tname(t),
			 brace_sep(strlen(tname(t)) + sizeof("pub struct  {") -
				   1));
}

static void put_impl_head(struct rs *r, const char *pre, const char *name)
{
	if (strlen(pre) + strlen(name) + sizeof(" for  {") - 1 > 100)
		tpl_rs_impl_head_long(r->out, pre, name);
	else
		tpl_rs_impl_head(r->out, pre, name);
}

static void put_union_debug(struct rs *r, const struct plan_type *t)
{
	tpl_rs_blank(r->out);
	put_impl_head(r, "impl ::core::fmt::Debug", tname(t));
	tpl_rs_union_debug(r->out, tname(t));
}

/* name, or name_2, ...: an accessor name not yet taken in the type. */
static const char *method(struct rs *r, const char *prefix, const char *name)
{
	const char *bare = strncmp(name, "r#", 2) ? name : name + 2;
	const char *m;
	int ret;

	for (unsigned int n = 1; n < 1000; n++) {
		if (n == 1)
			m = prefix[0] ? arena_printf(&r->arena, "%s%s", prefix,
						     bare)
				      : name;
		else
			m = arena_printf(&r->arena, "%s%s_%u", prefix, bare, n);
		if (!m)
			return NULL;
		ret = name_set_add(&r->methods, m);
		if (!ret)
			return m;
		if (ret != -EEXIST)
			return NULL;
	}
	return NULL;
}

/* Opens the type's impl block before its first accessor. */
static void open_impl(struct rs *r, const struct plan_type *t)
{
	if (r->impl_open) {
		tpl_rs_blank(r->out);
		return;
	}
	tpl_rs_impl_open(r->out, allow(t), tname(t),
			 brace_sep(strlen(tname(t)) + sizeof("impl  {") - 1));
	r->impl_open = true;
}

/*
 * A bitfield's value type: bool, or the integer of its size (an enum's
 * too); NULL when no integer holds it (it stays bytes).
 */
static const char *bits_type(const struct plan_field *f)
{
	if (f->bit_size > 64)
		return NULL;
	if (f->scalar == PLAN_BOOL)
		return "bool";
	if (f->scalar == PLAN_CHAR)
		return int_type(f->scalar_size, f->is_signed);
	return scalar_type(f) && f->scalar != PLAN_FLOAT ? scalar_type(f)
							 : NULL;
}

static int put_bits_accessors(struct rs *r, const struct plan_type *t,
			      const struct plan_field *f)
{
	const char *vt = bits_type(f), *get, *set, *storage = run_name(t, f);
	const struct plan_run *run = &t->runs[f->run];
	uint32_t bit =
		run->native ? f->bit_offset - 8 * run->offset : f->storage_bit;
	const char *ref = t->is_union ? "unsafe { &self." : "&self.";
	const char *mut = t->is_union ? "unsafe { &mut self." : "&mut self.";
	const char *end = t->is_union ? " }" : "";

	if (!vt || !fname(f) || !f->btf_name)
		return 0;
	get = method(r, "", fname(f));
	set = method(r, "set_", fname(f));
	if (!get || !set)
		return -ENOMEM;
	open_impl(r, t);
	tpl_rs_bits_doc(r->out, f->btf_name, f->bit_size, bit, storage);
	if (t->is_union)
		tpl_rs_safety(r->out);
	if (!strcmp(vt, "bool"))
		tpl_rs_bits_get_bool(r->out, get, vt, ref, storage, end, bit,
				     f->bit_size);
	else
		tpl_rs_bits_get(r->out, get, vt,
				f->is_signed ? "get_signed" : "get", ref,
				storage, end, bit, f->bit_size);
	if (t->is_union)
		tpl_rs_safety(r->out);
	tpl_rs_bits_set(r->out, set, vt, mut, storage, end, bit, f->bit_size);
	return 0;
}

/* A bool is an integer in the type; its accessors speak bool. */
static int put_bool_accessors(struct rs *r, const struct plan_type *t,
			      const struct plan_field *f)
{
	const char *get = method(r, "", fname(f));
	const char *set = method(r, "set_", fname(f));
	const char *it = scalar_type(f);

	if (!get || !set)
		return -ENOMEM;
	open_impl(r, t);
	tpl_rs_bool_accessors(r->out, get, fname(f), set, it);
	return 0;
}

/*
 * A field of a packed type: by value, since a reference to it may be
 * misaligned (error E0793); of a union: a read is unsafe in Rust, though
 * any bytes are a value here.
 */
static int put_value_accessors(struct rs *r, const struct plan_type *t,
			       const struct plan_field *f)
{
	const char *get = method(r, "", fname(f)), *set = NULL;
	const char *type = field_type(r, f);

	if (!get || !type)
		return -ENOMEM;
	if (!t->is_union) {
		set = method(r, "set_", fname(f));
		if (!set)
			return -ENOMEM;
	}
	open_impl(r, t);
	if (t->is_union) {
		tpl_rs_safety(r->out);
		tpl_rs_union_value(r->out, get, type, fname(f));
	} else {
		tpl_rs_packed_value(r->out, get, type, fname(f), set);
	}
	return 0;
}

static int put_accessors(struct rs *r, const struct plan_type *t)
{
	int ret = 0;

	r->impl_open = false;
	name_set_free(&r->methods);
	for (uint32_t i = 0; i < t->nr_fields && !ret; i++) {
		const struct plan_field *f = &t->fields[i];

		if (f->range == PLAN_BITFIELD)
			ret = put_bits_accessors(r, t, f);
		else if (in_run(f) || f->range == PLAN_PADDING ||
			 f->range == PLAN_OPAQUE || f->range == PLAN_BITS)
			continue;
		else if (t->packed || t->is_union)
			ret = put_value_accessors(r, t, f);
		else if (f->range == PLAN_SCALAR && f->scalar == PLAN_BOOL &&
			 scalar_type(f))
			ret = put_bool_accessors(r, t, f);
	}
	if (r->impl_open)
		tpl_rs_close(r->out);
	return ret;
}

/* Every field's offset and size, and the type's size, proven by rustc. */
static void put_proof(struct rs *r, const struct plan_type *t,
		      const struct plan_map *pm)
{
	const char *obj = r->plan->model->obj_name;

	if (pm)
		tpl_rs_proof_map(r->out, tname(t), obj, pm->map->name, t->size);
	else
		tpl_rs_proof_type(r->out, tname(t), obj, t->path, t->size);
	for (uint32_t i = 0; i < t->nr_fields; i++) {
		const struct plan_field *f = &t->fields[i];
		uint32_t off = f->offset, size = f->size;
		const char *n = fname(f);

		if (!starts_storage(t, i))
			continue;
		if (in_run(f)) {
			n = t->runs[f->run].name[PLAN_RUST];
			off = t->runs[f->run].offset;
			size = t->runs[f->run].size;
		} else if (!(f->prove & PLAN_PROVE_OFFSET)) {
			continue;
		}
		tpl_rs_proof_row(r->out, n, off, size);
	}
	tpl_rs_close(r->out);
}

static const char *kind_name(const struct plan_check *c)
{
	switch (c->kind) {
	case BTF_KIND_UNKN:
		return "Void";
	case BTF_KIND_INT:
		return "Int";
	case BTF_KIND_PTR:
		return "Ptr";
	case BTF_KIND_ARRAY:
		return "Array";
	case BTF_KIND_STRUCT:
		return "Struct";
	case BTF_KIND_UNION:
		return "Union";
	case BTF_KIND_ENUM:
		return "Enum";
	case BTF_KIND_FWD:
		return c->cls == BTF_CLS_UNION ? "FwdUnion" : "FwdStruct";
	case BTF_KIND_FUNC_PROTO:
		return "FuncProto";
	case BTF_KIND_FLOAT:
		return "Float";
	case BTF_KIND_ENUM64:
		return "Enum64";
	default:
		return "Other";
	}
}

/* The maps whose value type is t, t shared by layout included. */
static void put_maps(struct rs *r, const struct plan_type *t)
{
	tpl_rs_maps_open(r->out);
	for (uint32_t i = r->users_at[t->index]; i < r->users_at[t->index + 1];
	     i++)
		tpl_rs_maps_item(r->out, r->plan->maps[r->users[i]].map->name);
	tpl_rs_table_close(r->out);
}

static void put_shadow_impl(struct rs *r, const struct plan_type *t,
			    const struct plan_map *pm)
{
	tpl_rs_shadow_open(r->out);
	put_impl_head(r, "unsafe impl " RT "::Shadow", tname(t));
	tpl_rs_shadow_consts(r->out, r->plan->model->obj_name,
			     pm->map->type_name, t->size, PLAN_CHECK_DEPTH);
	put_maps(r, t);
	tpl_rs_members_open(r->out);
	for (uint32_t i = 0; i < pm->nr_checks; i++) {
		const struct plan_check *c = &pm->checks[i];

		tpl_rs_member(r->out, c->name, c->bit_offset, c->size,
			      c->bit_size, kind_name(c), c->depth,
			      c->func ? "true" : "false");
	}
	tpl_rs_table_close(r->out);
	tpl_rs_close(r->out);
}

static int put_type(struct rs *r, const struct plan_type *t)
{
	const struct plan_map *pm = r->map_of[t->index];
	int ret;

	if (t->same_layout) {
		/* rustfmt breaks after '=' past 100 columns */
		tpl_rs_alias(r->out, pm ? pm->map->name : t->path, tname(t),
			     t->name[PLAN_RUST],
			     strlen(t->name[PLAN_RUST]) + strlen(tname(t)) +
						     sizeof("pub type  = ;") -
						     1 >
					     100
				     ? "\n    "
				     : " ");
		return 0;
	}
	put_type_doc(r, t, pm);
	put_type_head(r, t);
	ret = put_fields(r, t, pm);
	if (ret)
		return ret;
	tpl_rs_close(r->out);
	if (t->is_union)
		put_union_debug(r, t);
	ret = put_accessors(r, t);
	if (ret)
		return ret;
	put_proof(r, t, pm);
	if (pm)
		put_shadow_impl(r, t, pm);
	return 0;
}

/* The module into o, a file's buffer. */
static int emit_module(struct out *out, const struct plan *plan)
{
	struct rs r = {.out = out, .plan = plan};
	int ret = 0;

	tpl_rs_file_head(out, plan->model->obj_name, STOPS_SHADOW_VERSION);
	ret = index_maps(&r);
	if (!ret)
		ret = index_alignment(&r);
	for (uint32_t i = 0; i < plan->nr_types && !ret; i++)
		ret = put_type(&r, plan->types[i]);
	free(r.map_of);
	free(r.users);
	free(r.users_at);
	free(r.natural);
	free(r.in_packed);
	name_set_free(&r.methods);
	arena_free(&r.arena);
	return ret;
}

int emit_rust(FILE *f, const struct plan *plan)
{
	struct out *o = calloc(1, sizeof(*o));
	int ret;

	if (!o)
		return -ENOMEM;
	out_init(o, f);
	ret = emit_module(o, plan);
	if (!ret && (out_flush(o) || ferror(f)))
		ret = -EIO;
	out_free(o);
	free(o);
	return ret;
}

int stops_model__emit_rust(const struct stops_model *model, FILE *out,
			   const struct stops_emit_rust_opts *opts,
			   struct stops_err *err)
{
	struct plan *plan;
	int ret;

	if (!model || !out || !OPTS_VALID(opts, stops_emit_rust_opts))
		return stops_errf(err, -EINVAL, "rust: invalid arguments");
	ret = plan__build_langs(model, PLAN_LANG(PLAN_RUST), &plan, err);
	if (ret)
		return ret;
	ret = emit_rust(out, plan);
	plan__free(plan);
	if (ret == -EIO)
		return stops_errf(err, ret, "write error");
	if (ret)
		return stops_errf(err, ret, "out of memory");
	return 0;
}
