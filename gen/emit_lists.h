/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/* Each type's member lists, proofs and accessors (emit_lists.c). */
#ifndef STOPS_EMIT_LISTS_H
#define STOPS_EMIT_LISTS_H

#include "emit_c.h"

/* NULL: out of memory */
struct emit_lists *emit_lists__new(struct emit *e);
void emit_lists__free(struct emit_lists *l);

enum layout_fact {
	LAYOUT_BITS = 1,       /* accessors: a bitfield in STOPS_BITS bytes */
	LAYOUT_NAMED_SUBS = 2, /* nested_aliases() has names to give */
	LAYOUT_BTF_DIFFER = 4, /* btf_names_differ() */
};

unsigned int layout_facts(struct emit_lists *l, const struct stops_aggr *a);
int nested_aliases(struct emit_lists *l, const struct stops_aggr *own,
		   const char *map_shadow, bool claim);
int emit_asserts(struct emit *e, const struct stops_aggr *a);
void emit_bit_accessors(struct emit *e, const struct stops_aggr *a,
			const char *x, const char *kw);
int emit_assert_matches(struct emit_lists *l, const struct stops_map *map);
void emit_accessors(struct emit *e, const struct stops_map *map);

#endif /* STOPS_EMIT_LISTS_H */
