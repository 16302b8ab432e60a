// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* Fit emitter: X__fit_kernel(), a map's ops table fitted to a kernel's BTF. */
#include "emit_fit.h"
#include "emit_verify.h"
#include "out.h"
#include "plan.h"
#include "writer.h"

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

#include "tpl_fit.h" /* gen/templates/fit.tpl, by scripts/mk-templates */

/* X__fit_kernel(): the fit of X__layout()'s members (emit_verify.c). */
static void emit_map_fit(struct out *o, const struct plan_map *pm,
			 struct wr_str *owner)
{
	const char *s = pm->map->shadow_name;

	if (pm->type->same_layout)
		tpl_fit_alias(o, s, EMIT_FIT_SUFFIX,
			      wr_str_memo(owner,
					 pm->type->same_layout->name[PLAN_C]));
	else
		tpl_fit_map(o, pm->map->name, s, EMIT_FIT_SUFFIX,
			    pm->kernel_type, EMIT_VERIFY_SUFFIX);
}

void emit_fit(struct out *o, const struct plan_map *maps, uint32_t nr_maps)
{
	struct wr_str owner = {0}; /* the last alias's */

	if (!nr_maps)
		return;
	runtime_fit(o);
	for (uint32_t k = 0; k < nr_maps; k++)
		emit_map_fit(o, &maps[k], &owner);
}
