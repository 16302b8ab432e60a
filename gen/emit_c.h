/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * The context every part of the C emitter shares: emit_c.c (the header),
 * emit_types.c (type bodies) and emit_lists.c (member lists, asserts,
 * accessors). What one part keeps for itself is its own (emit_types.h,
 * emit_lists.h).
 */
#ifndef STOPS_EMIT_C_H
#define STOPS_EMIT_C_H

#include <string.h>

#include "emit_claim.h"
#include "names.h"
#include "util.h"
#include "writer.h"

struct emit {
	const struct stops_model *model;
	const struct stops_map *map; /* whose type is being emitted, or NULL */
	struct name_set enum_names;  /* enumerator name -> its first one */
	struct out *o;		     /* where text goes: file or a body */
	struct out *file;
	/* the identifiers the header defines */
	struct claims names;
	/* names cut for string literals, and the error */
	char lit[2][NAMES_MAX_LITERAL + 1];
	struct stops_err *err;
	/*
	 * The names every map's lines repeat go to the templates measured
	 * (kind m): the object's name (as is, as a literal, and upper case
	 * for bpftool's guard) once, a map's names once per map.
	 */
	struct wr_str obj, obj_lit, obj_upper;
	char obj_lit_buf[NAMES_MAX_LITERAL + 1];
	char *obj_upper_buf;
	const struct stops_map *strs_of; /* whose names are in name ... */
	struct wr_str name, shadow, type, sec;
	const struct stops_aggr *owner_of; /* whose c_name is owner */
	struct wr_str owner;
	/* num_str()'s last number, in decimal (num.len 0: none yet) */
	uint64_t num_of;
	struct wr_str num;
	char num_text[20];
};

/* A string literal, measured at compile time. */
#define LIT_STR(s) ((struct wr_str){"" s, sizeof(s) - 1})

/* v in decimal, valid until the next call: a map's size, map after map */
static inline struct wr_str num_str(struct emit *e, uint64_t v)
{
	if (!e->num.len || e->num_of != v) {
		e->num_of = v;
		e->num.s = e->num_text;
		e->num.len = wr_len_u(v);
		wr_put_u(e->num_text, v, e->num.len);
	}
	return e->num;
}

/* e->name, shadow, type and sec: map's */
static inline void map_strs(struct emit *e, const struct stops_map *map)
{
	if (e->strs_of == map)
		return;
	e->strs_of = map;
	e->name = wr_str(map->name);
	e->shadow = wr_str(map->shadow_name);
	e->type = wr_str(map->type_name);
	e->sec = wr_str(map->sec_name);
}

/* e->owner: a's c_name */
static inline void owner_str(struct emit *e, const struct stops_aggr *a)
{
	if (e->owner_of == a)
		return;
	e->owner_of = a;
	e->owner = wr_str(a->c_name);
}

#endif /* STOPS_EMIT_C_H */
