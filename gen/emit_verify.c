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
	"stops_shadow__layout_map_btf", EMIT_VERIFY_FROM_MAP,
	EMIT_VERIFY_FROM_OBJECT,
};
const size_t emit_verify_nr_idents =
	sizeof(emit_verify_idents) / sizeof(emit_verify_idents[0]);

/* Nested struct and union members compared, levels below the map's type. */
#define LAYOUT_DEPTH 8

/*
 * The check, in the header once. A header proves its layout at compile
 * time against the object it was made from; an object that ships apart
 * from its loader can change after that (members reordered, a kernel
 * type that moved members between releases) and keep its map's name,
 * type name and size. The accessors therefore compare the opened
 * object's BTF with the layout compiled in here before they hand out
 * the buffer. The kind classes are gen/btf_util.c's enum btf_cls.
 */
static const char verify_helpers[] =
	"#ifndef STOPS_SHADOW__LAYOUT\n"
	"#define STOPS_SHADOW__LAYOUT\n"
	"#include <stdarg.h>\n"
	"#include <bpf/btf.h>\n\n"
	"/*\n"
	" * X__from_map() and X__from_object() compare the opened object's BTF of\n"
	" * the map's value type with the layout this header was generated for:\n"
	" * the type's name and size, then every member in BTF order, each struct\n"
	" * or union member followed by its own members (to 8 levels): name, bit\n"
	" * offset from the type's start, bitfield size, size and kind class\n"
	" * (typedefs and modifiers skipped). On a difference they return NULL with\n"
	" * errno EPROTO and print one line naming the first differing member\n"
	" * through libbpf's print callback (libbpf_set_print(), LIBBPF_WARN): the\n"
	" * object changed after this header was made, and a write through the\n"
	" * shadow would land at the header's offsets, not the object's. Regenerate\n"
	" * the header with the object, or ship both as one (gen --embed).\n"
	" * X__from_map() reaches the map's object through the first member of\n"
	" * libbpf's struct bpf_map (libbpf 1.x, which has no public getter);\n"
	" * with another major version it refuses (ENOTSUP): use X__from_object().\n"
	" */\n"
	"struct stops_shadow__layout_member {\n"
	"\tconst char *name; /* BTF name, \"\" for an anonymous member */\n"
	"\tunsigned int bit_off; /* from the start of the map's type */\n"
	"\tunsigned int size; /* bytes */\n"
	"\tunsigned char bits; /* bitfield size, 0 for none */\n"
	"\tunsigned char cls; /* kind class */\n"
	"\tunsigned char depth; /* 0: a member of the type, 1: of a member, ... */\n"
	"\tunsigned char kind; /* BTF kind, typedefs and modifiers skipped (fit) */\n"
	"\tunsigned char func; /* 1: a function pointer, a slot (fit) */\n"
	"};\n\n"
	"struct stops_shadow__layout {\n"
	"\tconst char *type; /* the map type's BTF name */\n"
	"\tunsigned int size;\n"
	"\tunsigned int n;\n"
	"\tconst struct stops_shadow__layout_member *m;\n"
	"};\n\n"
	"/* One line through libbpf's print callback, if one is set. */\n"
	"static inline void stops_shadow__layout_print(enum libbpf_print_level level, const char *fmt, ...)\n"
	"{\n"
	"\t/* libbpf has no getter: swap it out and back (an error path only) */\n"
	"\tlibbpf_print_fn_t fn = libbpf_set_print(NULL);\n"
	"\tva_list ap;\n\n"
	"\tlibbpf_set_print(fn);\n"
	"\tif (!fn)\n"
	"\t\treturn;\n"
	"\tva_start(ap, fmt);\n"
	"\tfn(level, fmt, ap);\n"
	"\tva_end(ap);\n"
	"}\n\n"
	"static inline const struct btf_type *stops_shadow__layout_type(const struct btf *btf, unsigned int id)\n"
	"{\n"
	"\tconst struct btf_type *t = btf__type_by_id(btf, id);\n"
	"\tint i;\n\n"
	"\tfor (i = 0; t && i < 64 && (btf_is_mod(t) || btf_is_typedef(t)); i++)\n"
	"\t\tt = btf__type_by_id(btf, t->type);\n"
	"\treturn t && (btf_is_mod(t) || btf_is_typedef(t)) ? NULL : t;\n"
	"}\n\n"
	"static inline unsigned int stops_shadow__layout_cls(const struct btf_type *t)\n"
	"{\n"
	"\tif (!t)\n"
	"\t\treturn 9;\n"
	"\tswitch (btf_kind(t)) {\n"
	"\tcase BTF_KIND_UNKN:\n"
	"\t\treturn 0;\n"
	"\tcase BTF_KIND_INT:\n"
	"\t\treturn 1;\n"
	"\tcase BTF_KIND_FLOAT:\n"
	"\t\treturn 2;\n"
	"\tcase BTF_KIND_ENUM:\n"
	"\tcase BTF_KIND_ENUM64:\n"
	"\t\treturn 3;\n"
	"\tcase BTF_KIND_PTR:\n"
	"\t\treturn 4;\n"
	"\tcase BTF_KIND_STRUCT:\n"
	"\t\treturn 5;\n"
	"\tcase BTF_KIND_UNION:\n"
	"\t\treturn 6;\n"
	"\tcase BTF_KIND_FWD:\n"
	"\t\treturn btf_kflag(t) ? 6 : 5;\n"
	"\tcase BTF_KIND_ARRAY:\n"
	"\t\treturn 7;\n"
	"\tcase BTF_KIND_FUNC_PROTO:\n"
	"\t\treturn 8;\n"
	"\tdefault:\n"
	"\t\treturn 9;\n"
	"\t}\n"
	"}\n\n"
	"/* 0, or -1 after printing the first member that differs */\n"
	"static inline int stops_shadow__layout_walk(const struct btf *btf, const struct btf_type *t, unsigned int base,\n"
	"\t\t\t\t\t    unsigned int depth, const char *map, const struct stops_shadow__layout *l,\n"
	"\t\t\t\t\t    unsigned int *i)\n"
	"{\n"
	"\tconst struct btf_member *bm = btf_members(t);\n"
	"\tunsigned int j, vlen = btf_vlen(t);\n\n"
	"\tfor (j = 0; j < vlen; j++, bm++) {\n"
	"\t\tconst char *name = btf__name_by_offset(btf, bm->name_off);\n"
	"\t\tconst struct btf_type *mt = stops_shadow__layout_type(btf, bm->type);\n"
	"\t\tconst struct stops_shadow__layout_member *m;\n"
	"\t\tunsigned int off = base + btf_member_bit_offset(t, j);\n"
	"\t\tunsigned int bits = btf_member_bitfield_size(t, j);\n"
	"\t\tunsigned int cls = stops_shadow__layout_cls(mt);\n"
	"\t\tlong long size = btf__resolve_size(btf, bm->type);\n"
	"\t\tconst char *what = NULL;\n"
	"\t\tunsigned long long got = 0, want = 0;\n\n"
	"\t\tif (!name)\n"
	"\t\t\tname = \"\";\n"
	"\t\tm = *i < l->n ? &l->m[*i] : NULL;\n"
	"\t\tif (!m || m->depth != depth) {\n"
	"\t\t\tstops_shadow__layout_print(LIBBPF_WARN, \"stops-shadow: map '%s': struct %s: member '%s' of the object is not in the loader's header; refused (EPROTO)\\n\",\n"
	"\t\t\t\t\t\t   map, l->type, name);\n"
	"\t\t\treturn -1;\n"
	"\t\t}\n"
	"\t\tif (strcmp(m->name, name)) {\n"
	"\t\t\tstops_shadow__layout_print(LIBBPF_WARN, \"stops-shadow: map '%s': struct %s: member '%s' of the loader's header is '%s' in the object; refused (EPROTO)\\n\",\n"
	"\t\t\t\t\t\t   map, l->type, m->name, name);\n"
	"\t\t\treturn -1;\n"
	"\t\t}\n"
	"\t\tif (m->bit_off != off)\n"
	"\t\t\twhat = \"bit offset\", got = off, want = m->bit_off;\n"
	"\t\telse if (m->bits != bits)\n"
	"\t\t\twhat = \"bitfield size\", got = bits, want = m->bits;\n"
	"\t\telse if (size < 0 || (unsigned long long)size != m->size)\n"
	"\t\t\twhat = \"size\", got = (unsigned long long)size, want = m->size;\n"
	"\t\telse if (m->cls != cls)\n"
	"\t\t\twhat = \"kind class\", got = cls, want = m->cls;\n"
	"\t\tif (what) {\n"
	"\t\t\tstops_shadow__layout_print(LIBBPF_WARN, \"stops-shadow: map '%s': struct %s: member '%s': %s %llu in the object, %llu in the loader's header; refused (EPROTO)\\n\",\n"
	"\t\t\t\t\t\t   map, l->type, name, what, got, want);\n"
	"\t\t\treturn -1;\n"
	"\t\t}\n"
	"\t\t++*i;\n"
	"\t\tif (!bits && depth < 8 && (cls == 5 || cls == 6) && btf_is_composite(mt) &&\n"
	"\t\t    stops_shadow__layout_walk(btf, mt, off, depth + 1, map, l, i))\n"
	"\t\t\treturn -1;\n"
	"\t}\n"
	"\treturn 0;\n"
	"}\n\n"
	"/* 0 when the object's BTF of map's value type is l, else -1 (printed) */\n"
	"static inline int stops_shadow__layout_check(const struct btf *btf, const struct bpf_map *map,\n"
	"\t\t\t\t\t     const struct stops_shadow__layout *l)\n"
	"{\n"
	"\tconst struct btf_type *t = NULL;\n"
	"\tconst char *type = NULL;\n"
	"\tunsigned int i = 0;\n\n"
	"\tif (btf)\n"
	"\t\tt = btf__type_by_id(btf, bpf_map__btf_value_type_id(map));\n"
	"\tif (t)\n"
	"\t\ttype = btf__name_by_offset(btf, t->name_off);\n"
	"\tif (!t || !btf_is_struct(t) || !type || strcmp(type, l->type)) {\n"
	"\t\tstops_shadow__layout_print(LIBBPF_WARN, \"stops-shadow: map '%s': the object's value type is not struct %s of the loader's header; refused (EPROTO)\\n\",\n"
	"\t\t\t\t\t   bpf_map__name(map), l->type);\n"
	"\t\treturn -1;\n"
	"\t}\n"
	"\tif (t->size != l->size) {\n"
	"\t\tstops_shadow__layout_print(LIBBPF_WARN, \"stops-shadow: map '%s': struct %s: %u bytes in the object, %u in the loader's header; refused (EPROTO)\\n\",\n"
	"\t\t\t\t\t   bpf_map__name(map), l->type, t->size, l->size);\n"
	"\t\treturn -1;\n"
	"\t}\n"
	"\tif (stops_shadow__layout_walk(btf, t, 0, 0, bpf_map__name(map), l, &i))\n"
	"\t\treturn -1;\n"
	"\tif (i != l->n) {\n"
	"\t\tstops_shadow__layout_print(LIBBPF_WARN, \"stops-shadow: map '%s': struct %s: member '%s' of the loader's header is not in the object; refused (EPROTO)\\n\",\n"
	"\t\t\t\t\t   bpf_map__name(map), l->type, l->m[i].name);\n"
	"\t\treturn -1;\n"
	"\t}\n"
	"\treturn 0;\n"
	"}\n\n"
	"/* The object's BTF, through libbpf's struct bpf_map (see above). */\n"
	"static inline const struct btf *stops_shadow__layout_map_btf(const struct bpf_map *map)\n"
	"{\n"
	"\tconst struct bpf_object *obj;\n"
	"\tconst struct bpf_map *first, *last;\n\n"
	"\tif (libbpf_major_version() != 1)\n"
	"\t\treturn NULL;\n"
	"\tmemcpy(&obj, (const void *)map, sizeof(obj));\n"
	"\t/* one of obj's maps: libbpf keeps them in one array (O(1), not a search) */\n"
	"\tfirst = obj ? bpf_object__next_map(obj, NULL) : NULL;\n"
	"\tlast = obj ? bpf_object__prev_map(obj, NULL) : NULL;\n"
	"\tif (!first || (uintptr_t)map < (uintptr_t)first || (uintptr_t)map > (uintptr_t)last)\n"
	"\t\treturn NULL;\n"
	"\treturn bpf_object__btf(obj);\n"
	"}\n\n"
	"static inline void *stops_shadow__layout_value(struct bpf_map *map, const char *name, size_t size,\n"
	"\t\t\t\t\t      const struct stops_shadow__layout *l)\n"
	"{\n"
	"\tconst struct btf *btf;\n\n"
	"\tif (!map || bpf_map__type(map) != BPF_MAP_TYPE_STRUCT_OPS || strcmp(bpf_map__name(map), name)) {\n"
	"\t\terrno = EINVAL;\n"
	"\t\treturn NULL;\n"
	"\t}\n"
	"\tbtf = stops_shadow__layout_map_btf(map);\n"
	"\tif (!btf) {\n"
	"\t\terrno = ENOTSUP;\n"
	"\t\treturn NULL;\n"
	"\t}\n"
	"\tif (bpf_map__fd(map) < 0 && stops_shadow__layout_check(btf, map, l)) {\n"
	"\t\terrno = EPROTO;\n"
	"\t\treturn NULL;\n"
	"\t}\n"
	"\treturn stops_shadow__initial_value(map, name, size);\n"
	"}\n\n"
	"static inline void *stops_shadow__find_layout_value(struct bpf_object *obj, const char *name, size_t size,\n"
	"\t\t\t\t\t\t   const struct stops_shadow__layout *l)\n"
	"{\n"
	"\tstruct bpf_map *map = obj ? bpf_object__find_map_by_name(obj, name) : NULL;\n\n"
	"\tif (!map) {\n"
	"\t\terrno = ENOENT;\n"
	"\t\treturn NULL;\n"
	"\t}\n"
	"\tif (bpf_map__type(map) == BPF_MAP_TYPE_STRUCT_OPS && bpf_map__fd(map) < 0 &&\n"
	"\t    stops_shadow__layout_check(bpf_object__btf(obj), map, l)) {\n"
	"\t\terrno = EPROTO;\n"
	"\t\treturn NULL;\n"
	"\t}\n"
	"\treturn stops_shadow__initial_value(map, name, size);\n"
	"}\n"
	"#endif /* STOPS_SHADOW__LAYOUT */\n\n";

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
	out_mem(o, verify_helpers, sizeof(verify_helpers) - 1);
	for (uint32_t k = 0; k < model->nr_maps; k++) {
		ret = emit_map_layout(o, model, &model->maps[k], err);
		if (ret)
			return ret;
	}
	return 0;
}
