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
#include "out.h"
#include "util.h"

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

#endif /* STOPS_EMIT_C_H */
