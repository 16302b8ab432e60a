// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* C emitter: the layout model as a self-checking shadow-type header. */
#include <ctype.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

struct emit {
	const struct stops_model *m;
	FILE *out;
};

static void indent(struct emit *e, int depth)
{
	for (int i = 0; i < depth; i++)
		fputc('\t', e->out);
}

static void emit_dims(struct emit *e, const struct stops_member *m)
{
	for (uint32_t i = 0; i < m->nr_dims; i++)
		fprintf(e->out, "[%" PRIu32 "]", m->dims[i]);
}

static void emit_aggr_body(struct emit *e, const struct stops_aggr *a,
			   int depth);

static void emit_func_ptr(struct emit *e, const struct stops_member *m,
			  int depth)
{
	/* An 8-byte slot on every host: libbpf stores the pointer in it. */
	indent(e, depth);
	fprintf(e->out, "union {\n");
	indent(e, depth + 1);
	fprintf(e->out, "struct bpf_program *%s;", m->c_name);
	if (m->prog)
		fprintf(e->out, " /* %s: %s */", m->prog_sec, m->prog);
	fprintf(e->out, "\n");
	indent(e, depth + 1);
	fprintf(e->out, "uint64_t __slot_%s;\n", m->c_name);
	indent(e, depth);
	fprintf(e->out, "};\n");
}

/* __int128 is a GNU extension, and i386 has none: same bytes, same name. */
static void emit_int128(struct emit *e, const struct stops_member *m, int depth)
{
	fprintf(e->out, "#ifdef __SIZEOF_INT128__\n");
	indent(e, depth);
	fprintf(e->out, "__extension__ %s %s", m->c_type, m->c_name);
	emit_dims(e, m);
	fprintf(e->out, ";\n#else\n");
	indent(e, depth);
	fprintf(e->out, "unsigned char %s", m->c_name);
	emit_dims(e, m);
	fprintf(e->out, "[16];\n#endif\n");
}

static void emit_member(struct emit *e, const struct stops_member *m, int depth)
{
	const struct stops_aggr *a = m->aggr;

	if (m->kind == STOPS_FUNC_PTR) {
		emit_func_ptr(e, m, depth);
		return;
	}
	if ((m->kind == STOPS_INT && m->size == 16) ||
	    (m->kind == STOPS_ARRAY && !a && m->elem_size == 16)) {
		emit_int128(e, m, depth);
		return;
	}
	indent(e, depth);
	switch (m->kind) {
	case STOPS_INT:
	case STOPS_FLOAT:
	case STOPS_ENUM:
		fprintf(e->out, "%s %s", m->c_type, m->c_name);
		break;
	case STOPS_PADDING:
		if (m->bit_size)
			fprintf(e->out, "%s : %" PRIu32 ";\n", m->c_type,
				m->bit_size);
		else
			fprintf(e->out, "char %s[%" PRIu32 "];\n", m->c_name,
				m->size);
		return;
	case STOPS_OPAQUE:
		fprintf(e->out, "char %s[%" PRIu32 "]; /* %s: %s */\n",
			m->c_name, m->size, m->name ? m->name : "(anon)",
			m->why);
		return;
	case STOPS_ARRAY:
		if (a)
			fprintf(e->out, "%s %s %s",
				a->is_union ? "union" : "struct", a->c_name,
				m->c_name);
		else
			fprintf(e->out, "%s %s", m->c_type, m->c_name);
		emit_dims(e, m);
		break;
	case STOPS_STRUCT:
	case STOPS_UNION:
		if (a->c_name) {
			fprintf(e->out, "%s %s %s",
				a->is_union ? "union" : "struct", a->c_name,
				m->c_name);
			break;
		}
		fprintf(e->out, "%s {\n", a->is_union ? "union" : "struct");
		emit_aggr_body(e, a, depth + 1);
		indent(e, depth);
		fprintf(e->out, "}%s;\n",
			a->packed ? " __attribute__((packed))" : "");
		return;
	case STOPS_FUNC_PTR:
		return;
	}
	if (m->bit_size)
		fprintf(e->out, " : %" PRIu32, m->bit_size);
	fprintf(e->out, ";");
	if (m->kind == STOPS_ENUM && m->enm && m->enm->name)
		fprintf(e->out, " /* enum %s */", m->enm->name);
	fprintf(e->out, "\n");
}

static void emit_aggr_body(struct emit *e, const struct stops_aggr *a,
			   int depth)
{
	for (uint32_t i = 0; i < a->nr_members; i++)
		emit_member(e, &a->members[i], depth);
}

static void emit_aggr(struct emit *e, const struct stops_aggr *a)
{
	const char *kw = a->is_union ? "union" : "struct";

	fprintf(e->out, "%s %s {\n", kw, a->c_name);
	emit_aggr_body(e, a, 1);
	fprintf(e->out, "}%s;\n\n",
		a->packed ? " __attribute__((packed))" : "");
}

/* Asserts on the shadow itself: inline anonymous members flatten in. */
static void emit_offset_asserts(struct emit *e, const struct stops_aggr *top,
				const struct stops_aggr *a, uint32_t base)
{
	const char *kw = top->is_union ? "union" : "struct";

	for (uint32_t i = 0; i < a->nr_members; i++) {
		const struct stops_member *m = &a->members[i];
		uint32_t off = base + m->bit_offset / 8;

		if (m->kind == STOPS_PADDING || m->bit_size)
			continue;
		if (!m->c_name) {
			emit_offset_asserts(e, top, m->aggr, off);
			continue;
		}
		fprintf(e->out,
			"_Static_assert(offsetof(%s %s, %s) == %" PRIu32
			", \"stops-shadow: %s: %s: member %s must be at offset %" PRIu32
			"\");\n",
			kw, top->c_name, m->c_name, off, e->m->obj_name,
			top->path, m->c_name, off);
	}
}

static void emit_asserts(struct emit *e, const struct stops_aggr *a)
{
	fprintf(e->out,
		"_Static_assert(sizeof(%s %s) == %" PRIu32
		", \"stops-shadow: %s: %s: size must be %" PRIu32 "\");\n",
		a->is_union ? "union" : "struct", a->c_name, a->size,
		e->m->obj_name, a->path, a->size);
	emit_offset_asserts(e, a, a, 0);
	fprintf(e->out, "\n");
}

/* The user's type T: original member names, dotted into named nests. */
static int emit_match_members(struct emit *e, const struct stops_map *map,
			      const struct stops_aggr *a, const char *prefix,
			      uint32_t base)
{
	int ret = 0;

	for (uint32_t i = 0; i < a->nr_members && !ret; i++) {
		const struct stops_member *m = &a->members[i];
		uint32_t off = base + m->bit_offset / 8;
		char *path, *sub;

		if (m->kind == STOPS_PADDING || m->bit_size)
			continue;
		if (!m->name) {
			ret = emit_match_members(e, map, m->aggr, prefix, off);
			continue;
		}
		path = str_printf("%s%s", prefix, m->name);
		if (!path)
			return -ENOMEM;
		fprintf(e->out,
			"\t_Static_assert(offsetof(T, %s) == %" PRIu32
			", \"stops-shadow: %s: map %s: \" #T \" member %s is not at offset %" PRIu32
			" as in the BPF object (stale header?)\"); \\\n",
			path, off, e->m->obj_name, map->name, path, off);
		if (m->kind == STOPS_STRUCT) {
			sub = str_printf("%s.", path);
			ret = sub ? emit_match_members(e, map, m->aggr, sub,
						       off)
				  : -ENOMEM;
			free(sub);
		}
		free(path);
	}
	return ret;
}

static int emit_assert_matches(struct emit *e, const struct stops_map *map)
{
	const struct stops_aggr *a = map->type;
	int ret;

	fprintf(e->out,
		"/* Use where your own definition of struct %s is visible. */\n"
		"#define %s__ASSERT_MATCHES(T) \\\n",
		map->type_name, map->shadow_name);
	ret = emit_match_members(e, map, a, "", 0);
	fprintf(e->out,
		"\t_Static_assert(sizeof(T) == %" PRIu32
		", \"stops-shadow: %s: map %s: sizeof(\" #T \") is not %" PRIu32
		" as in the BPF object (stale header?)\")\n\n",
		a->size, e->m->obj_name, map->name, a->size);
	return ret;
}

static void emit_accessors(struct emit *e, const struct stops_map *map)
{
	const char *s = map->shadow_name;

	fprintf(e->out,
		"static inline struct %s *%s__from_map(struct bpf_map *map)\n"
		"{\n"
		"\tsize_t size = 0;\n"
		"\tvoid *p;\n\n"
		"\tif (!map || bpf_map__type(map) != BPF_MAP_TYPE_STRUCT_OPS ||\n"
		"\t    strcmp(bpf_map__name(map), \"%s\")) {\n"
		"\t\terrno = EINVAL;\n"
		"\t\treturn NULL;\n"
		"\t}\n"
		"\tp = bpf_map__initial_value(map, &size);\n"
		"\tif (!p || size != sizeof(struct %s)) {\n"
		"\t\terrno = EINVAL;\n"
		"\t\treturn NULL;\n"
		"\t}\n"
		"\treturn (struct %s *)p;\n"
		"}\n\n",
		s, s, map->name, s, s);
	fprintf(e->out,
		"static inline struct %s *%s__from_object(struct bpf_object *obj)\n"
		"{\n"
		"\tstruct bpf_map *map;\n\n"
		"\tmap = obj ? bpf_object__find_map_by_name(obj, \"%s\") : NULL;\n"
		"\tif (!map) {\n"
		"\t\terrno = ENOENT;\n"
		"\t\treturn NULL;\n"
		"\t}\n"
		"\treturn %s__from_map(map);\n"
		"}\n\n",
		s, s, map->name, s);
}

/* The first enumerator of this name, if an earlier one has it. */
static const struct stops_enum_val *enum_val_seen(const struct stops_model *m,
						  uint32_t ei, uint32_t vi)
{
	const char *name = m->enums[ei]->vals[vi].name;

	for (uint32_t i = 0; i <= ei; i++) {
		const struct stops_enum *en = m->enums[i];
		uint32_t n = i == ei ? vi : en->nr_vals;

		for (uint32_t j = 0; j < n; j++)
			if (!strcmp(en->vals[j].name, name))
				return &en->vals[j];
	}
	return NULL;
}

static void emit_enum_value(struct emit *e, const struct stops_enum *en,
			    int64_t v)
{
	if (en->is_signed && v == INT64_MIN)
		fprintf(e->out, "(%" PRId64 "LL - 1)", v + 1);
	else if (en->is_signed)
		fprintf(e->out, "%" PRId64 "LL", v);
	else if (en->size == 8)
		fprintf(e->out, "%" PRIu64 "ULL", (uint64_t)v);
	else
		fprintf(e->out, "%" PRIu64 "U", (uint64_t)v);
}

/*
 * Prefixed macros: safe beside vmlinux.h or the user's own enum. Two
 * enums of a linked object may share an enumerator name with different
 * values; the later one is then spelled <obj>__<enum>__<name>.
 */
static void emit_enum_const(struct emit *e, uint32_t ei, uint32_t vi)
{
	const struct stops_enum *en = e->m->enums[ei];
	const struct stops_enum_val *v = &en->vals[vi];
	const struct stops_enum_val *seen = enum_val_seen(e->m, ei, vi);

	if (seen && seen->value == v->value) {
		fprintf(e->out, "/* %s: defined above */\n", v->name);
		return;
	}
	if (seen)
		fprintf(e->out, "/* %s differs in an enum above */\n", v->name);
	if (seen && en->name)
		fprintf(e->out, "#define %s__%s__%s ", e->m->obj_name, en->name,
			v->name);
	else if (seen)
		fprintf(e->out, "#define %s__enum%" PRIu32 "__%s ",
			e->m->obj_name, ei, v->name);
	else
		fprintf(e->out, "#define %s__%s ", e->m->obj_name, v->name);
	emit_enum_value(e, en, v->value);
	fprintf(e->out, "\n");
}

static void emit_enums(struct emit *e)
{
	const struct stops_model *m = e->m;

	for (uint32_t i = 0; i < m->nr_enums; i++) {
		const struct stops_enum *en = m->enums[i];

		fprintf(e->out, "/* enum %s: %" PRIu32 " bytes, %s */\n",
			en->name ? en->name : "(anon)", en->size,
			en->is_signed ? "signed" : "unsigned");
		for (uint32_t j = 0; j < en->nr_vals; j++)
			emit_enum_const(e, i, j);
		fprintf(e->out, "\n");
	}
}

static void emit_prologue(struct emit *e, const char *guard)
{
	fprintf(e->out,
		"/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */\n"
		"/* Shadow types of object %s, generated by stops-shadow %s. Do not edit. */\n"
		"#ifndef %s\n"
		"#define %s\n\n"
		"#include <stddef.h>\n"
		"#include <stdint.h>\n"
		"#ifndef STOPS_SHADOW_NO_LIBBPF\n"
		"#include <errno.h>\n"
		"#include <string.h>\n"
		"#include <bpf/libbpf.h>\n"
		"#endif\n\n"
		"struct bpf_program;\n\n",
		e->m->obj_name, STOPS_SHADOW_VERSION, guard, guard);
}

int stops_emit_c(const struct stops_model *m, FILE *out, struct stops_err *err)
{
	struct emit e = {.m = m, .out = out};
	char guard[320];
	size_t i;

	snprintf(guard, sizeof(guard), "__STOPS_SHADOW_%s_H", m->obj_name);
	for (i = 0; guard[i]; i++)
		guard[i] = (char)toupper((unsigned char)guard[i]);
	emit_prologue(&e, guard);
	emit_enums(&e);
	/* Each map's type follows the nested types it needs, in map order. */
	for (uint32_t k = 0, next = 0; k < m->nr_aggrs; k++) {
		const struct stops_aggr *a = m->aggrs[k];
		const struct stops_map *map = NULL;

		if (next < m->nr_maps && m->maps[next].type == a)
			map = &m->maps[next++];
		if (map)
			fprintf(out,
				"/* map %s: struct %s in %s, %" PRIu32
				" bytes */\n",
				map->name, map->type_name, map->sec_name,
				map->size);
		emit_aggr(&e, a);
		if (map)
			fprintf(out, "#define %s__%s__%s %s\n\n", m->obj_name,
				map->name, map->type_name, map->shadow_name);
		emit_asserts(&e, a);
	}
	for (uint32_t k = 0; k < m->nr_maps; k++)
		if (emit_assert_matches(&e, &m->maps[k]))
			return stops_errf(err, -ENOMEM, "out of memory");
	if (m->nr_maps)
		fprintf(out, "#ifndef STOPS_SHADOW_NO_LIBBPF\n");
	for (uint32_t k = 0; k < m->nr_maps; k++)
		emit_accessors(&e, &m->maps[k]);
	if (m->nr_maps)
		fprintf(out, "#endif /* STOPS_SHADOW_NO_LIBBPF */\n\n");
	fprintf(out, "#endif /* %s */\n", guard);
	if (ferror(out))
		return stops_errf(err, -EIO, "write error");
	return 0;
}
