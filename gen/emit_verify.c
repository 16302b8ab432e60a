// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* Layout emitter: X__layout(), what the accessors compare an object with. */
#include "btf_util.h" /* enum btf_cls: the kind classes of the check */
#include "emit_verify.h"
#include "out.h"
#include "plan.h"
#include "writer.h"

const char *const emit_verify_idents[] = {
	"STOPS_SHADOW__LAYOUT",	     "stops_shadow__layout_member",
	"stops_shadow__layout",	     "stops_shadow__layout_print",
	"stops_shadow__layout_type", "stops_shadow__layout_cls",
	"stops_shadow__layout_walk", "stops_shadow__layout_check",
	EMIT_VERIFY_FROM_MAP,	     EMIT_VERIFY_FROM_OBJECT,
	"STOPS_SHADOW__PRINT",	     "STOPS_SHADOW_VPRINT",
};
const size_t emit_verify_nr_idents =
	sizeof(emit_verify_idents) / sizeof(emit_verify_idents[0]);

/*
 * The check, in the header once. A header proves its layout at compile
 * time against the object it was made from; an object that ships apart
 * from its loader can change after that (members reordered, a kernel
 * type that moved members between releases) and keep its map's name,
 * type name and size. The accessors therefore compare the opened
 * object's BTF with the layout compiled in here before they hand out
 * the buffer. Its source is gen/runtime/layout_check.h, whose kind
 * classes are gen/btf_util.h's enum btf_cls (scripts/mk-runtime).
 */
#include "runtime_print.inc"
#include "runtime_layout_check.inc"

#include "tpl_verify.h" /* gen/templates/verify.tpl, by scripts/mk-templates */

/* the check's depth is the plan's (plan_check), which the table holds */
_Static_assert(LAYOUT_DEPTH == PLAN_CHECK_DEPTH, "LAYOUT_DEPTH");

/*
 * The table is the plan's run-time check of the map's type: its members
 * in the order stops_shadow__layout_walk() reads the object's BTF, each
 * member, then a struct or union member's own members.
 */
static void emit_map_layout(struct out *o, const struct plan_map *pm,
			    struct wr_str *owner)
{
	const char *s = pm->map->shadow_name;
	const struct plan_check *c = pm->checks;

	if (pm->type->same_layout) {
		tpl_verify_alias(o, s, EMIT_VERIFY_SUFFIX,
				 wr_str_memo(owner, pm->type->same_layout
							   ->name[PLAN_C]));
		return;
	}
	tpl_verify_open(o, pm->map->name, s, EMIT_VERIFY_SUFFIX);
	if (pm->nr_checks) {
		tpl_verify_members_open(o);
		for (uint32_t i = 0; i < pm->nr_checks; i++, c++)
			tpl_verify_member(o,
					  (struct wr_str){c->name, c->name_len},
					  c->bit_offset, c->size, c->bit_size,
					  c->cls, c->depth, c->kind, c->func);
		tpl_verify_members_close(o);
	}
	tpl_verify_close(o, pm->map->type_name, pm->type->size, pm->nr_checks,
			 pm->nr_checks ? "m" : "NULL");
}

void emit_verify(struct out *o, const struct plan_map *maps, uint32_t nr_maps)
{
	struct wr_str owner = {0}; /* the last alias's */

	if (!nr_maps)
		return;
	runtime_print(o);
	runtime_layout_check(o);
	for (uint32_t k = 0; k < nr_maps; k++)
		emit_map_layout(o, &maps[k], &owner);
}
