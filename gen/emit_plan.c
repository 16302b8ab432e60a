// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* The layout plan as JSON (dump --plan): what every backend reads. */
#include <inttypes.h>

#include "json.h"
#include "plan.h"

static const char *yes(bool b)
{
	return b ? "true" : "false";
}

static void put_names(FILE *out, const char *const *name)
{
	fputs("{", out);
	for (int l = 0; l < PLAN_NR_LANGS; l++) {
		fprintf(out, "%s\"%s\": ", l ? ", " : "",
			plan_lang__str((enum plan_lang)l));
		json_str(out, name[l]);
	}
	fputs("}", out);
}

static void put_scalar(FILE *out, const struct plan_field *f)
{
	fprintf(out,
		", \"scalar\": \"%s\", \"scalar_size\": %" PRIu32
		", \"signed\": %s",
		plan_scalar__str(f->scalar), f->scalar_size, yes(f->is_signed));
	if (f->scalar == PLAN_ENUM && f->enm) {
		fputs(", \"enum\": ", out);
		json_str(out, f->enm->name);
	}
}

/* What only some ranges have, by range. */
static void put_range_facts(FILE *out, const struct plan_field *f)
{
	switch (f->range) {
	case PLAN_ARRAY:
		fputs(", \"dims\": [", out);
		for (uint32_t i = 0; i < f->nr_dims; i++)
			fprintf(out, "%s%" PRIu32, i ? ", " : "", f->dims[i]);
		fprintf(out, "], \"elem_size\": %" PRIu32, f->elem_size);
		if (f->type)
			fprintf(out, ", \"type\": %" PRIu32, f->type->index);
		else
			put_scalar(out, f);
		break;
	case PLAN_SCALAR:
		put_scalar(out, f);
		break;
	case PLAN_NESTED:
		fprintf(out, ", \"type\": %" PRIu32, f->type->index);
		break;
	case PLAN_SLOT:
		fprintf(out, ", \"slot\": %" PRIu32, f->slot);
		break;
	case PLAN_BITFIELD:
		put_scalar(out, f);
		break;
	case PLAN_BITS:
		fprintf(out, ", \"run\": %" PRIu32, f->run);
		break;
	case PLAN_OPAQUE:
		fputs(", \"why\": ", out);
		json_str(out, f->why);
		break;
	case PLAN_PADDING:
		break;
	}
	if (f->bit_size)
		fprintf(out,
			", \"run\": %" PRIu32 ", \"bit_offset\": %" PRIu32
			", \"bit_size\": %" PRIu32,
			f->run, f->bit_offset, f->bit_size);
	if (f->storage) {
		fputs(", \"storage\": ", out);
		json_str(out, f->storage->name[PLAN_C]);
		fprintf(out, ", \"storage_bit\": %" PRIu32, f->storage_bit);
	}
}

static void put_field(FILE *out, const struct plan_field *f, bool last)
{
	fprintf(out, "      {\"range\": \"%s\", \"btf_name\": ",
		plan_range__str(f->range));
	json_str(out, f->btf_name);
	fputs(", \"names\": ", out);
	put_names(out, f->name);
	fprintf(out,
		", \"offset\": %" PRIu32 ", \"size\": %" PRIu32
		", \"align\": %" PRIu32
		", \"aligned\": %s, \"prove\": [%s%s%s]",
		f->offset, f->size, f->align, yes(f->aligned),
		f->prove & PLAN_PROVE_OFFSET ? "\"offset\"" : "",
		f->prove == (PLAN_PROVE_OFFSET | PLAN_PROVE_SIZE) ? ", " : "",
		f->prove & PLAN_PROVE_SIZE ? "\"size\"" : "");
	put_range_facts(out, f);
	fprintf(out, "}%s\n", last ? "" : ",");
}

static void put_type(FILE *out, const struct plan_type *t, bool last)
{
	fprintf(out, "  {\"index\": %" PRIu32 ", \"btf_name\": ", t->index);
	json_str(out, t->btf_name);
	fputs(", \"names\": ", out);
	put_names(out, t->name);
	fputs(", \"path\": ", out);
	json_str(out, t->path);
	fprintf(out,
		", \"union\": %s, \"packed\": %s, \"size\": %" PRIu32
		", \"align\": %" PRIu32 ", \"slots\": %" PRIu32,
		yes(t->is_union), yes(t->packed), t->size, t->align,
		t->nr_slots);
	if (t->same_layout)
		fprintf(out, ", \"same_layout\": %" PRIu32,
			t->same_layout->index);
	fputs(",\n    \"runs\": [", out);
	for (uint32_t i = 0; i < t->nr_runs; i++) {
		const struct plan_run *r = &t->runs[i];

		fprintf(out,
			"%s{\"offset\": %" PRIu32 ", \"size\": %" PRIu32
			", \"first\": %" PRIu32 ", \"nr\": %" PRIu32
			", \"native\": %s, \"names\": ",
			i ? ", " : "", r->offset, r->size, r->first, r->nr,
			yes(r->native));
		put_names(out, r->name);
		fputs("}", out);
	}
	fputs("],\n    \"fields\": [\n", out);
	for (uint32_t i = 0; i < t->nr_fields; i++)
		put_field(out, &t->fields[i], i + 1 == t->nr_fields);
	fprintf(out, "    ]}%s\n", last ? "" : ",");
}

static void put_map(FILE *out, const struct plan_map *pm, bool last)
{
	const struct stops_map *m = pm->map;

	fputs("  {\"name\": ", out);
	json_str(out, m->name);
	fputs(", \"btf_type\": ", out);
	json_str(out, m->type_name);
	fputs(", \"section\": ", out);
	json_str(out, m->sec_name);
	fprintf(out,
		", \"type\": %" PRIu32 ", \"size\": %" PRIu32
		", \"link\": %s, \"autocreate\": %s,\n    \"slots\": [",
		pm->type->index, m->size, yes(pm->state->link),
		yes(pm->state->autocreate));
	for (uint32_t i = 0; i < m->type->nr_slots; i++) {
		fputs(i ? ", " : "", out);
		json_str(out, m->progs[i].name);
	}
	fputs("],\n    \"checks\": [\n", out);
	for (uint32_t i = 0; i < pm->nr_checks; i++) {
		const struct plan_check *c = &pm->checks[i];

		fputs("      {\"name\": ", out);
		json_str(out, c->name);
		fprintf(out,
			", \"bit_offset\": %" PRIu32 ", \"size\": %" PRIu32
			", \"bit_size\": %" PRIu32 ", \"cls\": %u"
			", \"depth\": %u, \"kind\": %u, \"func\": %s}%s\n",
			c->bit_offset, c->size, c->bit_size, c->cls, c->depth,
			c->kind, yes(c->func),
			i + 1 == pm->nr_checks ? "" : ",");
	}
	fprintf(out, "    ]}%s\n", last ? "" : ",");
}

int stops_model__emit_plan(const struct stops_model *model, FILE *out,
			   const struct stops_write_opts *opts,
			   struct stops_err *err)
{
	struct plan *plan;
	int ret;

	if (!model || !out || !OPTS_VALID(opts, stops_write_opts))
		return stops_errf(err, -EINVAL, "plan: invalid arguments");
	ret = plan__build(model, &plan, err);
	if (ret)
		return ret;
	fputs("{\"object\": ", out);
	json_str(out, model->obj_name);
	fputs(",\n \"types\": [\n", out);
	for (uint32_t i = 0; i < plan->nr_types; i++)
		put_type(out, plan->types[i], i + 1 == plan->nr_types);
	fputs(" ],\n \"maps\": [\n", out);
	for (uint32_t i = 0; i < plan->nr_maps; i++)
		put_map(out, &plan->maps[i], i + 1 == plan->nr_maps);
	fputs(" ]}\n", out);
	plan__free(plan);
	if (ferror(out))
		return stops_errf(err, -EIO, "write error");
	return 0;
}
