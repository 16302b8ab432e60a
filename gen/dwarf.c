// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * A small DWARF reader: the formal parameters of subprograms named "____*".
 *
 * BPF_PROG(name, args...) defines name(unsigned long long *ctx), whose BTF
 * FUNC is all BTF keeps, and an always_inline body
 * ____name(unsigned long long *ctx, args...). What the program declares is
 * only in .debug_info: a DW_TAG_subprogram "____name" with ctx and args as
 * DW_TAG_formal_parameter children. Clang emits it when code of the body
 * survives inlining (a body reduced to a constant leaves none).
 *
 * Only that is read: .debug_info's units (DWARF 4 and 5, 32- and 64-bit),
 * their abbreviations in .debug_abbrev, names through DW_FORM_string,
 * strp (.debug_str), line_strp (.debug_line_str) and strx* (.debug_str_
 * offsets from the unit's DW_AT_str_offsets_base); every other standard
 * form is skipped by its size. A BPF object is relocatable and its
 * relocations are REL, whose addends stay in place: the bytes at an offset
 * to another section (strp, str_offsets_base, the entries of
 * .debug_str_offsets) are that offset, because clang relocates them
 * against the section's symbol (value 0).
 *
 * The input is untrusted and DWARF is optional: every read is bounded, and
 * anything malformed, unknown or past a cap (util.h's spirit: DIEs, depth,
 * abbreviations, values) makes the read give up and answer nothing.
 */
#include <stdlib.h>
#include <string.h>

#include "dwarf.h"

/* The DWARF constants used (DWARF 5, 7.5 and 7.7). */
enum {
	DW_TAG_formal_parameter = 0x05,
	DW_TAG_subprogram = 0x2e,
	DW_AT_name = 0x03,
	DW_AT_str_offsets_base = 0x72,
	DW_CHILDREN_yes = 1,
	DW_UT_compile = 1,
	DW_UT_type = 2,
	DW_UT_partial = 3,
	DW_UT_skeleton = 4,
	DW_UT_split_compile = 5,
	DW_UT_split_type = 6,
};

enum {
	DW_FORM_addr = 0x01,
	DW_FORM_block2 = 0x03,
	DW_FORM_block4 = 0x04,
	DW_FORM_data2 = 0x05,
	DW_FORM_data4 = 0x06,
	DW_FORM_data8 = 0x07,
	DW_FORM_string = 0x08,
	DW_FORM_block = 0x09,
	DW_FORM_block1 = 0x0a,
	DW_FORM_data1 = 0x0b,
	DW_FORM_flag = 0x0c,
	DW_FORM_sdata = 0x0d,
	DW_FORM_strp = 0x0e,
	DW_FORM_udata = 0x0f,
	DW_FORM_ref_addr = 0x10,
	DW_FORM_ref1 = 0x11,
	DW_FORM_ref2 = 0x12,
	DW_FORM_ref4 = 0x13,
	DW_FORM_ref8 = 0x14,
	DW_FORM_ref_udata = 0x15,
	DW_FORM_indirect = 0x16,
	DW_FORM_sec_offset = 0x17,
	DW_FORM_exprloc = 0x18,
	DW_FORM_flag_present = 0x19,
	DW_FORM_strx = 0x1a,
	DW_FORM_addrx = 0x1b,
	DW_FORM_ref_sup4 = 0x1c,
	DW_FORM_strp_sup = 0x1d,
	DW_FORM_data16 = 0x1e,
	DW_FORM_line_strp = 0x1f,
	DW_FORM_ref_sig8 = 0x20,
	DW_FORM_implicit_const = 0x21,
	DW_FORM_loclistx = 0x22,
	DW_FORM_rnglistx = 0x23,
	DW_FORM_ref_sup8 = 0x24,
	DW_FORM_strx1 = 0x25,
	DW_FORM_strx2 = 0x26,
	DW_FORM_strx3 = 0x27,
	DW_FORM_strx4 = 0x28,
	DW_FORM_addrx1 = 0x29,
	DW_FORM_addrx2 = 0x2a,
	DW_FORM_addrx3 = 0x2b,
	DW_FORM_addrx4 = 0x2c,
	DW_FORM_GNU_addr_index = 0x1f01,
	DW_FORM_GNU_str_index = 0x1f02,
	DW_FORM_GNU_ref_alt = 0x1f20,
	DW_FORM_GNU_strp_alt = 0x1f21,
};

struct dwarf_proto {
	int32_t nr_params; /* -1: two DIEs of this name differ */
};

/* A bounded cursor; once bad, every read returns 0 and it stays bad. */
struct cur {
	const uint8_t *p, *end;
	bool bad;
};

static uint64_t rd_n(struct cur *c, unsigned int n)
{
	uint64_t v = 0;

	if (c->bad || (size_t)(c->end - c->p) < n) {
		c->bad = true;
		return 0;
	}
	for (unsigned int i = 0; i < n; i++)
		v |= (uint64_t)c->p[i] << (8 * i);
	c->p += n;
	return v;
}

static void skip_n(struct cur *c, uint64_t n)
{
	if (c->bad || (uint64_t)(c->end - c->p) < n) {
		c->bad = true;
		return;
	}
	c->p += n;
}

/* LEB128 of at most 10 bytes whose value fits 64 bits (signed: 65). */
static uint64_t rd_leb(struct cur *c, bool is_signed)
{
	uint64_t v = 0;
	unsigned int shift = 0;
	uint8_t b;

	do {
		if (c->bad || c->p == c->end || shift > 63) {
			c->bad = true;
			return 0;
		}
		b = *c->p++;
		/* the 10th byte holds bit 63 and, if signed, its sign */
		if (shift == 63 && (b & 0x7f) > 1 &&
		    !(is_signed && (b & 0x7f) == 0x7f)) {
			c->bad = true;
			return 0;
		}
		v |= (uint64_t)(b & 0x7f) << shift;
		shift += 7;
	} while (b & 0x80);
	if (is_signed && shift < 64 && (b & 0x40))
		v |= ~(uint64_t)0 << shift;
	return v;
}

/* A NUL-terminated string at off of a section, or NULL. */
static const char *sec_str(const struct elf_blob *s, uint64_t off)
{
	if (!s->data || off >= s->size ||
	    !memchr(s->data + off, '\0', s->size - off))
		return NULL;
	return (const char *)s->data + off;
}

/* One abbreviation: its attributes are attrs[first .. first + nr). */
struct abbrev {
	uint32_t tag;
	uint32_t first;
	uint32_t gen;  /* defined in the table loaded as generation gen */
	int32_t fixed; /* bytes of its values when every form's size is
			  fixed (most DIEs: types, members), else -1 */
	uint16_t nr;
	bool children;
};

struct abbrev_attr {
	uint32_t name;
	uint32_t form;
};

/* The abbreviation table of the unit being read, by code. */
struct abbrevs {
	uint64_t off;
	unsigned int offset_size, addr_size; /* fixed sizes depend on them */
	bool loaded;
	uint32_t gen;  /* of the loaded table: reloading clears nothing */
	uint64_t work; /* bytes parsed in all loads */
	struct abbrev *by_code;
	uint32_t nr_codes, cap_codes;
	struct abbrev_attr *attrs;
	uint32_t nr_attrs, cap_attrs;
};

struct unit {
	unsigned int version;
	unsigned int offset_size; /* 4: 32-bit DWARF, 8: 64-bit */
	unsigned int addr_size;
	uint64_t str_offsets_base;
	bool has_str_offsets_base;
};

struct reader {
	const struct elf_blob *secs;
	struct dwarf_protos *p;
	struct arena *arena;
	struct abbrevs ab;
	uint64_t nr_values;
	const char *why; /* set once: the read gave up */
	int ret;	 /* -ENOMEM */
};

static bool give_up(struct reader *r, const char *why)
{
	if (!r->why)
		r->why = why;
	return false;
}

static int grow(void **arr, uint32_t *cap, uint32_t need, size_t elem)
{
	uint32_t n = *cap ? *cap : 64;
	void *p;

	if (need <= *cap)
		return 0;
	while (n < need)
		n *= 2;
	p = realloc(*arr, (size_t)n * elem);
	if (!p)
		return -ENOMEM;
	memset((char *)p + (size_t)*cap * elem, 0, (size_t)(n - *cap) * elem);
	*arr = p;
	*cap = n;
	return 0;
}

/*
 * The size of a value of form in unit u, -1 when it varies or is unknown
 * (read_form() reads these alike). DW_FORM_implicit_const's value is in
 * the abbreviation table: nothing in the DIE.
 */
static int form_size(uint32_t form, const struct unit *u)
{
	switch (form) {
	case DW_FORM_flag_present:
	case DW_FORM_implicit_const:
		return 0;
	case DW_FORM_data1:
	case DW_FORM_ref1:
	case DW_FORM_flag:
	case DW_FORM_strx1:
	case DW_FORM_addrx1:
		return 1;
	case DW_FORM_data2:
	case DW_FORM_ref2:
	case DW_FORM_strx2:
	case DW_FORM_addrx2:
		return 2;
	case DW_FORM_strx3:
	case DW_FORM_addrx3:
		return 3;
	case DW_FORM_data4:
	case DW_FORM_ref4:
	case DW_FORM_ref_sup4:
	case DW_FORM_strx4:
	case DW_FORM_addrx4:
		return 4;
	case DW_FORM_data8:
	case DW_FORM_ref8:
	case DW_FORM_ref_sig8:
	case DW_FORM_ref_sup8:
		return 8;
	case DW_FORM_data16:
		return 16;
	case DW_FORM_addr:
		return (int)u->addr_size;
	case DW_FORM_strp:
	case DW_FORM_line_strp:
	case DW_FORM_ref_addr:
	case DW_FORM_sec_offset:
	case DW_FORM_strp_sup:
	case DW_FORM_GNU_ref_alt:
	case DW_FORM_GNU_strp_alt:
		return (int)u->offset_size;
	default:
		return -1;
	}
}

static bool load_abbrevs(struct reader *r, uint64_t off, const struct unit *u)
{
	const struct elf_blob *s = &r->secs[ELF_DEBUG_ABBREV];
	struct abbrevs *ab = &r->ab;
	struct cur c;

	if (ab->loaded && ab->off == off && ab->offset_size == u->offset_size &&
	    ab->addr_size == u->addr_size)
		return true;
	ab->loaded = false;
	ab->gen++;
	ab->nr_codes = 0;
	ab->nr_attrs = 0;
	if (!s->data || off >= s->size)
		return give_up(r, "abbreviation offset out of range");
	c = (struct cur){s->data + off, s->data + s->size, false};
	for (;;) {
		/* units taking turns at two large tables reparse them */
		if (ab->work + (uint64_t)(c.p - (s->data + off)) >
		    DWARF_MAX_ABBREV_WORK)
			return give_up(r, "too much abbreviation work");
		uint64_t code = rd_leb(&c, false), tag, name, form;
		struct abbrev *a;

		if (c.bad)
			return give_up(r, "truncated abbreviations");
		if (!code)
			break;
		tag = rd_leb(&c, false);
		if (code > DWARF_MAX_ABBREVS || tag > UINT32_MAX)
			return give_up(r, "abbreviation code or tag too large");
		if (grow((void **)&ab->by_code, &ab->cap_codes,
			 (uint32_t)code + 1, sizeof(*ab->by_code))) {
			r->ret = -ENOMEM;
			return give_up(r, "out of memory");
		}
		a = &ab->by_code[code];
		if (a->gen == ab->gen)
			return give_up(r, "abbreviation code defined twice");
		*a = (struct abbrev){.gen = ab->gen};
		a->tag = (uint32_t)tag;
		a->children = rd_n(&c, 1) == DW_CHILDREN_yes;
		a->first = ab->nr_attrs;
		a->fixed = 0;
		if (code >= ab->nr_codes)
			ab->nr_codes = (uint32_t)code + 1;
		for (;;) {
			name = rd_leb(&c, false);
			form = rd_leb(&c, false);
			if (c.bad)
				return give_up(r, "truncated abbreviations");
			if (!name && !form)
				break;
			if (form == DW_FORM_implicit_const)
				rd_leb(&c, true);
			if (a->nr >= DWARF_MAX_ATTRS || name > UINT32_MAX ||
			    form > UINT32_MAX)
				return give_up(r, "abbreviation too large");
			if (grow((void **)&ab->attrs, &ab->cap_attrs,
				 ab->nr_attrs + 1, sizeof(*ab->attrs))) {
				r->ret = -ENOMEM;
				return give_up(r, "out of memory");
			}
			if (a->fixed >= 0 && form_size((uint32_t)form, u) >= 0)
				a->fixed += form_size((uint32_t)form, u);
			else
				a->fixed = -1;
			ab->attrs[ab->nr_attrs++] =
				(struct abbrev_attr){(uint32_t)name,
						     (uint32_t)form};
			a->nr++;
		}
	}
	ab->work += (uint64_t)(c.p - (s->data + off));
	ab->off = off;
	ab->offset_size = u->offset_size;
	ab->addr_size = u->addr_size;
	ab->loaded = true;
	return true;
}

/* What one attribute value says, as far as this reader cares. */
struct value {
	uint64_t u;	   /* an offset, an index or a constant */
	const char *str;   /* DW_FORM_string */
	bool is_strp;	   /* u: offset into .debug_str */
	bool is_line_strp; /* u: offset into .debug_line_str */
	bool is_strx;	   /* u: index into the unit's string offsets */
};

/* Read or skip one value of form; false when the form is unknown. */
static bool read_form(struct reader *r, struct cur *c, const struct unit *u,
		      uint32_t form, struct value *v, bool indirect)
{
	uint64_t n;
	int size;

	memset(v, 0, sizeof(*v));
	if (++r->nr_values > DWARF_MAX_VALUES)
		return give_up(r, "too many attribute values");
	size = form_size(form, u);
	if (size >= 0) {
		/* data16 is no number this reader needs */
		if (size > 8)
			skip_n(c, (uint64_t)size);
		else
			v->u = rd_n(c, (unsigned int)size);
		v->is_strx = form == DW_FORM_strx1 || form == DW_FORM_strx2 ||
			     form == DW_FORM_strx3 || form == DW_FORM_strx4;
		v->is_strp = form == DW_FORM_strp;
		v->is_line_strp = form == DW_FORM_line_strp;
		goto out;
	}
	switch (form) {
	case DW_FORM_sdata:
		v->u = rd_leb(c, true);
		break;
	case DW_FORM_udata:
	case DW_FORM_ref_udata:
	case DW_FORM_addrx:
	case DW_FORM_loclistx:
	case DW_FORM_rnglistx:
	case DW_FORM_GNU_addr_index:
		v->u = rd_leb(c, false);
		break;
	case DW_FORM_strx:
	case DW_FORM_GNU_str_index:
		v->u = rd_leb(c, false);
		v->is_strx = true;
		break;
	case DW_FORM_string:
		v->str = (const char *)c->p;
		if (c->bad || !memchr(c->p, '\0', (size_t)(c->end - c->p)))
			c->bad = true;
		else
			c->p += strlen(v->str) + 1;
		break;
	case DW_FORM_block1:
		skip_n(c, rd_n(c, 1));
		break;
	case DW_FORM_block2:
		skip_n(c, rd_n(c, 2));
		break;
	case DW_FORM_block4:
		skip_n(c, rd_n(c, 4));
		break;
	case DW_FORM_block:
	case DW_FORM_exprloc:
		skip_n(c, rd_leb(c, false));
		break;
	case DW_FORM_indirect:
		n = rd_leb(c, false);
		/* the form is in the DIE: implicit_const has nowhere to be */
		if (indirect || n == DW_FORM_indirect ||
		    n == DW_FORM_implicit_const || n > UINT32_MAX)
			return give_up(r, "bad indirect form");
		return read_form(r, c, u, (uint32_t)n, v, true);
	default:
		return give_up(r, "unknown form");
	}
out:
	if (c->bad)
		return give_up(r, "value past the end of its unit");
	return true;
}

/* A name value as a string; NULL and gives up when it points nowhere. */
static const char *value_name(struct reader *r, const struct unit *u,
			      uint32_t form, const struct value *v)
{
	const struct elf_blob *offs = &r->secs[ELF_DEBUG_STR_OFFSETS];
	const char *s = NULL;
	struct cur c;

	if (v->str)
		return v->str;
	if (v->is_strp)
		s = sec_str(&r->secs[ELF_DEBUG_STR], v->u);
	else if (v->is_line_strp)
		s = sec_str(&r->secs[ELF_DEBUG_LINE_STR], v->u);
	else if (v->is_strx) {
		if (!u->has_str_offsets_base || !offs->data ||
		    u->str_offsets_base > offs->size ||
		    v->u >= (offs->size - u->str_offsets_base) /
				    u->offset_size) {
			give_up(r, "string index out of range");
			return NULL;
		}
		c = (struct cur){offs->data + u->str_offsets_base +
					 v->u * u->offset_size,
				 offs->data + offs->size, false};
		s = sec_str(&r->secs[ELF_DEBUG_STR], rd_n(&c, u->offset_size));
		if (c.bad)
			s = NULL;
	} else if (form == DW_FORM_strp_sup || form == DW_FORM_GNU_strp_alt) {
		return NULL; /* in a supplementary file: not ours to read */
	} else {
		give_up(r, "name of an unexpected form");
		return NULL;
	}
	if (!s)
		give_up(r, "string offset out of range");
	return s;
}

static bool add_proto(struct reader *r, const char *name, uint32_t nr)
{
	struct dwarf_proto *pr =
		htab_get(&r->p->by_name, (uintptr_t)name, true);
	int ret;

	if (pr) {
		if (pr->nr_params != (int32_t)nr)
			pr->nr_params = -1;
		return true;
	}
	pr = arena_alloc(r->arena, sizeof(*pr));
	if (!pr) {
		r->ret = -ENOMEM;
		return give_up(r, "out of memory");
	}
	pr->nr_params = (int32_t)nr;
	ret = htab_add(&r->p->by_name, (uintptr_t)name, pr, true);
	if (ret) {
		r->ret = ret;
		return give_up(r, "out of memory");
	}
	return true;
}

/* The unit header (DWARF 5, 7.5.1; DWARF 4, 7.5.1.1), up to its DIEs. */
static bool unit_header(struct reader *r, struct cur *c, struct unit *u,
			uint64_t *abbrev_off)
{
	unsigned int type = DW_UT_compile;

	u->version = (unsigned int)rd_n(c, 2);
	if (c->bad)
		return give_up(r, "truncated unit header");
	if (u->version != 4 && u->version != 5)
		return give_up(r, "DWARF version other than 4 or 5");
	if (u->version == 5) {
		type = (unsigned int)rd_n(c, 1);
		u->addr_size = (unsigned int)rd_n(c, 1);
		*abbrev_off = rd_n(c, u->offset_size);
	} else {
		*abbrev_off = rd_n(c, u->offset_size);
		u->addr_size = (unsigned int)rd_n(c, 1);
	}
	switch (type) {
	case DW_UT_compile:
	case DW_UT_partial:
		break;
	case DW_UT_skeleton:
	case DW_UT_split_compile:
		skip_n(c, 8); /* dwo_id */
		break;
	case DW_UT_type:
	case DW_UT_split_type:
		skip_n(c, 8 + u->offset_size); /* signature, type offset */
		break;
	default:
		return give_up(r, "unknown unit type");
	}
	if (c->bad)
		return give_up(r, "truncated unit header");
	if (u->addr_size != 1 && u->addr_size != 2 && u->addr_size != 4 &&
	    u->addr_size != 8)
		return give_up(r, "bad address size");
	return true;
}

/*
 * The values of one DIE, read: the unit's string offsets base (first DIE)
 * and a subprogram's name, unless one is being counted already.
 */
static bool read_attrs(struct reader *r, struct cur *c, struct unit *u,
		       const struct abbrev *a, bool first, bool counting,
		       const char **name)
{
	struct value v;

	for (uint32_t i = 0; i < a->nr; i++) {
		const struct abbrev_attr *at = &r->ab.attrs[a->first + i];

		if (!read_form(r, c, u, at->form, &v, false))
			return false;
		if (first && at->name == DW_AT_str_offsets_base) {
			u->str_offsets_base = v.u;
			u->has_str_offsets_base = true;
		}
		if (at->name == DW_AT_name && a->tag == DW_TAG_subprogram &&
		    !counting) {
			*name = value_name(r, u, at->form, &v);
			if (r->why)
				return false;
		}
	}
	return true;
}

/* The DIEs of one unit; a "____*" subprogram's formal parameters counted. */
static bool read_dies(struct reader *r, struct cur *c, struct unit *u)
{
	const char *cand = NULL; /* the "____*" subprogram being counted */
	uint32_t cand_depth = 0, cand_params = 0, depth = 0;
	bool first = true;

	while (c->p < c->end) {
		uint64_t code = rd_leb(c, false);
		const struct abbrev *a;
		const char *name = NULL;

		if (c->bad)
			return give_up(r, "truncated DIE");
		if (!code) {
			/* it ends a list of children; at the top, padding */
			if (!depth)
				continue;
			if (cand && depth == cand_depth + 1) {
				if (!add_proto(r, cand, cand_params))
					return false;
				cand = NULL;
			}
			depth--;
			continue;
		}
		if (code >= r->ab.nr_codes ||
		    r->ab.by_code[code].gen != r->ab.gen)
			return give_up(r, "DIE of an undefined abbreviation");
		if (++r->p->nr_dies > DWARF_MAX_DIES)
			return give_up(r, "too many DIEs");
		a = &r->ab.by_code[code];
		if (a->fixed >= 0 && !first && a->tag != DW_TAG_subprogram) {
			/* nothing to read in it: skip its values at once */
			r->nr_values += a->nr;
			if (r->nr_values > DWARF_MAX_VALUES)
				return give_up(r, "too many attribute values");
			skip_n(c, (uint64_t)a->fixed);
			if (c->bad)
				return give_up(r,
					       "value past the end of its unit");
		} else if (!read_attrs(r, c, u, a, first, cand != NULL,
				       &name)) {
			return false;
		}
		first = false;
		if (cand && depth == cand_depth + 1 &&
		    a->tag == DW_TAG_formal_parameter &&
		    ++cand_params > DWARF_MAX_PARAMS)
			return give_up(r, "too many parameters");
		if (name && !strncmp(name, "____", 4)) {
			if (!a->children) {
				if (!add_proto(r, name, 0))
					return false;
			} else {
				cand = name;
				cand_depth = depth;
				cand_params = 0;
			}
		}
		if (a->children && ++depth > DWARF_MAX_DEPTH)
			return give_up(r, "DIEs nested too deep");
	}
	if (depth)
		return give_up(r, "unit ends inside a DIE's children");
	return true;
}

static bool read_units(struct reader *r)
{
	const struct elf_blob *info = &r->secs[ELF_DEBUG_INFO];
	struct cur c = {info->data, info->data + info->size, false};

	while (c.p < c.end) {
		struct unit u = {.offset_size = 4};
		uint64_t len = rd_n(&c, 4), abbrev_off = 0;
		struct cur uc;

		if (len == 0xffffffff) {
			u.offset_size = 8;
			len = rd_n(&c, 8);
		} else if (len >= 0xfffffff0) {
			return give_up(r, "reserved unit length");
		}
		if (c.bad || len > (uint64_t)(c.end - c.p))
			return give_up(r, "unit past the end of .debug_info");
		uc = (struct cur){c.p, c.p + len, false};
		c.p += len;
		if (!unit_header(r, &uc, &u, &abbrev_off) ||
		    !load_abbrevs(r, abbrev_off, &u) || !read_dies(r, &uc, &u))
			return false;
	}
	return true;
}

int dwarf_protos__read(struct dwarf_protos *p, struct arena *a,
		       const struct elf_blob secs[NR_ELF_DEBUG_SECS])
{
	struct reader r = {.secs = secs, .p = p, .arena = a};

	memset(p, 0, sizeof(*p));
	if (!secs[ELF_DEBUG_INFO].data) {
		p->why = "no .debug_info";
		return 0;
	}
	p->complete = read_units(&r);
	if (!p->complete) {
		/* what was found before is not trusted either */
		htab_free(&p->by_name);
		memset(&p->by_name, 0, sizeof(p->by_name));
		p->why = r.why;
	}
	free(r.ab.by_code);
	free(r.ab.attrs);
	return r.ret;
}

int dwarf_protos__params(const struct dwarf_protos *p, const char *name)
{
	const struct dwarf_proto *pr;

	if (!p->complete)
		return -1;
	pr = htab_get(&p->by_name, (uintptr_t)name, true);
	return pr ? pr->nr_params : -1;
}

void dwarf_protos__free(struct dwarf_protos *p)
{
	htab_free(&p->by_name);
	memset(p, 0, sizeof(*p));
}
