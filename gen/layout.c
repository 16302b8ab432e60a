// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* Layout: one BTF struct becomes an explicitly laid out shadow aggregate. */
#include <stdlib.h>
#include <string.h>

#include <bpf/btf.h>

#include "btf_util.h"
#include "layout_int.h"
#include "names.h"

/*
 * Every byte of a shadow aggregate is spelled out: gaps become char
 * arrays and sub-byte gaps unnamed bitfields, so a host ABI with weaker
 * alignment (i386: 8-byte scalars 4-aligned, 4-byte pointers) cannot move
 * a member. A bitfield is declared with the smallest unsigned/signed
 * type whose naturally aligned unit contains it, e.g. bits 20..50 of
 *
 *	struct { unsigned long long a:20, b:31; };
 *
 * need an 8-byte unit, bits 3..7 a 1-byte one. Placed exactly at the
 * current position and fitting its unit, the field lands on the same bit
 * on every SysV ABI, whatever the original declared type was: gcc and
 * clang move a bitfield only when it would span more alignment units of
 * its type than the type has (i386: 4-byte units for long long, so a field
 * inside one naturally aligned 8-byte unit spans at most two), and a
 * packed aggregate places it at the next bit anyway.
 *
 * A field that fits no naturally aligned unit of 8 bytes or less (bits
 * 127..128 of a packed type: it crosses the 16-byte boundary; or a 63-bit
 * field at bit 1) has no C spelling that every ABI places at that bit. It
 * becomes raw bytes, STOPS_BITS "__bits_<i>", together with every
 * bitfield that shares a byte with it (a run), and the header reads and
 * writes the run's fields with generated accessors doing shifts and masks
 * over those little-endian bytes. Runs without such a field stay real
 * bitfields, so s->flag = 1 keeps working where it can.
 */

static int layout_aggr(struct layout_ctx *ctx, uint32_t type_id,
		       const char *c_name, const char *scope, const char *path,
		       int depth, struct names *names, struct stops_aggr **out);

static void set_opaque(struct stops_member *m, const char *why)
{
	m->kind = STOPS_OPAQUE;
	m->why = why;
	m->c_type = "char";
	m->bit_size = 0;
}

/* A scalar without a C spelling (c_type NULL) stays opaque. */
static int unsupported(const char **why, const char *c_type)
{
	if (!c_type)
		*why = "unsupported type";
	return 0;
}

/*
 * Scalar kinds shared by members and array elements. Like every
 * classify_*(): 0 or a negative errno; *why says why a member must stay
 * opaque (bytes only) and is left alone when it gets a type.
 */
static int classify_scalar(struct layout_ctx *ctx, uint32_t id,
			   const struct btf_type *t, struct stops_member *m,
			   enum stops_kind *kind, const char **why)
{
	struct stops_enum *e = NULL;
	uint8_t enc;
	int ret;

	switch (btf_kind(t)) {
	case BTF_KIND_INT:
		enc = btf_int_encoding(t);
		m->is_signed = enc & BTF_INT_SIGNED;
		if (btf_int_offset(t) || btf_int_bits(t) != t->size * 8)
			return unsupported(why, NULL);
		if (enc & BTF_INT_BOOL)
			m->c_type = t->size == 1 ? "_Bool" : NULL;
		else if (t->size == 1 &&
			 !strcmp(btf__name_by_offset(ctx->btf, t->name_off),
				 "char"))
			m->c_type = "char";
		else
			m->c_type = int_c_type(t->size, m->is_signed);
		*kind = STOPS_INT;
		return unsupported(why, m->c_type);
	case BTF_KIND_FLOAT:
		m->is_signed = true;
		m->c_type = t->size == 4   ? "float"
			    : t->size == 8 ? "double"
					   : NULL;
		*kind = STOPS_FLOAT;
		return unsupported(why, m->c_type);
	case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64:
		ret = get_enum(ctx, id, t, &e);
		if (ret)
			return ret;
		m->enm = e;
		m->is_signed = e->is_signed;
		m->c_type = int_c_type(t->size, e->is_signed);
		*kind = STOPS_ENUM;
		return unsupported(why, m->c_type);
	default:
		return unsupported(why, NULL);
	}
}

/*
 * Nested aggregates: anonymous members stay inline (their members share
 * the parent's name space), named ones become a type named by path.
 */
static int nested(struct layout *l, uint32_t id, const char *name,
		  struct stops_aggr **out)
{
	const char *c_name = NULL, *path;
	/* NULL: gcc -O3 cannot prove that layout_aggr() set it */
	struct stops_aggr *a = NULL;
	struct names *names = NULL;
	int ret;

	if (name) {
		c_name = child_c_name(l, name);
		path = arena_printf(l->ctx->arena, "%s.%s", l->aggr->path,
				    name);
	} else {
		path = l->aggr->path;
	}
	if ((name && !c_name) || !path)
		return -ENOMEM;
	if (!name)
		names = l->names;
	ret = layout_aggr(l->ctx, id, c_name, l->scope, path, l->depth + 1,
			  names, &a);
	if (ret)
		return ret;
	*out = a;
	return 0;
}

static int classify_array(struct layout *l, uint32_t id, struct stops_member *m,
			  const char **why)
{
	static const char unsup_elems[] = "array of unsupported elements";
	const char *elem_why = NULL;
	struct layout_ctx *ctx = l->ctx;
	const struct btf_type *t = btf__type_by_id(ctx->btf, id);
	uint64_t total = 1;
	struct stops_aggr *a;
	int ret;

	while (t && btf_is_array(t)) {
		const struct btf_array *arr = btf_array(t);

		if (m->nr_dims == STOPS_MAX_DIMS) {
			*why = unsup_elems;
			return 0;
		}
		m->dims[m->nr_dims++] = arr->nelems;
		total *= arr->nelems;
		if (total > UINT32_MAX)
			return stops_errf(ctx->err, -EOVERFLOW,
					  "%s.%s: array too large",
					  l->aggr->path, m->name);
		t = btf_skip_mods(ctx->btf, arr->type, &id);
	}
	if (!t)
		return stops_errf(ctx->err, -EINVAL,
				  "%s.%s: array element type loops or is invalid",
				  l->aggr->path, m->name);
	if (btf_is_composite(t)) {
		if (!t->size) {
			*why = unsup_elems;
			return 0;
		}
		ret = nested(l, id, m->name, &a);
		if (ret)
			return ret;
		m->aggr = a;
		m->elem_kind = a->is_union ? STOPS_UNION : STOPS_STRUCT;
		m->elem_size = a->size;
	} else {
		ret = classify_scalar(ctx, id, t, m, &m->elem_kind, &elem_why);
		if (ret)
			return ret;
		if (elem_why) {
			*why = unsup_elems;
			return 0;
		}
		m->elem_size = t->size;
	}
	if (total * m->elem_size != m->size)
		return stops_errf(ctx->err, -EINVAL,
				  "%s.%s: array size %u does not match its elements",
				  l->aggr->path, m->name, m->size);
	m->kind = STOPS_ARRAY;
	return 0;
}

/* The member's kind; *why set when it must stay opaque. */
static int classify(struct layout *l, uint32_t id, const struct btf_type *t,
		    struct stops_member *m, const char **why)
{
	struct stops_aggr *a;
	int ret;

	switch (btf_kind(t)) {
	case BTF_KIND_INT:
	case BTF_KIND_FLOAT:
	case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64:
		return classify_scalar(l->ctx, id, t, m, &m->kind, why);
	case BTF_KIND_PTR:
		if (!btf_is_func_ptr(l->ctx->btf, id)) {
			*why = "pointer";
			return 0;
		}
		/* libbpf only places programs in the map type's own slots. */
		if (l->depth) {
			*why = "function pointer in a nested aggregate";
			return 0;
		}
		m->kind = STOPS_FUNC_PTR;
		m->slot = l->aggr->nr_slots++;
		return 0;
	case BTF_KIND_ARRAY:
		return classify_array(l, id, m, why);
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
		ret = nested(l, id, m->name, &a);
		if (ret)
			return ret;
		m->aggr = a;
		m->kind = a->is_union ? STOPS_UNION : STOPS_STRUCT;
		return 0;
	case BTF_KIND_FWD:
		*why = "incomplete type";
		return 0;
	case BTF_KIND_UNKN:
	case BTF_KIND_TYPEDEF:
	case BTF_KIND_VOLATILE:
	case BTF_KIND_CONST:
	case BTF_KIND_RESTRICT:
	case BTF_KIND_FUNC:
	case BTF_KIND_FUNC_PROTO:
	case BTF_KIND_VAR:
	case BTF_KIND_DATASEC:
	case BTF_KIND_DECL_TAG:
	case BTF_KIND_TYPE_TAG:
	default:
		return stops_errf(l->ctx->err, -EINVAL,
				  "%s.%s: unknown member kind %u",
				  l->aggr->path, m->name ? m->name : "(anon)",
				  btf_kind(t));
	}
}

/* Bitfields: the smallest unit, per the comment at the top. */
static int classify_bitfield(struct layout *l, uint32_t id,
			     const struct btf_type *t, struct stops_member *m,
			     uint32_t bit, uint32_t width)
{
	enum stops_kind kind = STOPS_INT;
	const char *why = NULL; /* a bitfield of any width has a type */
	int ret;

	if (!btf_is_int(t) && !btf_is_any_enum(t))
		return stops_errf(l->ctx->err, -EINVAL,
				  "%s.%s: bitfield of BTF kind %u",
				  l->aggr->path, m->name ? m->name : "(anon)",
				  btf_kind(t));
	if (width > 64 || width > (uint64_t)t->size * 8)
		return stops_errf(l->ctx->err, -EINVAL,
				  "%s.%s: bitfield width %u exceeds its type",
				  l->aggr->path, m->name ? m->name : "(anon)",
				  width);
	ret = classify_scalar(l->ctx, id, t, m, &kind, &why);
	if (ret)
		return ret;
	m->kind = kind == STOPS_ENUM ? STOPS_ENUM : STOPS_INT;
	m->bit_size = width;
	/* _Bool keeps its meaning: storing 2 sets the bit. */
	if (btf_is_int(t) && (btf_int_encoding(t) & BTF_INT_BOOL) && width == 1)
		m->c_type = "_Bool";
	else if (bitfield_unit(bit, width))
		m->c_type = int_c_type(bitfield_unit(bit, width), m->is_signed);
	else /* the accessors' value type; the run becomes bytes */
		m->c_type = bits_value_c_type(m->size, m->is_signed);
	return 0;
}

static int check_bounds(struct layout *l, const char *name, uint32_t bit,
			uint32_t width, uint64_t size)
{
	uint64_t end = width ? (uint64_t)bit + width : (uint64_t)bit + size * 8;

	if (end > (uint64_t)l->aggr->size * 8)
		return stops_errf(
			l->ctx->err, -EINVAL,
			"%s.%s: member at bit %u extends past the type's %u bytes",
			l->aggr->path, name, bit, l->aggr->size);
	if (l->aggr->is_union && bit)
		return stops_errf(l->ctx->err, -EINVAL,
				  "%s.%s: union member at non-zero bit %u",
				  l->aggr->path, name, bit);
	if (!l->aggr->is_union && bit < l->cur_bit)
		return stops_errf(
			l->ctx->err, -EINVAL,
			"%s.%s: member at bit %u overlaps the previous one",
			l->aggr->path, name, bit);
	return 0;
}

/*
 * Alignment of the emitted member on LP64, the strictest host: opaque
 * bytes are char arrays, a program slot is a union with a uint64_t.
 * Only decides whether the shadow needs __attribute__((packed)); an
 * over-estimate there is harmless, since every byte is explicit.
 */
static uint32_t member_align(const struct stops_member *m)
{
	uint32_t size;

	switch (m->kind) {
	case STOPS_FUNC_PTR:
		return 8;
	case STOPS_STRUCT:
	case STOPS_UNION:
		return m->aggr->align;
	case STOPS_ARRAY:
		if (m->aggr)
			return m->aggr->align;
		size = m->elem_size;
		break;
	case STOPS_INT:
	case STOPS_FLOAT:
	case STOPS_ENUM:
		size = m->size;
		if (m->storage) /* not emitted: its bytes are STOPS_BITS */
			return 1;
		if (m->bit_size) /* the unit type chosen for the bitfield */
			size = bitfield_unit(m->bit_offset, m->bit_size);
		break;
	case STOPS_OPAQUE:
	case STOPS_PADDING:
	case STOPS_BITS:
	default:
		return 1;
	}
	if (size >= 16 && (m->kind == STOPS_INT || m->elem_kind == STOPS_INT))
		return 16;
	return size >= 8 ? 8 : size >= 4 ? 4 : size >= 2 ? 2 : 1;
}

static int type_member(struct layout *l, struct stops_member *m, uint32_t id,
		       const struct btf_type *t, uint32_t bit, uint32_t width)
{
	const char *why = NULL, *btf_name;
	int ret;

	ret = width ? classify_bitfield(l, id, t, m, bit, width)
		    : classify(l, id, t, m, &why);
	if (ret)
		return ret;
	if (!why)
		return m->name ? scope_name(l, m->name, &m->c_name) : 0;
	set_opaque(m, why);
	/* the BTF name stays taken: ASSERT_MATCHES uses it */
	if (m->name) {
		ret = scope_name(l, m->name, &btf_name);
		if (ret)
			return ret;
	}
	return gen_name(l, "__unsupported", &l->names->unsup, &m->c_name);
}

static int add_member(struct layout *l, const struct btf_type *pt, uint32_t i)
{
	const struct btf_member *bm = btf_members(pt) + i;
	uint32_t bit = btf_member_bit_offset(pt, i);
	uint32_t width = btf_member_bitfield_size(pt, i);
	struct layout_ctx *ctx = l->ctx;
	const struct btf_type *t;
	struct stops_member *m;
	const char *name;
	uint32_t id;
	int64_t size;
	int ret;

	name = btf__name_by_offset(ctx->btf, bm->name_off);
	t = btf_skip_mods(ctx->btf, bm->type, &id);
	if (!t || !name)
		return stops_errf(ctx->err, -EINVAL,
				  "%s: member %u: invalid type or name",
				  l->aggr->path, i);
	if (name[0] && !is_c_ident(name))
		return stops_errf(ctx->err, -EINVAL,
				  "%s: member %u: name is not a C identifier",
				  l->aggr->path, i);
	if (!name[0] && (width || !btf_is_composite(t)))
		return stops_errf(
			ctx->err, -EINVAL,
			"%s: member %u has no name (only structs and unions may be anonymous)",
			l->aggr->path, i);
	if (!width && bit % 8)
		return stops_errf(ctx->err, -EINVAL,
				  "%s.%s: member at bit %u is not byte aligned",
				  l->aggr->path, name, bit);
	ctx->text_bytes += strlen(name); /* checked by new_member() */
	size = btf_is_fwd(t) ? 0 : btf_resolved_size(ctx->btf, bm->type);
	if (size < 0)
		return stops_errf(ctx->err, (int)size,
				  "%s.%s: cannot resolve the member's size",
				  l->aggr->path, name);
	if (!size && !width)
		return 0; /* flexible array, empty struct, fwd: no bytes */
	if (size > UINT32_MAX)
		return stops_errf(ctx->err, -EOVERFLOW,
				  "%s.%s: member too large", l->aggr->path,
				  name);
	ret = check_bounds(l, name, bit, width, (uint64_t)size);
	if (ret)
		return ret;
	ret = pad_to(l, bit, width);
	if (ret)
		return ret;
	ret = new_member(l, &m);
	if (ret)
		return ret;
	m->name = name[0] ? name : NULL;
	m->btf_id = bm->type;
	m->size = (uint32_t)size;
	m->bit_offset = bit;
	ret = type_member(l, m, id, t, bit, width);
	if (ret)
		return ret;
	if (!width && (bit / 8) % member_align(m))
		l->aggr->packed = true;
	if (!l->aggr->is_union)
		l->cur_bit = width ? bit + width : bit + m->size * 8;
	return 0;
}

static void set_align(struct layout *l)
{
	struct stops_aggr *a = l->aggr;
	uint32_t align = 1;

	for (uint32_t i = 0; i < l->nr_mem; i++) {
		uint32_t ma = member_align(&l->mem[i]);

		if (ma > align)
			align = ma;
	}
	if (a->size % align)
		a->packed = true;
	a->align = a->packed ? 1 : align;
}

static int add_aggr_members(struct layout *l, const struct btf_type *t)
{
	uint32_t n = btf_vlen(t);
	int ret;

	for (uint32_t i = 0; i < n; i++) {
		ret = add_member(l, t, i);
		if (ret)
			return ret;
	}
	if (l->aggr->is_union) {
		/* A union shorter than its BTF size gets a full-size filler. */
		uint32_t max = 0;

		for (uint32_t i = 0; i < l->nr_mem; i++) {
			struct stops_member *m = &l->mem[i];
			uint32_t sz =
				m->bit_size ? (m->bit_size + 7) / 8 : m->size;

			if (sz > max)
				max = sz;
		}
		if (max < l->aggr->size)
			ret = add_padding_bytes(l, l->aggr->size, true);
	} else {
		if (l->cur_bit % 8)
			l->cur_bit += 8 - l->cur_bit % 8;
		ret = add_padding_bytes(l, l->aggr->size - l->cur_bit / 8,
					true);
		if (!ret)
			ret = bit_runs(l);
	}
	if (!ret)
		set_align(l);
	return ret;
}

static void pack_named(struct stops_aggr *a);

/*
 * A named type inside a packed aggregate (through anonymous ones), or at
 * an offset its alignment does not divide, is packed itself: &s->nested,
 * which its accessors take, is then no pointer to a misaligned type (gcc
 * and clang warn about those by default). Every byte of a shadow type is
 * explicit, so packing one keeps its layout.
 */
static void pack_members(const struct stops_aggr *a, uint32_t base, bool packed)
{
	for (uint32_t i = 0; i < a->nr_members; i++) {
		struct stops_aggr *sub =
			(struct stops_aggr *)a->members[i].aggr;
		uint32_t off = base + a->members[i].bit_offset / 8;

		if (!sub)
			continue;
		if (!sub->c_name)
			pack_members(sub, off, packed || sub->packed);
		else if (!sub->packed && (packed || off % sub->align))
			pack_named(sub);
	}
}

static void pack_named(struct stops_aggr *a)
{
	a->packed = true;
	a->align = 1;
	pack_members(a, 0, true);
}

static int layout_aggr(struct layout_ctx *ctx, uint32_t type_id,
		       const char *c_name, const char *scope, const char *path,
		       int depth, struct names *names, struct stops_aggr **out)
{
	const struct btf_type *t = btf__type_by_id(ctx->btf, type_id);
	struct names own = {0};
	struct layout l = {.ctx = ctx, .depth = depth};
	struct stops_aggr *a;
	int ret;

	if (depth > STOPS_MAX_DEPTH)
		return stops_errf(ctx->err, -ELOOP,
				  "%s: aggregates nested deeper than %d levels",
				  path, STOPS_MAX_DEPTH);
	l.mem = ctx->scratch[depth].mem;
	l.cap_mem = ctx->scratch[depth].cap;
	if (!t || !btf_is_composite(t))
		return stops_errf(ctx->err, -EINVAL,
				  "%s: type [%u] is not a struct or union",
				  path, type_id);
	if (t->size > UINT32_MAX / 8)
		return stops_errf(ctx->err, -EFBIG,
				  "%s: type of %u bytes is too large", path,
				  t->size);
	a = arena_calloc(ctx->arena, 1, sizeof(*a));
	if (!a)
		return -ENOMEM;
	a->c_name = c_name;
	a->path = path;
	a->is_union = btf_is_union(t);
	a->size = t->size;
	a->btf_id = type_id;
	l.aggr = a;
	l.names = names ? names : &own;
	l.scope = c_name ? c_name : scope;
	l.text = strlen(path) + strlen(l.scope) + 32;
	/*
	 * A member and the padding before it, and the tail: room at once,
	 * not 16, 32, 64 slots rehashed for each of hundreds of types.
	 */
	ret = names ? 0
		    : name_set_reserve(&own.used,
				       2 * (btf_vlen(t) < 2048 ? btf_vlen(t)
							       : 2048) +
					       1);
	if (!ret)
		ret = add_aggr_members(&l, t);
	if (!names) {
		name_set_free(&own.used);
		name_set_free(&own.renamed);
	}
	if (ret)
		goto out;
	ret = -ENOMEM;
	a->members = arena_alloc(ctx->arena, (l.nr_mem ? l.nr_mem : 1) *
						     sizeof(*a->members));
	if (!a->members)
		goto out;
	if (l.nr_mem)
		memcpy(a->members, l.mem, l.nr_mem * sizeof(*a->members));
	a->nr_members = l.nr_mem;
	if (c_name)
		pack_members(a, 0, a->packed);
	/* Named types are emitted on their own, after what they contain. */
	if (c_name && ptr_vec_push(&ctx->aggrs, a))
		goto out;
	*out = a;
	ret = 0;
out:
	ctx->scratch[depth].mem = l.mem;
	ctx->scratch[depth].cap = l.cap_mem;
	return ret;
}

int layout_struct(struct layout_ctx *ctx, uint32_t type_id, const char *c_name,
		  const char *path, struct stops_aggr **out)
{
	return layout_aggr(ctx, type_id, c_name, c_name, path, 0, NULL, out);
}

void layout_ctx_free(struct layout_ctx *ctx)
{
	for (int i = 0; i <= STOPS_MAX_DEPTH; i++)
		free(ctx->scratch[i].mem);
	ptr_vec_free(&ctx->enums);
	ptr_vec_free(&ctx->aggrs);
	name_set_free(&ctx->names);
	id_map_free(&ctx->enum_ids);
}

const char *stops_kind__str(enum stops_kind k)
{
	switch (k) {
	case STOPS_INT:
		return "int";
	case STOPS_FLOAT:
		return "float";
	case STOPS_ENUM:
		return "enum";
	case STOPS_ARRAY:
		return "array";
	case STOPS_FUNC_PTR:
		return "func_ptr";
	case STOPS_STRUCT:
		return "struct";
	case STOPS_UNION:
		return "union";
	case STOPS_OPAQUE:
		return "opaque";
	case STOPS_PADDING:
		return "padding";
	case STOPS_BITS:
		return "bits";
	}
	return "?";
}
