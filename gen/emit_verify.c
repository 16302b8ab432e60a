// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* Layout emitter: X__layout(), what the accessors compare an object with. */
#include <string.h>

#include "btf_util.h"
#include "emit_verify.h"
#include "out.h"
#include "plan.h"

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

/* One line of the table, as a span: no format to parse. */
static void emit_member_line(struct out *o, const struct plan_check *c)
{
	size_t len = strlen(c->name);
	char *w = out_span(o, len + 16 + 7 * 11);

	if (!w)
		return;
	w = span_lit(w, "\t\t{\"");
	w = span_put(w, c->name, len);
	w = span_lit(w, "\", ");
	w = span_uint(w, c->bit_offset);
	w = span_lit(w, ", ");
	w = span_uint(w, c->size);
	w = span_lit(w, ", ");
	w = span_uint(w, c->bit_size);
	w = span_lit(w, ", ");
	w = span_uint(w, c->cls);
	w = span_lit(w, ", ");
	w = span_uint(w, c->depth);
	/* what X__fit_kernel() reads of a member, besides where it is */
	w = span_lit(w, ", ");
	w = span_uint(w, c->kind);
	w = span_lit(w, ", ");
	w = span_uint(w, c->func);
	out_span_end(o, span_lit(w, "},\n"));
}

/*
 * The table is the plan's run-time check of the map's type: its members
 * in the order stops_shadow__layout_walk() reads the object's BTF, each
 * member, then a struct or union member's own members.
 */
static void emit_map_layout(struct out *o, const struct plan_map *pm)
{
	const struct stops_map *map = pm->map;
	const char *s = map->shadow_name;

	if (pm->type->same_layout) {
		/* thousands of maps: no format to parse */
		out_lit(o, "#define ");
		out_str(o, s);
		out_lit(o, EMIT_VERIFY_SUFFIX " ");
		out_str(o, pm->type->same_layout->name[PLAN_C]);
		out_lit(o, EMIT_VERIFY_SUFFIX "\n\n");
		return;
	}
	out_printf(o,
		   "/* Map %s's layout, compared with the object's by the accessors. */\n"
		   "static inline const struct stops_shadow__layout *%s%s(void)\n{\n",
		   map->name, s, EMIT_VERIFY_SUFFIX);
	if (pm->nr_checks) {
		out_str(o,
			"\tstatic const struct stops_shadow__layout_member m[] = {\n");
		for (uint32_t i = 0; i < pm->nr_checks; i++)
			emit_member_line(o, &pm->checks[i]);
		out_str(o, "\t};\n");
	}
	out_printf(o,
		   "\tstatic const struct stops_shadow__layout l = {\"%s\", %u, %u, %s};\n\n"
		   "\treturn &l;\n}\n\n",
		   map->type_name, pm->type->size, pm->nr_checks,
		   pm->nr_checks ? "m" : "NULL");
}

void emit_verify(struct out *o, const struct plan *plan)
{
	if (!plan->nr_maps)
		return;
	runtime_print(o);
	runtime_layout_check(o);
	for (uint32_t k = 0; k < plan->nr_maps; k++)
		emit_map_layout(o, &plan->maps[k]);
}
