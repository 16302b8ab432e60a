/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/* The Rust backend: one module of shadow types per object, from the plan. */
#ifndef STOPS_EMIT_RUST_H
#define STOPS_EMIT_RUST_H

#include <stdio.h>

#include "plan.h"

/*
 * The module: each plan type as a #[repr(C)] struct or union, its
 * accessors, its compile-time proof (stops_shadow::prove!), and each map
 * type's stops_shadow::Shadow impl with the run-time check's table.
 * 0, or -EIO when out fails.
 */
int emit_rust(FILE *out, const struct plan *plan);

#endif /* STOPS_EMIT_RUST_H */
