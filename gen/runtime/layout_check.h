/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * Run-time code: an opened object's BTF of a map's type compared with the
 * layout a header was generated for, before the accessors hand out its buffer.
 * Every shadow header carries the lines between the emit markers
 * (scripts/mk-runtime turns them into the emitter's code at build time);
 * the lines above them let this file compile on its own (tests/runtime).
 */
#include <stdint.h>

#include "initial_value.h"
#include "mirror.h"
#include "print.h"
/* stops-shadow: emit begin */
#ifndef STOPS_SHADOW__LAYOUT
#define STOPS_SHADOW__LAYOUT
#include <bpf/btf.h>

/*
 * X__from_object(obj) and X__from_skel(skel) compare the opened object's BTF of
 * the map's value type with the layout this header was generated for:
 * the type's name and size, then every member in BTF order, each struct
 * or union member followed by its own members (to LAYOUT_DEPTH levels): name, bit
 * offset from the type's start, bitfield size, size and kind class
 * (typedefs and modifiers skipped). On a difference they return NULL with
 * errno EPROTO and print one line naming the first differing member
 * through the print hook (STOPS_SHADOW_VPRINT, LIBBPF_WARN): the object
 * changed after this header was made, and a write through the shadow
 * would land at the header's offsets, not the object's. Regenerate the
 * header with the object, or ship both as one (gen --embed).
 * X__from_map(map) is deprecated: libbpf's public API has no way from a
 * map to its object or its BTF, so it cannot compare the layout, and it
 * refuses: NULL with errno EINVAL when map is not X's map, else ENOTSUP,
 * and one line through the print hook. Use X__from_object(obj), or with a
 * bpftool skeleton X__from_skel(skel), which takes skel->obj.
 */
struct stops_shadow__layout_member {
	const char *name; /* BTF name, "" for an anonymous member */
	unsigned int bit_off; /* from the start of the map's type */
	unsigned int size; /* bytes */
	unsigned char bits; /* bitfield size, 0 for none */
	unsigned char cls; /* kind class */
	unsigned char depth; /* 0: a member of the type, 1: of a member, ... */
	unsigned char kind; /* BTF kind, typedefs and modifiers skipped (fit) */
	unsigned char func; /* 1: a function pointer, a slot (fit) */
};

struct stops_shadow__layout {
	const char *type; /* the map type's BTF name */
	unsigned int size;
	unsigned int n;
	const struct stops_shadow__layout_member *m;
};

static inline const struct btf_type *stops_shadow__layout_type(const struct btf *btf, unsigned int id)
{
	const struct btf_type *t = btf__type_by_id(btf, id);
	int i;

	for (i = 0; t && i < STOPS_MAX_CHAIN && (btf_is_mod(t) || btf_is_typedef(t)); i++)
		t = btf__type_by_id(btf, t->type);
	return t && (btf_is_mod(t) || btf_is_typedef(t)) ? NULL : t;
}

static inline unsigned int stops_shadow__layout_cls(const struct btf_type *t)
{
	if (!t)
		return BTF_CLS_BAD;
	switch (btf_kind(t)) {
	case BTF_KIND_UNKN:
		return BTF_CLS_VOID;
	case BTF_KIND_INT:
		return BTF_CLS_INT;
	case BTF_KIND_FLOAT:
		return BTF_CLS_FLOAT;
	case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64:
		return BTF_CLS_ENUM;
	case BTF_KIND_PTR:
		return BTF_CLS_PTR;
	case BTF_KIND_STRUCT:
		return BTF_CLS_STRUCT;
	case BTF_KIND_UNION:
		return BTF_CLS_UNION;
	case BTF_KIND_FWD:
		return btf_kflag(t) ? BTF_CLS_UNION : BTF_CLS_STRUCT;
	case BTF_KIND_ARRAY:
		return BTF_CLS_ARRAY;
	case BTF_KIND_FUNC_PROTO:
		return BTF_CLS_FUNC;
	default:
		return BTF_CLS_BAD;
	}
}

/* 0, or -1 after printing the first member that differs */
static inline int stops_shadow__layout_walk(const struct btf *btf, const struct btf_type *t, unsigned int base,
					    unsigned int depth, const char *map, const struct stops_shadow__layout *l,
					    unsigned int *i)
{
	const struct btf_member *bm = btf_members(t);
	unsigned int j, vlen = btf_vlen(t);

	for (j = 0; j < vlen; j++, bm++) {
		const char *name = btf__name_by_offset(btf, bm->name_off);
		const struct btf_type *mt = stops_shadow__layout_type(btf, bm->type);
		const struct stops_shadow__layout_member *m;
		unsigned int off = base + btf_member_bit_offset(t, j);
		unsigned int bits = btf_member_bitfield_size(t, j);
		unsigned int cls = stops_shadow__layout_cls(mt);
		long long size = btf__resolve_size(btf, bm->type);
		const char *what = NULL;
		unsigned long long got = 0, want = 0;

		if (!name)
			name = "";
		m = *i < l->n ? &l->m[*i] : NULL;
		if (!m || m->depth != depth) {
			stops_shadow__layout_print(LIBBPF_WARN, "stops-shadow: map '%s': struct %s: member '%s' of the object is not in the loader's header; refused (EPROTO)\n",
						   map, l->type, name);
			return -1;
		}
		if (strcmp(m->name, name)) {
			stops_shadow__layout_print(LIBBPF_WARN, "stops-shadow: map '%s': struct %s: member '%s' of the loader's header is '%s' in the object; refused (EPROTO)\n",
						   map, l->type, m->name, name);
			return -1;
		}
		if (m->bit_off != off)
			what = "bit offset", got = off, want = m->bit_off;
		else if (m->bits != bits)
			what = "bitfield size", got = bits, want = m->bits;
		else if (size < 0 || (unsigned long long)size != m->size)
			what = "size", got = (unsigned long long)size, want = m->size;
		else if (m->cls != cls)
			what = "kind class", got = cls, want = m->cls;
		if (what) {
			stops_shadow__layout_print(LIBBPF_WARN, "stops-shadow: map '%s': struct %s: member '%s': %s %llu in the object, %llu in the loader's header; refused (EPROTO)\n",
						   map, l->type, name, what, got, want);
			return -1;
		}
		++*i;
		if (!bits && depth < LAYOUT_DEPTH && (cls == BTF_CLS_STRUCT || cls == BTF_CLS_UNION) && btf_is_composite(mt) &&
		    stops_shadow__layout_walk(btf, mt, off, depth + 1, map, l, i))
			return -1;
	}
	return 0;
}

/* 0 when the object's BTF of map's value type is l, else -1 (printed) */
static inline int stops_shadow__layout_check(const struct btf *btf, const struct bpf_map *map,
					     const struct stops_shadow__layout *l)
{
	const struct btf_type *t = NULL;
	const char *type = NULL;
	unsigned int i = 0;

	if (btf)
		t = btf__type_by_id(btf, bpf_map__btf_value_type_id(map));
	if (t)
		type = btf__name_by_offset(btf, t->name_off);
	if (!t || !btf_is_struct(t) || !type || strcmp(type, l->type)) {
		stops_shadow__layout_print(LIBBPF_WARN, "stops-shadow: map '%s': the object's value type is not struct %s of the loader's header; refused (EPROTO)\n",
					   bpf_map__name(map), l->type);
		return -1;
	}
	if (t->size != l->size) {
		stops_shadow__layout_print(LIBBPF_WARN, "stops-shadow: map '%s': struct %s: %u bytes in the object, %u in the loader's header; refused (EPROTO)\n",
					   bpf_map__name(map), l->type, t->size, l->size);
		return -1;
	}
	if (stops_shadow__layout_walk(btf, t, 0, 0, bpf_map__name(map), l, &i))
		return -1;
	if (i != l->n) {
		stops_shadow__layout_print(LIBBPF_WARN, "stops-shadow: map '%s': struct %s: member '%s' of the loader's header is not in the object; refused (EPROTO)\n",
					   bpf_map__name(map), l->type, l->m[i].name);
		return -1;
	}
	return 0;
}

/* X__from_map(): refuses, see above. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((deprecated("use X__from_object() or X__from_skel(): X__from_map() cannot check the layout through libbpf's public API")))
#endif
static inline void *stops_shadow__layout_value(struct bpf_map *map, const char *name, size_t size,
					      const struct stops_shadow__layout *l)
{
	(void)size;
	if (!map || bpf_map__type(map) != BPF_MAP_TYPE_STRUCT_OPS || strcmp(bpf_map__name(map), name)) {
		errno = EINVAL;
		return NULL;
	}
	stops_shadow__layout_print(LIBBPF_WARN, "stops-shadow: map '%s': struct %s: X__from_map() cannot check the layout through libbpf's public API; use X__from_object() or X__from_skel(); refused (ENOTSUP)\n",
				   name, l->type);
	errno = ENOTSUP;
	return NULL;
}

static inline void *stops_shadow__find_layout_value(struct bpf_object *obj, const char *name, size_t size,
						   const struct stops_shadow__layout *l)
{
	struct bpf_map *map = obj ? bpf_object__find_map_by_name(obj, name) : NULL;

	if (!map) {
		errno = ENOENT;
		return NULL;
	}
	if (bpf_map__type(map) == BPF_MAP_TYPE_STRUCT_OPS && bpf_map__fd(map) < 0 &&
	    stops_shadow__layout_check(bpf_object__btf(obj), map, l)) {
		errno = EPROTO;
		return NULL;
	}
	return stops_shadow__initial_value(map, name, size);
}
#endif /* STOPS_SHADOW__LAYOUT */

/* stops-shadow: emit end */
