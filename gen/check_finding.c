// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* Findings, and the strings they hold (types, values), for the check's rules. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <bpf/btf.h>

#include "btf_spell.h"
#include "btf_util.h"
#include "check_int.h"

static struct stops_check_finding *new_finding(struct check *c)
{
	struct stops_check_map *cm = c->cm;
	struct stops_check_finding *f;

	if (cm->nr_findings == c->cap_findings) {
		uint32_t cap = c->cap_findings ? c->cap_findings * 2 : 8;

		f = arena_calloc(c->arena, cap, sizeof(*f));
		if (!f)
			return NULL;
		if (cm->nr_findings)
			memcpy(f, c->findings, cm->nr_findings * sizeof(*f));
		c->findings = f;
		cm->findings = f;
		c->cap_findings = cap;
	}
	return &c->findings[cm->nr_findings++];
}

void add_finding(struct check *c, enum stops_check_severity sev,
		 const char *member, const char *what, const char *expected,
		 const char *actual, const char *fmt, ...)
{
	struct stops_check_finding *f = new_finding(c);
	va_list ap;
	char buf[512];

	if (!f) {
		c->ret = stops_errf(c->err, -ENOMEM, "out of memory");
		return;
	}
	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	f->severity = sev;
	f->member = member;
	f->what = what;
	f->expected = expected;
	f->actual = actual;
	f->msg = arena_strdup(c->arena, buf);
	if (!f->msg)
		c->ret = stops_errf(c->err, -ENOMEM, "out of memory");
	if (sev == STOPS_CHECK_ERROR)
		c->cm->nr_errors++;
	else if (sev == STOPS_CHECK_WARNING)
		c->cm->nr_warnings++;
	else
		c->cm->nr_notes++;
}

const char *cstr(struct check *c, const char *fmt, ...)
{
	va_list ap;
	char buf[SPELL_MAX];
	const char *s;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	s = arena_strdup(c->arena, buf);
	if (!s)
		c->ret = stops_errf(c->err, -ENOMEM, "out of memory");
	return s;
}

const char *type_str(struct check *c, const struct btf *btf, uint32_t id)
{
	struct spell b = {.len = 0};

	spell_type(&b, btf, id);
	return cstr(c, "%s", b.buf);
}

/* Little-endian: elf.c refuses objects of any other byte order. */
static uint64_t read_uint(const uint8_t *p, uint32_t len)
{
	uint64_t v = 0;

	if (len > 8)
		len = 8;
	for (uint32_t i = 0; i < len; i++)
		v = v << 8 | p[len - 1 - i];
	return v;
}

uint64_t member_uint(const struct omember *om)
{
	uint32_t shift = om->bit_off % 8;
	uint64_t v;

	if (!om->bit_size)
		return read_uint(om->data, om->data_len);
	/* little-endian bitfield: bit_off counts from the lowest bit */
	v = read_uint(om->data, om->data_len) >> shift;
	if (om->bit_size < 64)
		v &= (UINT64_C(1) << om->bit_size) - 1;
	return v;
}

static bool printable_string(const uint8_t *p, uint32_t len)
{
	uint32_t i;

	for (i = 0; i < len && p[i]; i++) {
		if (p[i] < 0x20 || p[i] > 0x7e)
			return false;
	}
	return i < len;
}

/* The object's value of a member, for messages. */
const char *value_str(struct check *c, const struct omember *om)
{
	const struct btf_type *t = btf_skip_mods(c->obtf, om->type_id, NULL);
	struct spell b = {.len = 0};
	uint32_t n = om->data_len < 16 ? om->data_len : 16;

	if (t && (btf_is_int(t) || btf_is_any_enum(t) || btf_is_ptr(t)) &&
	    om->data_len <= 8)
		return cstr(c, "0x%" PRIx64, member_uint(om));
	if (t && btf_is_array(t) && printable_string(om->data, om->data_len))
		return cstr(c, "\"%s\"", (const char *)om->data);
	spell_printf(&b, "bytes");
	for (uint32_t i = 0; i < n; i++)
		spell_printf(&b, " %02x", om->data[i]);
	if (n < om->data_len)
		spell_printf(&b, " ...");
	return cstr(c, "%s", b.buf);
}
