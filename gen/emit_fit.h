/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/* Fit emitter: per map X__fit_kernel(), the ops table fitted to a kernel. */
#ifndef STOPS_EMIT_FIT_H
#define STOPS_EMIT_FIT_H

#include <stddef.h>
#include <stdint.h>

struct out;
struct plan_map;

/* The shared identifiers the fit helpers define (emit_c.c claims them). */
extern const char *const emit_fit_idents[];
extern const size_t emit_fit_nr_idents;

/* Each map's function: <shadow name> EMIT_FIT_SUFFIX. */
#define EMIT_FIT_SUFFIX "__fit_kernel"

/*
 * The shared helper (guarded, once per translation unit) and each map's
 * X__fit_kernel(), for the libbpf part of a shadow header, after
 * emit_verify()'s, whose X__layout() tables it reads: the caller wraps
 * it in #ifndef STOPS_SHADOW_NO_LIBBPF. Nothing for no maps.
 */
void emit_fit(struct out *o, const struct plan_map *maps, uint32_t nr_maps);

#endif /* STOPS_EMIT_FIT_H */
