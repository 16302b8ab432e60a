// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* C emitter: the layout model as a self-checking shadow-type header. */
#include <ctype.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "emit_c.h"
#include "emit_fit.h"
#include "emit_lists.h"
#include "emit_types.h"
#include "emit_verify.h"
#include "plan.h"
#include "tpl_c.h"

/* The helpers every shadow header shares (gen/runtime/, below). */
static const char *const helper_idents[] = {
	"STOPS_SHADOW__AT",
	"STOPS_SHADOW__ASSERT",
	"STOPS_SHADOW__SIZE",
	"STOPS_SHADOW__MATCH",
	"STOPS_SHADOW__MATCH_SIZE",
	"STOPS_SHADOW__GET_BITS",
	"STOPS_SHADOW__INITIAL_VALUE",
	"STOPS_SHADOW_NO_LIBBPF",
	"stops_shadow__get_bits",
	"stops_shadow__get_sbits",
	"stops_shadow__set_bits",
	"stops_shadow__initial_value",
	"stops_shadow__find_initial_value",
	"STOPS_SHADOW__SKEL",
	"STOPS_SHADOW__SKEL_1",
	"STOPS_SHADOW__SKEL_",
};

static int claim_accessors(struct emit *e, const struct stops_aggr *a,
			   const char *x)
{
	int ret = 0;

	for (uint32_t i = 0; i < a->nr_members && !ret; i++) {
		const struct stops_member *m = &a->members[i];

		if (!m->c_name && m->aggr && m->kind != STOPS_ARRAY)
			ret = claim_accessors(e, m->aggr, x);
		else if (m->storage &&
			 !(ret = claim_fmt(&e->names, "%s__get_%s", x,
					   m->c_name, "")))
			ret = claim_fmt(&e->names, "%s__set_%s", x, m->c_name,
					"");
	}
	return ret;
}

/* <obj>__<map>__<type>, joined into the arena (claim_fmt's "%s__%s__%s") */
static int claim_bpftool_alias(struct emit *e, const struct stops_map *m)
{
	size_t o = e->obj_upper.len, n = strlen(m->name);
	size_t t = strlen(m->type_name);
	char *name = arena_chars(&e->names.arena, o + n + t + 5);
	const char *got;

	if (!name)
		return -ENOMEM;
	memcpy(name, e->model->obj_name, o);
	memcpy(name + o, "__", 2);
	memcpy(name + o + 2, m->name, n);
	memcpy(name + o + 2 + n, "__", 2);
	memcpy(name + o + 4 + n, m->type_name, t + 1);
	return claim_arena_ident(&e->names, name, false, &got);
}

/* How many names nested_aliases() gives for own. */
static uint64_t count_named_subs(const struct stops_aggr *own)
{
	uint64_t n = 0;

	for (uint32_t i = 0; i < own->nr_members; i++) {
		const struct stops_aggr *sub = own->members[i].aggr;

		if (sub)
			n += (sub->c_name ? 1 : 0) + count_named_subs(sub);
	}
	return n;
}

/* The header being written: the shared context, and each part's state. */
struct header {
	struct emit *e;
	struct emit_types *types;
	struct emit_lists *lists;
	struct plan *plan; /* the maps only (PLAN_MAPS_ONLY), C's names */
};

/*
 * Every identifier the header defines, claimed before any is written, so
 * that only enumerator macros are ever renamed: the include guard, the
 * helpers, type names (a macro of that name would rewrite them), member
 * lists, accessors, the bpftool alias.
 *
 * With early, a map's suffixed names are claimed with its type's (one
 * look-up of the stem instead of two): the same set of names, in
 * another order.
 */
static int claim_in_order(struct header *h, const char *guard, bool early)
{
	struct emit *e = h->e;
	const struct stops_model *model = e->model;
	const char *obj = model->obj_name;
	uint32_t matched = 0;
	/*
	 * ~20 names of the header and emit_fit's, then a stem a type (its
	 * name; a map's __MEMBERS, __from_map, ... share it) and another a
	 * map (bpftool's alias): a hint, more only grows the set
	 */
	uint64_t n = 20 + emit_fit_nr_idents + emit_verify_nr_idents +
		     (uint64_t)model->nr_aggrs + (uint64_t)model->nr_maps;
	const struct stops_aggr *counted = NULL;
	uint64_t subs = 0;
	int ret;

	/* and a stem for each of nested_aliases()' names */
	for (uint32_t k = 0; k < model->nr_maps; k++) {
		const struct stops_aggr *own = model->maps[k].type->same_layout;

		if (!own || !(layout_facts(h->lists, own) & LAYOUT_NAMED_SUBS))
			continue;
		if (own != counted) {
			counted = own;
			subs = count_named_subs(own);
		}
		n += subs;
	}
	/* no more than the names of 3 a type and 5 a map (a hint) */
	if (n > 20 + emit_fit_nr_idents + 3 * (uint64_t)model->nr_aggrs +
			5 * (uint64_t)model->nr_maps)
		n = 20 + emit_fit_nr_idents + 3 * (uint64_t)model->nr_aggrs +
		    5 * (uint64_t)model->nr_maps;

	pair_set_suffixes(&e->names.idents, claim_suffix,
			  sizeof(claim_suffix) / sizeof(claim_suffix[0]));
	ret = pair_set_reserve(&e->names.idents, n < UINT32_MAX / 2
							 ? (uint32_t)n
							 : UINT32_MAX / 2);

	if (!ret)
		ret = claim_fmt(&e->names, "%s", guard, "", "");
	for (size_t i = 0; !ret && i < sizeof(helper_idents) / sizeof(char *);
	     i++)
		ret = claim_fmt(&e->names, "%s", helper_idents[i], "", "");
	for (size_t i = 0; !ret && i < emit_fit_nr_idents; i++)
		ret = claim_fmt(&e->names, "%s", emit_fit_idents[i], "", "");
	for (size_t i = 0; !ret && i < emit_verify_nr_idents; i++)
		ret = claim_fmt(&e->names, "%s", emit_verify_idents[i], "", "");
	/*
	 * emit_embed.c's names, taken with or without --embed: turning it on
	 * must not rename an enumerator macro a loader already uses.
	 */
	if (!ret)
		ret = claim_fmt(&e->names, "%s__embedded_bytes", obj, "", "");
	if (!ret)
		ret = claim_fmt(&e->names, "%s__open_embedded", obj, "", "");
	if (!ret)
		ret = claim_fmt(&e->names, "__STOPS_SHADOW_EMBED_%s", obj, "",
				"");
	/* the bpftool aliases' pick for this object (emit_skel_pick) */
	if (!ret)
		ret = claim_fmt(&e->names, "STOPS_SHADOW__SKEL___%s_SKEL_H__",
				e->obj_upper.s, "", "");
	for (uint32_t k = 0; !ret && k < model->nr_aggrs; k++) {
		const struct stops_aggr *a = model->aggrs[k];
		int last = SUFFIX_BTF_MEMBERS;

		/* maps follow their types' order (emit_header) */
		if (early && matched < model->nr_maps &&
		    model->maps[matched].type == a &&
		    model->maps[matched++].shadow_name == a->c_name)
			last = SUFFIX_LAYOUT;
		ret = claim_suffixed(&e->names, a->c_name, true, SUFFIX_MEMBERS,
				     last);
		if (!ret && layout_facts(h->lists, a) & LAYOUT_BITS)
			ret = claim_accessors(e, a, a->c_name);
	}
	for (uint32_t k = 0; !ret && k < model->nr_maps; k++) {
		const struct stops_map *m = &model->maps[k];

		if (strlen(m->name) > NAMES_MAX_LITERAL)
			return stops_errf(
				e->err, -ENAMETOOLONG,
				"map %.32s...: name longer than %d characters (the accessors compare it as a string literal)",
				m->name, NAMES_MAX_LITERAL);
		/* the fit helper and the layout check compare the type's name
		 * as a string literal too (C guarantees 4,095 characters) */
		if (strlen(m->type_name) > NAMES_MAX_LITERAL)
			return stops_errf(
				e->err, -ENAMETOOLONG,
				"map %s: type name %.32s... longer than %d characters (the fit helper compares it as a string literal)",
				m->name, m->type_name, NAMES_MAX_LITERAL);
		ret = claim_bpftool_alias(e, m);
		if (!ret && m->type->same_layout &&
		    layout_facts(h->lists, m->type) & LAYOUT_NAMED_SUBS)
			ret = nested_aliases(h->lists, m->type->same_layout,
					     m->shadow_name, true);
		if (!ret && !(k < matched && m->shadow_name == m->type->c_name))
			ret = claim_suffixed(&e->names, m->shadow_name, false,
					     SUFFIX_ASSERT_MATCHES,
					     SUFFIX_LAYOUT);
	}
	return ret;
}

/*
 * Whether a set of names is free does not depend on the order they are
 * claimed in, but which clash is reported first does: on a clash, the
 * names are claimed again in the order the messages were made for.
 */
static int claim_idents(struct header *h, const char *guard)
{
	struct emit *e = h->e;
	int ret = claim_in_order(h, guard, true);

	if (!ret || ret == -ENOMEM)
		return ret;
	pair_set_free(&e->names.idents);
	return claim_in_order(h, guard, false);
}

/* The first enumerator of this name, if an earlier one has it. */
static const struct stops_enum_val *enum_val_seen(struct emit *e, uint32_t ei,
						  uint32_t vi)
{
	const struct stops_model *model = e->model;
	const struct stops_enum_val *v = &model->enums[ei]->vals[vi];
	const char *name = v->name;
	int ret;

	/* The set maps a name to its first enumerator, in O(1) either way
	 * (a scan per repeated name was quadratic); if it cannot (out of
	 * memory), the scan below still gives the answer. */
	ret = htab_add(&e->enum_names.h, (uintptr_t)name, (void *)(uintptr_t)v,
		       true);
	if (!ret)
		return NULL;
	if (ret == -EEXIST)
		return htab_get(&e->enum_names.h, (uintptr_t)name, true);
	for (uint32_t i = 0; i <= ei; i++) {
		const struct stops_enum *en = model->enums[i];
		uint32_t n = i == ei ? vi : en->nr_vals;

		for (uint32_t j = 0; j < n; j++)
			if (!strcmp(en->vals[j].name, name))
				return &en->vals[j];
	}
	return NULL;
}

/* #define name <v>, as a literal of the enum's type */
static void emit_enum_define(struct emit *e, const struct stops_enum *en,
			     const char *name, int64_t v)
{
	if (en->is_signed && v == INT64_MIN)
		tpl_c_enum_define_min(e->o, name);
	else if (en->is_signed)
		tpl_c_enum_define(e->o, name, v < 0 ? "-" : "",
				  v < 0 ? -(uint64_t)v : (uint64_t)v, "LL");
	else
		tpl_c_enum_define(e->o, name, "", (uint64_t)v,
				  en->size == 8 ? "ULL" : "U");
}

/*
 * Prefixed macros: safe beside vmlinux.h or the user's own enum. Two
 * enums of a linked object may share an enumerator name with different
 * values; the later one is then spelled <obj>__<enum>__<name>.
 */
static int emit_enum_const(struct emit *e, uint32_t ei, uint32_t vi)
{
	const struct stops_enum *en = e->model->enums[ei];
	const struct stops_enum_val *v = &en->vals[vi];
	const struct stops_enum_val *seen = enum_val_seen(e, ei, vi);
	const char *c;
	char *name;
	int ret;

	if (seen && seen->value == v->value) {
		tpl_c_enum_seen(e->o, v->name);
		return 0;
	}
	if (seen)
		tpl_c_enum_differs(e->o, v->name);
	if (seen && en->name)
		name = str_printf("%s__%s__%s", e->model->obj_name, en->name,
				  v->name);
	else if (seen)
		name = str_printf("%s__enum%u__%s", e->model->obj_name, ei,
				  v->name);
	else
		name = str_printf("%s__%s", e->model->obj_name, v->name);
	if (!name)
		return -ENOMEM;
	ret = claim_ident(&e->names, name, true, &c);
	if (!ret && strcmp(c, name))
		tpl_c_enum_taken(e->o, v->name, name, c);
	free(name);
	if (ret)
		return ret;
	emit_enum_define(e, en, c, v->value);
	return 0;
}

/*
 * bpftool >= 7.5 spells the shadow type <obj>__<map>__<type>: the alias lets
 * code written for it compile. A skeleton included first defines a type of
 * that name itself (its guard is __<OBJ>_SKEL_H__), and then keeps it.
 */
static void emit_bpftool_alias(struct emit *e)
{
	tpl_c_bpftool_alias(e->o, e->obj_upper, e->obj, e->name, e->type,
			    e->shadow);
}

static int emit_enums(struct emit *e)
{
	const struct stops_model *model = e->model;
	int ret;

	for (uint32_t i = 0; i < model->nr_enums; i++) {
		const struct stops_enum *en = model->enums[i];

		tpl_c_enum_head(e->o, en->name ? en->name : "(anon)", en->size,
				en->is_signed ? "signed" : "unsigned");
		for (uint32_t j = 0; j < en->nr_vals; j++) {
			ret = emit_enum_const(e, i, j);
			if (ret)
				return ret;
		}
		tpl_c_enum_end(e->o);
	}
	return 0;
}

/*
 * Shared by every shadow header (hence the guards): the layout proofs,
 * whose messages name object, map, member and offset, and the lookup
 * behind each map's accessors. Their source is gen/runtime/; the build
 * turns each file into the runtime_<file>() that writes it
 * (scripts/mk-runtime).
 */
#include "runtime_skel.inc"
#include "runtime_layout_assert.inc"
#include "runtime_bits.inc"
#include "runtime_initial_value.inc"

static void emit_prologue(struct emit *e, const char *guard)
{
	tpl_c_prologue(e->o, e->model->obj_name, STOPS_SHADOW_VERSION, guard);
	runtime_skel(e->o);
	runtime_layout_assert(e->o);
	runtime_bits(e->o);
	runtime_initial_value(e->o);
}

static int emit_header(struct header *h)
{
	struct emit *e = h->e;
	const struct stops_model *model = e->model;
	char guard[64];
	int ret;

	/* foo and FOO, or names that only differ after 300 characters, are
	 * different objects: the guard hashes the whole name */
	snprintf(guard, sizeof(guard), "STOPS_SHADOW_H_%016" PRIx64,
		 names__hash(model->obj_name));
	e->obj_lit = wr_str(lit(e, 0, model->obj_name));
	if (e->obj_lit.s != model->obj_name) {
		memcpy(e->obj_lit_buf, e->obj_lit.s, e->obj_lit.len + 1);
		e->obj_lit.s = e->obj_lit_buf;
	}
	e->obj = wr_str(model->obj_name);
	e->obj_upper.len = e->obj.len;
	e->obj_upper_buf = malloc(e->obj_upper.len + 1);
	if (!e->obj_upper_buf)
		return -ENOMEM;
	for (size_t i = 0; i <= e->obj_upper.len; i++)
		e->obj_upper_buf[i] =
			(char)toupper((unsigned char)model->obj_name[i]);
	e->obj_upper.s = e->obj_upper_buf;
	e->names.obj = model->obj_name;
	e->names.obj_len = e->obj_upper.len;
	e->names.err = e->err;
	e->names.obj_unreserved =
		!names__reserved_prefix(model->obj_name, e->obj_upper.len);
	ret = claim_idents(h, guard);
	if (ret)
		return ret;
	emit_prologue(e, guard);
	if (model->nr_maps)
		tpl_c_skel_pick(e->o, e->obj_upper);
	ret = emit_enums(e);
	if (ret)
		return ret;
	/* Each map's type follows the nested types it needs, in map order. */
	for (uint32_t k = 0, next = 0; k < model->nr_aggrs; k++) {
		const struct stops_aggr *a = model->aggrs[k];

		e->map = NULL;
		if (next < model->nr_maps && model->maps[next].type == a)
			e->map = &model->maps[next++];
		if (e->map) {
			map_strs(e, e->map);
			tpl_c_map_line(e->o, e->name, e->type, e->sec,
				       num_str(e, e->map->size));
		}
		ret = emit_aggr(h->types, a);
		if (ret)
			return ret;
		if (e->map)
			emit_bpftool_alias(e);
		if (e->map && a->same_layout &&
		    layout_facts(h->lists, a) & LAYOUT_NAMED_SUBS) {
			ret = nested_aliases(h->lists, a->same_layout,
					     a->c_name, false);
			if (ret)
				return ret;
		}
		ret = emit_asserts(e, a);
		if (ret)
			return ret;
		if (layout_facts(h->lists, a) & LAYOUT_BITS)
			emit_bit_accessors(e, a, a->c_name, aggr_kw(a));
	}
	for (uint32_t k = 0; k < model->nr_maps; k++) {
		ret = emit_assert_matches(h->lists, &model->maps[k]);
		if (ret)
			return ret;
	}
	if (model->nr_maps)
		tpl_c_libbpf_open(e->o);
	for (uint32_t k = 0; k < model->nr_maps; k++)
		emit_accessors(e, &model->maps[k]);
	/*
	 * The plan's maps, C's names only, here: its errors (a type that is not
	 * a struct, a member the check cannot hold) come where emit_verify.c's
	 * walk of the BTF gave them, after the names' and the accessors'
	 */
	ret = plan__build_langs(model, PLAN_LANG(PLAN_C) | PLAN_MAPS_ONLY,
				&h->plan, e->err);
	if (ret)
		return ret;
	/* the layout block first: the fit helper reads its tables */
	emit_verify(e->o, h->plan->maps, h->plan->nr_maps);
	emit_fit(e->o, h->plan->maps, h->plan->nr_maps);
	if (model->nr_maps)
		tpl_c_libbpf_close(e->o);
	tpl_c_epilogue(e->o, guard);
	return 0;
}

int stops_model__emit_c(const struct stops_model *model, FILE *out,
			const struct stops_emit_c_opts *opts,
			struct stops_err *err)
{
	struct header h = {0};
	struct emit *e;
	int ret = -ENOMEM;

	if (!model || !out || !OPTS_VALID(opts, stops_emit_c_opts))
		return stops_errf(err, -EINVAL, "emit: invalid arguments");
	e = calloc(1, sizeof(*e));
	if (!e)
		return stops_errf(err, -ENOMEM, "out of memory");
	e->model = model;
	e->err = err;
	/* malloc, not calloc: untouched buffer pages cost no page faults */
	e->file = malloc(sizeof(*e->file));
	h.e = e;
	h.types = emit_types__new(e);
	h.lists = emit_lists__new(e);
	if (!e->file || !h.types || !h.lists)
		goto out;
	out_init(e->file, out);
	e->o = e->file;
	ret = emit_header(&h);
	if (!ret)
		ret = out_flush(e->file);
	if (!ret && ferror(out))
		ret = -EIO;
out:
	name_set_free(&e->enum_names);
	pair_set_free(&e->names.idents);
	arena_free(&e->names.arena);
	plan__free(h.plan);
	emit_types__free(h.types);
	emit_lists__free(h.lists);
	free(e->obj_upper_buf);
	free(e->file);
	free(e);
	if (ret == -EIO)
		return stops_errf(err, ret, "write error");
	if (ret == -ENOMEM)
		return stops_errf(err, ret, "out of memory");
	if (ret == -EOVERFLOW)
		return stops_errf(
			err, ret,
			"internal error: header text longer than its bound (a stops-shadow bug; please report it)");
	return ret; /* 0, or the message is set */
}
