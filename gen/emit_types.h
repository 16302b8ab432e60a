/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/* The header's types (emit_types.c), and the caches that file keeps. */
#ifndef STOPS_EMIT_TYPES_H
#define STOPS_EMIT_TYPES_H

#include "emit_c.h"

/* NULL: out of memory */
struct emit_types *emit_types__new(struct emit *e);
void emit_types__free(struct emit_types *t);

const char *lit(struct emit *e, int i, const char *s);
const char *aggr_kw(const struct stops_aggr *a);
struct wr_str aggr_kw_str(const struct stops_aggr *a);
const char *spell(const char *c_type);
const struct stops_aggr *layout_owner(const struct stops_aggr *a);
int emit_aggr(struct emit_types *t, const struct stops_aggr *a);

#endif /* STOPS_EMIT_TYPES_H */
