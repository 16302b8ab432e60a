// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* C emitter: the layout model as a self-checking shadow-type header. */
#include <ctype.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "emit_fit.h"
#include "emit_verify.h"
#include "names.h"
#include "out.h"
#include "util.h"

#define stops_emit_c_opts__last_field sz

/*
 * A map type's body, emitted once per layout into memory: maps of one
 * layout differ only in the programs named in slot comments, so each
 * map's struct is the body copied with those comments filled in.
 */
struct body {
	const struct stops_aggr *owner; /* NULL: none built */
	struct out *text;
	size_t *slot_at; /* where each slot's comment goes, owner->nr_slots */
};

/* the longest escaped text comment_text() remembers */
#define COMMENT_MEMO_LEN 128
#define LINE_MEMO_LEN	 110

/* claim_suffix[]'s indices */
enum {
	SUFFIX_MEMBERS,
	SUFFIX_BTF_MEMBERS,
	SUFFIX_ASSERT_MATCHES,
	SUFFIX_FROM_MAP,
	SUFFIX_FROM_OBJECT,
	SUFFIX_FIT,
	SUFFIX_LAYOUT,
};

struct emit {
	const struct stops_model *model;
	const struct stops_map *map; /* whose type is being emitted, or NULL */
	struct name_set enum_names;  /* enumerator name -> its first one */
	struct out *o;		     /* where text goes: file or body */
	struct out *file;
	struct body body;
	/* file-scope identifiers the header defines (macros, functions) */
	struct pair_set idents;
	struct arena arena;
	/* comment_text() of a few strings: program sections, over and over */
	struct comment_memo {
		const char *s; /* NULL: empty */
		size_t len;
		char text[COMMENT_MEMO_LEN];
	} memo[8];
	unsigned int memo_next; /* the entry a new string replaces */
	/* layout_facts() of the last layout asked about (maps share one) */
	const struct stops_aggr *facts_of;
	unsigned int facts;
	/* names cut for string literals, and the error */
	char lit[2][NAMES_MAX_LITERAL + 1];
	struct stops_err *err;
	/*
	 * The lines every map repeats are appended piece by piece, not
	 * formatted: the object's name (as a literal, and upper case for
	 * bpftool's guard) is measured once, a map's names once per map.
	 */
	struct sstr {
		const char *s;
		size_t len;
	} obj_lit, obj_upper;
	char obj_lit_buf[NAMES_MAX_LITERAL + 1];
	char *obj_upper_buf;
	const struct stops_map *strs_of; /* whose names are in name ... */
	struct sstr name, shadow, type, sec;
	const struct stops_aggr *owner_of; /* whose c_name is owner */
	struct sstr owner;
	/* the function-pointer members of slots_of, in member order */
	const struct stops_aggr *slots_of;
	struct slot_name {
		uint32_t slot;
		struct sstr name;
		/* the lines of the last 8 programs under this slot */
		struct line_memo {
			const char *prog, *sec; /* NULL: empty */
			uint8_t len;
			char text[LINE_MEMO_LEN];
		} lines[8];
		uint8_t next_line; /* the entry a new line replaces */
	} * slot_names;
	uint32_t nr_slot_names;
	/* nested_aliases() of aliases_of: each name's tail and the type */
	const struct stops_aggr *aliases_of;
	struct alias {
		struct sstr tail, type;
	} * aliases;
	uint32_t nr_aliases, aliases_cap;
	/* claim_pair()'s last head and its length */
	const char *last_head;
	size_t last_head_len;
	/* no reserved name starts with the object's name (obj_upper.len) */
	bool obj_unreserved;
	/* claim_suffixed()'s masks by bare, first and last (0: not yet) */
	uint32_t suffixed_mask[2][SUFFIX_LAYOUT + 1][SUFFIX_LAYOUT + 1];
};

static inline void out_sstr(struct out *o, struct sstr s)
{
	out_mem(o, s.s, s.len);
}

static struct sstr sstr(const char *s)
{
	return (struct sstr){s, strlen(s)};
}

/* e->name, shadow, type and sec: map's */
static void map_strs(struct emit *e, const struct stops_map *map)
{
	if (e->strs_of == map)
		return;
	e->strs_of = map;
	e->name = sstr(map->name);
	e->shadow = sstr(map->shadow_name);
	e->type = sstr(map->type_name);
	e->sec = sstr(map->sec_name);
}

/* e->owner: a's c_name */
static void owner_str(struct emit *e, const struct stops_aggr *a)
{
	if (e->owner_of == a)
		return;
	e->owner_of = a;
	e->owner = sstr(a->c_name);
}

/*
 * Claims identifier name for the header. Macros and functions share one
 * name space with each other and with every macro the header's includes
 * define: a clash would redefine one silently or break the header. With
 * rename (enumerator macros, the least important names) the first free
 * name_2, name_3, ... is taken; otherwise a clash is a one-line error.
 */
static int name_taken(struct emit *e, const char *name)
{
	return stops_errf(
		e->err, -EINVAL,
		"generated name %.64s%s is taken twice (by a macro of the included headers or another generated name); rename the object with --name",
		name, strlen(name) > 64 ? "..." : "");
}

/*
 * names__is_reserved(name), asked only when the answer can be yes: most
 * names start with the object's, and usually no reserved name does.
 */
static bool is_reserved(const struct emit *e, const char *name, size_t len)
{
	size_t n = e->obj_upper.len;

	if (e->obj_unreserved && len >= n &&
	    !memcmp(name, e->model->obj_name, n))
		return false;
	return names__is_reserved(name);
}

static int claim_arena_ident(struct emit *e, const char *name, bool rename,
			     const char **out)
{
	const char *c = name;
	int ret;

	for (uint32_t n = 2; c; n++) {
		size_t len = strlen(c);

		ret = is_reserved(e, c, len)
			      ? -EEXIST
			      : pair_set_add(&e->idents, c, len, c, "");
		if (ret != -EEXIST) {
			if (ret)
				return ret;
			*out = c;
			return 0;
		}
		if (!rename)
			return name_taken(e, name);
		c = arena_printf(&e->arena, "%s_%u", name, n);
	}
	return -ENOMEM;
}

/*
 * The suffixes of a type's and a map's names: the claimed-name set keeps
 * names by stem (pair_set_suffixes), and claim_pair() passing one of
 * these very pointers as tail skips joining and measuring the name.
 */
static const char *const claim_suffix[] = {"__MEMBERS",	       "__BTF_MEMBERS",
					   "__ASSERT_MATCHES", "__from_map",
					   "__from_object",    EMIT_FIT_SUFFIX,
					   EMIT_VERIFY_SUFFIX};

/* head and tail joined, malloc'd; NULL: out of memory */
static char *join(const char *head, size_t n, const char *tail)
{
	size_t t = strlen(tail);
	char *name = malloc(n + t + 1);

	if (name) {
		memcpy(name, head, n);
		memcpy(name + n, tail, t + 1);
	}
	return name;
}

/*
 * Claims head followed by tail, kept as the two pointers (the model's
 * names and literals, which outlive the emission): most names are a
 * type's or a map's and a suffix, and need no copy of their own.
 */
static int claim_pair(struct emit *e, const char *head, const char *tail)
{
	size_t n = head == e->last_head ? e->last_head_len : strlen(head);
	size_t obj = e->obj_upper.len;
	char *name = NULL;
	int ret;

	e->last_head = head;
	e->last_head_len = n;
	/* as is_reserved(): names starting with the object's need no look */
	if (!e->obj_unreserved || n < obj ||
	    memcmp(head, e->model->obj_name, obj)) {
		name = join(head, n, tail);
		if (!name)
			return -ENOMEM;
		if (names__is_reserved(name)) {
			ret = name_taken(e, name);
			free(name);
			return ret;
		}
	}
	ret = pair_set_add_split(&e->idents, head, n, tail);
	if (ret == -EEXIST) {
		if (!name)
			name = join(head, n, tail);
		ret = name ? name_taken(e, name) : -ENOMEM;
	}
	free(name);
	return ret;
}

/*
 * claim_pair() of head with "" (when bare) and claim_suffix[first..last]:
 * one look-up for all when none can be reserved or taken, else one by
 * one, so a clash is reported as claim_pair() reports it.
 */
static int claim_suffixed(struct emit *e, const char *head, bool bare,
			  int first, int last)
{
	size_t n = head == e->last_head ? e->last_head_len : strlen(head);
	const char *tail[1 + SUFFIX_LAYOUT + 1];
	uint32_t *mask = &e->suffixed_mask[bare][first][last];
	uint32_t nr = 0;
	int ret = -EAGAIN;

	if (!*mask) {
		if (bare)
			tail[nr++] = "";
		for (int i = first; i <= last; i++)
			tail[nr++] = claim_suffix[i];
		if (pair_set_tails_mask(&e->idents, tail, nr, mask))
			*mask = UINT32_MAX; /* one by one */
	}
	if (*mask != UINT32_MAX && e->obj_unreserved && n >= e->obj_upper.len &&
	    !memcmp(head, e->model->obj_name, e->obj_upper.len)) {
		e->last_head = head;
		e->last_head_len = n;
		ret = pair_set_add_mask(&e->idents, head, n, *mask);
	}
	if (ret != -EEXIST && ret != -EAGAIN)
		return ret;
	ret = bare ? claim_pair(e, head, "") : 0;
	for (int i = first; i <= last && !ret; i++)
		ret = claim_pair(e, head, claim_suffix[i]);
	return ret;
}

static int claim_ident(struct emit *e, const char *name, bool rename,
		       const char **out)
{
	const char *c = arena_strdup(&e->arena, name);

	return c ? claim_arena_ident(e, c, rename, out) : -ENOMEM;
}

/*
 * "%s%s" is claimed as its two strings (see claim_pair: a and b must
 * outlive the emission); any other name is formatted into the arena,
 * where it stays.
 */
static int claim_fmt(struct emit *e, const char *fmt, const char *a,
		     const char *b, const char *c)
{
	const char *name, *got;

	if (!strcmp(fmt, "%s%s"))
		return claim_pair(e, a, b);
	name = arena_printf(&e->arena, fmt, a, b, c);
	return name ? claim_arena_ident(e, name, false, &got) : -ENOMEM;
}

/* The helpers every shadow header shares (see helpers[] below). */
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
			 !(ret = claim_fmt(e, "%s__get_%s", x, m->c_name, "")))
			ret = claim_fmt(e, "%s__set_%s", x, m->c_name, "");
	}
	return ret;
}

/*
 * Every identifier the header defines, claimed before any is written, so
 * that only enumerator macros are ever renamed: the include guard, the
 * helpers, type names (a macro of that name would rewrite them), member
 * lists, accessors, the bpftool alias.
 */
static int nested_aliases(struct emit *e, const struct stops_aggr *own,
			  const char *map_shadow, bool claim);

enum layout_fact {
	LAYOUT_BITS = 1,       /* accessors: a bitfield in STOPS_BITS bytes */
	LAYOUT_NAMED_SUBS = 2, /* nested_aliases() has names to give */
	LAYOUT_BTF_DIFFER = 4, /* btf_names_differ() */
};

static unsigned int layout_facts(struct emit *e, const struct stops_aggr *a);

/* <obj>__<map>__<type>, joined into the arena (claim_fmt's "%s__%s__%s") */
static int claim_bpftool_alias(struct emit *e, const struct stops_map *m)
{
	size_t o = e->obj_upper.len, n = strlen(m->name);
	size_t t = strlen(m->type_name);
	char *name = arena_chars(&e->arena, o + n + t + 5);
	const char *got;

	if (!name)
		return -ENOMEM;
	memcpy(name, e->model->obj_name, o);
	memcpy(name + o, "__", 2);
	memcpy(name + o + 2, m->name, n);
	memcpy(name + o + 2 + n, "__", 2);
	memcpy(name + o + 4 + n, m->type_name, t + 1);
	return claim_arena_ident(e, name, false, &got);
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

/*
 * With early, a map's suffixed names are claimed with its type's (one
 * look-up of the stem instead of two): the same set of names, in
 * another order.
 */
static int claim_in_order(struct emit *e, const char *guard, bool early)
{
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

		if (!own || !(layout_facts(e, own) & LAYOUT_NAMED_SUBS))
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

	pair_set_suffixes(&e->idents, claim_suffix,
			  sizeof(claim_suffix) / sizeof(claim_suffix[0]));
	ret = pair_set_reserve(&e->idents, n < UINT32_MAX / 2 ? (uint32_t)n
							      : UINT32_MAX / 2);

	if (!ret)
		ret = claim_fmt(e, "%s", guard, "", "");
	for (size_t i = 0; !ret && i < sizeof(helper_idents) / sizeof(char *);
	     i++)
		ret = claim_fmt(e, "%s", helper_idents[i], "", "");
	for (size_t i = 0; !ret && i < emit_fit_nr_idents; i++)
		ret = claim_fmt(e, "%s", emit_fit_idents[i], "", "");
	for (size_t i = 0; !ret && i < emit_verify_nr_idents; i++)
		ret = claim_fmt(e, "%s", emit_verify_idents[i], "", "");
	/*
	 * emit_embed.c's names, taken with or without --embed: turning it on
	 * must not rename an enumerator macro a loader already uses.
	 */
	if (!ret)
		ret = claim_fmt(e, "%s__embedded_bytes", obj, "", "");
	if (!ret)
		ret = claim_fmt(e, "%s__open_embedded", obj, "", "");
	if (!ret)
		ret = claim_fmt(e, "__STOPS_SHADOW_EMBED_%s", obj, "", "");
	/* the bpftool aliases' pick for this object (emit_skel_pick) */
	if (!ret)
		ret = claim_fmt(e, "STOPS_SHADOW__SKEL___%s_SKEL_H__",
				e->obj_upper.s, "", "");
	for (uint32_t k = 0; !ret && k < model->nr_aggrs; k++) {
		const struct stops_aggr *a = model->aggrs[k];
		int last = SUFFIX_BTF_MEMBERS;

		/* maps follow their types' order (emit_header) */
		if (early && matched < model->nr_maps &&
		    model->maps[matched].type == a &&
		    model->maps[matched++].shadow_name == a->c_name)
			last = SUFFIX_LAYOUT;
		ret = claim_suffixed(e, a->c_name, true, SUFFIX_MEMBERS, last);
		if (!ret && layout_facts(e, a) & LAYOUT_BITS)
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
		    layout_facts(e, m->type) & LAYOUT_NAMED_SUBS)
			ret = nested_aliases(e, m->type->same_layout,
					     m->shadow_name, true);
		if (!ret && !(k < matched && m->shadow_name == m->type->c_name))
			ret = claim_suffixed(e, m->shadow_name, false,
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
static int claim_idents(struct emit *e, const char *guard)
{
	int ret = claim_in_order(e, guard, true);

	if (!ret || ret == -ENOMEM)
		return ret;
	pair_set_free(&e->idents);
	return claim_in_order(e, guard, false);
}

/* s as it may appear in a message literal: cut, C's limit is 4095 */
static const char *lit(struct emit *e, int i, const char *s)
{
	if (strlen(s) <= NAMES_MAX_LITERAL)
		return s;
	snprintf(e->lit[i], sizeof(e->lit[i]), "%.*s...", NAMES_MAX_LITERAL - 3,
		 s);
	return e->lit[i];
}

/*
 * Text from the object in a comment: section names may hold any printable
 * byte; '*', '/' next to each other would end or nest the comment, and
 * '\\' and '?' (trigraphs) are spelled as escapes too. At most 4 bytes
 * a byte, written at p; returns the end.
 */
static char *comment_escape(char *p, const char *s)
{
	for (; *s; s++) {
		if (*s == '*' || *s == '\\' || *s == '?' || *s < 0x20 ||
		    *s > 0x7e) {
			*p++ = '\\';
			*p++ = 'x';
			*p++ = "0123456789abcdef"[(unsigned char)*s >> 4];
			*p++ = "0123456789abcdef"[*s & 15];
		} else {
			*p++ = *s;
		}
	}
	return p;
}

/*
 * Every map's comments repeat a few program sections: their escaped text
 * is kept for the last 8 strings (by address, when short) and copied.
 */
static const struct comment_memo *comment_memo(const struct emit *e,
					       const char *s)
{
	for (const struct comment_memo *m = e->memo; m < e->memo + 8; m++)
		if (m->s == s)
			return m;
	return NULL;
}

/* comment_escape(p, s), through the memo; returns the end */
static char *comment_span(struct emit *e, char *p, const struct comment_memo *m,
			  const char *s)
{
	struct comment_memo *keep;
	char *end;
	size_t len;

	if (m)
		return span_put(p, m->text, m->len);
	end = comment_escape(p, s);
	len = (size_t)(end - p);
	keep = &e->memo[e->memo_next++ % 8];
	keep->s = len <= sizeof(keep->text) ? s : NULL;
	keep->len = len;
	if (keep->s)
		memcpy(keep->text, p, len);
	return end;
}

/* What comment_span() writes for s is at most this long. */
static size_t comment_max(const struct comment_memo *m, const char *s)
{
	return m ? m->len : 4 * strlen(s);
}

static int comment_text(struct emit *e, const char *s)
{
	const struct comment_memo *m = comment_memo(e, s);
	char *p = out_span(e->o, comment_max(m, s));

	if (!p)
		return -ENOMEM;
	out_span_end(e->o, comment_span(e, p, m, s));
	return 0;
}

static const char *aggr_kw(const struct stops_aggr *a)
{
	return a->is_union ? "union" : "struct";
}

static void indent(struct emit *e, int depth)
{
	for (int i = 0; i < depth; i++)
		out_char(e->o, '\t');
}

/* %s without a format to parse: a body's lines, member after member */
static void put_s(struct out *o, const char *s)
{
	out_str(o, s ? s : "(null)"); /* as out_printf's %s */
}

static void emit_dims(struct emit *e, const struct stops_member *m)
{
	for (uint32_t i = 0; i < m->nr_dims; i++)
		out_printf(e->o, "[%u]", m->dims[i]);
}

static void emit_aggr_body(struct emit *e, const struct stops_aggr *a,
			   int depth);

/*
 * Slots exist only in a map type's own members, which are emitted into
 * the shared body: the map's program comment goes where this records.
 */
static void emit_func_ptr(struct emit *e, const struct stops_member *m,
			  int depth)
{
	/* An 8-byte slot on every host: libbpf stores the pointer in it. */
	indent(e, depth);
	out_lit(e->o, "union {\n");
	indent(e, depth + 1);
	out_lit(e->o, "struct bpf_program *");
	put_s(e->o, m->c_name);
	out_char(e->o, ';');
	if (e->o == e->body.text && m->slot < e->body.owner->nr_slots)
		e->body.slot_at[m->slot] = out_pos(e->o);
	out_char(e->o, '\n');
	indent(e, depth + 1);
	out_lit(e->o, "uint64_t __slot_");
	put_s(e->o, m->c_name);
	out_lit(e->o, ";\n");
	indent(e, depth);
	out_str(e->o, "};\n");
}

/* __int128 is a GNU extension, and i386 has none: same bytes, same name. */
static void emit_int128(struct emit *e, const struct stops_member *m, int depth)
{
	out_str(e->o, "#ifdef __SIZEOF_INT128__\n");
	indent(e, depth);
	out_printf(e->o, "__extension__ %s %s", m->c_type, m->c_name);
	emit_dims(e, m);
	out_str(e->o, ";\n#else\n");
	indent(e, depth);
	out_printf(e->o, "unsigned char %s", m->c_name);
	emit_dims(e, m);
	out_str(e->o, "[16];\n#endif\n");
}

/* The C spelling of a model scalar type: bool is a keyword in C++. */
static const char *spell(const char *c_type)
{
	return c_type[0] != '_' || strcmp(c_type, "_Bool") ? c_type : "bool";
}

static void emit_member(struct emit *e, const struct stops_member *m, int depth)
{
	const struct stops_aggr *a = m->aggr;

	if (m->kind == STOPS_FUNC_PTR) {
		emit_func_ptr(e, m, depth);
		return;
	}
	if (m->storage) {
		indent(e, depth);
		out_printf(e->o, "/* %s: %u bits at bit %u of %s */\n",
			   m->c_name, m->bit_size, m->storage_bit, m->storage);
		return;
	}
	if ((m->kind == STOPS_INT && m->size == 16) ||
	    (m->kind == STOPS_ARRAY && !a && m->elem_size == 16)) {
		emit_int128(e, m, depth);
		return;
	}
	indent(e, depth);
	switch (m->kind) {
	case STOPS_INT:
	case STOPS_FLOAT:
	case STOPS_ENUM:
		put_s(e->o, spell(m->c_type));
		out_char(e->o, ' ');
		put_s(e->o, m->c_name);
		break;
	case STOPS_BITS:
		out_printf(e->o,
			   "unsigned char %s[%u]; /* bitfields, see accessors */\n",
			   m->c_name, m->size);
		return;
	case STOPS_PADDING:
		if (m->bit_size)
			out_printf(e->o, "%s : %u;\n", m->c_type, m->bit_size);
		else {
			out_lit(e->o, "char ");
			put_s(e->o, m->c_name);
			out_char(e->o, '[');
			out_u64(e->o, m->size);
			out_lit(e->o, "];\n");
		}
		return;
	case STOPS_OPAQUE:
		out_printf(e->o, "char %s[%u]; /* %s: %s */\n", m->c_name,
			   m->size, m->name ? m->name : "(anon)", m->why);
		return;
	case STOPS_ARRAY:
		if (a)
			out_printf(e->o, "%s %s %s", aggr_kw(a), a->c_name,
				   m->c_name);
		else
			out_printf(e->o, "%s %s", spell(m->c_type), m->c_name);
		emit_dims(e, m);
		break;
	case STOPS_STRUCT:
	case STOPS_UNION:
		if (a->c_name) {
			out_printf(e->o, "%s %s %s", aggr_kw(a), a->c_name,
				   m->c_name);
			break;
		}
		/* ISO C++ has anonymous unions only: structs are GNU C++ */
		out_printf(e->o, "%s%s {\n",
			   a->is_union ? "" : "__extension__ ", aggr_kw(a));
		emit_aggr_body(e, a, depth + 1);
		indent(e, depth);
		out_printf(e->o, "}%s;\n",
			   a->packed ? " __attribute__((packed))" : "");
		return;
	case STOPS_FUNC_PTR:
		return;
	}
	if (m->bit_size)
		out_printf(e->o, " : %u", m->bit_size);
	out_char(e->o, ';');
	/* a name kept as in BTF is the same pointer */
	if (m->name && m->name != m->c_name && strcmp(m->name, m->c_name))
		out_printf(e->o, " /* BTF name: %s */", m->name);
	if (m->kind == STOPS_ENUM && m->enm && m->enm->name)
		out_printf(e->o, " /* enum %s */", m->enm->name);
	out_char(e->o, '\n');
}

static void emit_aggr_body(struct emit *e, const struct stops_aggr *a,
			   int depth)
{
	for (uint32_t i = 0; i < a->nr_members; i++)
		emit_member(e, &a->members[i], depth);
}

/* The aggregate whose body and member lists a shares (maps of one layout). */
static const struct stops_aggr *layout_owner(const struct stops_aggr *a)
{
	return a->same_layout ? a->same_layout : a;
}

static int build_body(struct emit *e, const struct stops_aggr *owner)
{
	struct body *b = &e->body;
	size_t *slot_at;

	slot_at =
		calloc(owner->nr_slots ? owner->nr_slots : 1, sizeof(*slot_at));
	if (!slot_at)
		return -ENOMEM;
	free(b->slot_at);
	b->slot_at = slot_at;
	b->owner = owner;
	out_rewind(b->text);
	e->o = b->text;
	emit_aggr_body(e, owner, 1);
	e->o = e->file;
	if (out_flush(b->text)) {
		b->owner = NULL;
		return -ENOMEM;
	}
	return 0;
}

/* The body of a map's type with this map's programs in the comments. */
static int emit_map_body(struct emit *e, const struct stops_aggr *a)
{
	const struct stops_aggr *owner = layout_owner(a);
	struct body *b = &e->body;
	size_t done = 0;
	int ret;

	if (b->owner != owner) {
		ret = build_body(e, owner);
		if (ret)
			return ret;
	}
	for (uint32_t i = 0; i < owner->nr_slots; i++) {
		const struct stops_prog *p = &e->map->progs[i];

		if (!p->name)
			continue;
		out_mem(e->o, b->text->mem + done, b->slot_at[i] - done);
		out_lit(e->o, " /* ");
		if (comment_text(e, p->sec))
			return -ENOMEM;
		out_lit(e->o, ": ");
		out_str(e->o, p->name);
		out_lit(e->o, " */");
		done = b->slot_at[i];
	}
	out_mem(e->o, b->text->mem + done, b->text->mem_len - done);
	return 0;
}

/*
 * A map whose type an earlier map already laid out gets no body of its
 * own: its struct name is a macro for the earlier one's, so 5,000 maps of
 * one type cost users' builds one struct. Its programs are listed here.
 */
/* e->slot_names: owner's function-pointer members, found once per layout */
static int slot_names(struct emit *e, const struct stops_aggr *owner)
{
	struct slot_name *n;

	if (e->slots_of == owner)
		return 0;
	n = calloc(owner->nr_slots ? owner->nr_slots : 1, sizeof(*n));
	if (!n)
		return -ENOMEM;
	free(e->slot_names);
	e->slot_names = n;
	e->nr_slot_names = 0;
	e->slots_of = owner;
	for (uint32_t i = 0; i < owner->nr_members; i++) {
		const struct stops_member *m = &owner->members[i];

		if (m->kind != STOPS_FUNC_PTR || m->slot >= owner->nr_slots)
			continue;
		n[e->nr_slot_names].slot = m->slot;
		n[e->nr_slot_names++].name = sstr(m->c_name);
	}
	return 0;
}

static int emit_same_layout(struct emit *e, const struct stops_aggr *a)
{
	const struct stops_aggr *owner = layout_owner(a);
	int ret = slot_names(e, owner);
	struct sstr name;
	char *w;

	if (ret)
		return ret;
	owner_str(e, owner);
	w = out_span(e->o, 40 + e->owner.len);
	if (!w)
		return -ENOMEM;
	w = span_lit(w, "/* the layout of struct ");
	w = span_put(w, e->owner.s, e->owner.len);
	out_span_end(e->o, span_lit(w, "; programs:"));
	/* a has owner's members and slots (a copy of it) */
	for (uint32_t i = 0; i < e->nr_slot_names; i++) {
		struct slot_name *n = &e->slot_names[i];
		const struct stops_prog *p = &e->map->progs[n->slot];
		const struct comment_memo *m;
		struct line_memo *lm;
		size_t len;
		char *w, *line;

		if (!p->name)
			continue;
		/* maps of a layout share a few programs: lines repeat */
		for (lm = n->lines; lm < n->lines + 8; lm++)
			if (lm->prog == p->name && lm->sec == p->sec)
				break;
		if (lm < n->lines + 8) {
			w = out_span(e->o, lm->len);
			if (!w)
				return -ENOMEM;
			out_span_end(e->o, span_put(w, lm->text, lm->len));
			continue;
		}
		lm = &n->lines[n->next_line++ % 8];
		m = comment_memo(e, p->sec);
		len = strlen(p->name);
		w = out_span(e->o,
			     8 + n->name.len + comment_max(m, p->sec) + len);
		if (!w)
			return -ENOMEM;
		line = w;
		w = span_lit(w, "\n *\t");
		w = span_put(w, n->name.s, n->name.len);
		w = span_lit(w, ": ");
		w = comment_span(e, w, m, p->sec);
		w = span_lit(w, ": ");
		w = span_put(w, p->name, len);
		lm->prog =
			(size_t)(w - line) <= sizeof(lm->text) ? p->name : NULL;
		lm->sec = p->sec;
		lm->len = (uint8_t)(w - line);
		if (lm->prog)
			memcpy(lm->text, line, lm->len);
		out_span_end(e->o, w);
	}
	name = a->c_name == e->map->shadow_name ? e->shadow : sstr(a->c_name);
	w = out_span(e->o, 32 + name.len + e->owner.len);
	if (!w)
		return -ENOMEM;
	w = span_lit(w, "\n */\n#define ");
	w = span_put(w, name.s, name.len);
	w = span_lit(w, " ");
	w = span_put(w, e->owner.s, e->owner.len);
	out_span_end(e->o, span_lit(w, "\n\n"));
	return 0;
}

static int emit_aggr(struct emit *e, const struct stops_aggr *a)
{
	int ret = 0;

	if (e->map && a->same_layout)
		return emit_same_layout(e, a);
	out_printf(e->o, "%s %s {\n", aggr_kw(a), a->c_name);
	if (e->map)
		ret = emit_map_body(e, a);
	else
		emit_aggr_body(e, a, 1);
	out_printf(e->o, "}%s;\n\n",
		   a->packed ? " __attribute__((packed))" : "");
	return ret;
}

/*
 * Layout proofs. Each named aggregate's members and their BTF offsets go
 * into one X-macro list, shared by every map with that layout: a map's
 * asserts are then one line, and 5,000 maps of one type do not repeat
 * 5,000 copies of it. Two lists: the shadow's own names (anonymous
 * inline members flattened, opaque ones as __unsupported_<i>), and the
 * original BTF names, dotted into named nests, for ASSERT_MATCHES(T).
 */
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
static unsigned int layout_facts(struct emit *e, const struct stops_aggr *a)
{
	const struct stops_aggr *owner = layout_owner(a);

	if (e->facts_of != owner) {
		e->facts_of = owner;
		e->facts = (has_bit_accessors(owner) ? LAYOUT_BITS : 0) |
			   (has_named_subs(owner) ? LAYOUT_NAMED_SUBS : 0) |
			   (btf_names_differ(owner) ? LAYOUT_BTF_DIFFER : 0);
	}
	return e->facts;
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
	size_t len[3];
	/* what each entry starts with: " \<newline><tab>X(S, what, " */
	char head[4 + 3 * LIST_PARAM_LEN + 5];
	size_t head_len;
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
	char *w;

	/* #m goes into the asserts' messages */
	if (plen + nlen > NAMES_MAX_LITERAL)
		return stops_errf(
			e->err, -ENAMETOOLONG,
			"member %s%.32s...: name longer than %d characters",
			prefix, name, NAMES_MAX_LITERAL);
	/* a line per member of every layout: no format to parse */
	w = out_span(e->o, lp->head_len + plen + nlen + 8 + 2 * 10);
	if (!w)
		return -ENOMEM;
	w = span_put(w, lp->head, lp->head_len);
	w = span_put(w, prefix, plen);
	w = span_put(w, name, nlen);
	w = span_lit(w, ", ");
	w = span_uint(w, off);
	w = span_lit(w, ", ");
	w = span_uint(w, size);
	out_span_end(e->o, span_lit(w, ");"));
	return 0;
}

static int emit_list(struct emit *e, const struct stops_aggr *a,
		     enum list_kind kind)
{
	static const char *const params[3] = {"X", "S", "what"};
	struct list_params lp;
	char(*p)[LIST_PARAM_LEN] = lp.p;
	int ret = 0;
	char *w;

	/*
	 * X, S, what; or X_2, S_2, what_2 ... if a member has such a name:
	 * one walk looks for all three.
	 */
	for (uint32_t k = 1;; k++) {
		for (int i = 0; i < 3; i++) {
			if (k == 1) {
				lp.len[i] = strlen(params[i]);
				memcpy(p[i], params[i], lp.len[i] + 1);
			} else
				lp.len[i] =
					(size_t)snprintf(p[i], sizeof(p[i]),
							 "%s_%u", params[i], k);
		}
		ret = walk_list(e, a, kind, "", 0, entry_is_named, &lp);
		if (ret < 0)
			return ret;
		if (!ret)
			break;
	}
	/* by hand: snprintf here cost more than it saved per entry */
	w = lp.head;
	memcpy(w, " \\\n\t", 4);
	w += 4;
	for (int i = 0; i < 3; i++) {
		memcpy(w, p[i], lp.len[i]);
		w += lp.len[i];
		memcpy(w, i ? ", " : "(", i ? 2 : 1);
		w += i ? 2 : 1;
	}
	lp.head_len = (size_t)(w - lp.head);
	out_printf(e->o,
		   "/* %s members, their offsets and sizes in the BPF object */\n",
		   kind == SHADOW_NAMES ? "Shadow" : "Original (BTF)");
	out_printf(e->o, "#define %s__%s(%s, %s, %s)", a->c_name,
		   kind == SHADOW_NAMES ? "MEMBERS" : "BTF_MEMBERS", p[0], p[1],
		   p[2]);
	ret = walk_list(e, a, kind, "", 0, emit_entry, &lp);
	out_char(e->o, '\n');
	return ret;
}

static int emit_asserts(struct emit *e, const struct stops_aggr *a)
{
	const char *kw = aggr_kw(a);
	struct sstr name, path;
	int ret = 0;
	char *w;

	/*
	 * A map sharing an earlier map's layout has the same body, token for
	 * token (only comments differ): the owner's offset asserts prove it,
	 * its own size assert keeps it tied to the BTF. Users' builds then
	 * expand one member list per layout, not per map.
	 */
	if (!a->same_layout) {
		ret = emit_list(e, a, SHADOW_NAMES);
		out_printf(e->o,
			   "%s__MEMBERS(STOPS_SHADOW__AT, %s %s, \"%s: %s\")\n",
			   a->c_name, kw, a->c_name, e->obj_lit.s,
			   lit(e, 1, a->path));
	}
	if (e->map && a->c_name == e->map->shadow_name)
		name = e->shadow;
	else
		name = sstr(a->c_name);
	/* a map's name is no longer than a literal may be (claim_idents) */
	if (e->map && a->path == e->map->name)
		path = e->name;
	else
		path = sstr(lit(e, 1, a->path));
	w = out_span(e->o, 64 + name.len + e->obj_lit.len + path.len);
	if (!w)
		return -ENOMEM;
	w = span_lit(w, "STOPS_SHADOW__SIZE(");
	w = span_put(w, kw, strlen(kw));
	w = span_lit(w, " ");
	w = span_put(w, name.s, name.len);
	w = span_lit(w, ", \"");
	w = span_put(w, e->obj_lit.s, e->obj_lit.len);
	w = span_lit(w, ": ");
	w = span_put(w, path.s, path.len);
	w = span_lit(w, "\", ");
	w = span_u64(e->o, w, a->size);
	out_span_end(e->o, span_lit(w, ");\n\n"));
	return ret;
}

/*
 * get/set for each bitfield of a (and of its anonymous members) kept in
 * STOPS_BITS bytes: X__get_<f>(const struct X *), X__set_<f>(struct X *, v).
 */
static void emit_bit_accessors(struct emit *e, const struct stops_aggr *a,
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
		out_printf(e->o,
			   "static inline %s %s__get_%s(const %s %s *s)\n"
			   "{\n\treturn (%s)stops_shadow__%s(s->%s, %u, %u);\n}\n\n"
			   "static inline void %s__set_%s(%s %s *s, %s v)\n"
			   "{\n\tstops_shadow__set_bits(s->%s, %u, %u, (unsigned long long)v);\n}\n\n",
			   t, x, m->c_name, kw, x, t,
			   m->is_signed ? "get_sbits" : "get_bits", m->storage,
			   m->storage_bit, m->bit_size, x, m->c_name, kw, x, t,
			   m->storage, m->storage_bit, m->bit_size);
	}
}

static int emit_assert_matches(struct emit *e, const struct stops_map *map)
{
	const struct stops_aggr *a = map->type, *owner = layout_owner(a);
	bool differ = layout_facts(e, owner) & LAYOUT_BTF_DIFFER;
	struct out *o = e->o;
	int ret = 0;
	char *w;

	map_strs(e, map);
	owner_str(e, owner);
	out_lit(o, "/* Use where your own definition of struct ");
	out_sstr(o, e->type);
	out_lit(o, " is visible. */\n");
	if (differ && owner == a)
		ret = emit_list(e, a, BTF_NAMES);
	w = out_span(o, 192 + e->shadow.len + e->owner.len +
				2 * (e->obj_lit.len + e->name.len));
	if (!w)
		return -ENOMEM;
	w = span_lit(w, "#define ");
	w = span_put(w, e->shadow.s, e->shadow.len);
	w = span_lit(w, "__ASSERT_MATCHES(T) \\\n\t");
	w = span_put(w, e->owner.s, e->owner.len);
	if (differ)
		w = span_lit(w, "__BTF_MEMBERS(STOPS_SHADOW__MATCH, T, \"");
	else
		w = span_lit(w, "__MEMBERS(STOPS_SHADOW__MATCH, T, \"");
	w = span_put(w, e->obj_lit.s, e->obj_lit.len);
	w = span_lit(w, ": map ");
	w = span_put(w, e->name.s, e->name.len);
	w = span_lit(w, "\") \\\n\tSTOPS_SHADOW__MATCH_SIZE(T, \"");
	w = span_put(w, e->obj_lit.s, e->obj_lit.len);
	w = span_lit(w, ": map ");
	w = span_put(w, e->name.s, e->name.len);
	w = span_lit(w, "\", ");
	w = span_u64(o, w, a->size);
	out_span_end(o, span_lit(w, ")\n\n"));
	return ret;
}

/*
 * Macros, not functions: 1,000 inline definitions for 500 maps cost
 * users' builds a tenth of their compile time. Each argument is used
 * once and the helper's parameter type still checks it.
 */
static int emit_accessors(struct emit *e, const struct stops_map *map)
{
	struct sstr sh, nm;
	char *w;

	map_strs(e, map);
	sh = e->shadow;
	nm = e->name;
	w = out_span(e->o, 320 + 8 * sh.len + 2 * nm.len);
	if (!w)
		return -ENOMEM;
	w = span_lit(w, "#define ");
	w = span_put(w, sh.s, sh.len);
	w = span_lit(w, "__from_map(map) \\\n\t((struct ");
	w = span_put(w, sh.s, sh.len);
	w = span_lit(w, " *)" EMIT_VERIFY_FROM_MAP "((map), \"");
	w = span_put(w, nm.s, nm.len);
	w = span_lit(w, "\", sizeof(struct ");
	w = span_put(w, sh.s, sh.len);
	w = span_lit(w, "), ");
	w = span_put(w, sh.s, sh.len);
	w = span_lit(w, EMIT_VERIFY_SUFFIX "()))\n#define ");
	w = span_put(w, sh.s, sh.len);
	w = span_lit(w, "__from_object(obj) \\\n\t((struct ");
	w = span_put(w, sh.s, sh.len);
	w = span_lit(w, " *)" EMIT_VERIFY_FROM_OBJECT "((obj), \"");
	w = span_put(w, nm.s, nm.len);
	w = span_lit(w, "\", sizeof(struct ");
	w = span_put(w, sh.s, sh.len);
	w = span_lit(w, "), ");
	w = span_put(w, sh.s, sh.len);
	out_span_end(e->o, span_lit(w, EMIT_VERIFY_SUFFIX "()))\n"));
	return 0;
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

static void emit_enum_value(struct emit *e, const struct stops_enum *en,
			    int64_t v)
{
	if (en->is_signed && v == INT64_MIN) {
		out_str(e->o, "(-9223372036854775807LL - 1)");
	} else if (en->is_signed) {
		if (v < 0)
			out_char(e->o, '-');
		out_u64(e->o, v < 0 ? -(uint64_t)v : (uint64_t)v);
		out_str(e->o, "LL");
	} else {
		out_u64(e->o, (uint64_t)v);
		out_str(e->o, en->size == 8 ? "ULL" : "U");
	}
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
		out_printf(e->o, "/* %s: defined above */\n", v->name);
		return 0;
	}
	if (seen)
		out_printf(e->o, "/* %s differs in an enum above */\n",
			   v->name);
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
	ret = claim_ident(e, name, true, &c);
	if (!ret && strcmp(c, name))
		out_printf(e->o, "/* %s: %s is taken, hence %s */\n", v->name,
			   name, c);
	free(name);
	if (ret)
		return ret;
	out_printf(e->o, "#define %s ", c);
	emit_enum_value(e, en, v->value);
	out_char(e->o, '\n');
	return 0;
}

/*
 * bpftool >= 7.5 spells the shadow type <obj>__<map>__<type>: the alias lets
 * code written for it compile. A skeleton included first defines a type of
 * that name itself (its guard is __<OBJ>_SKEL_H__), and then keeps it.
 */
static int emit_bpftool_alias(struct emit *e)
{
	const char *obj = e->model->obj_name;
	size_t o = e->obj_upper.len;
	char *w = out_span(e->o, 128 + 4 * o + 2 * e->name.len +
					 2 * e->type.len + e->shadow.len);

	if (!w)
		return -ENOMEM;
	w = span_lit(w, "#ifndef __");
	w = span_put(w, e->obj_upper.s, o);
	w = span_lit(w, "_SKEL_H__\n#define ");
	w = span_put(w, obj, o);
	w = span_lit(w, "__");
	w = span_put(w, e->name.s, e->name.len);
	w = span_lit(w, "__");
	w = span_put(w, e->type.s, e->type.len);
	w = span_lit(w, " STOPS_SHADOW__SKEL(");
	w = span_put(w, e->shadow.s, e->shadow.len);
	w = span_lit(w, ", ");
	w = span_put(w, obj, o);
	w = span_lit(w, "__");
	w = span_put(w, e->name.s, e->name.len);
	w = span_lit(w, "__");
	w = span_put(w, e->type.s, e->type.len);
	w = span_lit(w, ", __");
	w = span_put(w, e->obj_upper.s, o);
	out_span_end(e->o, span_lit(w, "_SKEL_H__)\n#endif\n\n"));
	return 0;
}

/* e->aliases: nested_aliases()' names for own, in its walk's order */
static int collect_aliases(struct emit *e, const struct stops_aggr *a,
			   size_t owner_len)
{
	int ret = 0;

	for (uint32_t i = 0; i < a->nr_members && !ret; i++) {
		const struct stops_aggr *sub = a->members[i].aggr;

		if (!sub)
			continue;
		if (sub->c_name) {
			if (e->nr_aliases == e->aliases_cap) {
				uint32_t cap =
					e->aliases_cap ? 2 * e->aliases_cap : 8;
				struct alias *n;

				n = cap > e->aliases_cap
					    ? realloc(e->aliases,
						      cap * sizeof(*n))
					    : NULL;
				if (!n)
					return -ENOMEM;
				e->aliases = n;
				e->aliases_cap = cap;
			}
			e->aliases[e->nr_aliases].tail =
				sstr(sub->c_name + owner_len);
			e->aliases[e->nr_aliases++].type = sstr(sub->c_name);
		}
		ret = collect_aliases(e, sub, owner_len);
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
static int nested_aliases(struct emit *e, const struct stops_aggr *own,
			  const char *map_shadow, bool claim)
{
	int ret = 0;

	if (e->aliases_of != own) {
		e->aliases_of = NULL;
		e->nr_aliases = 0;
		/* nested names start with the owner's: path names */
		ret = collect_aliases(e, own, strlen(own->c_name));
		if (ret)
			return ret;
		e->aliases_of = own;
	}
	for (uint32_t i = 0; i < e->nr_aliases && !ret; i++) {
		const struct alias *al = &e->aliases[i];

		if (claim) {
			ret = claim_pair(e, map_shadow, al->tail.s);
			continue;
		}
		out_lit(e->o, "#define ");
		out_str(e->o, map_shadow);
		out_sstr(e->o, al->tail);
		out_char(e->o, ' ');
		out_sstr(e->o, al->type);
		out_char(e->o, '\n');
	}
	return ret;
}

static int emit_enums(struct emit *e)
{
	const struct stops_model *model = e->model;
	int ret;

	for (uint32_t i = 0; i < model->nr_enums; i++) {
		const struct stops_enum *en = model->enums[i];

		out_printf(e->o, "/* enum %s: %u bytes, %s */\n",
			   en->name ? en->name : "(anon)", en->size,
			   en->is_signed ? "signed" : "unsigned");
		for (uint32_t j = 0; j < en->nr_vals; j++) {
			ret = emit_enum_const(e, i, j);
			if (ret)
				return ret;
		}
		out_char(e->o, '\n');
	}
	return 0;
}

/*
 * Shared by every shadow header (hence the guards): the layout proofs,
 * whose messages name object, map, member and offset, and the lookup
 * behind each map's accessors.
 */
static const char helpers[] =
	"#ifndef STOPS_SHADOW__SKEL\n"
	"/*\n"
	" * bpftool's name of a map's type (<obj>__<map>__<type>) names the shadow\n"
	" * until the object's skeleton is included, and the skeleton's own struct\n"
	" * from there on: the skeleton defines its guard empty, which pastes\n"
	" * STOPS_SHADOW__SKEL_ (the name itself, not expanded again); undefined,\n"
	" * the guard pastes the object's STOPS_SHADOW__SKEL_<guard> (the shadow).\n"
	" * Either include order compiles.\n"
	" */\n"
	"#define STOPS_SHADOW__SKEL(shadow, skel, guard) STOPS_SHADOW__SKEL_1(shadow, skel, guard)\n"
	"#define STOPS_SHADOW__SKEL_1(shadow, skel, guard) STOPS_SHADOW__SKEL_##guard(shadow, skel)\n"
	"#define STOPS_SHADOW__SKEL_(shadow, skel) skel\n"
	"#endif\n\n"
	"#ifndef STOPS_SHADOW__AT\n"
	"#ifdef __cplusplus\n"
	"#define STOPS_SHADOW__ASSERT static_assert\n"
	"#else\n"
	"#define STOPS_SHADOW__ASSERT _Static_assert\n"
	"#endif\n"
	"/* List entries: X(S, what, member, offset, size). */\n"
	"#define STOPS_SHADOW__AT(S, what, m, off, size) \\\n"
	"\tSTOPS_SHADOW__ASSERT(offsetof(S, m) == off, \"stops-shadow: \" what \": member \" #m \" must be at offset \" #off)\n"
	"#define STOPS_SHADOW__SIZE(S, what, size) \\\n"
	"\tSTOPS_SHADOW__ASSERT(sizeof(S) == size, \"stops-shadow: \" what \": size must be \" #size)\n"
	"#define STOPS_SHADOW__MATCH(T, what, m, off, size) \\\n"
	"\tSTOPS_SHADOW__ASSERT(offsetof(T, m) == off, \"stops-shadow: \" what \": \" #T \" member \" #m \" is not at offset \" #off \" as in the BPF object (stale header?)\"); \\\n"
	"\tSTOPS_SHADOW__ASSERT(sizeof(((T *)0)->m) == size, \"stops-shadow: \" what \": \" #T \" member \" #m \" is not \" #size \" bytes as in the BPF object (stale header?)\")\n"
	"#define STOPS_SHADOW__MATCH_SIZE(T, what, size) \\\n"
	"\tSTOPS_SHADOW__ASSERT(sizeof(T) == size, \"stops-shadow: \" what \": sizeof(\" #T \") is not \" #size \" as in the BPF object (stale header?)\")\n"
	"#endif\n\n"
	"/*\n"
	" * Bitfields: one inside a naturally aligned unit of 1, 2, 4 or 8 bytes is\n"
	" * a C bitfield declared with that unit's type, which every SysV ABI (gcc\n"
	" * and clang, x86-64 and i386) places at its BTF bit. One crossing every\n"
	" * such unit, and each bitfield sharing a byte with it, lives in bytes\n"
	" * __bits_<i>, read and written through X__get_<f>() and X__set_<f>().\n"
	" */\n"
	"#ifndef STOPS_SHADOW__GET_BITS\n"
	"#define STOPS_SHADOW__GET_BITS\n"
	"/* Bits [bit, bit + width) of little-endian bytes p (width 1..64). */\n"
	"static inline unsigned long long stops_shadow__get_bits(const unsigned char *p, unsigned int bit, unsigned int width)\n"
	"{\n"
	"\tunsigned long long v = 0;\n"
	"\tunsigned int i;\n\n"
	"\tfor (i = 0; i < width; i++)\n"
	"\t\tv |= (unsigned long long)(p[(bit + i) / 8] >> (bit + i) % 8 & 1) << i;\n"
	"\treturn v;\n"
	"}\n\n"
	"/* The same bits, sign-extended from the field's top bit. */\n"
	"static inline long long stops_shadow__get_sbits(const unsigned char *p, unsigned int bit, unsigned int width)\n"
	"{\n"
	"\tunsigned long long v = stops_shadow__get_bits(p, bit, width);\n\n"
	"\tif (width < 64 && (v >> (width - 1) & 1))\n"
	"\t\tv |= ~0ULL << width;\n"
	"\treturn (long long)v;\n"
	"}\n\n"
	"/* Stores the low width bits of v; the bits around them are kept. */\n"
	"static inline void stops_shadow__set_bits(unsigned char *p, unsigned int bit, unsigned int width, unsigned long long v)\n"
	"{\n"
	"\tunsigned int i, b;\n\n"
	"\tfor (i = 0; i < width; i++) {\n"
	"\t\tb = bit + i;\n"
	"\t\tp[b / 8] = (unsigned char)((p[b / 8] & ~(1u << b % 8)) | (unsigned int)(v >> i & 1) << b % 8);\n"
	"\t}\n"
	"}\n"
	"#endif\n\n"
	"#if !defined(STOPS_SHADOW_NO_LIBBPF) && !defined(STOPS_SHADOW__INITIAL_VALUE)\n"
	"#define STOPS_SHADOW__INITIAL_VALUE\n"
	"/*\n"
	" * The initial value of struct_ops map name, if it has size bytes. EBUSY\n"
	" * once the map has an fd, when libbpf reads the buffer no more: after\n"
	" * bpf_object__prepare() (libbpf >= 1.6) or bpf_object__load(), created\n"
	" * or not (libbpf's placeholder fd), or a reused map.\n"
	" */\n"
	"static inline void *stops_shadow__initial_value(struct bpf_map *map, const char *name, size_t size)\n"
	"{\n"
	"\tsize_t got = 0;\n"
	"\tvoid *p;\n\n"
	"\tif (!map || bpf_map__type(map) != BPF_MAP_TYPE_STRUCT_OPS ||\n"
	"\t    strcmp(bpf_map__name(map), name)) {\n"
	"\t\terrno = EINVAL;\n"
	"\t\treturn NULL;\n"
	"\t}\n"
	"\tif (bpf_map__fd(map) >= 0) {\n"
	"\t\terrno = EBUSY;\n"
	"\t\treturn NULL;\n"
	"\t}\n"
	"\tp = bpf_map__initial_value(map, &got);\n"
	"\tif (!p || got != size) {\n"
	"\t\terrno = EINVAL;\n"
	"\t\treturn NULL;\n"
	"\t}\n"
	"\treturn p;\n"
	"}\n\n"
	"static inline void *stops_shadow__find_initial_value(struct bpf_object *obj, const char *name, size_t size)\n"
	"{\n"
	"\tstruct bpf_map *map = obj ? bpf_object__find_map_by_name(obj, name) : NULL;\n\n"
	"\tif (!map) {\n"
	"\t\terrno = ENOENT;\n"
	"\t\treturn NULL;\n"
	"\t}\n"
	"\treturn stops_shadow__initial_value(map, name, size);\n"
	"}\n"
	"#endif\n\n";

static void emit_prologue(struct emit *e, const char *guard)
{
	out_printf(e->o,
		   "/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */\n"
		   "/* Shadow types of object %s, generated by stops-shadow %s. Do not edit. */\n"
		   "#ifndef %s\n"
		   "#define %s\n\n"
		   "#include <stddef.h>\n"
		   "#include <stdint.h>\n"
		   "#ifndef __cplusplus\n"
		   "#include <stdbool.h>\n"
		   "#endif\n"
		   "#ifndef STOPS_SHADOW_NO_LIBBPF\n"
		   "#include <errno.h>\n"
		   "#include <string.h>\n"
		   "#include <bpf/libbpf.h>\n"
		   "#endif\n\n"
		   "struct bpf_program;\n\n"
		   "/* GNU C++ (g++ and clang++) has anonymous structs; clang++ warns\n"
		   "   when one sits in an anonymous union, as C11 allows. */\n"
		   "#if defined(__cplusplus) && defined(__clang__)\n"
		   "#pragma clang diagnostic push\n"
		   "#pragma clang diagnostic ignored \"-Wnested-anon-types\"\n"
		   "#endif\n\n",
		   e->model->obj_name, STOPS_SHADOW_VERSION, guard, guard);
	out_mem(e->o, helpers, sizeof(helpers) - 1);
}

/* "map <name>: struct <type> in <sec>, <size> bytes" */
static int emit_map_line(struct emit *e)
{
	char *w;

	map_strs(e, e->map);
	w = out_span(e->o, 64 + e->name.len + e->type.len + e->sec.len);
	if (!w)
		return -ENOMEM;
	w = span_lit(w, "/* map ");
	w = span_put(w, e->name.s, e->name.len);
	w = span_lit(w, ": struct ");
	w = span_put(w, e->type.s, e->type.len);
	w = span_lit(w, " in ");
	w = span_put(w, e->sec.s, e->sec.len);
	w = span_lit(w, ", ");
	w = span_u64(e->o, w, e->map->size);
	out_span_end(e->o, span_lit(w, " bytes */\n"));
	return 0;
}

static int emit_header(struct emit *e)
{
	const struct stops_model *model = e->model;
	char guard[64];
	int ret;

	/* foo and FOO, or names that only differ after 300 characters, are
	 * different objects: the guard hashes the whole name */
	snprintf(guard, sizeof(guard), "STOPS_SHADOW_H_%016" PRIx64,
		 names__hash(model->obj_name));
	e->obj_lit = sstr(lit(e, 0, model->obj_name));
	if (e->obj_lit.s != model->obj_name) {
		memcpy(e->obj_lit_buf, e->obj_lit.s, e->obj_lit.len + 1);
		e->obj_lit.s = e->obj_lit_buf;
	}
	e->obj_upper.len = strlen(model->obj_name);
	e->obj_upper_buf = malloc(e->obj_upper.len + 1);
	if (!e->obj_upper_buf)
		return -ENOMEM;
	for (size_t i = 0; i <= e->obj_upper.len; i++)
		e->obj_upper_buf[i] =
			(char)toupper((unsigned char)model->obj_name[i]);
	e->obj_upper.s = e->obj_upper_buf;
	e->obj_unreserved =
		!names__reserved_prefix(model->obj_name, e->obj_upper.len);
	ret = claim_idents(e, guard);
	if (ret)
		return ret;
	emit_prologue(e, guard);
	if (model->nr_maps)
		out_printf(e->o,
			   "#ifndef __%s_SKEL_H__\n"
			   "#define STOPS_SHADOW__SKEL___%s_SKEL_H__(shadow, skel) shadow\n"
			   "#endif\n\n",
			   e->obj_upper.s, e->obj_upper.s);
	ret = emit_enums(e);
	if (ret)
		return ret;
	/* Each map's type follows the nested types it needs, in map order. */
	for (uint32_t k = 0, next = 0; k < model->nr_aggrs; k++) {
		const struct stops_aggr *a = model->aggrs[k];

		e->map = NULL;
		if (next < model->nr_maps && model->maps[next].type == a)
			e->map = &model->maps[next++];
		if (e->map && emit_map_line(e))
			return -ENOMEM;
		ret = emit_aggr(e, a);
		if (ret)
			return ret;
		if (e->map && emit_bpftool_alias(e))
			return -ENOMEM;
		if (e->map && a->same_layout &&
		    layout_facts(e, a) & LAYOUT_NAMED_SUBS) {
			ret = nested_aliases(e, a->same_layout, a->c_name,
					     false);
			if (ret)
				return ret;
		}
		ret = emit_asserts(e, a);
		if (ret)
			return ret;
		if (layout_facts(e, a) & LAYOUT_BITS)
			emit_bit_accessors(e, a, a->c_name, aggr_kw(a));
	}
	for (uint32_t k = 0; k < model->nr_maps; k++) {
		ret = emit_assert_matches(e, &model->maps[k]);
		if (ret)
			return ret;
	}
	if (model->nr_maps)
		out_str(e->o, "#ifndef STOPS_SHADOW_NO_LIBBPF\n");
	for (uint32_t k = 0; k < model->nr_maps && !ret; k++)
		ret = emit_accessors(e, &model->maps[k]);
	if (ret)
		return ret;
	/* the layout block first: the fit helper prints through it */
	ret = emit_verify(e->o, model, e->err);
	if (!ret)
		ret = emit_fit(e->o, model, e->err);
	if (ret)
		return ret;
	if (model->nr_maps)
		out_str(e->o, "#endif /* STOPS_SHADOW_NO_LIBBPF */\n\n");
	out_str(e->o, "#if defined(__cplusplus) && defined(__clang__)\n"
		      "#pragma clang diagnostic pop\n"
		      "#endif\n\n");
	out_printf(e->o, "#endif /* %s */\n", guard);
	return 0;
}

int stops_model__emit_c(const struct stops_model *model, FILE *out,
			const struct stops_emit_c_opts *opts,
			struct stops_err *err)
{
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
	e->body.text = malloc(sizeof(*e->body.text));
	if (e->body.text)
		out_init(e->body.text, NULL);
	if (!e->file || !e->body.text)
		goto out;
	out_init(e->file, out);
	e->o = e->file;
	ret = emit_header(e);
	if (!ret && (out_flush(e->file) || ferror(out)))
		ret = -EIO;
out:
	name_set_free(&e->enum_names);
	pair_set_free(&e->idents);
	arena_free(&e->arena);
	if (e->body.text)
		out_free(e->body.text);
	free(e->body.text);
	free(e->body.slot_at);
	free(e->obj_upper_buf);
	free(e->slot_names);
	free(e->aliases);
	free(e->file);
	free(e);
	if (ret == -EIO)
		return stops_errf(err, ret, "write error");
	if (ret == -ENOMEM)
		return stops_errf(err, ret, "out of memory");
	return ret; /* 0, or the message is set */
}
