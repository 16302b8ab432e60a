/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * Member lookup in an object's BTF by path ("nested.in.tag[2]"), through
 * anonymous members, typedefs and modifiers: what the tests compare the
 * shadow types with, independent of the generator.
 */
#ifndef LAYOUT_BTFWALK_H
#define LAYOUT_BTFWALK_H

#include <bpf/btf.h>
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct bmem {
	uint32_t bit_off;  /* from the start of the top-level type */
	uint32_t bit_size; /* bitfield width, 0 if not a bitfield */
	uint32_t size;	   /* bytes of the member's type */
	uint32_t type_id;  /* resolved (no typedef/modifier) */
};

/* Find member name in aggregate type id (recursing into anonymous ones). */
static int bw_find_in(const struct btf *btf, uint32_t id, const char *name,
		      size_t len, uint32_t base, struct bmem *out)
{
	const struct btf_type *t = btf__type_by_id(btf, id);
	const struct btf_member *m;
	uint16_t i, n;

	if (!t || (!btf_is_struct(t) && !btf_is_union(t)))
		return -EINVAL;
	m = btf_members(t);
	n = btf_vlen(t);
	for (i = 0; i < n; i++, m++) {
		const char *mn = btf__name_by_offset(btf, m->name_off);
		uint32_t off = base + btf_member_bit_offset(t, i);
		int mid = btf__resolve_type(btf, m->type);

		if (mid < 0)
			return mid;
		if (!mn || !*mn) {
			if (bw_find_in(btf, mid, name, len, off, out) == 0)
				return 0;
			continue;
		}
		if (strlen(mn) != len || strncmp(mn, name, len))
			continue;
		out->bit_off = off;
		out->bit_size = btf_member_bitfield_size(t, i);
		out->type_id = mid;
		out->size = btf__resolve_size(btf, mid);
		return 0;
	}
	return -ENOENT;
}

/* Path like "a.b[1][2].c" in type id. */
static int bw_find(const struct btf *btf, uint32_t id, const char *path,
		   struct bmem *out)
{
	const char *p = path;
	uint32_t base = 0;
	int err;

	while (*p) {
		size_t len = strcspn(p, ".[");

		err = bw_find_in(btf, id, p, len, base, out);
		if (err)
			return err;
		p += len;
		while (*p == '[') {
			const struct btf_type *t = btf__type_by_id(btf,
								   out->type_id);
			unsigned long idx = strtoul(p + 1, (char **)&p, 10);
			int eid;

			if (!t || !btf_is_array(t) || *p != ']')
				return -EINVAL;
			p++;
			eid = btf__resolve_type(btf, btf_array(t)->type);
			if (eid < 0 || idx >= btf_array(t)->nelems)
				return -EINVAL;
			out->type_id = eid;
			out->size = btf__resolve_size(btf, eid);
			out->bit_off += idx * out->size * 8;
		}
		if (*p == '.')
			p++;
		base = out->bit_off;
		id = out->type_id;
	}
	return 0;
}

/* Bits [off, off + width) of a little-endian buffer (width <= 64). */
static uint64_t bw_bits(const uint8_t *buf, uint32_t off, uint32_t width)
{
	uint64_t v = 0;
	uint32_t i;

	for (i = 0; i < width; i++) {
		uint32_t b = off + i;

		v |= (uint64_t)((buf[b / 8] >> (b % 8)) & 1) << i;
	}
	return v;
}

#endif
