// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* Object: a BPF object opened into the model of its struct_ops maps. */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <bpf/btf.h>
#include <linux/btf.h>

#include "btf_util.h"
#include "bpf_elf.h"
#include "input.h"
#include "layout.h"
#include "names.h"
#include "util.h"

#define stops_open_opts__last_field name

/* No real BPF object comes close; a bigger file is not worth reading. */
#define MAX_OBJECT_SIZE (1ul << 30)

/* An opened object owns everything its model points to. */
struct stops_object {
	struct arena arena;
	uint8_t *image; /* the object's bytes: sections point into it */
	struct btf *btf;
	struct bpf_elf elf;
	struct stops_model model;
};

/* slot arrays kept for maps to share, by a hash of their contents */
#define KEPT_SLOTS_BITS 8

/* The model being built: layouts, and what maps of one type share. */
struct build {
	struct layout_ctx layout;
	/* no reserved name starts with the object's name (obj_len bytes) */
	bool obj_unreserved;
	size_t obj_len;
	const char *type_ident; /* a map type name is_c_ident() said yes to */
	struct id_map shared;	/* type id -> first map's shareable layout */
	struct id_map shared_text; /* type id -> its layout's text charge */
	/* the last type's, asked again while a section's maps share it */
	uint32_t last_tid;
	const struct stops_aggr *last_shared;
	const uint64_t *last_charge;
	/* each section's DATASEC, by enum st_ops_sec: 0 when none */
	uint32_t datasec[NR_ST_OPS_SECS];
	struct id_map slots; /* type id -> its layout's struct slot_index */
	/* a map's slots are filled here, then kept (kept_slots()) */
	struct stops_prog *scratch;
	uint32_t scratch_cap;
	struct kept_slots {
		const struct stops_prog *progs;
		uint32_t n;
	} kept[1u << KEPT_SLOTS_BITS];
	const struct stops_prog *no_progs; /* zeroed, for maps without */
	uint32_t no_progs_n;
};

/*
 * The function-pointer members of a layout a relocation can name: each is
 * the first member other than padding at its bit offset, a whole byte in.
 * Built once per layout, which the maps of a type share, so that a
 * relocation is a look in a short sorted list, not a search of members.
 */
struct slot_index {
	uint32_t n;
	struct slot_at {
		uint32_t bit;
		uint32_t slot;
	} at[];
};

/* A map being built: the public model only keeps const views. */
struct map_build {
	struct stops_map *map;
	const struct stops_aggr *aggr;
	struct stops_prog *progs;
	const struct slot_index *slots; /* on its first relocation */
	uint64_t slots_hash;		/* of what its relocations placed */
};

/*
 * The DATASECs of the four section names, the first of each as
 * btf__find_by_name_kind() finds it, in one walk of the types instead of
 * one per name.
 */
static void find_datasecs(const struct btf *btf, uint32_t *ids)
{
	uint32_t n = btf__type_cnt(btf);

	for (uint32_t id = 1; id < n; id++) {
		const struct btf_type *t = btf__type_by_id(btf, id);
		const char *name;

		if (!btf_is_datasec(t))
			continue;
		name = btf__name_by_offset(btf, t->name_off);
		for (int i = 0; name && i < NR_ST_OPS_SECS; i++)
			if (!ids[i] && !strcmp(name, st_ops_sec_names[i]))
				ids[i] = id;
	}
}

static int var_offset(struct stops_object *obj, const struct elf_sec *sec,
		      const struct btf_type *ds,
		      const struct btf_var_secinfo *vsi, const char *name,
		      uint32_t *off, struct stops_err *err)
{
	int64_t v;

	/* clang leaves DATASEC sizes and offsets for libbpf to fill in. */
	if (ds->size) {
		*off = vsi->offset;
		return 0;
	}
	v = bpf_elf__sym_offset(&obj->elf, sec->idx, name);
	if (v < 0)
		return stops_errf(err, -EINVAL,
				  "map %s: no symbol in section %s", name,
				  sec->name);
	*off = (uint32_t)v;
	return 0;
}

static int map_layout(struct build *b, const struct stops_map *map,
		      const struct stops_aggr **out)
{
	struct layout_ctx *ctx = &b->layout;
	const struct stops_aggr *shared = NULL;
	const uint64_t *charge;
	struct stops_aggr *a = NULL;
	int ret;

	if (b->last_shared && b->last_tid == map->type_id)
		shared = b->last_shared;
	else
		shared = id_map_get(&b->shared, map->type_id);
	if (!shared) {
		uint64_t before = ctx->text_bytes, *text;

		ret = layout_struct(ctx, map->type_id, map->shadow_name,
				    map->name, &a);
		/*
		 * Later maps of the type share it, nested types included:
		 * those keep the first map's names (emit_c.c adds the other
		 * maps' names for them as macros).
		 */
		*out = a;
		if (ret)
			return ret;
		text = arena_alloc(ctx->arena, sizeof(*text));
		if (!text)
			return -ENOMEM;
		*text = ctx->text_bytes - before;
		ret = id_map_put(&b->shared, map->type_id, a);
		return ret ? ret
			   : id_map_put(&b->shared_text, map->type_id, text);
	}
	/* Each map prints its copy of the shared body: charged again. */
	if (shared != b->last_shared) {
		b->last_tid = map->type_id;
		b->last_shared = shared;
		b->last_charge = id_map_get(&b->shared_text, map->type_id);
	}
	charge = b->last_charge;
	if (charge && (ctx->text_bytes > ctx->max_text_bytes ||
		       *charge > ctx->max_text_bytes - ctx->text_bytes))
		return stops_errf(
			ctx->err, -E2BIG,
			"map %s: the maps' shadow types exceed %llu bytes of names (the cap for an object of this size: %llu + %u x bytes)",
			map->name, (unsigned long long)ctx->max_text_bytes,
			(unsigned long long)LAYOUT_TEXT_BASE,
			LAYOUT_TEXT_PER_BYTE);
	if (charge)
		ctx->text_bytes += *charge;
	a = arena_alloc(ctx->arena, sizeof(*a));
	if (!a)
		return -ENOMEM;
	*a = *shared;
	a->same_layout = shared;
	a->c_name = map->shadow_name;
	a->path = map->name;
	*out = a;
	return ptr_vec_push(&ctx->aggrs, a);
}

/* "<obj>_<map>_<type>" in the arena (obj: obj_len bytes) */
static char *join3(struct arena *a, const char *obj, size_t obj_len,
		   const char *map, const char *type)
{
	size_t m = strlen(map), t = strlen(type);
	char *s = arena_chars(a, obj_len + m + t + 3);

	if (s) {
		memcpy(s, obj, obj_len);
		s[obj_len] = '_';
		memcpy(s + obj_len + 1, map, m);
		s[obj_len + 1 + m] = '_';
		memcpy(s + obj_len + 2 + m, type, t + 1);
	}
	return s;
}

static int add_map(struct stops_object *obj, struct build *b,
		   const struct elf_sec *sec, const struct btf_type *ds,
		   const struct btf_var_secinfo *vsi, struct map_build *mb)
{
	struct layout_ctx *ctx = &b->layout;
	const struct btf *btf = obj->btf;
	const struct btf_type *vt = btf__type_by_id(btf, vsi->type), *t;
	struct stops_map *map = mb->map;
	struct stops_err *err = ctx->err;
	const char *name, *tname;
	uint32_t tid;
	int ret;

	if (!vt || !btf_is_var(vt))
		return stops_errf(err, -EINVAL,
				  "DATASEC %s: entry [%u] is not a VAR",
				  sec->name, vsi->type);
	name = btf__name_by_offset(btf, vt->name_off);
	t = btf_skip_mods(btf, vt->type, &tid);
	if (!name || !name[0] || !t)
		return stops_errf(err, -EINVAL,
				  "DATASEC %s: VAR [%u] has no name or type",
				  sec->name, vsi->type);
	if (!is_c_ident(name))
		return stops_errf(err, -EINVAL,
				  "DATASEC %s: map name is not a C identifier",
				  sec->name);
	if (!btf_is_struct(t))
		return stops_errf(err, -EINVAL, "map %s: type is not a struct",
				  name);
	tname = btf__name_by_offset(btf, t->name_off);
	if (!tname || !tname[0])
		return stops_errf(err, -EINVAL,
				  "map %s: anonymous struct type is not supported",
				  name);
	/* maps of one type: its name (one string) checked once */
	if (tname != b->type_ident && !is_c_ident(tname))
		return stops_errf(err, -EINVAL,
				  "map %s: type name is not a C identifier",
				  name);
	b->type_ident = tname;
	if (vsi->size != t->size)
		return stops_errf(
			err, -EINVAL,
			"map %s: DATASEC %s says %u bytes, its type has %u",
			name, sec->name, vsi->size, t->size);
	ret = var_offset(obj, sec, ds, vsi, name, &map->sec_off, err);
	if (ret)
		return ret;
	if (map->sec_off > sec->size || sec->size - map->sec_off < t->size)
		return stops_errf(
			err, -EINVAL,
			"map %s (offset %u, %u bytes) extends past the end of section %s (%u bytes)",
			name, map->sec_off, t->size, sec->name, sec->size);
	map->name = name;
	map->type_name = tname;
	map->sec_name = sec->name;
	map->type_id = tid;
	map->size = t->size;
	map->data = sec->data + map->sec_off;
	map->shadow_name =
		join3(&obj->arena, ctx->obj_name, b->obj_len, name, tname);
	/* obj UINT, map LEAST8, type MAX: a macro of <stdint.h> (no need
	 * to look when no reserved name starts with the object's name) */
	if (map->shadow_name && !b->obj_unreserved &&
	    names__is_reserved(map->shadow_name))
		map->shadow_name =
			arena_printf(&obj->arena, "%s_", map->shadow_name);
	if (!map->shadow_name)
		return -ENOMEM;
	ret = name_set_add(&ctx->names, map->shadow_name);
	if (ret == -EEXIST)
		return stops_errf(
			err, -EINVAL,
			"map %s: shadow type name %s is already taken by another map's type",
			name, map->shadow_name);
	if (ret)
		return ret;
	ret = map_layout(b, map, &mb->aggr);
	if (ret)
		return ret;
	map->type = mb->aggr;
	return 0;
}

static struct map_build *map_at(struct map_build *maps, uint32_t n,
				uint32_t off)
{
	uint32_t lo = 0, hi = n;

	/* maps of one section, sorted by offset */
	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;
		struct stops_map *m = maps[mid].map;

		if (off < m->sec_off)
			hi = mid;
		else if (off - m->sec_off >= m->size)
			lo = mid + 1;
		else
			return &maps[mid];
	}
	return NULL;
}

/*
 * map_at() for relocations, which come in offset order: the map of the
 * one before, or the next, is checked before a search.
 */
static struct map_build *map_near(struct map_build *maps, uint32_t n,
				  uint32_t off, uint32_t *hint)
{
	struct map_build *mb;

	for (uint32_t i = *hint; i < n && i <= *hint + 1; i++) {
		const struct stops_map *m = maps[i].map;

		if (off >= m->sec_off && off - m->sec_off < m->size) {
			*hint = i;
			return &maps[i];
		}
	}
	mb = map_at(maps, n, off);
	if (mb)
		*hint = (uint32_t)(mb - maps);
	return mb;
}

static struct slot_index *index_slots(struct arena *ar,
				      const struct stops_aggr *a)
{
	struct slot_index *x;
	bool seen = false;
	uint32_t bit = 0;

	x = arena_alloc(ar, sizeof(*x) + a->nr_slots * sizeof(x->at[0]));
	if (!x)
		return NULL;
	x->n = 0;
	/* members (padding too) are in bit order */
	for (uint32_t i = 0; i < a->nr_members; i++) {
		const struct stops_member *m = &a->members[i];

		if (m->kind == STOPS_PADDING || (seen && m->bit_offset == bit))
			continue;
		seen = true;
		bit = m->bit_offset;
		if (m->kind == STOPS_FUNC_PTR && !(bit % 8))
			x->at[x->n++] = (struct slot_at){bit, m->slot};
	}
	return x;
}

static int map_slots(struct build *b, struct map_build *mb,
		     const struct map_build *prev)
{
	uint32_t tid = mb->map->type_id;
	struct slot_index *x;

	/* a section's maps are mostly of one type: ask the last one */
	if (prev && prev->slots && prev->map->type_id == tid) {
		mb->slots = prev->slots;
		return 0;
	}
	x = id_map_get(&b->slots, tid);
	if (!x) {
		x = index_slots(b->layout.arena, mb->aggr);
		if (!x || id_map_put(&b->slots, tid, x))
			return -ENOMEM;
	}
	mb->slots = x;
	return 0;
}

/*
 * The slot at a bit offset, false if none. A map's relocations come in
 * offset order: the slot sought is usually the next one or the one after.
 */
static bool slot_at(const struct slot_index *x, uint32_t bit, uint32_t *hint,
		    uint32_t *slot)
{
	uint32_t lo = 0, hi = x->n;

	if (*hint >= hi)
		*hint = 0;
	for (uint32_t i = *hint; i < hi && i <= *hint + 1; i++)
		if (x->at[i].bit == bit) {
			lo = i;
			goto found;
		}
	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;

		if (x->at[mid].bit < bit)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == x->n || x->at[lo].bit != bit)
		return false;
found:
	*hint = lo + 1;
	*slot = x->at[lo].slot;
	return true;
}

/*
 * A sum over a map's relocations: the same slots filled alike hash alike
 * in any order (a slot filled twice only hashes apart). Each term is
 * mixed, or maps naming the same programs in other slots would collide.
 */
static uint64_t slot_hash(const char *prog, uint32_t slot)
{
	uint64_t x = (uint64_t)(uintptr_t)prog ^ ((uint64_t)slot << 48);

	x *= 0x9e3779b97f4a7c15ull;
	x ^= x >> 29;
	return x * 0xbf58476d1ce4e5b9ull;
}

static int place_prog(const struct bpf_elf *e, const struct elf_sec *sec,
		      const Elf64_Rel *r, struct map_build *mb, uint32_t *hint,
		      struct stops_err *err)
{
	uint32_t off = (uint32_t)r->r_offset, moff = off - mb->map->sec_off;
	uint32_t slot;

	/* moff * 8 wraps as the member search's did */
	if (slot_at(mb->slots, moff * 8, hint, &slot)) {
		const struct elf_target *t = bpf_elf__rel_target(e, r);

		mb->progs[slot].name = t->prog;
		mb->progs[slot].sec = t->sec;
		mb->slots_hash += slot_hash(t->prog, slot);
		return 0;
	}
	return stops_errf(
		err, -EINVAL,
		"relocation at %s+0x%x (map %s, offset %u) is not in a function pointer member",
		sec->name, off, mb->map->name, moff);
}

/*
 * The slots of a map whose first relocation is here: filled in the
 * scratch array. A map that relocations come back to after another's
 * takes a copy of its kept array, which other maps may share.
 */
static int begin_slots(struct build *b, struct map_build *mb)
{
	uint32_t n = mb->aggr->nr_slots;
	struct stops_prog *p;

	if (mb->progs)
		return 0;
	if (mb->map->progs) {
		p = arena_alloc(b->layout.arena, (n ?: 1) * sizeof(*p));
		if (!p)
			return -ENOMEM;
		memcpy(p, mb->map->progs, n * sizeof(*p));
		mb->map->progs = mb->progs = p;
		return 0;
	}
	if (n >= b->scratch_cap) {
		free(b->scratch);
		b->scratch_cap = n + 1;
		b->scratch = malloc(b->scratch_cap * sizeof(*b->scratch));
		if (!b->scratch)
			return -ENOMEM;
	}
	memset(b->scratch, 0, n * sizeof(*b->scratch));
	mb->progs = b->scratch;
	return 0;
}

static bool same_slots(const struct kept_slots *k,
		       const struct stops_prog *progs, uint32_t n)
{
	return k->progs && k->n == n &&
	       !memcmp(k->progs, progs, n * sizeof(*progs));
}

/*
 * Maps written from one template fill their slots alike: 5,000 maps took
 * 800 KB of arrays with 20 contents. The scratch array is kept once per
 * contents met lately: a hash picks a pair of entries, the two hash bits
 * below which of them a new contents replaces, so a file that aims at
 * one pair only costs the copy every map cost before.
 */
static int keep_slots(struct build *b, struct map_build *mb)
{
	uint32_t n = mb ? mb->aggr->nr_slots : 0;
	uint64_t h = mb ? mb->slots_hash : 0;
	struct kept_slots *k;
	struct stops_prog *p;

	if (!mb || mb->progs != b->scratch)
		return 0;
	mb->progs = NULL;
	k = &b->kept[(h >> (64 - KEPT_SLOTS_BITS)) & ~1u];
	if (same_slots(&k[0], b->scratch, n) ||
	    same_slots(&k[1], b->scratch, n)) {
		k += !same_slots(&k[0], b->scratch, n);
		mb->map->progs = k->progs;
		return 0;
	}
	p = arena_alloc(b->layout.arena, (n ?: 1) * sizeof(*p));
	if (!p)
		return -ENOMEM;
	memcpy(p, b->scratch, n * sizeof(*p));
	k += k[0].progs ? (h >> (62 - KEPT_SLOTS_BITS)) & 1 : 0;
	*k = (struct kept_slots){p, n};
	mb->map->progs = p;
	return 0;
}

/* Maps no relocation names share one zeroed array. */
static int no_progs(struct build *b, struct map_build *maps, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		struct stops_map *map = maps[i].map;
		uint32_t nr = maps[i].aggr->nr_slots;

		if (map->progs)
			continue;
		if (nr > b->no_progs_n || !b->no_progs) {
			b->no_progs = arena_calloc(b->layout.arena, nr ?: 1,
						   sizeof(*b->no_progs));
			if (!b->no_progs)
				return -ENOMEM;
			b->no_progs_n = nr;
		}
		map->progs = b->no_progs;
	}
	return 0;
}

static int cmp_build(const void *a, const void *b)
{
	const struct map_build *x = a, *y = b;

	return (x->map->sec_off > y->map->sec_off) -
	       (x->map->sec_off < y->map->sec_off);
}

static int place_progs(struct build *b, const struct bpf_elf *e,
		       const struct elf_sec *sec, struct map_build *maps,
		       uint32_t n, struct stops_err *err)
{
	struct map_build *prev = NULL;
	uint32_t hint = 0, slot_hint = 0;
	int ret = 0;

	/*
	 * Sorted in place (nothing keeps a map_build's address), and only
	 * if need be: clang's DATASEC lists them by offset already. Overlap
	 * is checked with or without relocations: two maps over the same
	 * bytes are bad input either way.
	 */
	for (uint32_t i = 1; i < n; i++)
		if (cmp_build(&maps[i - 1], &maps[i]) > 0) {
			qsort(maps, n, sizeof(*maps), cmp_build);
			break;
		}
	for (uint32_t i = 1; i < n; i++)
		if (maps[i].map->sec_off <
		    maps[i - 1].map->sec_off + maps[i - 1].map->size)
			return stops_errf(err, -EINVAL,
					  "maps %s and %s overlap",
					  maps[i - 1].map->name,
					  maps[i].map->name);
	for (uint32_t i = 0; i < sec->nr_relocs && !ret; i++) {
		const Elf64_Rel *r = &sec->rels[i];
		uint32_t off = (uint32_t)r->r_offset;
		struct map_build *mb = map_near(maps, n, off, &hint);

		if (!mb) {
			ret = stops_errf(
				err, -EINVAL,
				"relocation at %s+0x%x is outside every map",
				sec->name, off);
			break;
		}
		if (mb != prev) {
			ret = keep_slots(b, prev);
			if (!ret && !mb->slots)
				ret = map_slots(b, mb, prev);
			if (!ret)
				ret = begin_slots(b, mb);
			if (ret)
				break;
			prev = mb;
		}
		ret = place_prog(e, sec, r, mb, &slot_hint, err);
	}
	if (!ret)
		ret = keep_slots(b, prev);
	if (!ret)
		ret = no_progs(b, maps, n);
	return ret;
}

static int add_section_maps(struct stops_object *obj, struct build *b,
			    enum st_ops_sec si, struct stops_map_state *state)
{
	const struct elf_sec *sec = &obj->elf.st_ops[si];
	struct layout_ctx *ctx = &b->layout;
	struct stops_model *m = &obj->model;
	const struct btf_type *ds;
	const struct btf_var_secinfo *vsi;
	struct map_build *mbs;
	uint32_t n;
	int ret;

	if (!b->datasec[si])
		return stops_errf(ctx->err, -EINVAL,
				  "section %s has no DATASEC in BTF",
				  sec->name);
	ds = btf__type_by_id(obj->btf, b->datasec[si]);
	if (ds->size && ds->size != sec->size)
		return stops_errf(
			ctx->err, -EINVAL,
			"DATASEC %s size %u does not match the section's %u bytes",
			sec->name, ds->size, sec->size);
	n = btf_vlen(ds);
	vsi = btf_var_secinfos(ds);
	mbs = arena_calloc(&obj->arena, n ? n : 1, sizeof(*mbs));
	if (!mbs)
		return -ENOMEM;
	for (uint32_t i = 0; i < n; i++) {
		struct stops_map_state *st = &state[m->nr_maps];

		mbs[i].map = &m->maps[m->nr_maps++];
		/*
		 * libbpf's init_struct_ops_maps() drops the '?' from the
		 * section name it loops with once it has cleared the first
		 * map's autocreate: later maps of the section are created.
		 */
		st->autocreate = !st_ops_sec_is_optional(si) || i > 0;
		st->link = st_ops_sec_is_link(si);
		ret = add_map(obj, b, sec, ds, &vsi[i], &mbs[i]);
		if (ret)
			return ret;
	}
	return place_progs(b, &obj->elf, sec, mbs, n, ctx->err);
}

static int check_orphan_datasecs(struct stops_object *obj, struct build *b,
				 struct stops_err *err)
{
	for (int i = 0; i < NR_ST_OPS_SECS; i++)
		if (!obj->elf.st_ops[i].name && b->datasec[i])
			return stops_errf(
				err, -EINVAL,
				"BTF has a DATASEC %s but the object has no such section",
				st_ops_sec_names[i]);
	return 0;
}

/* Room for every map the sections' DATASECs list, taken at once. */
static int alloc_maps(struct stops_object *obj, struct build *b,
		      struct stops_map_state **state)
{
	struct stops_model *m = &obj->model;
	size_t n = 0;

	for (int i = 0; i < NR_ST_OPS_SECS; i++)
		if (obj->elf.st_ops[i].name && b->datasec[i])
			n += btf_vlen(btf__type_by_id(obj->btf, b->datasec[i]));
	m->maps = arena_calloc(&obj->arena, n ? n : 1, sizeof(*m->maps));
	*state = arena_calloc(&obj->arena, n ? n : 1, sizeof(**state));
	m->map_state = *state;
	if (!m->maps || !*state)
		return -ENOMEM;
	/* a shadow name and type a map (n < 4 x 65,536): no growing */
	if (ptr_vec_reserve(&b->layout.aggrs, (uint32_t)n))
		return -ENOMEM;
	return name_set_reserve(&b->layout.names, (uint32_t)n + 16);
}

static int copy_vec(struct arena *a, struct ptr_vec *v, void ***out,
		    uint32_t *n)
{
	*out = arena_calloc(a, v->len ? v->len : 1, sizeof(void *));
	if (!*out)
		return -ENOMEM;
	if (v->len)
		memcpy(*out, v->items, v->len * sizeof(void *));
	*n = v->len;
	return 0;
}

/*
 * A program by its name's address: maps name a handful of programs
 * thousands of times, by the programs' own strings (in the image), so
 * most lookups need no hashing. Only the first program of each name is
 * listed, the one the lookup by name finds.
 */
struct prog_at {
	const char *name;
	struct stops_program *prog;
};

static int cmp_prog_at(const void *a, const void *b)
{
	uintptr_t x = (uintptr_t)((const struct prog_at *)a)->name;
	uintptr_t y = (uintptr_t)((const struct prog_at *)b)->name;

	return x < y ? -1 : x > y;
}

static struct stops_program *prog_at_addr(const struct prog_at *at, uint32_t n,
					  const char *name)
{
	uint32_t lo = 0, hi = n;

	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;

		if (at[mid].name == name)
			return at[mid].prog;
		if ((uintptr_t)at[mid].name < (uintptr_t)name)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

/*
 * Maps' slots ask for a handful of programs thousands of times: the last
 * answer for an address is kept in a small table by a hash of it; a miss
 * (or two names on one entry) searches as before.
 */
#define PROG_CACHE_BITS 6

struct prog_lookup {
	const struct prog_at *at;
	uint32_t nr_at;
	const struct htab *by_name;
	struct prog_at cache[1u << PROG_CACHE_BITS];
};

static struct stops_program *prog_lookup(struct prog_lookup *l,
					 const char *name)
{
	uint64_t h = (uint64_t)(uintptr_t)name * 0x9e3779b97f4a7c15ull;
	struct prog_at *c = &l->cache[h >> (64 - PROG_CACHE_BITS)];
	struct stops_program *p;

	if (c->name == name)
		return c->prog;
	p = prog_at_addr(l->at, l->nr_at, name);
	if (!p)
		p = htab_get(l->by_name, (uintptr_t)name, true);
	if (p)
		*c = (struct prog_at){name, p};
	return p;
}

/*
 * The object's struct_ops programs, with what libbpf's
 * bpf_object_adjust_struct_ops_autoload() makes of their autoload: a
 * program named by some map's slot is loaded when one of those maps is
 * created; one no map names keeps its own. Runs after the maps are in the
 * model.
 */
static int build_progs(struct stops_object *obj, struct stops_err *err)
{
	struct stops_model *m = &obj->model;
	const struct bpf_elf *e = &obj->elf;
	struct stops_program *progs, *p;
	struct htab by_name = {0};
	struct prog_lookup look;
	struct prog_at *at;
	uint32_t nr_at = 0;
	int ret = -ENOMEM;

	progs = arena_calloc(&obj->arena, e->nr_progs ? e->nr_progs : 1,
			     sizeof(*progs));
	at = malloc((e->nr_progs ? e->nr_progs : 1) * sizeof(*at));
	if (!progs || !at)
		goto out;
	for (uint32_t i = 0; i < e->nr_progs; i++) {
		progs[i] = (struct stops_program){
			.name = e->progs[i].name,
			.sec = e->progs[i].sec,
			.autoload = e->progs[i].autoload,
			.sleepable = e->progs[i].sleepable,
		};
		ret = htab_add(&by_name, (uintptr_t)progs[i].name, &progs[i],
			       true);
		/* two programs of one name: libbpf keeps both; so do we */
		if (ret && ret != -EEXIST)
			goto out;
		if (!ret)
			at[nr_at++] =
				(struct prog_at){progs[i].name, &progs[i]};
	}
	qsort(at, nr_at, sizeof(*at), cmp_prog_at);
	look = (struct prog_lookup){.at = at,
				    .nr_at = nr_at,
				    .by_name = &by_name};
	for (uint32_t i = 0; i < m->nr_maps; i++) {
		const struct stops_map *map = &m->maps[i];

		for (uint32_t k = 0; k < map->type->nr_slots; k++) {
			if (!map->progs[k].name)
				continue;
			p = prog_lookup(&look, map->progs[k].name);
			if (!p) {
				ret = stops_errf(
					err, -EINVAL,
					"map %s: program %s is not in a struct_ops program section",
					map->name, map->progs[k].name);
				goto out;
			}
			p->nr_uses++;
			p->loaded |= m->map_state[i].autocreate;
		}
	}
	for (uint32_t i = 0; i < e->nr_progs; i++)
		if (!progs[i].nr_uses)
			progs[i].loaded = progs[i].autoload;
	m->progs = progs;
	m->nr_progs = e->nr_progs;
	ret = 0;
out:
	htab_free(&by_name);
	free(at);
	return ret;
}

static int build_model(struct stops_object *obj, const char *name,
		       struct stops_err *err)
{
	struct build b = {
		.layout =
			{
				.arena = &obj->arena,
				.btf = obj->btf,
				.obj_name = name,
				.max_members =
					layout_max_members(obj->elf.image_size),
				.max_text_bytes =
					layout_max_text(obj->elf.image_size),
				.err = err,
			},
	};
	struct stops_model *m = &obj->model;
	struct stops_map_state *state = NULL;
	void **items;
	int ret;

	m->obj_name = name;
	m->btf = obj->btf;
	b.obj_len = strlen(name);
	b.obj_unreserved = !names__reserved_prefix(name, b.obj_len);
	find_datasecs(obj->btf, b.datasec);
	ret = check_orphan_datasecs(obj, &b, err);
	if (!ret)
		ret = alloc_maps(obj, &b, &state);
	for (int i = 0; !ret && i < NR_ST_OPS_SECS; i++)
		if (obj->elf.st_ops[i].name)
			ret = add_section_maps(obj, &b, i, state);
	if (ret)
		goto out;
	ret = build_progs(obj, err);
	if (ret)
		goto out;
	ret = copy_vec(&obj->arena, &b.layout.enums, &items, &m->nr_enums);
	if (ret)
		goto out;
	m->enums = (struct stops_enum **)items;
	ret = copy_vec(&obj->arena, &b.layout.aggrs, &items, &m->nr_aggrs);
	if (ret)
		goto out;
	m->aggrs = (struct stops_aggr **)items;
out:
	layout_ctx_free(&b.layout);
	id_map_free(&b.shared);
	id_map_free(&b.shared_text);
	id_map_free(&b.slots);
	free(b.scratch);
	return ret;
}

/* What libbpf's parser lets through but the kernel's would not. */
static int check_btf_header(const uint8_t *data, uint32_t size,
			    struct stops_err *err)
{
	struct btf_header hdr;
	const char *why;

	if (size < sizeof(hdr))
		return stops_errf(err, -EINVAL,
				  "corrupt BTF: %u-byte .BTF section", size);
	memcpy(&hdr, data, sizeof(hdr));
	if (hdr.magic != BTF_MAGIC)
		return stops_errf(err, -EINVAL, "corrupt BTF: bad magic 0x%04x",
				  hdr.magic);
	if (hdr.version != BTF_VERSION || hdr.flags)
		return stops_errf(
			err, -EINVAL,
			"corrupt BTF: version %u, flags 0x%x (want version %u, no flags)",
			hdr.version, hdr.flags, BTF_VERSION);
	why = btf_raw_header_problem(data, size);
	if (why)
		return stops_errf(err, -EINVAL,
				  "corrupt BTF: %s (hdr_len %u, type_off %u)",
				  why, hdr.hdr_len, hdr.type_off);
	return 0;
}

static int load_btf(struct stops_object *obj, struct stops_err *err)
{
	int ret;

	if (!obj->elf.btf_data)
		return stops_errf(
			err, -ENOENT,
			"no BTF: the object has no .BTF section (compile with clang -g)");
	ret = check_btf_header(obj->elf.btf_data, obj->elf.btf_size, err);
	if (ret)
		return ret;
	obj->btf = btf__new(obj->elf.btf_data, obj->elf.btf_size);
	if (!obj->btf) {
		ret = -errno;
		return stops_errf(err, ret ? ret : -EINVAL, "corrupt BTF: %s",
				  strerror(ret ? -ret : EINVAL));
	}
	return 0;
}

/* Takes image (malloc'ed), freed with the object or on failure. */
static int open_image(uint8_t *image, size_t size,
		      const struct stops_open_opts *opts,
		      struct stops_object **objp, struct stops_err *err)
{
	const char *name = OPTS_GET(opts, name, NULL);
	struct stops_object *obj;
	int ret;

	*objp = NULL;
	if (!name)
		name = "object";
	if (!is_c_ident(name)) {
		free(image);
		return stops_errf(err, -EINVAL,
				  "object name '%s' is not a C identifier",
				  name);
	}
	obj = calloc(1, sizeof(*obj));
	if (!obj) {
		free(image);
		return stops_errf(err, -ENOMEM, "out of memory");
	}
	obj->image = image;
	ret = -ENOMEM;
	name = arena_strdup(&obj->arena, name);
	if (!name)
		goto err;
	ret = bpf_elf__parse(&obj->elf, &obj->arena, obj->image, size, err);
	if (ret)
		goto err;
	ret = load_btf(obj, err);
	if (ret)
		goto err;
	ret = build_model(obj, name, err);
	if (ret)
		goto err;
	obj->model.image = obj->image;
	obj->model.image_size = size;
	*objp = obj;
	return 0;
err:
	if (ret == -ENOMEM)
		stops_errf(err, ret, "out of memory");
	stops_object__free(obj);
	return ret;
}

int stops_object__open_mem(const void *buf, size_t size,
			   const struct stops_open_opts *opts,
			   struct stops_object **objp, struct stops_err *err)
{
	uint8_t *image;

	*objp = NULL;
	if (!OPTS_VALID(opts, stops_open_opts))
		return stops_errf(err, -EINVAL, "invalid open options");
	image = malloc(size ? size : 1);
	if (!image)
		return stops_errf(err, -ENOMEM, "out of memory");
	memcpy(image, buf, size);
	return open_image(image, size, opts, objp, err);
}

static int read_file(const char *path, uint8_t **buf, size_t *size,
		     struct stops_err *err)
{
	const char *why;
	uint64_t len;
	int fd, ret;

	fd = input_open(path, MAX_OBJECT_SIZE, &len, &why);
	if (fd == -EFBIG)
		return stops_errf(err, fd, "file is larger than 1 GiB");
	if (fd < 0)
		return stops_errf(err, fd, "%s", why);
	ret = input_read(fd, len, buf, &why);
	close(fd);
	if (ret)
		return stops_errf(err, ret, "read: %s", why);
	*size = (size_t)len;
	return 0;
}

int stops_object__open_file(const char *path,
			    const struct stops_open_opts *opts,
			    struct stops_object **objp, struct stops_err *err)
{
	STOPS_OPTS(stops_open_opts, o);
	char *name = NULL;
	uint8_t *buf = NULL;
	size_t size = 0;
	int ret;

	*objp = NULL;
	if (!OPTS_VALID(opts, stops_open_opts))
		return stops_errf(err, -EINVAL, "invalid open options");
	o.name = OPTS_GET(opts, name, NULL);
	if (!o.name) {
		name = stops_object__name_from_path(path);
		if (!name)
			return stops_errf(err, -ENOMEM, "out of memory");
		o.name = name;
	}
	/* The file's bytes become the image: no second copy. */
	ret = read_file(path, &buf, &size, err);
	if (!ret)
		ret = open_image(buf, size, &o, objp, err);
	free(name);
	return ret;
}

void stops_object__free(struct stops_object *obj)
{
	if (!obj)
		return;
	btf__free(obj->btf);
	arena_free(&obj->arena);
	free(obj->image);
	free(obj);
}

const struct stops_model *stops_object__model(const struct stops_object *obj)
{
	return &obj->model;
}

/*
 * The check reads programs' instructions and the license, which the model
 * does not keep. A model only ever lives inside its object (callers never
 * allocate one), so the object is found from it.
 */
const struct bpf_elf *model__elf(const struct stops_model *m)
{
	const struct stops_object *obj =
		(const struct stops_object
			 *)(const void *)((const char *)m -
					  offsetof(struct stops_object, model));

	return &obj->elf;
}

static bool has_suffix(const char *s, size_t len, const char *suf)
{
	size_t n = strlen(suf);

	return len > n && !strcmp(s + len - n, suf);
}

char *stops_object__name_from_path(const char *path)
{
	const char *base = strrchr(path, '/');
	struct arena a = {0};
	char *name, *ret;
	size_t len;

	base = base ? base + 1 : path;
	len = strlen(base);
	if (has_suffix(base, len, ".bpf.o"))
		len -= 6;
	else if (has_suffix(base, len, ".o"))
		len -= 2;
	name = strndup(base, len);
	if (!name)
		return NULL;
	ret = c_ident(&a, name);
	free(name);
	if (ret)
		ret = strdup(ret);
	arena_free(&a);
	return ret;
}
