# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# The fit emitter's text (gen/emit_fit.c): each map's X__fit_kernel(),
# after the helper (gen/runtime/fit.h). fit is EMIT_FIT_SUFFIX, layout
# EMIT_VERIFY_SUFFIX; kernel_type is the map type's name without
# ___flavor. Format: gen/templates/README.md.

# A map of an earlier map's layout: its function.
@fit_alias name fit owner:m
#define ${name}${fit} ${owner}${fit}

@end

@fit_map map name fit kernel_type layout
/* Fits map ${map}'s ops table to a kernel's struct ${kernel_type} (see stops_shadow__fit). */
static inline int ${name}${fit}(struct ${name} *s, const struct btf *kernel,
		void (*report)(void *ctx, const char *member, struct bpf_program *prog, int err),
		void *ctx)
{
	return stops_shadow__fit(s, "${kernel_type}", "bpf_struct_ops_${kernel_type}", ${name}${layout}(), kernel, report, ctx);
}

@end
