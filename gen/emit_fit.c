// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* Fit emitter: X__fit_kernel(), a map's ops table fitted to a kernel's BTF. */
#include <string.h>

#include "emit_fit.h"
#include "emit_verify.h"
#include "out.h"
#include "plan.h"

const char *const emit_fit_idents[] = {
	"STOPS_SHADOW__FIT",
	"stops_shadow__fit",
	"stops_shadow__fit_find",
	"stops_shadow__fit_misaligned",
};
const size_t emit_fit_nr_idents =
	sizeof(emit_fit_idents) / sizeof(emit_fit_idents[0]);

/*
 * The rule, in the header once. It mirrors what libbpf (1.4 to 1.7,
 * bpf_map__init_kern_struct_ops()) does at load with each member of the
 * object's type: find the kernel member of the same name; copy it if
 * found (kinds must agree, sizes too, no bitfields); if not found, skip
 * it when all its bytes are zero, else fail the load with -ENOTSUP.
 * Clearing a program from a slot the kernel lacks is therefore the one
 * edit that makes a load succeed without changing what the kernel runs:
 * that kernel has no such callback.
 */
#include "runtime_fit.inc" /* gen/runtime/fit.h, by scripts/mk-runtime */

/* X__fit_kernel(): the fit of X__layout()'s members (emit_verify.c). */
static void emit_map_fit(struct out *o, const struct plan_map *pm)
{
	const struct stops_map *map = pm->map;
	const char *s = map->shadow_name;
	/* the type's name as a kernel knows it: no ___flavor */
	const char *kt = pm->kernel_type;
	size_t tlen = strlen(kt);

	if (pm->type->same_layout) {
		/* thousands of maps: no format to parse */
		out_lit(o, "#define ");
		out_str(o, s);
		out_lit(o, EMIT_FIT_SUFFIX " ");
		out_str(o, pm->type->same_layout->name[PLAN_C]);
		out_lit(o, EMIT_FIT_SUFFIX "\n\n");
		return;
	}
	/* %.*s would take vsnprintf: pieces instead, a map type each */
	out_lit(o, "/* Fits map ");
	out_str(o, map->name);
	out_lit(o, "'s ops table to a kernel's struct ");
	out_mem(o, kt, tlen);
	out_lit(o, " (see stops_shadow__fit). */\n"
		   "static inline int ");
	out_str(o, s);
	out_lit(o, EMIT_FIT_SUFFIX "(struct ");
	out_str(o, s);
	out_lit(o,
		" *s, const struct btf *kernel,\n"
		"\t\tvoid (*report)(void *ctx, const char *member, struct bpf_program *prog, int err),\n"
		"\t\tvoid *ctx)\n{\n");
	out_lit(o, "\treturn stops_shadow__fit(s, \"");
	out_mem(o, kt, tlen);
	out_lit(o, "\", \"bpf_struct_ops_");
	out_mem(o, kt, tlen);
	out_lit(o, "\", ");
	out_str(o, s);
	out_lit(o, EMIT_VERIFY_SUFFIX "(), kernel, report, ctx);\n}\n\n");
}

void emit_fit(struct out *o, const struct plan *plan)
{
	if (!plan->nr_maps)
		return;
	runtime_fit(o);
	for (uint32_t k = 0; k < plan->nr_maps; k++)
		emit_map_fit(o, &plan->maps[k]);
}
