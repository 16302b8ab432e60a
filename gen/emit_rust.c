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
	struct arena arena;	    /* accessor names */
	struct name_set methods;    /* one type's accessor names */
	bool impl_open;		    /* the type's impl block is open */
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

/* A Rust string literal of s: quotes, backslashes and non-ASCII escaped. */
static void put_lit(struct out *out, const char *s)
{
	out_char(out, '"');
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			out_printf(out, "\\%c", (int)c);
		else if (c >= 0x20 && c < 0x7f)
			out_char(out, (char)c);
		else if (c < 0x80)
			out_printf(out, "\\x%02x", (unsigned int)c);
		else
			out_str(out, "\\u{fffd}"); /* not UTF-8 we vouch for */
	}
	out_char(out, '"');
}

/* Text for a doc comment: printable ASCII, anything else '?'. */
static void put_doc(struct out *out, const char *s)
{
	for (; *s; s++)
		out_char(out, *s >= 0x20 && *s < 0x7f ? *s : '?');
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

static void put_elem(struct rs *r, const struct plan_field *f)
{
	const char *s;

	if (f->type) {
		out_str(r->out, tname(f->type));
		return;
	}
	s = scalar_type(f);
	if (s)
		out_str(r->out, s);
	else
		out_printf(r->out, "[u8; %" PRIu32 "]", f->scalar_size);
}

static void put_field_type(struct rs *r, const struct plan_field *f)
{
	switch (f->range) {
	case PLAN_SCALAR:
		put_elem(r, f);
		break;
	case PLAN_SLOT:
		out_str(r->out, RT "::Slot");
		break;
	case PLAN_NESTED:
		out_str(r->out, tname(f->type));
		break;
	case PLAN_ARRAY:
		for (uint32_t i = 0; i < f->nr_dims; i++)
			out_char(r->out, '[');
		put_elem(r, f);
		for (uint32_t i = f->nr_dims; i-- > 0;)
			out_printf(r->out, "; %" PRIu32 "]", f->dims[i]);
		break;
	case PLAN_BITFIELD:
	case PLAN_BITS:
	case PLAN_PADDING:
	case PLAN_OPAQUE:
	default:
		out_printf(r->out, "[u8; %" PRIu32 "]", f->size);
		break;
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

static uint32_t field_align(const struct plan_field *f)
{
	switch (f->range) {
	case PLAN_SCALAR:
		return scalar_align(f);
	case PLAN_SLOT:
		return 8;
	case PLAN_NESTED:
		return f->type->align;
	case PLAN_ARRAY:
		return f->type ? f->type->align : scalar_align(f);
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

	if (pm) {
		out_str(r->out, "/// Map `");
		put_doc(r->out, pm->map->name);
		out_printf(r->out, "`: %s ", kind);
		put_doc(r->out, t->btf_name ? t->btf_name : "(anonymous)");
		out_str(r->out, " in ");
		put_doc(r->out, pm->map->sec_name);
		out_printf(r->out, ", %" PRIu32 " bytes.\n", t->size);
		return;
	}
	out_str(r->out, "/// `");
	put_doc(r->out, t->path);
	out_printf(r->out, "`: %s ", kind);
	put_doc(r->out, t->btf_name ? t->btf_name : "(anonymous)");
	out_printf(r->out, ", %" PRIu32 " bytes.\n", t->size);
}

static void put_field_doc(struct rs *r, const struct plan_field *f,
			  const struct plan_map *pm)
{
	const char *n = fname(f);

	if (f->range == PLAN_OPAQUE) {
		out_str(r->out, "    /// `");
		put_doc(r->out, f->btf_name ? f->btf_name : "?");
		out_str(r->out, "`: ");
		put_doc(r->out, f->why ? f->why : "no typed view");
		out_str(r->out, " (bytes only).\n");
		return;
	}
	if (f->range == PLAN_SLOT && pm && f->slot < pm->type->nr_slots &&
	    pm->map->progs[f->slot].name) {
		out_str(r->out, "    /// `");
		put_doc(r->out, pm->map->progs[f->slot].sec);
		out_str(r->out, "`: ");
		put_doc(r->out, pm->map->progs[f->slot].name);
		out_str(r->out, ".\n");
	}
	if (f->btf_name && strcmp(f->btf_name, n) &&
	    strcmp(n + (strncmp(n, "r#", 2) ? 0 : 2), f->btf_name)) {
		out_str(r->out, "    /// BTF name: `");
		put_doc(r->out, f->btf_name);
		out_str(r->out, "`.\n");
	}
	if (f->range == PLAN_SCALAR && f->scalar == PLAN_BOOL)
		out_str(r->out,
			"    /// A bool: read and write it through its accessors.\n");
	if (f->range == PLAN_SCALAR && f->scalar == PLAN_ENUM && f->enm &&
	    f->enm->name) {
		out_str(r->out, "    /// Holds values of enum `");
		put_doc(r->out, f->enm->name);
		out_str(r->out, "`.\n");
	}
}

static void put_storage_field(struct rs *r, const struct plan_type *t,
			      const struct plan_field *f)
{
	const struct plan_run *run = &t->runs[f->run];

	out_printf(r->out,
		   "    /// Bitfields, bits of these bytes: use the accessors.\n"
		   "    pub %s: [u8; %" PRIu32 "],\n",
		   run->name[PLAN_RUST], run->size);
}

static void put_fields(struct rs *r, const struct plan_type *t,
		       const struct plan_map *pm)
{
	for (uint32_t i = 0; i < t->nr_fields; i++) {
		const struct plan_field *f = &t->fields[i];

		if (!starts_storage(t, i))
			continue;
		if (in_run(f)) {
			put_storage_field(r, t, f);
			continue;
		}
		put_field_doc(r, f, pm);
		out_printf(r->out, "    pub %s: ", fname(f));
		put_field_type(r, f);
		out_str(r->out, ",\n");
	}
}

static uint32_t natural_align(const struct plan_type *t)
{
	uint32_t align = 1;

	for (uint32_t i = 0; i < t->nr_fields; i++) {
		uint32_t a =
			in_run(&t->fields[i]) ? 1 : field_align(&t->fields[i]);

		if (a > align)
			align = a;
	}
	return align;
}

/*
 * A loader uses some of the module: the rest is no dead code of its own.
 * Field names keep the object's spelling, which rustc may call not
 * snake case.
 */
static void put_allow(struct rs *r, const struct plan_type *t)
{
	out_str(r->out, needs_allow(t) ? "#[allow(dead_code, non_snake_case)]\n"
				       : "#[allow(dead_code)]\n");
}

static void put_type_head(struct rs *r, const struct plan_type *t)
{
	if (t->packed)
		out_str(r->out, "#[repr(C, packed)]\n");
	else if (t->align > natural_align(t))
		out_printf(r->out, "#[repr(C, align(%" PRIu32 "))]\n",
			   t->align);
	else
		out_str(r->out, "#[repr(C)]\n");
	out_str(r->out, t->is_union ? "#[derive(Clone, Copy)]\n"
				    : "#[derive(Clone, Copy, Debug)]\n");
	put_allow(r, t);
	/* rustfmt moves the brace down when the line passes 100 columns */
	out_printf(r->out, "pub %s %s%s{\n", t->is_union ? "union" : "struct",
		   tname(t),
		   strlen(tname(t)) + sizeof("pub struct  {") - 1 > 100 ? "\n"
									: " ");
}

/*
 * "impl TRAIT for NAME {" as rustfmt writes it: past 100 columns, "for
 * NAME" on a line of its own and the brace below.
 */
static void put_impl_head(struct rs *r, const char *pre, const char *name)
{
	if (strlen(pre) + strlen(name) + sizeof(" for  {") - 1 > 100)
		out_printf(r->out, "%s\n    for %s\n{\n", pre, name);
	else
		out_printf(r->out, "%s for %s {\n", pre, name);
}

static void put_union_debug(struct rs *r, const struct plan_type *t)
{
	out_char(r->out, '\n');
	put_impl_head(r, "impl ::core::fmt::Debug", tname(t));
	out_printf(r->out,
		   "    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {\n"
		   "        f.write_str(\"%s { .. }\")\n"
		   "    }\n"
		   "}\n",
		   tname(t));
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
		out_char(r->out, '\n');
		return;
	}
	out_char(r->out, '\n');
	put_allow(r, t);
	/* rustfmt moves the brace down past 100 columns */
	out_printf(r->out, "impl %s%s{\n", tname(t),
		   strlen(tname(t)) + sizeof("impl  {") - 1 > 100 ? "\n" : " ");
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
	out_printf(r->out,
		   "    /// Bitfield `%s`: %" PRIu32 " bits at bit %" PRIu32
		   " of `%s`.\n",
		   f->btf_name, f->bit_size, bit, storage);
	if (t->is_union)
		out_str(r->out,
			"    // SAFETY: any bytes are a value of every field.\n");
	out_printf(r->out, "    pub fn %s(&self) -> %s {\n        ", get, vt);
	if (!strcmp(vt, "bool"))
		out_printf(r->out,
			   RT "::bits::get(%s%s%s, %" PRIu32 ", %" PRIu32
			      ") != 0\n",
			   ref, storage, end, bit, f->bit_size);
	else
		out_printf(r->out,
			   RT "::bits::%s(%s%s%s, %" PRIu32 ", %" PRIu32
			      ") as %s\n",
			   f->is_signed ? "get_signed" : "get", ref, storage,
			   end, bit, f->bit_size, vt);
	out_str(r->out, "    }\n\n");
	if (t->is_union)
		out_str(r->out,
			"    // SAFETY: any bytes are a value of every field.\n");
	out_printf(r->out,
		   "    pub fn %s(&mut self, v: %s) {\n"
		   "        " RT "::bits::set(%s%s%s, %" PRIu32 ", %" PRIu32
		   ", v as u64);\n"
		   "    }\n",
		   set, vt, mut, storage, end, bit, f->bit_size);
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
	out_printf(r->out,
		   "    pub fn %s(&self) -> bool {\n"
		   "        self.%s != 0\n"
		   "    }\n\n"
		   "    pub fn %s(&mut self, v: bool) {\n"
		   "        self.%s = v as %s;\n"
		   "    }\n",
		   get, fname(f), set, fname(f), it);
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

	if (!get)
		return -ENOMEM;
	if (!t->is_union) {
		set = method(r, "set_", fname(f));
		if (!set)
			return -ENOMEM;
	}
	open_impl(r, t);
	if (t->is_union)
		out_str(r->out,
			"    // SAFETY: any bytes are a value of every field.\n");
	out_printf(r->out, "    pub fn %s(&self) -> ", get);
	put_field_type(r, f);
	if (t->is_union) {
		out_printf(r->out, " {\n        unsafe { self.%s }\n    }\n",
			   fname(f));
		return 0;
	}
	out_printf(r->out, " {\n        self.%s\n    }\n\n", fname(f));
	out_printf(r->out, "    pub fn %s(&mut self, v: ", set);
	put_field_type(r, f);
	out_printf(r->out, ") {\n        self.%s = v;\n    }\n", fname(f));
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
		out_str(r->out, "}\n");
	return ret;
}

/* "obj: map m" or "obj: m.member": whose proof fails, in messages. */
static int put_what(struct rs *r, const struct plan_type *t,
		    const struct plan_map *pm)
{
	const char *obj = r->plan->model->obj_name;
	const char *what =
		pm ? arena_printf(&r->arena, "%s: map %s", obj, pm->map->name)
		   : arena_printf(&r->arena, "%s: %s", obj, t->path);

	if (!what)
		return -ENOMEM;
	put_lit(r->out, what);
	return 0;
}

/* Every field's offset and size, and the type's size, proven by rustc. */
static int put_proof(struct rs *r, const struct plan_type *t,
		     const struct plan_map *pm)
{
	out_printf(r->out, "\n" RT "::prove! {\n    %s, ", tname(t));
	if (put_what(r, t, pm))
		return -ENOMEM;
	out_printf(r->out, ", %" PRIu32 ";\n", t->size);
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
		out_printf(r->out, "    %s, %" PRIu32 ", %" PRIu32 ";\n", n,
			   off, size);
	}
	out_str(r->out, "}\n");
	return 0;
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
	out_str(r->out,
		"    const MAPS: &'static [&'static str] = " RT "::maps! {\n");
	for (uint32_t i = r->users_at[t->index]; i < r->users_at[t->index + 1];
	     i++) {
		out_str(r->out, "        ");
		put_lit(r->out, r->plan->maps[r->users[i]].map->name);
		out_str(r->out, ",\n");
	}
	out_str(r->out, "    };\n");
}

static void put_shadow_impl(struct rs *r, const struct plan_type *t,
			    const struct plan_map *pm)
{
	out_str(r->out,
		"\n// SAFETY: #[repr(C)] plain data, its size and every "
		"offset proven above.\n");
	put_impl_head(r, "unsafe impl " RT "::Shadow", tname(t));
	out_str(r->out, "    const OBJECT: &'static str = ");
	put_lit(r->out, r->plan->model->obj_name);
	out_str(r->out, ";\n    const TYPE: &'static str = ");
	put_lit(r->out, pm->map->type_name);
	out_printf(r->out,
		   ";\n    const SIZE: usize = %" PRIu32 ";\n"
		   "    const NESTING: u8 = %d;\n",
		   t->size, PLAN_CHECK_DEPTH);
	put_maps(r, t);
	out_str(r->out, "    const MEMBERS: &'static [" RT "::Member] = " RT
			"::members! {\n");
	for (uint32_t i = 0; i < pm->nr_checks; i++) {
		const struct plan_check *c = &pm->checks[i];

		out_str(r->out, "        ");
		put_lit(r->out, c->name);
		out_printf(r->out,
			   ", %" PRIu32 ", %" PRIu32 ", %" PRIu32
			   ", %s, %u, %s;\n",
			   c->bit_offset, c->size, c->bit_size, kind_name(c),
			   c->depth, c->func ? "true" : "false");
	}
	out_str(r->out, "    };\n}\n");
}

static int put_type(struct rs *r, const struct plan_type *t)
{
	const struct plan_map *pm = r->map_of[t->index];
	int ret;

	if (t->same_layout) {
		out_str(r->out, "\n/// Map `");
		put_doc(r->out, pm ? pm->map->name : t->path);
		/* rustfmt breaks after '=' past 100 columns */
		out_printf(r->out,
			   "`: the type of `%s` (one layout).\n"
			   "#[allow(dead_code)]\n"
			   "pub type %s =%s%s;\n",
			   tname(t), t->name[PLAN_RUST],
			   strlen(t->name[PLAN_RUST]) + strlen(tname(t)) +
						   sizeof("pub type  = ;") - 1 >
					   100
				   ? "\n    "
				   : " ",
			   tname(t));
		return 0;
	}
	out_char(r->out, '\n');
	put_type_doc(r, t, pm);
	put_type_head(r, t);
	put_fields(r, t, pm);
	out_str(r->out, "}\n");
	if (t->is_union)
		put_union_debug(r, t);
	ret = put_accessors(r, t);
	if (ret)
		return ret;
	ret = put_proof(r, t, pm);
	if (ret)
		return ret;
	if (pm)
		put_shadow_impl(r, t, pm);
	return 0;
}

/* The module into o, a file's buffer. */
static int emit_module(struct out *out, const struct plan *plan)
{
	struct rs r = {.out = out, .plan = plan};
	int ret = 0;

	out_str(out, "// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)\n"
		     "// Shadow types of object ");
	put_doc(out, plan->model->obj_name);
	out_str(out,
		", generated by stops-shadow " STOPS_SHADOW_VERSION
		". Do not edit.\n"
		"//\n"
		"// include!() it into a module of its own; it uses the crate\n"
		"// stops-shadow. Each prove! block fails the build unless every\n"
		"// member is at its BTF offset and of its BTF size.\n");
	ret = index_maps(&r);
	for (uint32_t i = 0; i < plan->nr_types && !ret; i++)
		ret = put_type(&r, plan->types[i]);
	free(r.map_of);
	free(r.users);
	free(r.users_at);
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
	ret = plan__build(model, &plan, err);
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
