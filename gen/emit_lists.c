// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * The header's proofs and ways in, per type: member lists, layout
 * asserts, ASSERT_MATCHES, bitfield and map accessors, nested aliases.
 */
#include <stdlib.h>
#include <string.h>

#include "emit_lists.h"
#include "emit_types.h"
#include "emit_verify.h"
#include "tpl_lists.h"

/* What this file keeps from map to map. */
struct emit_lists {
	struct emit *e; /* the context it writes in */
	/* layout_facts() of the last layout asked about (maps share one) */
	const struct stops_aggr *facts_of;
	unsigned int facts;
	/* nested_aliases() of aliases_of: each name's tail and the type */
	const struct stops_aggr *aliases_of;
	struct alias {
		struct wr_str tail, type;
	} * aliases;
	uint32_t nr_aliases, aliases_cap;
};

struct emit_lists *emit_lists__new(struct emit *e)
{
	struct emit_lists *l = calloc(1, sizeof(*l));

	if (l)
		l->e = e;
	return l;
}

void emit_lists__free(struct emit_lists *l)
{
	if (!l)
		return;
	free(l->aliases);
	free(l);
}

enum list_kind { SHADOW_NAMES, BTF_NAMES };

/* "what_" and a 32-bit counter */
#define LIST_PARAM_LEN 16

/* Whether the BTF-name list says anything the shadow-name one does not. */
static bool btf_names_differ(const struct stops_aggr *a)
{
	for (uint32_t i = 0; i < a->nr_members; i++) {
		const struct stops_member *m = &a->members[i];

		if (m->kind == STOPS_BITS)
			return true; /* only the shadow has it */
		if (m->kind == STOPS_PADDING || m->bit_size)
			continue;
		if (m->name && m->c_name && m->name != m->c_name &&
		    strcmp(m->name, m->c_name))
			return true; /* renamed: int -> int_ */
		if ((m->kind == STOPS_OPAQUE && m->name) ||
		    (m->kind == STOPS_STRUCT && m->name) ||
		    (!m->name && btf_names_differ(m->aggr)))
			return true;
	}
	return false;
}

/* Whether claim_accessors() and emit_bit_accessors() find a bitfield. */
static bool has_bit_accessors(const struct stops_aggr *a)
{
	for (uint32_t i = 0; i < a->nr_members; i++) {
		const struct stops_member *m = &a->members[i];

		if (!m->c_name && m->aggr && m->kind != STOPS_ARRAY) {
			if (has_bit_accessors(m->aggr))
				return true;
		} else if (m->storage) {
			return true;
		}
	}
	return false;
}

/* Whether nested_aliases() finds a named nested type. */
static bool has_named_subs(const struct stops_aggr *a)
{
	for (uint32_t i = 0; i < a->nr_members; i++) {
		const struct stops_aggr *sub = a->members[i].aggr;

		if (sub && (sub->c_name || has_named_subs(sub)))
			return true;
	}
	return false;
}

/*
 * What the walks over a's members find depends on its layout only: found
 * once for maps sharing it, not once per map.
 */
unsigned int layout_facts(struct emit_lists *l, const struct stops_aggr *a)
{
	const struct stops_aggr *owner = layout_owner(a);

	if (l->facts_of != owner) {
		l->facts_of = owner;
		l->facts = (has_bit_accessors(owner) ? LAYOUT_BITS : 0) |
			   (has_named_subs(owner) ? LAYOUT_NAMED_SUBS : 0) |
			   (btf_names_differ(owner) ? LAYOUT_BTF_DIFFER : 0);
	}
	return l->facts;
}

/*
 * Calls fn(e, prefix, name, offset, arg) for each entry of a's list; a
 * non-zero return stops the walk and is returned. The one walk serves
 * both the emitted list and the parameter-name check, so they agree.
 */
typedef int (*list_fn)(struct emit *e, const char *prefix, const char *name,
		       uint32_t off, uint32_t size, void *arg);

static int walk_list(struct emit *e, const struct stops_aggr *a,
		     enum list_kind kind, const char *prefix, uint32_t base,
		     list_fn fn, void *arg)
{
	int ret = 0;

	for (uint32_t i = 0; i < a->nr_members && !ret; i++) {
		const struct stops_member *m = &a->members[i];
		const char *n = kind == SHADOW_NAMES ? m->c_name : m->name;
		uint32_t off = base + m->bit_offset / 8;
		char *path;

		if (m->kind == STOPS_PADDING || m->bit_size ||
		    (m->kind == STOPS_BITS && kind == BTF_NAMES))
			continue;
		/* int, errno: no definition T can have such a member */
		if (kind == BTF_NAMES && n && names__is_reserved(n))
			continue;
		if (!n) {
			ret = walk_list(e, m->aggr, kind, prefix, off, fn, arg);
			continue;
		}
		ret = fn(e, prefix, n, off, m->size, arg);
		if (ret || kind == SHADOW_NAMES || m->kind != STOPS_STRUCT)
			continue;
		path = str_printf("%s%s.", prefix, n);
		ret = path ? walk_list(e, m->aggr, kind, path, off, fn, arg)
			   : -ENOMEM;
		free(path);
	}
	return ret;
}

/* The list macro's parameters: X, S, what; or X_2, S_2, what_2 ... */
struct list_params {
	char p[3][LIST_PARAM_LEN];
	struct wr_str x, s, what; /* p's, measured */
};

/* A macro parameter spelled like a member would capture it. */
static int entry_is_named(struct emit *e, const char *prefix, const char *name,
			  uint32_t off, uint32_t size, void *arg)
{
	const struct list_params *lp = arg;

	(void)e;
	(void)prefix;
	(void)off;
	(void)size;
	for (int i = 0; i < 3; i++)
		if (name[0] == lp->p[i][0] && !strcmp(name, lp->p[i]))
			return 1;
	return 0;
}

static int emit_entry(struct emit *e, const char *prefix, const char *name,
		      uint32_t off, uint32_t size, void *arg)
{
	const struct list_params *lp = arg;
	size_t plen = strlen(prefix), nlen = strlen(name);

	/* #m goes into the asserts' messages */
	if (plen + nlen > NAMES_MAX_LITERAL)
		return stops_errf(
			e->err, -ENAMETOOLONG,
			"member %s%.32s...: name longer than %d characters",
			prefix, name, NAMES_MAX_LITERAL);
	tpl_li_list_entry(e->o, lp->x, lp->s, lp->what,
			  (struct wr_str){prefix, plen},
			  (struct wr_str){name, nlen}, off, size);
	return 0;
}

static int emit_list(struct emit *e, const struct stops_aggr *a,
		     enum list_kind kind)
{
	static const char *const params[3] = {"X", "S", "what"};
	struct list_params lp;
	char(*p)[LIST_PARAM_LEN] = lp.p;
	size_t len[3];
	int ret = 0;

	/*
	 * X, S, what; or X_2, S_2, what_2 ... if a member has such a name:
	 * one walk looks for all three.
	 */
	for (uint32_t k = 1;; k++) {
		for (int i = 0; i < 3; i++) {
			if (k == 1) {
				len[i] = strlen(params[i]);
				memcpy(p[i], params[i], len[i] + 1);
			} else
				len[i] =
					(size_t)snprintf(p[i], sizeof(p[i]),
							 "%s_%u", params[i], k);
		}
		ret = walk_list(e, a, kind, "", 0, entry_is_named, &lp);
		if (ret < 0)
			return ret;
		if (!ret)
			break;
	}
	lp.x = (struct wr_str){p[0], len[0]};
	lp.s = (struct wr_str){p[1], len[1]};
	lp.what = (struct wr_str){p[2], len[2]};
	tpl_li_list_open(e->o,
			 kind == SHADOW_NAMES ? "Shadow" : "Original (BTF)",
			 a->c_name,
			 kind == SHADOW_NAMES ? "MEMBERS" : "BTF_MEMBERS", lp.x,
			 lp.s, lp.what);
	ret = walk_list(e, a, kind, "", 0, emit_entry, &lp);
	tpl_li_list_close(e->o);
	return ret;
}

int emit_asserts(struct emit *e, const struct stops_aggr *a)
{
	struct wr_str kw = aggr_kw_str(a), name, path;
	int ret = 0;

	/*
	 * A map sharing an earlier map's layout has the same body, token for
	 * token (only comments differ): the owner's offset asserts prove it,
	 * its own size assert keeps it tied to the BTF. Users' builds then
	 * expand one member list per layout, not per map.
	 */
	if (!a->same_layout) {
		ret = emit_list(e, a, SHADOW_NAMES);
		tpl_li_assert_members(e->o, a->c_name, kw, e->obj_lit,
				      lit(e, 1, a->path));
	}
	if (e->map && a->c_name == e->map->shadow_name)
		name = e->shadow;
	else
		name = wr_str(a->c_name);
	/* a map's name is no longer than a literal may be (claim_idents) */
	if (e->map && a->path == e->map->name)
		path = e->name;
	else
		path = wr_str(lit(e, 1, a->path));
	tpl_li_assert_size(e->o, kw, name, e->obj_lit, path,
			   num_str(e, a->size));
	return ret;
}

/*
 * get/set for each bitfield of a (and of its anonymous members) kept in
 * STOPS_BITS bytes: X__get_<f>(const struct X *), X__set_<f>(struct X *, v).
 */
void emit_bit_accessors(struct emit *e, const struct stops_aggr *a,
			const char *x, const char *kw)
{
	for (uint32_t i = 0; i < a->nr_members; i++) {
		const struct stops_member *m = &a->members[i];
		const char *t;

		if (!m->c_name && m->aggr && m->kind != STOPS_ARRAY) {
			emit_bit_accessors(e, m->aggr, x, kw);
			continue;
		}
		if (!m->storage)
			continue;
		t = spell(m->c_type);
		tpl_li_bit_accessors(e->o, t, x, m->c_name, kw,
				     m->is_signed ? "get_sbits" : "get_bits",
				     m->storage, m->storage_bit, m->bit_size);
	}
}

int emit_assert_matches(struct emit_lists *l, const struct stops_map *map)
{
	struct emit *e = l->e;
	const struct stops_aggr *a = map->type, *owner = layout_owner(a);
	bool differ = layout_facts(l, owner) & LAYOUT_BTF_DIFFER;
	struct out *o = e->o;
	int ret = 0;

	map_strs(e, map);
	owner_str(e, owner);
	tpl_li_matches_note(o, e->type);
	if (differ && owner == a)
		ret = emit_list(e, a, BTF_NAMES);
	tpl_li_matches(o, e->shadow, e->owner,
		       differ ? LIT_STR("BTF_MEMBERS") : LIT_STR("MEMBERS"),
		       e->obj_lit, e->name, num_str(e, a->size));
	return ret;
}

/* X__from_map(), X__from_object() and X__from_skel() of a map's type. */
void emit_accessors(struct emit *e, const struct stops_map *map)
{
	map_strs(e, map);
	tpl_li_accessors(e->o, e->shadow, e->name, EMIT_VERIFY_FROM_MAP,
			 EMIT_VERIFY_FROM_OBJECT, EMIT_VERIFY_SUFFIX);
}

/* l->aliases: nested_aliases()' names for own, in its walk's order */
static int collect_aliases(struct emit_lists *l, const struct stops_aggr *a,
			   size_t owner_len)
{
	int ret = 0;

	for (uint32_t i = 0; i < a->nr_members && !ret; i++) {
		const struct stops_aggr *sub = a->members[i].aggr;

		if (!sub)
			continue;
		if (sub->c_name) {
			if (l->nr_aliases == l->aliases_cap) {
				uint32_t cap =
					l->aliases_cap ? 2 * l->aliases_cap : 8;
				struct alias *n;

				n = cap > l->aliases_cap
					    ? realloc(l->aliases,
						      cap * sizeof(*n))
					    : NULL;
				if (!n)
					return -ENOMEM;
				l->aliases = n;
				l->aliases_cap = cap;
			}
			l->aliases[l->nr_aliases].tail =
				wr_str(sub->c_name + owner_len);
			l->aliases[l->nr_aliases++].type = wr_str(sub->c_name);
		}
		ret = collect_aliases(l, sub, owner_len);
	}
	return ret;
}

/*
 * Maps of one type share the first map's nested types (one layout, one
 * set of asserts); the names by the other maps' paths stay usable:
 *	#define obj_map2_type__member obj_map1_type__member
 * Each is claimed (claim set), else written; the names are listed once
 * per layout (own).
 */
int nested_aliases(struct emit_lists *l, const struct stops_aggr *own,
		   const char *map_shadow, bool claim)
{
	struct emit *e = l->e;
	struct wr_str shadow = wr_str(map_shadow);
	int ret = 0;

	if (l->aliases_of != own) {
		l->aliases_of = NULL;
		l->nr_aliases = 0;
		/* nested names start with the owner's: path names */
		ret = collect_aliases(l, own, strlen(own->c_name));
		if (ret)
			return ret;
		l->aliases_of = own;
	}
	for (uint32_t i = 0; i < l->nr_aliases && !ret; i++) {
		const struct alias *al = &l->aliases[i];

		if (claim) {
			ret = claim_pair(&e->names, map_shadow, al->tail.s);
			continue;
		}
		tpl_li_nested_alias(e->o, shadow, al->tail, al->type);
	}
	return ret;
}
