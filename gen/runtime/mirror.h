/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * The generator's constants that the run-time code repeats, from the
 * headers that define them. A runtime source spells each by its name;
 * scripts/mk-runtime writes the emitter's code to print the value the
 * generator is compiled with, and a standalone compile takes the same
 * definition through this file: header and generator cannot disagree.
 *
 * mirrors: BTF_CLS_VOID BTF_CLS_INT BTF_CLS_FLOAT BTF_CLS_ENUM BTF_CLS_PTR
 * mirrors: BTF_CLS_STRUCT BTF_CLS_UNION BTF_CLS_ARRAY BTF_CLS_FUNC
 * mirrors: BTF_CLS_BAD LAYOUT_DEPTH STOPS_MAX_CHAIN
 */
#ifndef STOPS_RUNTIME_MIRROR_H
#define STOPS_RUNTIME_MIRROR_H

#include "../btf_util.h" /* enum btf_cls: the member table's kind classes */
#include "../emit_verify.h" /* LAYOUT_DEPTH: nesting levels compared */
#include "../util.h" /* STOPS_MAX_CHAIN: typedefs and modifiers skipped */

#endif /* STOPS_RUNTIME_MIRROR_H */
