// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* Dump emitter: the layout model and initial values, as a table or JSON. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "json.h"
#include "util.h"

/* One flattened row: a member with its absolute place and value. */
struct row {
	const struct stops_member *m;
	const char *path;
	uint32_t offset; /* bytes, from the start of the map value */
	uint32_t bit;	 /* absolute bit offset */
	const struct stops_prog *prog; /* function pointers */
	char value[160];
};

struct dump {
	const struct stops_model *model;
	const struct stops_map *map;
	FILE *out;
	bool json;
	bool first_row;
};

static uint64_t load_le(const uint8_t *p, uint32_t size)
{
	uint64_t v = 0;

	for (uint32_t i = size; i-- > 0;)
		v = (v << 8) | p[i];
	return v;
}

static uint64_t load_bits(const uint8_t *data, uint32_t bit, uint32_t width)
{
	uint64_t v = 0;

	for (uint32_t i = 0; i < width; i++) {
		uint32_t b = bit + i;

		v |= (uint64_t)((data[b / 8] >> (b % 8)) & 1) << i;
	}
	return v;
}

static int64_t sign_extend(uint64_t v, uint32_t bits)
{
	if (bits < 64 && (v >> (bits - 1)) & 1)
		v |= ~0ull << bits;
	return (int64_t)v;
}

static void fmt_hex(char *buf, size_t len, const uint8_t *p, uint32_t size)
{
	size_t pos = 0;
	bool zero = true;

	for (uint32_t i = 0; i < size; i++)
		zero &= !p[i];
	if (zero) {
		snprintf(buf, len, "zero");
		return;
	}
	for (uint32_t i = 0; i < size && pos + 4 < len; i++)
		pos += (size_t)snprintf(buf + pos, len - pos, "%02x", p[i]);
	/* said, not silently cut */
	if (2 * (size_t)size + 1 > len)
		snprintf(buf + len - 5, 5, "...");
}

static const char *enum_name_of(const struct stops_enum *en, int64_t v)
{
	for (uint32_t i = 0; en && i < en->nr_vals; i++)
		if (en->vals[i].value == v)
			return en->vals[i].name;
	return NULL;
}

static void fmt_scalar(struct row *r, const uint8_t *data)
{
	const struct stops_member *m = r->m;
	uint32_t bits = m->bit_size ? m->bit_size : m->size * 8;
	uint64_t raw = m->bit_size ? load_bits(data, r->bit, m->bit_size)
				   : load_le(data + r->offset, m->size);
	const char *en;

	if (m->kind == STOPS_FLOAT) {
		if (m->size == 4) {
			uint32_t u = (uint32_t)raw;
			float f;

			memcpy(&f, &u, sizeof(f));
			snprintf(r->value, sizeof(r->value), "%g", (double)f);
		} else {
			double d;

			memcpy(&d, &raw, sizeof(d));
			snprintf(r->value, sizeof(r->value), "%g", d);
		}
		return;
	}
	if (m->is_signed)
		snprintf(r->value, sizeof(r->value), "%" PRId64,
			 sign_extend(raw, bits));
	else
		snprintf(r->value, sizeof(r->value), "%" PRIu64, raw);
	en = m->kind == STOPS_ENUM
		     ? enum_name_of(m->enm, m->is_signed
						    ? sign_extend(raw, bits)
						    : (int64_t)raw)
		     : NULL;
	if (en) {
		size_t len = strlen(r->value);

		snprintf(r->value + len, sizeof(r->value) - len, " (%s)", en);
	}
}

/* A char array holding a NUL-terminated printable string shows as one. */
static bool fmt_string(struct row *r, const uint8_t *p)
{
	uint32_t n = r->m->size, len = 0;

	if (strcmp(r->m->c_type ? r->m->c_type : "", "char") || r->m->aggr)
		return false;
	while (len < n && p[len] >= 0x20 && p[len] < 0x7f && p[len] != '"' &&
	       p[len] != '\\')
		len++;
	if (len == n || p[len] || len + 3 > sizeof(r->value))
		return false;
	for (uint32_t i = len; i < n; i++)
		if (p[i])
			return false;
	snprintf(r->value, sizeof(r->value), "\"%.*s\"", (int)len, p);
	return true;
}

static void fmt_value(struct row *r, const uint8_t *data)
{
	const struct stops_member *m = r->m;

	switch (m->kind) {
	case STOPS_INT:
	case STOPS_FLOAT:
	case STOPS_ENUM:
		fmt_scalar(r, data);
		break;
	case STOPS_FUNC_PTR:
		snprintf(r->value, sizeof(r->value), "%s",
			 r->prog->name ? r->prog->name : "NULL");
		break;
	case STOPS_ARRAY:
		if (fmt_string(r, data + r->offset))
			break;
		/* fall through */
	case STOPS_STRUCT:
	case STOPS_UNION:
	case STOPS_OPAQUE:
	case STOPS_PADDING:
	case STOPS_BITS:
		if (m->bit_size)
			snprintf(r->value, sizeof(r->value), "%" PRIu64,
				 load_bits(data, r->bit, m->bit_size));
		else
			fmt_hex(r->value, sizeof(r->value), data + r->offset,
				m->size);
		break;
	}
}

/* The dump's JSON spells a missing name as "" (null is for programs). */
static void json_text(FILE *out, const char *s)
{
	json_str(out, s ? s : "");
}

static void print_row(struct dump *d, const struct row *r)
{
	const struct stops_member *m = r->m;
	char bits[32] = "";

	if (m->bit_size)
		snprintf(bits, sizeof(bits), "%" PRIu32 ":%" PRIu32, r->bit % 8,
			 m->bit_size);
	if (!d->json) {
		esc_fprintf(d->out,
			    "  %6" PRIu32 " %6" PRIu32 " %-6s %-8s %-24s %s",
			    r->offset,
			    m->bit_size ? (m->bit_size + 7) / 8 : m->size, bits,
			    stops_kind__str(m->kind), r->path, r->value);
		if (m->kind == STOPS_FUNC_PTR && r->prog->name)
			esc_fprintf(d->out, " (%s)", r->prog->sec);
		if (m->kind == STOPS_OPAQUE)
			esc_fprintf(d->out, " [%s]", m->why);
		esc_fprintf(d->out, "\n");
		return;
	}
	fprintf(d->out, "%s\n        {\"member\": ", d->first_row ? "" : ",");
	d->first_row = false;
	json_text(d->out, r->path);
	fprintf(d->out, ", \"c_name\": ");
	json_text(d->out, m->c_name);
	fprintf(d->out,
		", \"kind\": \"%s\", \"offset\": %" PRIu32
		", \"size\": %" PRIu32 ", \"bit_offset\": %" PRIu32
		", \"bit_size\": %" PRIu32 ", \"c_type\": ",
		stops_kind__str(m->kind), r->offset, m->size, r->bit,
		m->bit_size);
	json_text(d->out, m->c_type);
	fprintf(d->out, ", \"value\": ");
	json_text(d->out, r->value);
	if (m->kind == STOPS_FUNC_PTR) {
		fprintf(d->out, ", \"program\": ");
		if (r->prog->name)
			json_text(d->out, r->prog->name);
		else
			fprintf(d->out, "null");
		fprintf(d->out, ", \"program_section\": ");
		if (r->prog->sec)
			json_text(d->out, r->prog->sec);
		else
			fprintf(d->out, "null");
	}
	if (m->why) {
		fprintf(d->out, ", \"why\": ");
		json_text(d->out, m->why);
	}
	if (m->storage) { /* read through accessors, in these bytes */
		fprintf(d->out, ", \"storage\": ");
		json_text(d->out, m->storage);
		fprintf(d->out, ", \"storage_bit\": %" PRIu32, m->storage_bit);
	}
	fprintf(d->out, "}");
}

static int dump_aggr(struct dump *d, const struct stops_aggr *a,
		     const char *prefix, uint32_t base, int depth)
{
	int ret = 0;

	for (uint32_t i = 0; i < a->nr_members && !ret; i++) {
		const struct stops_member *m = &a->members[i];
		struct row r = {.m = m, .prog = stops_map__prog(d->map, m)};
		char *path, *sub;

		r.bit = base * 8 + m->bit_offset;
		r.offset = r.bit / 8;
		if (!m->c_name && m->kind != STOPS_PADDING) {
			ret = dump_aggr(d, m->aggr, prefix, r.offset,
					depth + 1);
			continue;
		}
		path = str_printf("%s%s", prefix,
				  m->kind != STOPS_PADDING && m->name ? m->name
				  : m->c_name ? m->c_name
					      : "(bits)");
		if (!path)
			return -ENOMEM;
		r.path = path;
		fmt_value(&r, d->map->data);
		print_row(d, &r);
		if (m->kind == STOPS_STRUCT || m->kind == STOPS_UNION) {
			sub = str_printf("%s.", path);
			ret = sub ? dump_aggr(d, m->aggr, sub, r.offset,
					      depth + 1)
				  : -ENOMEM;
			free(sub);
		}
		free(path);
	}
	return ret;
}

static const char *yes_no(bool b)
{
	return b ? "yes" : "no";
}

static int dump_map_text(struct dump *d, const struct stops_map *map,
			 const struct stops_map_state *st)
{
	esc_fprintf(d->out,
		    "map %s: struct %s in %s+0x%" PRIx32 ", %" PRIu32
		    " bytes -> struct %s\n",
		    map->name, map->type_name, map->sec_name, map->sec_off,
		    map->size, map->shadow_name);
	esc_fprintf(d->out, "  autocreate %s, link %s\n",
		    yes_no(st->autocreate), yes_no(st->link));
	esc_fprintf(d->out, "  %6s %6s %-6s %-8s %-24s %s\n", "offset", "size",
		    "bits", "kind", "member", "value");
	return dump_aggr(d, map->type, "", 0, 0);
}

static int dump_map_json(struct dump *d, const struct stops_map *map,
			 const struct stops_map_state *st, bool last)
{
	int ret;

	fprintf(d->out, "    {\"name\": ");
	json_text(d->out, map->name);
	fprintf(d->out, ", \"type\": ");
	json_text(d->out, map->type_name);
	fprintf(d->out, ", \"section\": ");
	json_text(d->out, map->sec_name);
	fprintf(d->out,
		", \"section_offset\": %" PRIu32 ", \"size\": %" PRIu32
		", \"autocreate\": %s, \"link\": %s, \"shadow\": ",
		map->sec_off, map->size, st->autocreate ? "true" : "false",
		st->link ? "true" : "false");
	json_text(d->out, map->shadow_name);
	fprintf(d->out, ",\n      \"members\": [");
	d->first_row = true;
	ret = dump_aggr(d, map->type, "", 0, 0);
	fprintf(d->out, "\n      ]}%s\n", last ? "" : ",");
	return ret;
}

/*
 * Every struct_ops program, used or not: whether libbpf loads it is not
 * in the maps' rows ('?' sections, programs no map names).
 */
static void dump_progs(struct dump *d, const struct stops_model *m)
{
	const char *sep = "";

	if (d->json) {
		fprintf(d->out, "  \"programs\": [");
		for (uint32_t i = 0; i < m->nr_progs; i++) {
			const struct stops_program *p = &m->progs[i];

			fprintf(d->out, "%s\n    {\"name\": ", sep);
			json_text(d->out, p->name);
			fprintf(d->out, ", \"section\": ");
			json_text(d->out, p->sec);
			fprintf(d->out,
				", \"autoload\": %s, \"sleepable\": %s"
				", \"loaded\": %s, \"uses\": %" PRIu32 "}",
				p->autoload ? "true" : "false",
				p->sleepable ? "true" : "false",
				p->loaded ? "true" : "false", p->nr_uses);
			sep = ",";
		}
		fprintf(d->out, "%s]", m->nr_progs ? "\n  " : "");
		return;
	}
	fprintf(d->out, "programs: %" PRIu32 " struct_ops\n", m->nr_progs);
	if (!m->nr_progs)
		return;
	fprintf(d->out, "  %-8s %-9s %-6s %4s %-24s %s\n", "autoload",
		"sleepable", "loaded", "uses", "program", "section");
	for (uint32_t i = 0; i < m->nr_progs; i++) {
		const struct stops_program *p = &m->progs[i];

		esc_fprintf(d->out, "  %-8s %-9s %-6s %4" PRIu32 " %-24s %s\n",
			    yes_no(p->autoload), yes_no(p->sleepable),
			    yes_no(p->loaded), p->nr_uses, p->name, p->sec);
	}
}

int stops_model__emit_dump(const struct stops_model *m, FILE *out,
			   const struct stops_write_opts *opts,
			   struct stops_err *err)
{
	struct dump d = {.model = m, .out = out};
	bool json;
	int ret = 0;

	if (!m || !out || !OPTS_VALID(opts, stops_write_opts))
		return stops_errf(err, -EINVAL, "dump: invalid arguments");
	json = OPTS_GET(opts, format, STOPS_FORMAT_TEXT) == STOPS_FORMAT_JSON;
	d.json = json;
	if (json) {
		fprintf(out, "{\"object\": ");
		json_text(out, m->obj_name);
		fprintf(out, ", \"maps\": [\n");
	} else {
		esc_fprintf(out, "object %s: %" PRIu32 " struct_ops map%s\n",
			    m->obj_name, m->nr_maps,
			    m->nr_maps == 1 ? "" : "s");
	}
	for (uint32_t i = 0; i < m->nr_maps && !ret; i++) {
		d.map = &m->maps[i];
		ret = json ? dump_map_json(&d, d.map, &m->map_state[i],
					   i + 1 == m->nr_maps)
			   : dump_map_text(&d, d.map, &m->map_state[i]);
	}
	if (ret)
		return stops_errf(err, ret, "out of memory");
	if (json)
		fprintf(out, "],\n");
	dump_progs(&d, m);
	if (json)
		fprintf(out, "}\n");
	if (ferror(out))
		return stops_errf(err, -EIO, "write error");
	return 0;
}
