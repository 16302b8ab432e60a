// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* Layout emitter: X__layout(), what the accessors compare an object with. */
#include <errno.h>
#include <string.h>

#include <bpf/btf.h>

#include "btf_util.h"
#include "emit_verify.h"
#include "names.h"
#include "out.h"
#include "util.h"

const char *const emit_verify_idents[] = {
	"STOPS_SHADOW__LAYOUT",		"stops_shadow__layout_member",
	"stops_shadow__layout",		"stops_shadow__layout_print",
	"stops_shadow__layout_type",	"stops_shadow__layout_cls",
	"stops_shadow__layout_walk",	"stops_shadow__layout_check",
	EMIT_VERIFY_FROM_MAP,		EMIT_VERIFY_FROM_OBJECT,
	"STOPS_SHADOW__PRINT",		"STOPS_SHADOW_VPRINT",
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

/* What X__fit_kernel() reads of a member, besides where it is. */
struct fit_facts {
	uint8_t kind;
	uint8_t func;
};

/* One line of the table, as a span: no format to parse. */
static void emit_member_line(struct out *o, const char *name, size_t len,
			     uint32_t off, uint32_t size, uint32_t bits,
			     enum btf_cls cls, unsigned int depth,
			     struct fit_facts fit)
{
	char *w = out_span(o, len + 16 + 7 * 11);

	if (!w)
		return;
	w = span_lit(w, "\t\t{\"");
	w = span_put(w, name, len);
	w = span_lit(w, "\", ");
	w = span_uint(w, off);
	w = span_lit(w, ", ");
	w = span_uint(w, size);
	w = span_lit(w, ", ");
	w = span_uint(w, bits);
	w = span_lit(w, ", ");
	w = span_uint(w, (uint32_t)cls);
	w = span_lit(w, ", ");
	w = span_uint(w, depth);
	w = span_lit(w, ", ");
	w = span_uint(w, fit.kind);
	w = span_lit(w, ", ");
	w = span_uint(w, fit.func);
	out_span_end(o, span_lit(w, "},\n"));
}

static struct fit_facts fit_facts_of(const struct btf *btf,
				     const struct btf_type *mt, long long size)
{
	struct fit_facts f = {.kind = mt ? (uint8_t)btf_kind(mt) : 0};
	const struct btf_type *pt;

	/* btf_is_func_ptr(), from mt: no second walk to it */
	if (mt && btf_is_ptr(mt) && size == 8) {
		pt = btf_skip_mods(btf, mt->type, NULL);
		f.func = pt && btf_is_func_proto(pt);
	}
	return f;
}

/*
 * The table in the order stops_shadow__layout_walk() reads the object's
 * BTF: each member, then a struct or union member's own members.
 */
static int emit_members(struct out *o, const struct btf *btf,
			const struct stops_map *map, const struct btf_type *t,
			uint32_t base, unsigned int depth, uint32_t *n,
			struct stops_err *err)
{
	const struct btf_member *bm = btf_members(t);
	uint32_t vlen = btf_vlen(t);
	int ret;

	for (uint32_t i = 0; i < vlen; i++, bm++) {
		const char *name = btf__name_by_offset(btf, bm->name_off);
		const struct btf_type *mt = btf_skip_mods(btf, bm->type, NULL);
		uint32_t off = base + btf_member_bit_offset(t, i);
		uint32_t bits = btf_member_bitfield_size(t, i);
		enum btf_cls cls = btf_cls_of(mt);
		long long size = btf_resolved_size(btf, bm->type);
		size_t len;

		if (!name)
			name = "";
		len = strlen(name);
		/* the model refuses such names before this (layout.c, by the
		 * same rule); a string literal takes nothing else */
		if ((name[0] && !is_c_ident(name)) || len > NAMES_MAX_LITERAL)
			return stops_errf(
				err, -EINVAL,
				"map %s: member %.32s: not a C identifier of at most %d characters",
				map->name, name, NAMES_MAX_LITERAL);
		/* a member libbpf cannot size: the object's walk finds it
		 * unsized too and refuses it; nothing here can be compared */
		if (size < 0 || size > UINT32_MAX)
			size = UINT32_MAX;
		emit_member_line(o, name, len, off, (uint32_t)size, bits, cls,
				 depth, fit_facts_of(btf, mt, size));
		++*n;
		if (!bits && depth < LAYOUT_DEPTH &&
		    (cls == BTF_CLS_STRUCT || cls == BTF_CLS_UNION) &&
		    btf_is_composite(mt)) {
			ret = emit_members(o, btf, map, mt, off, depth + 1, n,
					   err);
			if (ret)
				return ret;
		}
	}
	return 0;
}

static int emit_map_layout(struct out *o, const struct stops_model *model,
			   const struct stops_map *map, struct stops_err *err)
{
	const char *s = map->shadow_name;
	const struct btf_type *t;
	uint32_t n = 0;
	int ret;

	if (map->type->same_layout) {
		/* thousands of maps: no format to parse */
		out_lit(o, "#define ");
		out_str(o, s);
		out_lit(o, EMIT_VERIFY_SUFFIX " ");
		out_str(o, map->type->same_layout->c_name);
		out_lit(o, EMIT_VERIFY_SUFFIX "\n\n");
		return 0;
	}
	t = btf__type_by_id(model->btf, map->type_id);
	if (!t || !btf_is_struct(t))
		return stops_errf(err, -EINVAL,
				  "map %s: type [%u] is not a struct",
				  map->name, map->type_id);
	out_printf(o,
		   "/* Map %s's layout, compared with the object's by the accessors. */\n"
		   "static inline const struct stops_shadow__layout *%s%s(void)\n{\n",
		   map->name, s, EMIT_VERIFY_SUFFIX);
	if (btf_vlen(t)) {
		out_str(o,
			"\tstatic const struct stops_shadow__layout_member m[] = {\n");
		ret = emit_members(o, model->btf, map, t, 0, 0, &n, err);
		if (ret)
			return ret;
		out_str(o, "\t};\n");
	}
	out_printf(o,
		   "\tstatic const struct stops_shadow__layout l = {\"%s\", %u, %u, %s};\n\n"
		   "\treturn &l;\n}\n\n",
		   map->type_name, t->size, n, n ? "m" : "NULL");
	return 0;
}

int emit_verify(struct out *o, const struct stops_model *model,
		struct stops_err *err)
{
	int ret;

	if (!model->nr_maps)
		return 0;
	runtime_print(o);
	runtime_layout_check(o);
	for (uint32_t k = 0; k < model->nr_maps; k++) {
		ret = emit_map_layout(o, model, &model->maps[k], err);
		if (ret)
			return ret;
	}
	return 0;
}
