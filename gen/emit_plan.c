// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* The layout plan as JSON (dump --plan): what every backend reads. */
#include <stdlib.h>

#include "out.h"
#include "plan.h"
#include "writer.h"

#include "tpl_plan.h"

static const char *yes(bool b)
{
	return b ? "true" : "false";
}

static void put_names(struct out *o, const char *const *name)
{
	tpl_plan_brace_open(o);
	for (int l = 0; l < PLAN_NR_LANGS; l++)
		tpl_plan_name(o, l ? ", " : "",
			      plan_lang__str((enum plan_lang)l), name[l]);
	tpl_plan_brace_close(o);
}

static void put_scalar(struct out *o, const struct plan_field *f)
{
	tpl_plan_scalar(o, plan_scalar__str(f->scalar), f->scalar_size,
			yes(f->is_signed));
	if (f->scalar == PLAN_ENUM && f->enm)
		tpl_plan_enum(o, f->enm->name);
}

/* What only some ranges have, by range. */
static void put_range_facts(struct out *o, const struct plan_field *f)
{
	switch (f->range) {
	case PLAN_ARRAY:
		tpl_plan_dims_open(o);
		for (uint32_t i = 0; i < f->nr_dims; i++)
			tpl_plan_dim(o, i ? ", " : "", f->dims[i]);
		tpl_plan_dims_close(o, f->elem_size);
		if (f->type)
			tpl_plan_fact(o, "type", f->type->index);
		else
			put_scalar(o, f);
		break;
	case PLAN_SCALAR:
		put_scalar(o, f);
		break;
	case PLAN_NESTED:
		tpl_plan_fact(o, "type", f->type->index);
		break;
	case PLAN_SLOT:
		tpl_plan_fact(o, "slot", f->slot);
		break;
	case PLAN_BITFIELD:
		put_scalar(o, f);
		break;
	case PLAN_BITS:
		tpl_plan_fact(o, "run", f->run);
		break;
	case PLAN_OPAQUE:
		tpl_plan_why(o, f->why);
		break;
	case PLAN_PADDING:
		break;
	}
	if (f->bit_size)
		tpl_plan_bits(o, f->run, f->bit_offset, f->bit_size);
	if (f->storage)
		tpl_plan_storage(o, f->storage->name[PLAN_C], f->storage_bit);
}

static void put_field(struct out *o, const struct plan_field *f, bool last)
{
	tpl_plan_field(o, plan_range__str(f->range), f->btf_name);
	put_names(o, f->name);
	tpl_plan_field_facts(o, f->offset, f->size, f->align, yes(f->aligned),
			     f->prove & PLAN_PROVE_OFFSET ? "\"offset\"" : "",
			     f->prove == (PLAN_PROVE_OFFSET | PLAN_PROVE_SIZE)
				     ? ", "
				     : "",
			     f->prove & PLAN_PROVE_SIZE ? "\"size\"" : "");
	put_range_facts(o, f);
	tpl_plan_field_close(o, last ? "" : ",");
}

static void put_type(struct out *o, const struct plan_type *t, bool last)
{
	tpl_plan_type(o, t->index, t->btf_name);
	put_names(o, t->name);
	tpl_plan_type_facts(o, t->path, yes(t->is_union), yes(t->packed),
			    t->size, t->align, t->nr_slots);
	if (t->same_layout)
		tpl_plan_same_layout(o, t->same_layout->index);
	tpl_plan_runs_open(o);
	for (uint32_t i = 0; i < t->nr_runs; i++) {
		const struct plan_run *r = &t->runs[i];

		tpl_plan_run(o, i ? ", " : "", r->offset, r->size, r->first,
			     r->nr, yes(r->native));
		put_names(o, r->name);
		tpl_plan_brace_close(o);
	}
	tpl_plan_fields_open(o);
	for (uint32_t i = 0; i < t->nr_fields; i++)
		put_field(o, &t->fields[i], i + 1 == t->nr_fields);
	tpl_plan_type_close(o, last ? "" : ",");
}

static void put_map(struct out *o, const struct plan_map *pm, bool last)
{
	const struct stops_map *m = pm->map;

	tpl_plan_map(o, m->name, m->type_name, m->sec_name, pm->type->index,
		     m->size, yes(pm->state->link), yes(pm->state->autocreate));
	for (uint32_t i = 0; i < m->type->nr_slots; i++)
		tpl_plan_slot(o, i ? ", " : "", m->progs[i].name);
	tpl_plan_checks_open(o);
	for (uint32_t i = 0; i < pm->nr_checks; i++) {
		const struct plan_check *c = &pm->checks[i];

		tpl_plan_check(o, c->name, c->bit_offset, c->size, c->bit_size,
			       c->cls, c->depth, c->kind, yes(c->func),
			       i + 1 == pm->nr_checks ? "" : ",");
	}
	tpl_plan_map_close(o, last ? "" : ",");
}

static void put_plan(struct out *o, const struct stops_model *model,
		     const struct plan *plan)
{
	tpl_plan_open(o, model->obj_name);
	for (uint32_t i = 0; i < plan->nr_types; i++)
		put_type(o, plan->types[i], i + 1 == plan->nr_types);
	tpl_plan_maps(o);
	for (uint32_t i = 0; i < plan->nr_maps; i++)
		put_map(o, &plan->maps[i], i + 1 == plan->nr_maps);
	tpl_plan_close(o);
}

int stops_model__emit_plan(const struct stops_model *model, FILE *out,
			   const struct stops_write_opts *opts,
			   struct stops_err *err)
{
	struct plan *plan;
	struct out *o;
	int ret;

	if (!model || !out || !OPTS_VALID(opts, stops_write_opts))
		return stops_errf(err, -EINVAL, "plan: invalid arguments");
	ret = plan__build(model, &plan, err);
	if (ret)
		return ret;
	/* malloc, not calloc: untouched buffer pages cost no page faults */
	o = malloc(sizeof(*o));
	if (!o) {
		plan__free(plan);
		return stops_errf(err, -ENOMEM, "out of memory");
	}
	out_init(o, out);
	put_plan(o, model, plan);
	ret = out_flush(o);
	out_free(o);
	free(o);
	plan__free(plan);
	if (ret || ferror(out))
		return stops_errf(err, -EIO, "write error");
	return 0;
}
