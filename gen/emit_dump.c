// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* Dump emitter: the layout model and initial values, as a table or JSON. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "out.h"
#include "util.h"
#include "writer.h"

#include "tpl_dump.h"

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
	struct out *o;
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
static const char *text(const char *s)
{
	return s ? s : "";
}

/* The spaces printf's %-*s (or %*u) adds to len bytes in width columns. */
static uint32_t pad(uint32_t width, size_t len)
{
	return len < width ? width - (uint32_t)len : 0;
}

static void print_row_text(struct dump *d, const struct row *r)
{
	const struct stops_member *m = r->m;
	uint32_t size = m->bit_size ? (m->bit_size + 7) / 8 : m->size;
	const char *kind = stops_kind__str(m->kind);
	const char *open = "", *extra = "", *close = "";
	char bits[32] = "";

	if (m->bit_size)
		snprintf(bits, sizeof(bits), "%" PRIu32 ":%" PRIu32, r->bit % 8,
			 m->bit_size);
	if (m->kind == STOPS_FUNC_PTR && r->prog->name) {
		open = " (";
		extra = r->prog->sec;
		close = ")";
	} else if (m->kind == STOPS_OPAQUE) {
		open = " [";
		extra = m->why;
		close = "]";
	}
	tpl_dump_row(d->o, pad(6, wr_len_u(r->offset)), r->offset,
		     pad(6, wr_len_u(size)), size, bits, pad(6, strlen(bits)),
		     kind, pad(8, strlen(kind)), r->path,
		     pad(24, wr_len_esc(r->path)), r->value, open, extra,
		     close);
}

static void print_row(struct dump *d, const struct row *r)
{
	const struct stops_member *m = r->m;

	if (!d->json) {
		print_row_text(d, r);
		return;
	}
	tpl_dump_json_row(d->o, d->first_row ? "" : ",", text(r->path),
			  text(m->c_name), stops_kind__str(m->kind), r->offset,
			  m->size, r->bit, m->bit_size, text(m->c_type),
			  text(r->value));
	d->first_row = false;
	if (m->kind == STOPS_FUNC_PTR)
		tpl_dump_json_row_prog(d->o, r->prog->name, r->prog->sec);
	if (m->why)
		tpl_dump_json_row_why(d->o, m->why);
	if (m->storage)
		tpl_dump_json_row_storage(d->o, m->storage, m->storage_bit);
	tpl_dump_json_row_close(d->o);
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

/* sec_off in hex, as printf's %x */
static const char *hex32(char buf[9], uint32_t v)
{
	char *p = buf + 8;

	*p = '\0';
	do
		*--p = "0123456789abcdef"[v & 15];
	while (v >>= 4);
	return p;
}

static int dump_map_text(struct dump *d, const struct stops_map *map,
			 const struct stops_map_state *st)
{
	char off[9];

	tpl_dump_map(d->o, map->name, map->type_name, map->sec_name,
		     hex32(off, map->sec_off), map->size, map->shadow_name,
		     yes_no(st->autocreate), yes_no(st->link));
	return dump_aggr(d, map->type, "", 0, 0);
}

static const char *true_false(bool b)
{
	return b ? "true" : "false";
}

static int dump_map_json(struct dump *d, const struct stops_map *map,
			 const struct stops_map_state *st, bool last)
{
	int ret;

	tpl_dump_json_map(d->o, text(map->name), text(map->type_name),
			  text(map->sec_name), map->sec_off, map->size,
			  true_false(st->autocreate), true_false(st->link),
			  text(map->shadow_name));
	d->first_row = true;
	ret = dump_aggr(d, map->type, "", 0, 0);
	tpl_dump_json_map_close(d->o, last ? "" : ",");
	return ret;
}

/*
 * Every struct_ops program, used or not: whether libbpf loads it is not
 * in the maps' rows ('?' sections, programs no map names).
 */
static void dump_progs(struct dump *d, const struct stops_model *m)
{
	if (d->json) {
		for (uint32_t i = 0; i < m->nr_progs; i++) {
			const struct stops_program *p = &m->progs[i];

			tpl_dump_json_prog(d->o, i ? "," : "", text(p->name),
					   text(p->sec),
					   true_false(p->autoload),
					   true_false(p->sleepable),
					   true_false(p->loaded), p->nr_uses);
		}
		tpl_dump_json_close(d->o, m->nr_progs ? "\n  " : "");
		return;
	}
	tpl_dump_progs(d->o, m->nr_progs);
	if (!m->nr_progs)
		return;
	tpl_dump_progs_head(d->o);
	for (uint32_t i = 0; i < m->nr_progs; i++) {
		const struct stops_program *p = &m->progs[i];
		const char *autoload = yes_no(p->autoload);
		const char *sleepable = yes_no(p->sleepable);
		const char *loaded = yes_no(p->loaded);

		tpl_dump_prog(d->o, autoload, pad(8, strlen(autoload)),
			      sleepable, pad(9, strlen(sleepable)), loaded,
			      pad(6, strlen(loaded)),
			      pad(4, wr_len_u(p->nr_uses)), p->nr_uses, p->name,
			      pad(24, wr_len_esc(p->name)), p->sec);
	}
}

/* The dump into o; a negative errno when the model cannot be walked. */
static int dump_model(struct dump *d, const struct stops_model *m)
{
	int ret = 0;

	if (d->json)
		tpl_dump_json_open(d->o, text(m->obj_name));
	else
		tpl_dump_head(d->o, m->obj_name, m->nr_maps,
			      m->nr_maps == 1 ? "" : "s");
	for (uint32_t i = 0; i < m->nr_maps && !ret; i++) {
		d->map = &m->maps[i];
		ret = d->json ? dump_map_json(d, d->map, &m->map_state[i],
					      i + 1 == m->nr_maps)
			      : dump_map_text(d, d->map, &m->map_state[i]);
	}
	if (ret)
		return ret;
	if (d->json)
		tpl_dump_json_maps_close(d->o);
	dump_progs(d, m);
	return 0;
}

int stops_model__emit_dump(const struct stops_model *m, FILE *out,
			   const struct stops_write_opts *opts,
			   struct stops_err *err)
{
	struct dump d = {.model = m};
	int ret;

	if (!m || !out || !OPTS_VALID(opts, stops_write_opts))
		return stops_errf(err, -EINVAL, "dump: invalid arguments");
	d.json = OPTS_GET(opts, format, STOPS_FORMAT_TEXT) == STOPS_FORMAT_JSON;
	/* malloc, not calloc: untouched buffer pages cost no page faults */
	d.o = malloc(sizeof(*d.o));
	if (!d.o)
		return stops_errf(err, -ENOMEM, "out of memory");
	out_init(d.o, out);
	ret = dump_model(&d, m);
	if (!ret)
		ret = out_flush(d.o);
	else
		out_flush(d.o); /* what was dumped goes out, as before */
	free(d.o);
	if (ret == -ENOMEM)
		return stops_errf(err, ret, "out of memory");
	if (ret == -EIO || ferror(out))
		return stops_errf(err, -EIO, "write error");
	if (ret)
		return stops_errf(err, ret, "dump: %s", strerror(-ret));
	return 0;
}
