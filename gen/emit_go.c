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
	const char *obj;	/* the object's Go name: "TcpCc" */
	uint32_t *galign;	/* per plan type: its Go alignment on amd64 */
	const char **view;	/* per plan type: its maps' view, once made */
	struct plan_scope file; /* file-scope identifiers */
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

static void go_pad(struct out *o, size_t have, size_t width)
{
	static const char spaces[] = "                                ";

	while (have < width) {
		size_t n = width - have < 32 ? width - have : 32;

		out_mem(o, spaces, n);
		have += n;
	}
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

		out_lit(o, "\t");
		out_str(o, r->name);
		go_pad(o, strlen(r->name), w0 + 1);
		out_str(o, r->type);
		go_pad(o, strlen(r->type), w1 + 1);
		out_str(o, r->comment);
		out_lit(o, "\n");
	}
}

/*
 * Offsets and sizes as constants that fail the build when they differ:
 * x - n overflows uintptr when x < n, n - x when x > n, and the
 * compiler's message then shows the expression, type and field named.
 */
static void go_proof(struct go_emit *g, const char *what, const char *n,
		     const char *field, uint32_t want)
{
	const char *dot = field ? "." : "";

	field = field ? field : "";
	out_printf(g->o, "\t_ = unsafe.%s(%s{}%s%s) - %u\n", what, n, dot,
		   field, want);
	out_printf(g->o, "\t_ = %u - unsafe.%s(%s{}%s%s)\n", want, what, n, dot,
		   field);
}

static void go_proofs(struct go_emit *g, const struct plan_type *t,
		      const struct go_body *b)
{
	const char *n = t->name[PLAN_GO];

	out_printf(g->o,
		   "\n// Layout proof of %s: a constant that overflows uintptr here\n"
		   "// means Go lays the type out otherwise than the object's BTF.\n"
		   "var (\n",
		   n);
	go_proof(g, "Sizeof", n, NULL, t->size);
	for (uint32_t i = 0; i < b->n; i++) {
		const struct go_row *r = &b->rows[i];

		if (!strcmp(r->name, "_"))
			continue;
		go_proof(g, "Offsetof", n, r->name, r->offset);
		go_proof(g, "Sizeof", n, r->name, r->size);
	}
	out_lit(g->o, ")\n");
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
		out_printf(g->o,
			   "\n// %s is bitfield %s (%u bits at bit %u).\n"
			   "func (v *%s) %s() %s {\n",
			   f->name[PLAN_GO], f->btf_name, f->bit_size,
			   f->bit_offset, n, f->name[PLAN_GO], vt);
		if (is_bool)
			out_printf(g->o,
				   "\treturn stops%sGetBits(v.bits%u[:], %u, %u) != 0\n}\n",
				   g->obj, f->run, bit, f->bit_size);
		else
			out_printf(g->o,
				   "\treturn %s(stops%sGet%sBits(v.bits%u[:], %u, %u))\n}\n",
				   vt, g->obj, f->is_signed ? "S" : "", f->run,
				   bit, f->bit_size);
		out_printf(g->o,
			   "\n// %s stores the low %u bits of x in bitfield %s.\n"
			   "func (v *%s) %s(x %s) {\n",
			   set, f->bit_size, f->btf_name, n, set, vt);
		if (is_bool)
			out_printf(g->o,
				   "\tvar u uint64\n\tif x {\n\t\tu = 1\n\t}\n"
				   "\tstops%sSetBits(v.bits%u[:], %u, %u, u)\n}\n",
				   g->obj, f->run, bit, f->bit_size);
		else
			out_printf(g->o,
				   "\tstops%sSetBits(v.bits%u[:], %u, %u, uint64(x))\n}\n",
				   g->obj, f->run, bit, f->bit_size);
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
		out_printf(g->o,
			   "\n// %s is union member %s.\n"
			   "func (u *%s) %s() *%s {\n"
			   "\treturn (*%s)(unsafe.Pointer(&u.raw))\n}\n",
			   f->name[PLAN_GO], go_label(f), n, f->name[PLAN_GO],
			   type, type);
	}
}

static int go_type(struct go_emit *g, const struct plan_type *t)
{
	struct go_body b = {.align = 1};
	const char *n = t->name[PLAN_GO];
	int ret;

	if (t->same_layout) {
		g->galign[t->index] = g->galign[t->same_layout->index];
		out_printf(g->o,
			   "\n// %s has the layout of %s.\ntype %s = %s\n", n,
			   t->same_layout->name[PLAN_GO], n,
			   t->same_layout->name[PLAN_GO]);
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
	out_printf(g->o,
		   "\n// %s is %s %s (%s): byte for byte as in the object.\n"
		   "type %s struct {\n",
		   n, t->is_union ? "union" : "struct",
		   t->btf_name ? t->btf_name : "(anonymous)", t->path, n);
	go_print_rows(g->o, &b);
	out_lit(g->o, "}\n");
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
	out_printf(g->o, "\nvar stops%sMembers%u = []stops%sMember{\n", g->obj,
		   ti, g->obj);
	for (uint32_t i = 0; i < pm->nr_checks; i++) {
		const struct plan_check *c = &pm->checks[i];

		out_printf(g->o, "\t{\"%s\", %u, ", c->name, c->bit_offset);
		if (c->size == UINT32_MAX)
			out_printf(g->o, "stops%sUnsized", g->obj);
		else
			out_printf(g->o, "%u", c->size);
		out_printf(g->o, ", %u, stops%s%s, %u, %s},\n", c->bit_size,
			   g->obj, go_cls(c->cls), c->depth,
			   c->func ? "true" : "false");
	}
	out_lit(g->o, "}\n");
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

	view = plan_names__claim(g->a, &g->file, PLAN_GO,
				 arena_printf(g->a, "%sMap", vt));
	if (!view)
		return -ENOMEM;
	g->view[t->index] = view;
	go_members_table(g, pm, t->index);
	out_printf(g->o,
		   "\n// %s is a struct_ops map of type %s in a CollectionSpec,\n"
		   "// typed: its value and its program slots, between LoadCollectionSpec\n"
		   "// and the load.\n"
		   "type %s struct {\n\tm *stops%sMap\n\tv *%s\n}\n",
		   view, t->btf_name ? t->btf_name : "(anonymous)", view,
		   g->obj, vt);
	out_printf(g->o,
		   "\n// Value is the map's value in the spec: what is written to it is loaded.\n"
		   "func (o *%s) Value() *%s {\n\treturn o.v\n}\n"
		   "\n// Check says what cilium/ebpf 0.22 would refuse, or get wrong, loading\n"
		   "// the map from the spec as it is now.\n"
		   "func (o *%s) Check() error {\n\treturn o.m.checkLoad()\n}\n",
		   view, vt, view);
	out_printf(
		g->o,
		"\n// FitKernel fits the map to a kernel's struct %s (kernel: its\n"
		"// BTF; nil: the running kernel's), by the rules of the C header's\n"
		"// fit_kernel(): slots the kernel lacks are emptied, and reported.\n"
		"func (o *%s) FitKernel(kernel *btf.Spec, report func(member string, prog *ebpf.ProgramSpec, err error)) error {\n"
		"\treturn o.m.fitKernel(kernel, report)\n}\n",
		pm->kernel_type, view);
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
		out_printf(g->o,
			   "\n// %s is the program in slot %s, nil for none.\n"
			   "func (o *%s) %s() *ebpf.ProgramSpec {\n"
			   "\treturn o.m.prog(\"%s\")\n}\n"
			   "\n// %s puts p, one of the spec's programs, in slot %s; nil empties it.\n"
			   "func (o *%s) %s(p *ebpf.ProgramSpec) error {\n"
			   "\treturn o.m.setProg(\"%s\", p)\n}\n",
			   get, f->btf_name, view, get, f->btf_name, set,
			   f->btf_name, view, set, f->btf_name);
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
	from = plan_names__claim(g->a, &g->file, PLAN_GO,
				 arena_printf(g->a, "%s%sFromSpec", g->obj,
					      plan_names__go(g->a, map->name)));
	if (!from)
		return -ENOMEM;
	out_printf(g->o,
		   "\nvar stops%sLayout%u = stops%sLayout{\"%s\", \"%s\", \"%s\", \"%s\", %u, %u, stops%sMembers%u}\n",
		   g->obj, k, g->obj, g->plan->model->obj_name, map->name,
		   map->type_name, pm->kernel_type, t->size, PLAN_CHECK_DEPTH,
		   g->obj, t->index);
	out_printf(
		g->o,
		"\n// %s checks map %s of spec against %s (the spec's BTF: the\n"
		"// type's name and size, every member's name, offset, size, bitfield size\n"
		"// and kind class; syscall.EPROTO names the first member that differs),\n"
		"// gives the map a value buffer of its own and returns the typed view.\n"
		"// Call it once per spec: a later call takes the buffer over, and this\n"
		"// view then refuses (syscall.EBUSY).\n"
		"func %s(spec *ebpf.CollectionSpec) (*%s, error) {\n"
		"\tm, p, err := stops%sOpen(spec, &stops%sLayout%u)\n"
		"\tif err != nil {\n\t\treturn nil, err\n\t}\n"
		"\treturn &%s{m, (*%s)(p)}, nil\n}\n",
		from, map->name, vt, from, g->view[t->index], g->obj, g->obj, k,
		g->view[t->index], vt);
	return 0;
}

/* Check, NewCollection and LoadAndAssign of the object's maps. */
static int go_object_funcs(struct go_emit *g)
{
	const char *o = g->obj, *check, *coll, *assign;

	check = plan_names__claim(g->a, &g->file, PLAN_GO,
				  arena_printf(g->a, "%sCheck", o));
	coll = plan_names__claim(g->a, &g->file, PLAN_GO,
				 arena_printf(g->a, "%sNewCollection", o));
	assign = plan_names__claim(g->a, &g->file, PLAN_GO,
				   arena_printf(g->a, "%sLoadAndAssign", o));
	if (!check || !coll || !assign)
		return -ENOMEM;
	out_printf(g->o, "\nvar stops%sLayouts = []*stops%sLayout{", o, o);
	for (uint32_t k = 0; k < g->plan->nr_maps; k++)
		out_printf(g->o, "%s&stops%sLayout%u", k ? ", " : "", o, k);
	out_lit(g->o, "}\n");
	out_printf(
		g->o,
		"\n// %s says what cilium/ebpf 0.22 would refuse, or get wrong, loading\n"
		"// object %s's struct_ops maps from spec: to is nil for NewCollection,\n"
		"// else LoadAndAssign's target. A struct_ops program in no slot does not\n"
		"// load, and a map whose slotted program to does not ask for is left\n"
		"// unwritten by cilium/ebpf (populateStructOps returns early).\n"
		"func %s(spec *ebpf.CollectionSpec, to any) error {\n"
		"\treturn stops%sCheckPrograms(spec, stops%sLayouts, to)\n}\n",
		check, g->plan->model->obj_name, check, o, o);
	out_printf(g->o,
		   "\n// %s is ebpf.NewCollectionWithOptions after %s.\n"
		   "func %s(spec *ebpf.CollectionSpec, opts *ebpf.CollectionOptions) (*ebpf.Collection, error) {\n"
		   "\tif err := %s(spec, nil); err != nil {\n\t\treturn nil, err\n\t}\n"
		   "\tif opts == nil {\n\t\topts = &ebpf.CollectionOptions{}\n\t}\n"
		   "\treturn ebpf.NewCollectionWithOptions(spec, *opts)\n}\n",
		   coll, check, coll, check);
	out_printf(g->o,
		   "\n// %s is spec.LoadAndAssign after %s.\n"
		   "func %s(spec *ebpf.CollectionSpec, to any, opts *ebpf.CollectionOptions) error {\n"
		   "\tif err := %s(spec, to); err != nil {\n\t\treturn err\n\t}\n"
		   "\treturn spec.LoadAndAssign(to, opts)\n}\n",
		   assign, check, assign, check);
	return 0;
}

static void go_write_runtime(struct go_emit *g)
{
	out_lit(g->o,
		"\n// The run-time helpers (stops-shadow's gen/runtime/go), for this object.\n");
	for (size_t i = 0; i < sizeof(go_runtime) / sizeof(*go_runtime); i++) {
		out_str(g->o, go_runtime[i].text);
		if (go_runtime[i].prefix) {
			out_lit(g->o, "stops");
			out_str(g->o, g->obj);
		}
	}
}

static void go_imports(struct go_emit *g)
{
	bool structs_done = false;

	out_lit(g->o, "import (\n");
	for (size_t i = 0;
	     i < sizeof(go_runtime_imports) / sizeof(*go_runtime_imports);
	     i++) {
		const char *imp = go_runtime_imports[i];

		if (!structs_done && (!imp[0] || strcmp(imp, "structs") > 0) &&
		    !strchr(imp, '.')) {
			out_lit(g->o, "\t\"structs\"\n");
			structs_done = true;
		}
		if (imp[0])
			out_printf(g->o, "\t\"%s\"\n", imp);
		else
			out_lit(g->o, "\n");
	}
	out_lit(g->o, ")\n");
}

/* What cilium/ebpf 0.22 refuses of a map: an error or warnings. */
static int go_cilium_limits(struct go_emit *g, const struct plan_map *pm)
{
	const struct stops_map *map = pm->map;
	const struct plan_type *t = pm->type;

	if (!strcmp(map->sec_name, ".struct_ops"))
		return stops_errf(
			g->err, -EOPNOTSUPP,
			"map %s: section .struct_ops: cilium/ebpf 0.22's LoadCollectionSpec refuses it (use .struct_ops.link)",
			map->name);
	if (strcmp(map->sec_name, ".struct_ops.link"))
		go_warn(g,
			"map %s: section %s: cilium/ebpf 0.22 reads only .struct_ops.link; the map is not in its spec",
			map->name, map->sec_name);
	if (strcmp(pm->kernel_type, map->type_name))
		go_warn(g,
			"map %s: struct %s: cilium/ebpf 0.22 looks the kernel type up ___flavor included and refuses it at load",
			map->name, map->type_name);
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
	out_printf(g->o,
		   "// Code generated by stops-shadow %s from object %s. DO NOT EDIT.\n\n"
		   "package %s\n",
		   STOPS_SHADOW_VERSION, p->model->obj_name, package);
	if (!p->nr_maps)
		return 0;
	out_lit(g->o, "\n");
	go_imports(g);
	for (uint32_t i = 0; i < p->nr_types; i++) {
		ret = name_set_add(&g->file.taken, p->types[i]->name[PLAN_GO]);
		if (ret && ret != -EEXIST)
			return ret;
	}
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
	ret = plan__build(model, &p, err);
	if (ret)
		goto out;
	g.plan = p;
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
	plan_scope__free(&g.file);
	plan__free(p);
	arena_free(&a);
	return ret;
}
