// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* Go emitter: one gofmt-clean Go file of shadow types for cilium/ebpf. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "btf_util.h"
#include "out.h"
#include "plan.h"
#include "plan_names.h"
#include "util.h"
#include "writer.h"

#include "tpl_go.h"

#include "go_runtime.inc"

/* One line of a struct body: gofmt aligns the three columns. */
struct go_row {
	const char *name, *type, *comment;
	uint32_t offset, size; /* what the proofs assert */
};

struct go_emit {
	struct out *o;
	const struct plan *plan;
	const struct stops_emit_go_opts *opts;
	struct arena *a;
	const char *obj;   /* the object's Go name: "TcpCc" */
	uint32_t *galign;  /* per plan type: its Go alignment on amd64 */
	const char **view; /* per plan type: its maps' view, once made */
	/* file-scope identifiers: the plan's, its types' names claimed */
	struct plan_scope *file;
	/* go_cilium_limits()'s last answers: maps of one layout share them */
	const char *link_sec; /* a .struct_ops.link section's name */
	const struct plan_field *limits_fields;
	bool limits_scan; /* those fields hold a bitfield or a nested type */
	struct stops_err *err;
};

static void go_warn(struct go_emit *g, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void go_warn(struct go_emit *g, const char *fmt, ...)
{
	char msg[256];
	va_list ap;

	if (!g->opts || !g->opts->warn)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	g->opts->warn(g->opts->ctx, msg);
}

/* A scalar as Go spells it, NULL when Go has no such type (16 bytes). */
static const char *go_scalar(enum plan_scalar s, uint32_t size, bool sign)
{
	static const char *const ints[2][4] = {
		{"uint8", "uint16", "uint32", "uint64"},
		{"int8", "int16", "int32", "int64"},
	};

	switch (s) {
	case PLAN_CHAR:
		return size == 1 ? "byte" : NULL;
	case PLAN_BOOL:
		return size == 1 ? "bool" : NULL;
	case PLAN_FLOAT:
		return size == 4 ? "float32" : size == 8 ? "float64" : NULL;
	case PLAN_INT:
	case PLAN_ENUM:
		switch (size) {
		case 1:
			return ints[sign][0];
		case 2:
			return ints[sign][1];
		case 4:
			return ints[sign][2];
		case 8:
			return ints[sign][3];
		default:
			return NULL;
		}
	default:
		return NULL;
	}
}

/*
 * Whether a value of Go alignment align can sit at offset in a type of
 * size bytes: Go then places it there itself (the fields before it end
 * at offset), and the type's size stays a multiple of its alignment. On
 * 386 a 64-bit value aligns to 4, which every such offset also is.
 */
static bool go_fits(uint32_t offset, uint32_t size, uint32_t align)
{
	return align && offset % align == 0 && size % align == 0;
}

/* The Go type of f's value (or elements), and its alignment; NULL: bytes. */
static const char *go_elem(const struct go_emit *g, const struct plan_type *t,
			   const struct plan_field *f, uint32_t *align)
{
	if (f->type) {
		*align = g->galign[f->type->index];
		return go_fits(f->offset, t->size, *align)
			       ? f->type->name[PLAN_GO]
			       : NULL;
	}
	*align = f->scalar_size;
	if (!go_fits(f->offset, t->size, *align))
		return NULL;
	return go_scalar(f->scalar, f->scalar_size, f->is_signed);
}

static const char *go_bytes(struct go_emit *g, uint32_t n)
{
	return arena_printf(g->a, "[%u]byte", n);
}

static const char *go_array(struct go_emit *g, const struct plan_field *f,
			    const char *elem)
{
	size_t len = strlen(elem) + 12 * f->nr_dims + 1;
	char *s = arena_chars(g->a, len), *p = s;

	if (!s)
		return NULL;
	for (uint32_t i = 0; i < f->nr_dims; i++)
		p += snprintf(p, len - (size_t)(p - s), "[%u]", f->dims[i]);
	snprintf(p, len - (size_t)(p - s), "%s", elem);
	return s;
}

/* What the BTF member was, for the comment of its row. */
static const char *go_label(const struct plan_field *f)
{
	return f->btf_name ? f->btf_name : "anonymous";
}

struct go_body {
	struct go_row *rows;
	uint32_t n, cap;
	uint32_t pos;	/* where the Go fields so far end */
	uint32_t align; /* the largest typed field's alignment */
};

static int go_row(struct go_emit *g, struct go_body *b, const char *name,
		  const char *type, const char *comment, uint32_t offset,
		  uint32_t size)
{
	if (!name || !type || !comment)
		return -ENOMEM;
	if (b->n == b->cap) {
		struct go_row *r;

		b->cap = b->cap ? 2 * b->cap : 16;
		r = arena_calloc(g->a, b->cap, sizeof(*r));
		if (!r)
			return -ENOMEM;
		if (b->n)
			memcpy(r, b->rows, b->n * sizeof(*r));
		b->rows = r;
	}
	b->rows[b->n++] = (struct go_row){name, type, comment, offset, size};
	return 0;
}

/* Bytes up to offset that no field claims: a gap, a run's spare bytes. */
static int go_gap(struct go_emit *g, struct go_body *b, uint32_t offset)
{
	int ret = 0;

	if (offset > b->pos)
		ret = go_row(g, b, "_", go_bytes(g, offset - b->pos),
			     arena_printf(g->a, "// padding at %u", b->pos),
			     b->pos, offset - b->pos);
	b->pos = offset > b->pos ? offset : b->pos;
	return ret;
}

static int go_field_row(struct go_emit *g, const struct plan_type *t,
			const struct plan_field *f, struct go_body *b)
{
	const char *name = f->name[PLAN_GO], *elem, *type;
	uint32_t align = 1;
	const char *at =
		arena_printf(g->a, "// %s at %u", go_label(f), f->offset);

	switch (f->range) {
	case PLAN_SLOT:
		return go_row(
			g, b, "_", go_bytes(g, f->size),
			arena_printf(g->a,
				     "// %s: program slot at %u (methods of the map's view)",
				     go_label(f), f->offset),
			f->offset, f->size);
	case PLAN_OPAQUE:
		return go_row(g, b, "_", go_bytes(g, f->size),
			      arena_printf(g->a, "// %s: %s at %u, opaque",
					   go_label(f), f->why ? f->why : "?",
					   f->offset),
			      f->offset, f->size);
	case PLAN_SCALAR:
	case PLAN_NESTED:
	case PLAN_ARRAY:
		elem = go_elem(g, t, f, &align);
		if (!elem) {
			go_warn(g, "%s.%s: %s: bytes in Go", t->path,
				go_label(f),
				f->type || go_scalar(f->scalar, f->scalar_size,
						     f->is_signed)
					? "not at a multiple of its Go alignment"
					: "no Go type of its size");
			align = 1;
			type = go_bytes(g, f->size);
		} else {
			type = f->range == PLAN_ARRAY ? go_array(g, f, elem)
						      : elem;
		}
		if (align > b->align)
			b->align = align;
		return go_row(g, b, name, type, at, f->offset, f->size);
	default:
		return -EINVAL;
	}
}

/* A run's bytes, once, where its first field is met. */
static int go_run_row(struct go_emit *g, const struct plan_type *t,
		      const struct plan_field *f, struct go_body *b, bool *done)
{
	const struct plan_run *r = &t->runs[f->run];

	if (done[f->run])
		return 0;
	done[f->run] = true;
	if (r->offset < b->pos)
		return -EINVAL;
	if (go_gap(g, b, r->offset))
		return -ENOMEM;
	b->pos = r->offset + r->size;
	return go_row(g, b, arena_printf(g->a, "bits%u", f->run),
		      go_bytes(g, r->size),
		      arena_printf(g->a, "// bitfields at %u (methods)",
				   r->offset),
		      r->offset, r->size);
}

static int go_struct_rows(struct go_emit *g, const struct plan_type *t,
			  struct go_body *b)
{
	bool *done = arena_calloc(g->a, t->nr_runs + 1, sizeof(*done));
	int ret;

	if (!done)
		return -ENOMEM;
	for (uint32_t i = 0; i < t->nr_fields; i++) {
		const struct plan_field *f = &t->fields[i];

		if (f->range == PLAN_BITFIELD || f->range == PLAN_BITS ||
		    (f->range == PLAN_PADDING && f->bit_size)) {
			ret = go_run_row(g, t, f, b, done);
		} else if (f->range == PLAN_PADDING) {
			continue;
		} else if (f->offset < b->pos) {
			ret = -EINVAL;
		} else {
			ret = go_gap(g, b, f->offset);
			if (!ret)
				ret = go_field_row(g, t, f, b);
			b->pos = f->offset + f->size;
		}
		if (ret)
			return ret == -EINVAL
				       ? stops_errf(g->err, -EINVAL,
						    "%s.%s: overlaps the field before it",
						    t->path, go_label(f))
				       : ret;
	}
	return go_gap(g, b, t->size);
}

/* A union: its bytes, aligned as its widest member; members are methods. */
static int go_union_rows(struct go_emit *g, const struct plan_type *t,
			 struct go_body *b)
{
	static const char *const zero[] = {"", "[0]uint8",  "[0]uint16",
					   "", "[0]uint32", "",
					   "", "",	    "[0]uint64"};
	uint32_t align = 1, a;

	for (uint32_t i = 0; i < t->nr_fields; i++) {
		const struct plan_field *f = &t->fields[i];

		if ((f->range == PLAN_SCALAR || f->range == PLAN_ARRAY ||
		     f->range == PLAN_NESTED) &&
		    go_elem(g, t, f, &a) && a > align)
			align = a;
	}
	if (align > 1 &&
	    go_row(g, b, "_", zero[align],
		   arena_printf(g->a, "// aligned as its widest member"), 0, 0))
		return -ENOMEM;
	b->align = align;
	b->pos = t->size;
	return go_row(g, b, "raw", go_bytes(g, t->size),
		      arena_printf(g->a, "// union %s: members are methods",
				   t->btf_name ? t->btf_name : "(anonymous)"),
		      0, t->size);
}

/* The rows in gofmt's columns: each as wide as its widest cell, plus one. */
static void go_print_rows(struct out *o, const struct go_body *b)
{
	size_t w0 = 0, w1 = 0;

	for (uint32_t i = 0; i < b->n; i++) {
		size_t n0 = strlen(b->rows[i].name),
		       n1 = strlen(b->rows[i].type);

		w0 = n0 > w0 ? n0 : w0;
		w1 = n1 > w1 ? n1 : w1;
	}
	for (uint32_t i = 0; i < b->n; i++) {
		const struct go_row *r = &b->rows[i];

		tpl_go_row(o, r->name, (uint32_t)(w0 + 1 - strlen(r->name)),
			   r->type, (uint32_t)(w1 + 1 - strlen(r->type)),
			   r->comment);
	}
}

static void go_proofs(struct go_emit *g, const struct plan_type *t,
		      const struct go_body *b)
{
	const char *n = t->name[PLAN_GO];

	tpl_go_proofs_open(g->o, n);
	tpl_go_proof_size(g->o, n, t->size);
	for (uint32_t i = 0; i < b->n; i++) {
		const struct go_row *r = &b->rows[i];

		if (!strcmp(r->name, "_"))
			continue;
		tpl_go_proof_field(g->o, "Offsetof", n, r->name, r->offset);
		tpl_go_proof_field(g->o, "Sizeof", n, r->name, r->size);
	}
	tpl_go_proofs_close(g->o);
}

static const char *go_value_type(struct go_emit *g, const struct plan_field *f)
{
	const char *s = go_scalar(f->scalar, f->scalar_size, f->is_signed);

	(void)g;
	return s ? s : "uint64";
}

/* Get and set methods of a type's bitfields, over its runs' bytes. */
static int go_bit_methods(struct go_emit *g, const struct plan_type *t)
{
	const char *n = t->name[PLAN_GO];
	struct plan_scope methods = {0};
	int ret = 0;

	for (uint32_t i = 0; i < t->nr_fields && !ret; i++)
		if (t->fields[i].name[PLAN_GO][0] != '_')
			ret = name_set_add(&methods.taken,
					   t->fields[i].name[PLAN_GO]);
	for (uint32_t i = 0; i < t->nr_fields && !ret; i++) {
		const struct plan_field *f = &t->fields[i];
		const struct plan_run *r = &t->runs[f->run];
		const char *vt = go_value_type(g, f), *set;
		unsigned int bit = f->bit_offset - 8 * r->offset;
		bool is_bool = f->scalar == PLAN_BOOL;

		if (f->range != PLAN_BITFIELD || !f->btf_name)
			continue;
		set = plan_names__claim(g->a, &methods, PLAN_GO,
					arena_printf(g->a, "Set%s",
						     f->name[PLAN_GO]));
		if (!set) {
			ret = -ENOMEM;
			break;
		}
		tpl_go_bit_get(g->o, f->name[PLAN_GO], f->btf_name, f->bit_size,
			       f->bit_offset, n, vt);
		if (is_bool)
			tpl_go_bit_get_bool(g->o, g->obj, f->run, bit,
					    f->bit_size);
		else
			tpl_go_bit_get_int(g->o, vt, g->obj,
					   f->is_signed ? "S" : "", f->run, bit,
					   f->bit_size);
		tpl_go_bit_set(g->o, set, f->bit_size, f->btf_name, n, vt);
		if (is_bool)
			tpl_go_bit_set_bool(g->o, g->obj, f->run, bit,
					    f->bit_size);
		else
			tpl_go_bit_set_int(g->o, g->obj, f->run, bit,
					   f->bit_size);
	}
	plan_scope__free(&methods);
	return ret;
}

/* A union's members: pointers to its bytes as each member's type. */
static void go_union_methods(struct go_emit *g, const struct plan_type *t)
{
	const char *n = t->name[PLAN_GO];

	for (uint32_t i = 0; i < t->nr_fields; i++) {
		const struct plan_field *f = &t->fields[i];
		const char *elem, *type;
		uint32_t a;

		if (f->offset ||
		    !(f->range == PLAN_SCALAR || f->range == PLAN_ARRAY ||
		      f->range == PLAN_NESTED))
			continue;
		elem = go_elem(g, t, f, &a);
		if (!elem)
			continue;
		type = f->range == PLAN_ARRAY ? go_array(g, f, elem) : elem;
		if (!type)
			continue;
		tpl_go_union_member(g->o, f->name[PLAN_GO], go_label(f), n,
				    type);
	}
}

static int go_type(struct go_emit *g, const struct plan_type *t)
{
	struct go_body b = {.align = 1};
	const char *n = t->name[PLAN_GO];
	int ret;

	if (t->same_layout) {
		g->galign[t->index] = g->galign[t->same_layout->index];
		tpl_go_alias(g->o, n, t->same_layout->name[PLAN_GO]);
		return 0;
	}
	ret = go_row(g, &b, "_", "structs.HostLayout",
		     arena_printf(g->a, "// %u bytes, as in the object",
				  t->size),
		     0, 0);
	if (!ret)
		ret = t->is_union ? go_union_rows(g, t, &b)
				  : go_struct_rows(g, t, &b);
	if (ret)
		return ret;
	g->galign[t->index] = b.align;
	tpl_go_struct_open(g->o, n, t->is_union ? "union" : "struct",
			   t->btf_name ? t->btf_name : "(anonymous)", t->path);
	go_print_rows(g->o, &b);
	tpl_go_struct_close(g->o);
	if (t->is_union)
		go_union_methods(g, t);
	else if (t->nr_runs && go_bit_methods(g, t))
		return -ENOMEM;
	go_proofs(g, t, &b);
	return 0;
}

static const char *go_cls(uint8_t cls)
{
	switch ((enum btf_cls)cls) {
	case BTF_CLS_VOID:
		return "ClsVoid";
	case BTF_CLS_INT:
		return "ClsInt";
	case BTF_CLS_FLOAT:
		return "ClsFloat";
	case BTF_CLS_ENUM:
		return "ClsEnum";
	case BTF_CLS_PTR:
		return "ClsPtr";
	case BTF_CLS_STRUCT:
		return "ClsStruct";
	case BTF_CLS_UNION:
		return "ClsUnion";
	case BTF_CLS_ARRAY:
		return "ClsArray";
	case BTF_CLS_FUNC:
		return "ClsFuncProto";
	case BTF_CLS_BAD:
	default:
		return "ClsOther";
	}
}

/* The members the run-time check compares the spec's BTF with. */
static void go_members_table(struct go_emit *g, const struct plan_map *pm,
			     uint32_t ti)
{
	tpl_go_members_open(g->o, g->obj, ti);
	for (uint32_t i = 0; i < pm->nr_checks; i++) {
		const struct plan_check *c = &pm->checks[i];

		const char *func = c->func ? "true" : "false";

		if (c->size == UINT32_MAX)
			tpl_go_member_unsized(g->o, c->name, c->bit_offset,
					      c->bit_size, g->obj,
					      go_cls(c->cls), c->depth, func);
		else
			tpl_go_member(g->o, c->name, c->bit_offset, c->size,
				      c->bit_size, g->obj, go_cls(c->cls),
				      c->depth, func);
	}
	tpl_go_members_close(g->o);
}

/*
 * The view of the maps of one layout: its type, Value, Check, FitKernel
 * and slots, once for all of them (thousands of maps of one type).
 */
static int go_view(struct go_emit *g, const struct plan_map *pm,
		   const struct plan_type *t)
{
	const char *vt = t->name[PLAN_GO], *view;
	struct plan_scope methods = {0};
	int ret = 0;

	view = plan_names__claim(g->a, g->file, PLAN_GO,
				 arena_printf(g->a, "%sMap", vt));
	if (!view)
		return -ENOMEM;
	g->view[t->index] = view;
	go_members_table(g, pm, t->index);
	tpl_go_view(g->o, view, t->btf_name ? t->btf_name : "(anonymous)",
		    g->obj, vt, pm->kernel_type);
	ret = name_set_add(&methods.taken, "Value");
	ret = ret ? ret : name_set_add(&methods.taken, "Check");
	ret = ret ? ret : name_set_add(&methods.taken, "FitKernel");
	for (uint32_t i = 0; i < t->nr_fields && !ret; i++) {
		const struct plan_field *f = &t->fields[i];
		const char *get, *set;

		if (f->range != PLAN_SLOT || !f->btf_name)
			continue;
		get = plan_names__claim(g->a, &methods, PLAN_GO,
					f->name[PLAN_GO]);
		set = plan_names__claim(g->a, &methods, PLAN_GO,
					arena_printf(g->a, "Set%s",
						     f->name[PLAN_GO]));
		if (!get || !set) {
			ret = -ENOMEM;
			break;
		}
		tpl_go_slot(g->o, get, f->btf_name, view, set);
	}
	plan_scope__free(&methods);
	return ret;
}

/* A map: its layout and its constructor, returning its type's view. */
static int go_map(struct go_emit *g, const struct plan_map *pm, uint32_t k)
{
	const struct stops_map *map = pm->map;
	const struct plan_type *t =
		pm->type->same_layout ? pm->type->same_layout : pm->type;
	const char *vt = t->name[PLAN_GO], *from;
	int ret;

	if (!g->view[t->index]) {
		ret = go_view(g, pm, t);
		if (ret)
			return ret;
	}
	from = plan_names__claim(g->a, g->file, PLAN_GO,
				 plan_names__go_join(g->a, g->obj, map->name,
						     "FromSpec"));
	if (!from)
		return -ENOMEM;
	tpl_go_map(g->o, g->obj, k, g->plan->model->obj_name, map->name,
		   map->type_name, pm->kernel_type, t->size, PLAN_CHECK_DEPTH,
		   t->index, from, vt, g->view[t->index]);
	return 0;
}

/* Check, NewCollection and LoadAndAssign of the object's maps. */
static int go_object_funcs(struct go_emit *g)
{
	const char *o = g->obj, *check, *coll, *assign;

	check = plan_names__claim(g->a, g->file, PLAN_GO,
				  arena_printf(g->a, "%sCheck", o));
	coll = plan_names__claim(g->a, g->file, PLAN_GO,
				 arena_printf(g->a, "%sNewCollection", o));
	assign = plan_names__claim(g->a, g->file, PLAN_GO,
				   arena_printf(g->a, "%sLoadAndAssign", o));
	if (!check || !coll || !assign)
		return -ENOMEM;
	tpl_go_layouts_open(g->o, o);
	for (uint32_t k = 0; k < g->plan->nr_maps; k++)
		tpl_go_layouts_item(g->o, k ? ", " : "", o, k);
	tpl_go_layouts_close(g->o);
	tpl_go_object_funcs(g->o, check, g->plan->model->obj_name, o, coll,
			    assign);
	return 0;
}

static void go_write_runtime(struct go_emit *g)
{
	tpl_go_runtime_open(g->o);
	for (size_t i = 0; i < sizeof(go_runtime) / sizeof(*go_runtime); i++) {
		if (go_runtime[i].prefix)
			tpl_go_runtime_prefixed(g->o, go_runtime[i].text,
						g->obj);
		else
			tpl_go_runtime_text(g->o, go_runtime[i].text);
	}
}

static void go_imports(struct go_emit *g)
{
	bool structs_done = false;

	tpl_go_imports_open(g->o);
	for (size_t i = 0;
	     i < sizeof(go_runtime_imports) / sizeof(*go_runtime_imports);
	     i++) {
		const char *imp = go_runtime_imports[i];

		if (!structs_done && (!imp[0] || strcmp(imp, "structs") > 0) &&
		    !strchr(imp, '.')) {
			tpl_go_import(g->o, "structs");
			structs_done = true;
		}
		if (imp[0])
			tpl_go_import(g->o, imp);
		else
			tpl_go_import_gap(g->o);
	}
	tpl_go_imports_close(g->o);
}

/*
 * Whether t's fields hold what go_cilium_limits() warns of per map (a
 * named bitfield, a nested type): asked once per layout, not per map
 * (maps of one layout share their fields), thousands of maps of 30
 * fields otherwise walked whole.
 */
static bool go_limits_scan(struct go_emit *g, const struct plan_type *t)
{
	if (t->fields == g->limits_fields)
		return g->limits_scan;
	g->limits_fields = t->fields;
	g->limits_scan = false;
	for (uint32_t i = 0; i < t->nr_fields; i++) {
		const struct plan_field *f = &t->fields[i];

		if ((f->range == PLAN_BITFIELD && f->btf_name) ||
		    f->range == PLAN_NESTED) {
			g->limits_scan = true;
			break;
		}
	}
	return g->limits_scan;
}

/* What cilium/ebpf 0.22 refuses of a map: an error or warnings. */
static int go_cilium_limits(struct go_emit *g, const struct plan_map *pm)
{
	const struct stops_map *map = pm->map;
	const struct plan_type *t = pm->type;

	/* maps of one section share its name: compared once */
	if (map->sec_name != g->link_sec) {
		if (!strcmp(map->sec_name, ".struct_ops"))
			return stops_errf(
				g->err, -EOPNOTSUPP,
				"map %s: section .struct_ops: cilium/ebpf 0.22's LoadCollectionSpec refuses it (use .struct_ops.link)",
				map->name);
		if (strcmp(map->sec_name, ".struct_ops.link"))
			go_warn(g,
				"map %s: section %s: cilium/ebpf 0.22 reads only .struct_ops.link; the map is not in its spec",
				map->name, map->sec_name);
		else
			g->link_sec = map->sec_name;
	}
	/* the plan gives the BTF's own string where there is no flavor */
	if (pm->kernel_type != map->type_name &&
	    strcmp(pm->kernel_type, map->type_name))
		go_warn(g,
			"map %s: struct %s: cilium/ebpf 0.22 looks the kernel type up ___flavor included and refuses it at load",
			map->name, map->type_name);
	if (!go_limits_scan(g, t))
		return 0;
	for (uint32_t i = 0; i < t->nr_fields; i++) {
		const struct plan_field *f = &t->fields[i];

		if (f->range == PLAN_BITFIELD && f->btf_name)
			go_warn(g,
				"map %s: member %s is a bitfield: cilium/ebpf 0.22 refuses it at load (the Go methods do not change that)",
				map->name, f->btf_name);
		/* cilium copies arrays, nested types it refuses unless zero */
		if (f->range != PLAN_NESTED)
			continue;
		for (uint32_t b = 0; b < f->size; b++)
			if (map->data[f->offset + b]) {
				go_warn(g,
					"map %s: member %s: cilium/ebpf 0.22 refuses a non-zero nested struct or union at load",
					map->name, go_label(f));
				break;
			}
	}
	return 0;
}

static int go_file(struct go_emit *g, const char *package)
{
	const struct plan *p = g->plan;
	int ret;

	for (uint32_t k = 0; k < p->nr_maps; k++) {
		ret = go_cilium_limits(g, &p->maps[k]);
		if (ret)
			return ret;
	}
	tpl_go_file_head(g->o, STOPS_SHADOW_VERSION, p->model->obj_name,
			 package);
	if (!p->nr_maps)
		return 0;
	go_imports(g);
	for (uint32_t i = 0; i < p->nr_types; i++) {
		ret = go_type(g, p->types[i]);
		if (ret)
			return ret;
	}
	for (uint32_t k = 0; k < p->nr_maps; k++) {
		ret = go_map(g, &p->maps[k], k);
		if (ret)
			return ret;
	}
	ret = go_object_funcs(g);
	if (ret)
		return ret;
	go_write_runtime(g);
	return 0;
}

int stops_model__emit_go(const struct stops_model *model, FILE *f,
			 const struct stops_emit_go_opts *opts,
			 struct stops_err *err)
{
	struct go_emit g = {.opts = opts, .err = err};
	struct arena a = {0};
	struct plan *p = NULL;
	struct out *o = NULL;
	const char *package;
	int ret;

	if (err)
		err->msg[0] = 0;
	if (!OPTS_VALID(opts, stops_emit_go_opts))
		return stops_errf(err, -EINVAL, "bad stops_emit_go_opts");
	if (!model || !f)
		return stops_errf(err, -EINVAL, "no model or no output");
	package = opts && OPTS_HAS(opts, package) && opts->package
			  ? opts->package
			  : NULL;
	g.a = &a;
	g.obj = plan_names__go(&a, model->obj_name);
	if (!package)
		package = plan_names__go_package(&a, model->obj_name);
	if (!g.obj || !package) {
		ret = stops_errf(err, -ENOMEM, "out of memory");
		goto out;
	}
	if (!plan_names__is_go_package(package)) {
		ret = stops_errf(
			err, -EINVAL,
			"package %.64s: not a Go package name (a letter or _, then letters, digits, _; no keyword)",
			package);
		goto out;
	}
	ret = plan__build_langs(model, PLAN_LANG(PLAN_GO), &p, err);
	if (ret)
		goto out;
	g.plan = p;
	g.file = &p->file[PLAN_GO];
	g.galign = arena_calloc(&a, p->nr_types + 1, sizeof(*g.galign));
	g.view = arena_calloc(&a, p->nr_types + 1, sizeof(*g.view));
	o = malloc(sizeof(*o));
	if (!g.galign || !g.view || !o) {
		ret = stops_errf(err, -ENOMEM, "out of memory");
		goto out;
	}
	out_init(o, f);
	g.o = o;
	ret = go_file(&g, package);
	if (!ret)
		ret = out_flush(o);
	if (ret && (!err || !err->msg[0]))
		stops_errf(err, ret, "%s", strerror(-ret));
out:
	if (o)
		out_free(o);
	free(o);
	plan__free(p);
	arena_free(&a);
	return ret;
}
