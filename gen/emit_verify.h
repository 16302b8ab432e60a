/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/* Layout emitter: each map's compiled-in layout, checked by the accessors. */
#ifndef STOPS_EMIT_VERIFY_H
#define STOPS_EMIT_VERIFY_H

#include <stddef.h>
#include <stdint.h>

struct out;
struct plan_map;

/* The shared identifiers the layout check defines (emit_c.c claims them). */
extern const char *const emit_verify_idents[];
extern const size_t emit_verify_nr_idents;

/* Each map's layout function: <shadow name> EMIT_VERIFY_SUFFIX. */
#define EMIT_VERIFY_SUFFIX "__layout"

/* Nested struct and union members compared, levels below the map's type. */
#define LAYOUT_DEPTH 8

/* What the accessor macros call instead of the unchecked helpers. */
#define EMIT_VERIFY_FROM_MAP	"stops_shadow__layout_value"
#define EMIT_VERIFY_FROM_OBJECT "stops_shadow__find_layout_value"

/*
 * The shared check (guarded, once per translation unit) and each map's
 * X__layout(), the plan's run-time check of its type, for the libbpf part
 * of a shadow header: the caller wraps it in #ifndef
 * STOPS_SHADOW_NO_LIBBPF. Nothing for no maps.
 */
void emit_verify(struct out *o, const struct plan_map *maps, uint32_t nr_maps);

#endif /* STOPS_EMIT_VERIFY_H */
