// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* The layout plan, built once from the model (plan.h's top). */
#include <stdlib.h>
#include <string.h>

#include <bpf/btf.h>

#include "btf_util.h"
#include "names.h"
#include "plan.h"
#include "plan_names.h"

struct builder {
	struct plan *plan;
	const struct btf *btf;
	struct htab of_aggr; /* struct stops_aggr * -> struct plan_type * */
	struct ptr_vec types;
	unsigned int langs; /* PLAN_LANG() bits: whose names are made */
	/* type_of()'s last answer: maps of one layout ask for one owner */
	const struct stops_aggr *last_aggr;
	const struct plan_type *last_type;
	/* the type of model->aggrs[i], built in build_plan()'s loop */
	const struct plan_type **aggr_type;
	/* a map's checks are gathered here, then copied to the arena */
	struct plan_check *checks;
	uint32_t nr_checks, checks_cap;
	struct stops_err *err;
};

const char *plan_range__str(enum plan_range range)
{
	static const char *const s[] = {
		[PLAN_SCALAR] = "scalar",     [PLAN_SLOT] = "slot",
		[PLAN_ARRAY] = "array",	      [PLAN_NESTED] = "nested",
		[PLAN_BITFIELD] = "bitfield", [PLAN_BITS] = "bits",
		[PLAN_PADDING] = "padding",   [PLAN_OPAQUE] = "opaque",
	};

	return (unsigned int)range < sizeof(s) / sizeof(*s) ? s[range] : "?";
}

const char *plan_scalar__str(enum plan_scalar scalar)
{
	static const char *const s[] = {
		[PLAN_INT] = "int",   [PLAN_CHAR] = "char",
		[PLAN_BOOL] = "bool", [PLAN_FLOAT] = "float",
		[PLAN_ENUM] = "enum",
	};

	return (unsigned int)scalar < sizeof(s) / sizeof(*s) ? s[scalar] : "?";
}

const char *plan_lang__str(enum plan_lang lang)
{
	static const char *const s[] = {
		[PLAN_C] = "c",
		[PLAN_GO] = "go",
		[PLAN_RUST] = "rust",
	};

	return (unsigned int)lang < PLAN_NR_LANGS ? s[lang] : "?";
}

static const struct plan_type *type_of(struct builder *b,
				       const struct stops_aggr *aggr)
{
	const struct plan_type *t;

	if (aggr == b->last_aggr)
		return b->last_type;
	/* a miss is not kept: the type may be built next */
	t = htab_get(&b->of_aggr, (uintptr_t)aggr, false);
	if (t) {
		b->last_aggr = aggr;
		b->last_type = t;
	}
	return t;
}

static const char *btf_name_of(const struct builder *b, uint32_t id)
{
	const struct btf_type *t = btf__type_by_id(b->btf, id);
	const char *name = t ? btf__name_by_offset(b->btf, t->name_off) : NULL;

	return name && name[0] ? name : NULL;
}

/* The model spells its scalars in C; the plan keeps only their class. */
static enum plan_scalar scalar_of(enum stops_kind kind, const char *c_type)
{
	if (kind == STOPS_FLOAT)
		return PLAN_FLOAT;
	if (kind == STOPS_ENUM)
		return PLAN_ENUM;
	if (!c_type || (c_type[0] != '_' && c_type[0] != 'c'))
		return PLAN_INT;
	if (!strcmp(c_type, "_Bool"))
		return PLAN_BOOL;
	if (!strcmp(c_type, "char"))
		return PLAN_CHAR;
	return PLAN_INT;
}

static uint32_t scalar_align(uint32_t size)
{
	uint32_t align = 1;

	while (align < size && align < 16)
		align *= 2;
	return align;
}

static enum plan_range range_of(const struct stops_member *m)
{
	switch (m->kind) {
	case STOPS_INT:
	case STOPS_FLOAT:
	case STOPS_ENUM:
		return m->bit_size ? PLAN_BITFIELD : PLAN_SCALAR;
	case STOPS_ARRAY:
		return PLAN_ARRAY;
	case STOPS_FUNC_PTR:
		return PLAN_SLOT;
	case STOPS_STRUCT:
	case STOPS_UNION:
		return PLAN_NESTED;
	case STOPS_BITS:
		return PLAN_BITS;
	case STOPS_PADDING:
		return PLAN_PADDING;
	case STOPS_OPAQUE:
	default:
		return PLAN_OPAQUE;
	}
}

static uint32_t field_align(const struct plan_field *f)
{
	switch (f->range) {
	case PLAN_SCALAR:
		return scalar_align(f->scalar_size);
	case PLAN_ARRAY:
		return f->type ? f->type->align : scalar_align(f->scalar_size);
	case PLAN_NESTED:
		return f->type->align;
	case PLAN_SLOT:
		return 8;
	default:
		return 1;
	}
}

static unsigned int proofs_of(const struct plan_field *f)
{
	if (f->range == PLAN_BITFIELD ||
	    (f->range == PLAN_PADDING && f->bit_size))
		return 0;
	return PLAN_PROVE_OFFSET | PLAN_PROVE_SIZE;
}

static int build_type(struct builder *b, const struct stops_aggr *aggr,
		      const char *gen_name, struct plan_type **out);

/* The nested type of m (or of its elements), built before its user. */
static int nested_type(struct builder *b, const char *parent_base, uint32_t i,
		       const struct stops_member *m,
		       const struct plan_type **out)
{
	struct plan_type *t;
	const char *gen = NULL;
	int ret;

	*out = type_of(b, m->aggr);
	if (*out)
		return 0;
	if (!m->aggr->c_name) {
		gen = arena_printf(b->plan->arena, "%s_anon%u", parent_base, i);
		if (!gen)
			return -ENOMEM;
	}
	ret = build_type(b, m->aggr, gen, &t);
	*out = t;
	return ret;
}

/* f, whole: the fields array is not zeroed first (thousands of fields) */
static void fill_field(struct plan_field *f, const struct stops_member *m)
{
	*f = (struct plan_field){
		.range = range_of(m),
		.btf_name = m->name,
		.offset = m->bit_offset / 8,
		.size = m->size,
		.scalar = scalar_of(m->kind == STOPS_ARRAY ? m->elem_kind
							   : m->kind,
				    m->c_type),
		.scalar_size = m->kind == STOPS_ARRAY ? m->elem_size : m->size,
		.is_signed = m->is_signed,
		.enm = m->enm,
		.nr_dims = m->nr_dims,
		.elem_size = m->elem_size,
		.slot = m->slot,
		.bit_offset = m->bit_offset,
		.bit_size = m->bit_size,
		.storage_bit = m->storage_bit,
		.why = m->why,
	};
	if (m->nr_dims)
		memcpy(f->dims, m->dims, sizeof(f->dims));
}

/*
 * A run's bytes in languages without bitfields: its PLAN_BITS field, or
 * for a native run a field of its own, claimed after the type's fields.
 */
static int name_run(struct builder *b, struct plan_type *t,
		    struct plan_run *run, uint32_t k, struct plan_scope *scope)
{
	const char *gen;

	if (!run->native) {
		for (int l = 0; l < PLAN_NR_LANGS; l++)
			run->name[l] = t->fields[run->first].name[l];
		return 0;
	}
	gen = arena_printf(b->plan->arena, "__run_%u", k);
	if (!gen)
		return -ENOMEM;
	for (int l = PLAN_C + 1; l < PLAN_NR_LANGS; l++) {
		if (!(b->langs & PLAN_LANG(l)))
			continue;
		run->name[l] =
			plan_names__ident(b->plan->arena, &scope[l],
					  (enum plan_lang)l, PLAN_IDENT_FIELD,
					  PLAN_BITS, NULL, gen);
		if (!run->name[l])
			return -ENOMEM;
	}
	return 0;
}

/*
 * Whether Rust spells every field as C does: each has its BTF name as its
 * C name, none is a Rust keyword, and no run needs a field of its own. C's
 * names are unique in the type, so Rust's are, with no set to ask (most
 * types: the set's hashing was an eighth of a distinct-types run).
 */
static bool rust_fields_as_c(const struct plan_type *t,
			     const struct stops_aggr *aggr)
{
	for (uint32_t i = 0; i < t->nr_fields; i++) {
		const struct stops_member *m = &aggr->members[i];

		if (!m->c_name || (m->name && strcmp(m->name, m->c_name)) ||
		    plan_names__is_reserved(PLAN_RUST, m->c_name))
			return false;
	}
	for (uint32_t k = 0; k < t->nr_runs; k++)
		if (t->runs[k].native)
			return false;
	return true;
}

/* Each language's field names, unique among the type's fields. */
static int name_fields(struct builder *b, struct plan_type *t,
		       const struct stops_aggr *aggr)
{
	struct plan_scope scope[PLAN_NR_LANGS] = {0};
	unsigned int langs = b->langs;
	int ret = 0;

	if ((langs & PLAN_LANG(PLAN_RUST)) && rust_fields_as_c(t, aggr)) {
		for (uint32_t i = 0; i < t->nr_fields; i++)
			t->fields[i].name[PLAN_RUST] = aggr->members[i].c_name;
		for (uint32_t k = 0; k < t->nr_runs; k++)
			t->runs[k].name[PLAN_RUST] =
				t->fields[t->runs[k].first].name[PLAN_RUST];
		langs &= ~PLAN_LANG(PLAN_RUST);
	}

	/* room made once: growing by steps rehashed every name (distinct
	 * types pay it per type) */
	for (int l = PLAN_C + 1; l < PLAN_NR_LANGS && !ret; l++)
		if (langs & PLAN_LANG(l))
			ret = name_set_reserve(&scope[l].taken,
					       t->nr_fields + t->nr_runs);
	for (uint32_t i = 0; i < t->nr_fields && !ret; i++) {
		struct plan_field *f = &t->fields[i];
		const struct stops_member *m = &aggr->members[i];

		f->name[PLAN_C] = m->c_name;
		for (int l = PLAN_C + 1; l < PLAN_NR_LANGS; l++) {
			const char *gen = m->c_name;

			if (!(langs & PLAN_LANG(l)))
				continue;
			if (!gen)
				gen = arena_printf(b->plan->arena, "anon%u", i);
			f->name[l] =
				gen ? plan_names__ident(b->plan->arena,
							&scope[l],
							(enum plan_lang)l,
							PLAN_IDENT_FIELD,
							f->range, m->name, gen)
				    : NULL;
			if (!f->name[l]) {
				ret = -ENOMEM;
				break;
			}
		}
	}
	for (uint32_t k = 0; k < t->nr_runs && !ret; k++)
		ret = name_run(b, t, &t->runs[k], k, scope);
	for (int l = 0; l < PLAN_NR_LANGS; l++)
		plan_scope__free(&scope[l]);
	return ret;
}

/* A run goes on while bitfields share its bytes (layout_bits.c's rule). */
static bool in_run(const struct plan_field *f, const struct plan_run *r,
		   const struct plan_field *storage)
{
	if (storage)
		return f->range == PLAN_BITFIELD && f->storage == storage;
	return f->bit_size && f->range != PLAN_BITS &&
	       f->bit_offset < 8 * (r->offset + r->size);
}

static int find_runs(struct builder *b, struct plan_type *t)
{
	struct plan_run *runs;
	uint32_t n = 0;

	for (n = 0; n < t->nr_fields && !t->fields[n].bit_size &&
		    t->fields[n].range != PLAN_BITS;
	     n++)
		;
	if (n == t->nr_fields)
		return 0; /* no bitfield: no run */
	n = 0;
	runs = arena_calloc(b->plan->arena, t->nr_fields, sizeof(*runs));
	if (!runs)
		return -ENOMEM;
	for (uint32_t i = 0; i < t->nr_fields;) {
		struct plan_field *f = &t->fields[i];
		const struct plan_field *storage = NULL;
		struct plan_run *r = &runs[n];
		uint32_t end;

		if (f->range == PLAN_BITS) {
			storage = f;
			r->offset = f->offset;
			r->size = f->size;
		} else if (f->bit_size) {
			r->offset = f->bit_offset / 8;
			r->size = (f->bit_offset + f->bit_size + 7) / 8 -
				  r->offset;
		} else {
			i++;
			continue;
		}
		r->first = i;
		r->native = !storage;
		f->run = n;
		for (i++; i < t->nr_fields && in_run(&t->fields[i], r, storage);
		     i++) {
			struct plan_field *g = &t->fields[i];

			g->run = n;
			if (storage)
				continue;
			end = (g->bit_offset + g->bit_size + 7) / 8;
			if (end > r->offset + r->size)
				r->size = end - r->offset;
		}
		r->nr = i - r->first;
		n++;
	}
	t->runs = runs;
	t->nr_runs = n;
	/* a bitfield's field size is its run's bytes */
	for (uint32_t i = 0; i < t->nr_fields; i++) {
		struct plan_field *f = &t->fields[i];

		if (f->range == PLAN_BITFIELD ||
		    (f->range == PLAN_PADDING && f->bit_size)) {
			f->offset = runs[f->run].offset;
			f->size = runs[f->run].size;
		}
	}
	return 0;
}

static int build_fields(struct builder *b, struct plan_type *t,
			const struct stops_aggr *aggr, const char *base)
{
	const struct plan_field *storage = NULL;
	int ret;

	t->fields = arena_alloc(b->plan->arena,
				(aggr->nr_members ? aggr->nr_members : 1) *
					sizeof(*t->fields));
	if (!t->fields)
		return -ENOMEM;
	t->nr_fields = aggr->nr_members;
	for (uint32_t i = 0; i < aggr->nr_members; i++) {
		const struct stops_member *m = &aggr->members[i];
		struct plan_field *f = &t->fields[i];

		fill_field(f, m);
		if (m->aggr) {
			ret = nested_type(b, base, i, m, &f->type);
			if (ret)
				return ret;
		}
		if (f->range == PLAN_BITS)
			storage = f;
		if (m->storage)
			f->storage = storage;
		f->align = field_align(f);
		f->aligned = f->offset % f->align == 0;
		f->prove = proofs_of(f);
	}
	ret = find_runs(b, t);
	return ret ? ret : name_fields(b, t, aggr);
}

static int name_type(struct builder *b, struct plan_type *t,
		     const struct stops_aggr *aggr, const char *gen)
{
	t->name[PLAN_C] = aggr->c_name;
	for (int l = PLAN_C + 1; l < PLAN_NR_LANGS; l++) {
		if (!(b->langs & PLAN_LANG(l)))
			continue;
		t->name[l] =
			plan_names__ident(b->plan->arena, &b->plan->file[l],
					  (enum plan_lang)l, PLAN_IDENT_TYPE,
					  PLAN_NESTED, NULL,
					  aggr->c_name ? aggr->c_name : gen);
		if (!t->name[l])
			return -ENOMEM;
	}
	return 0;
}

/*
 * A type of an earlier one's layout has its fields, runs and names: the
 * model shares members only where no nested type needs a per-map name.
 * Thousands of maps of one type then cost one type's fields, not
 * thousands (bench's maps5000: 5,000 copies of 30 fields).
 */
static void share_fields(struct plan_type *t, const struct plan_type *owner)
{
	/* built once, never written after: shared as they are */
	t->fields = (struct plan_field *)owner->fields;
	t->nr_fields = owner->nr_fields;
	t->runs = (struct plan_run *)owner->runs;
	t->nr_runs = owner->nr_runs;
}

/* aggr's type, its nested types first; gen names an anonymous one. */
/* What a plan type takes from its aggregate as it is. */
static void type_facts(struct plan_type *t, const struct stops_aggr *aggr)
{
	t->path = aggr->path;
	t->is_union = aggr->is_union;
	t->packed = aggr->packed;
	t->size = aggr->size;
	t->align = aggr->align;
	t->btf_id = aggr->btf_id;
	t->nr_slots = aggr->nr_slots;
}

static int build_type(struct builder *b, const struct stops_aggr *aggr,
		      const char *gen, struct plan_type **out)
{
	struct plan_type *t = arena_calloc(b->plan->arena, 1, sizeof(*t));
	const char *base = aggr->c_name ? aggr->c_name : gen;
	int ret = 0;

	if (!t)
		return -ENOMEM;
	if (aggr->same_layout)
		t->same_layout = type_of(b, aggr->same_layout);
	/* a map's copy of a layout has its BTF type: no lookup per map */
	t->btf_name = t->same_layout ? t->same_layout->btf_name
				     : btf_name_of(b, aggr->btf_id);
	type_facts(t, aggr);
	/*
	 * A map's copy of a layout is no one's nested type nor layout (the
	 * model makes it for its map only, build_maps() finds it by its
	 * place in model->aggrs): not indexed, thousands of hashes saved.
	 */
	if (t->same_layout) {
		share_fields(t, t->same_layout);
	} else {
		ret = htab_add(&b->of_aggr, (uintptr_t)aggr, t, false);
		if (!ret)
			ret = build_fields(b, t, aggr, base);
	}
	if (!ret)
		ret = name_type(b, t, aggr, gen);
	if (!ret) {
		t->index = b->types.len;
		ret = ptr_vec_push(&b->types, t);
	}
	*out = t;
	return ret;
}

/* A new check at the end of b->checks; NULL: out of memory. */
static struct plan_check *new_check(struct builder *b)
{
	if (b->nr_checks == b->checks_cap) {
		uint32_t cap = b->checks_cap ? 2 * b->checks_cap : 64;
		struct plan_check *c;

		c = cap > b->checks_cap ? realloc(b->checks, cap * sizeof(*c))
					: NULL;
		if (!c)
			return NULL;
		b->checks = c;
		b->checks_cap = cap;
	}
	return &b->checks[b->nr_checks++];
}

/* stops_shadow__layout_walk()'s order: a member, then its members. */
static int add_checks(struct builder *b, const struct stops_map *map,
		      const struct btf_type *t, uint32_t base,
		      unsigned int depth)
{
	const struct btf_member *bm = btf_members(t);
	uint32_t vlen = btf_vlen(t);
	int ret;

	for (uint32_t i = 0; i < vlen; i++, bm++) {
		struct plan_check *c = new_check(b);
		const char *name = btf__name_by_offset(b->btf, bm->name_off);
		long long size;
		const struct btf_type *mt =
			btf_skip_mods_size(b->btf, bm->type, &size);
		size_t len;
		const struct btf_type *pt;

		if (!c)
			return -ENOMEM;
		c->name = name ? name : "";
		len = strlen(c->name);
		/* the model refuses such names before this (layout.c, by the
		 * same rule); the check's table holds them as string
		 * literals, which take nothing else */
		if ((c->name[0] && !is_c_ident(c->name)) ||
		    len > NAMES_MAX_LITERAL)
			return stops_errf(
				b->err, -EINVAL,
				"map %s: member %.32s: not a C identifier of at most %d characters",
				map->name, c->name, NAMES_MAX_LITERAL);
		c->name_len = (uint32_t)len;
		c->bit_offset = base + btf_member_bit_offset(t, i);
		c->bit_size = btf_member_bitfield_size(t, i);
		c->cls = (uint8_t)btf_cls_of(mt);
		c->depth = (uint8_t)depth;
		c->kind = mt ? (uint8_t)btf_kind(mt) : 0;
		/* a member libbpf cannot size is refused by the object's
		 * walk too: nothing to compare */
		c->size = size < 0 || size > UINT32_MAX ? UINT32_MAX
							: (uint32_t)size;
		/* btf_is_func_ptr(), from mt: no second walk to it */
		pt = mt && btf_is_ptr(mt) && size == 8
			     ? btf_skip_mods(b->btf, mt->type, NULL)
			     : NULL;
		c->func = pt && btf_is_func_proto(pt);
		if (!c->bit_size && depth < PLAN_CHECK_DEPTH &&
		    (c->cls == BTF_CLS_STRUCT || c->cls == BTF_CLS_UNION) &&
		    btf_is_composite(mt)) {
			/* c moves when the array grows: its offset stays */
			ret = add_checks(b, map, mt, c->bit_offset, depth + 1);
			if (ret)
				return ret;
		}
	}
	return 0;
}

static inline int build_checks(struct builder *b, struct plan_map *pm,
			       const struct plan_map *owner)
{
	const struct btf_type *t = btf__type_by_id(b->btf, pm->map->type_id);
	struct plan_check *checks;
	int ret;

	if (owner) {
		pm->checks = owner->checks;
		pm->nr_checks = owner->nr_checks;
		return 0;
	}
	if (!t || !btf_is_struct(t))
		return stops_errf(b->err, -EINVAL,
				  "map %s: type [%u] is not a struct",
				  pm->map->name, pm->map->type_id);
	b->nr_checks = 0;
	ret = add_checks(b, pm->map, t, 0, 0);
	if (ret)
		return ret;
	checks = arena_alloc(b->plan->arena, (b->nr_checks ? b->nr_checks : 1) *
						     sizeof(*checks));
	if (!checks)
		return -ENOMEM;
	if (b->nr_checks)
		memcpy(checks, b->checks, b->nr_checks * sizeof(*checks));
	pm->checks = checks;
	pm->nr_checks = b->nr_checks;
	return 0;
}

/* The plan map of the first map whose type is aggr, or NULL. */
static const struct plan_map *map_of_type(const struct plan *p, uint32_t n,
					  const struct stops_aggr *aggr)
{
	for (uint32_t i = 0; i < n; i++)
		if (p->maps[i].map->type == aggr)
			return &p->maps[i];
	return NULL;
}

/* The map type's name without ___flavor: the BTF's string when it has none. */
static inline const char *kernel_type(struct builder *b,
				      const struct plan_map *pm,
				      const struct plan_map *prev)
{
	const char *name = pm->map->type_name;
	size_t len;
	char *s;

	if (prev && prev->map->type_name == name)
		return prev->kernel_type;
	len = btf_essential_name_len(name);
	if (!name[len])
		return name;
	s = arena_alloc(b->plan->arena, len + 1);
	if (s) {
		memcpy(s, name, len);
		s[len] = 0;
	}
	return s;
}

static int build_maps(struct builder *b)
{
	const struct stops_model *model = b->plan->model;
	struct plan *p = b->plan;
	uint32_t k = 0;
	int ret;

	p->maps = arena_calloc(p->arena, model->nr_maps ? model->nr_maps : 1,
			       sizeof(*p->maps));
	if (!p->maps)
		return -ENOMEM;
	for (uint32_t i = 0; i < model->nr_maps; i++) {
		const struct stops_map *map = &model->maps[i];
		struct plan_map *pm = &p->maps[i];
		struct plan_type *t;
		const struct plan_map *owner = NULL;

		pm->map = map;
		pm->state = &model->map_state[i];
		pm->kernel_type = kernel_type(b, pm, i ? pm - 1 : NULL);
		if (!pm->kernel_type)
			return -ENOMEM;
		/* maps follow their types' order (model->aggrs) */
		while (k < model->nr_aggrs && model->aggrs[k] != map->type)
			k++;
		pm->type = k < model->nr_aggrs ? b->aggr_type[k]
					       : type_of(b, map->type);
		if (!pm->type) {
			ret = build_type(b, map->type, NULL, &t);
			if (ret)
				return ret;
			pm->type = t;
		}
		if (map->type->same_layout)
			owner = map_of_type(p, i, map->type->same_layout);
		p->nr_maps = i + 1;
		ret = build_checks(b, pm, owner);
		if (ret)
			return ret;
	}
	return 0;
}

/* Named types first in the model's order, then each map's own. */
static int build_plan(struct builder *b)
{
	const struct stops_model *model = b->plan->model;
	struct plan_type *t;
	int ret;

	b->aggr_type = calloc(model->nr_aggrs ? model->nr_aggrs : 1,
			      sizeof(*b->aggr_type));
	if (!b->aggr_type)
		return -ENOMEM;
	/*
	 * Each file scope's room made once (growing step by step touched
	 * twice its memory, fresh pages): a name per type, and for Go a
	 * constructor per map besides (emit_go.c claims them here).
	 */
	for (int l = PLAN_C + 1; l < PLAN_NR_LANGS; l++) {
		if (!(b->langs & PLAN_LANG(l)))
			continue;
		ret = name_set_reserve(&b->plan->file[l].taken,
				       model->nr_aggrs + 16 +
					       (l == PLAN_GO ? model->nr_maps
							     : 0));
		if (ret)
			return ret;
	}
	for (uint32_t i = 0; i < model->nr_aggrs; i++) {
		/* a map's copy of a layout is built only here (build_type()) */
		b->aggr_type[i] = model->aggrs[i]->same_layout
					  ? NULL
					  : type_of(b, model->aggrs[i]);
		if (b->aggr_type[i])
			continue;
		ret = build_type(b, model->aggrs[i], NULL, &t);
		if (ret)
			return ret;
		b->aggr_type[i] = t;
	}
	ret = build_maps(b);
	if (ret)
		return ret;
	b->plan->types =
		arena_calloc(b->plan->arena, b->types.len ? b->types.len : 1,
			     sizeof(*b->plan->types));
	if (!b->plan->types)
		return -ENOMEM;
	if (b->types.len)
		memcpy(b->plan->types, b->types.items,
		       b->types.len * sizeof(*b->plan->types));
	b->plan->nr_types = b->types.len;
	return 0;
}

/*
 * PLAN_MAPS_ONLY: each map's type stands alone, without fields, and one
 * of an earlier map's layout names that map's type: no type is looked up
 * by its aggregate, and thousands of maps of one type cost a copy of its
 * facts each (bench's maps5000: hashing 5,000 types cost more than the
 * header's layout block it serves).
 */
/* Map i, the first of its layout: its type's facts, its own checks. */
static int map_alone(struct builder *b, uint32_t i, struct plan_type *t)
{
	const struct stops_model *model = b->plan->model;
	const struct stops_map *map = &model->maps[i];
	const struct stops_aggr *aggr = map->type;
	struct plan_map *pm = &b->plan->maps[i];

	*t = (struct plan_type){
		.index = i,
		.btf_name = btf_name_of(b, aggr->btf_id),
		.name[PLAN_C] = aggr->c_name,
	};
	type_facts(t, aggr);
	*pm = (struct plan_map){
		.map = map,
		.state = &model->map_state[i],
		.type = t,
	};
	pm->kernel_type = kernel_type(b, pm, i ? pm - 1 : NULL);
	if (!pm->kernel_type)
		return -ENOMEM;
	return build_checks(b, pm, NULL);
}

/*
 * Map i of owner's layout: owner's facts and checks, copied whole (no
 * zeroing first), with its own names.
 */
static int map_shared(struct builder *b, uint32_t i, struct plan_type *t,
		      const struct plan_map *owner)
{
	const struct stops_model *model = b->plan->model;
	const struct stops_map *map = &model->maps[i];
	struct plan_map *pm = &b->plan->maps[i];

	*t = *owner->type;
	t->index = i;
	t->name[PLAN_C] = map->type->c_name;
	t->path = map->type->path;
	t->same_layout = owner->type;
	*pm = *owner;
	pm->map = map;
	pm->state = &model->map_state[i];
	pm->type = t;
	if (map->type_name != owner->map->type_name)
		pm->kernel_type = kernel_type(b, pm, NULL);
	return pm->kernel_type ? 0 : -ENOMEM;
}

static int build_map_types(struct builder *b)
{
	const struct stops_model *model = b->plan->model;
	struct plan *p = b->plan;
	uint32_t n = model->nr_maps ? model->nr_maps : 1;
	struct plan_type *types = arena_alloc(p->arena, n * sizeof(*types));
	const struct plan_map *owner = NULL; /* the last search's answer */
	int ret = 0;

	p->maps = arena_alloc(p->arena, n * sizeof(*p->maps));
	p->types = arena_alloc(p->arena, n * sizeof(*p->types));
	if (!types || !p->maps || !p->types)
		return -ENOMEM;
	for (uint32_t i = 0; i < model->nr_maps && !ret; i++) {
		const struct stops_aggr *shared =
			model->maps[i].type->same_layout;

		/* maps of one layout follow their first: one search a run */
		if (shared && (!owner || owner->map->type != shared))
			owner = map_of_type(p, i, shared);
		ret = shared && owner ? map_shared(b, i, &types[i], owner)
				      : map_alone(b, i, &types[i]);
		p->types[i] = &types[i];
	}
	if (!ret)
		p->nr_maps = p->nr_types = model->nr_maps;
	return ret;
}

int plan__build(const struct stops_model *model, struct plan **out,
		struct stops_err *err)
{
	return plan__build_langs(model, PLAN_ALL_LANGS, out, err);
}

int plan__build_langs(const struct stops_model *model, unsigned int langs,
		      struct plan **out, struct stops_err *err)
{
	struct builder b = {.btf = model->btf, .langs = langs, .err = err};
	struct plan *p = calloc(1, sizeof(*p));
	int ret;

	*out = NULL;
	if (!p)
		return stops_errf(err, -ENOMEM, "out of memory");
	p->arena = calloc(1, sizeof(*p->arena));
	if (!p->arena) {
		free(p);
		return stops_errf(err, -ENOMEM, "out of memory");
	}
	p->model = model;
	b.plan = p;
	if (err)
		err->msg[0] = 0;
	ret = langs & PLAN_MAPS_ONLY ? build_map_types(&b) : build_plan(&b);
	free(b.aggr_type);
	free(b.checks);
	htab_free(&b.of_aggr);
	ptr_vec_free(&b.types);
	if (ret) {
		plan__free(p);
		if (err && !err->msg[0])
			stops_errf(err, ret, "out of memory");
		return ret;
	}
	*out = p;
	return 0;
}

void plan__free(struct plan *plan)
{
	if (!plan)
		return;
	for (int l = 0; l < PLAN_NR_LANGS; l++)
		plan_scope__free(&plan->file[l]);
	arena_free(plan->arena);
	free(plan->arena);
	free(plan);
}
