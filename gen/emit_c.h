/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * The C emitter's state, shared by emit_c.c (the header), emit_types.c
 * (type bodies) and emit_lists.c (member lists, asserts, accessors).
 */
#ifndef STOPS_EMIT_C_H
#define STOPS_EMIT_C_H

#include <string.h>

#include "emit_claim.h"
#include "names.h"
#include "out.h"
#include "util.h"

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

struct emit {
	const struct stops_model *model;
	const struct stops_map *map; /* whose type is being emitted, or NULL */
	struct name_set enum_names;  /* enumerator name -> its first one */
	struct out *o;		     /* where text goes: file or body */
	struct out *file;
	struct body body;
	/* the identifiers the header defines */
	struct claims names;
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
};

static inline void out_sstr(struct out *o, struct sstr s)
{
	out_mem(o, s.s, s.len);
}

static inline struct sstr sstr(const char *s)
{
	return (struct sstr){s, strlen(s)};
}

/* e->name, shadow, type and sec: map's */
static inline void map_strs(struct emit *e, const struct stops_map *map)
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
static inline void owner_str(struct emit *e, const struct stops_aggr *a)
{
	if (e->owner_of == a)
		return;
	e->owner_of = a;
	e->owner = sstr(a->c_name);
}

enum layout_fact {
	LAYOUT_BITS = 1,       /* accessors: a bitfield in STOPS_BITS bytes */
	LAYOUT_NAMED_SUBS = 2, /* nested_aliases() has names to give */
	LAYOUT_BTF_DIFFER = 4, /* btf_names_differ() */
};

/* emit_types.c: the types' bodies */
const char *lit(struct emit *e, int i, const char *s);
const char *aggr_kw(const struct stops_aggr *a);
const char *spell(const char *c_type);
const struct stops_aggr *layout_owner(const struct stops_aggr *a);
int emit_aggr(struct emit *e, const struct stops_aggr *a);

/* emit_lists.c: their member lists, layout proofs and accessors */
unsigned int layout_facts(struct emit *e, const struct stops_aggr *a);
int nested_aliases(struct emit *e, const struct stops_aggr *own,
		   const char *map_shadow, bool claim);
int emit_asserts(struct emit *e, const struct stops_aggr *a);
void emit_bit_accessors(struct emit *e, const struct stops_aggr *a,
			const char *x, const char *kw);
int emit_assert_matches(struct emit *e, const struct stops_map *map);
int emit_accessors(struct emit *e, const struct stops_map *map);

#endif /* STOPS_EMIT_C_H */
