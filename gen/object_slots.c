// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* Slots: which program each map's function pointers name, arrays shared. */
#include <stdlib.h>
#include <string.h>

#include "object.h"

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
	x = id_map_get(&b->slots.index, tid);
	if (!x) {
		x = index_slots(b->layout.arena, mb->aggr);
		if (!x || id_map_put(&b->slots.index, tid, x))
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
	if (n >= b->slots.scratch_cap) {
		free(b->slots.scratch);
		b->slots.scratch_cap = n + 1;
		b->slots.scratch = malloc(b->slots.scratch_cap *
					  sizeof(*b->slots.scratch));
		if (!b->slots.scratch)
			return -ENOMEM;
	}
	memset(b->slots.scratch, 0, n * sizeof(*b->slots.scratch));
	mb->progs = b->slots.scratch;
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

	if (!mb || mb->progs != b->slots.scratch)
		return 0;
	mb->progs = NULL;
	k = &b->slots.kept[(h >> (64 - KEPT_SLOTS_BITS)) & ~1u];
	if (same_slots(&k[0], b->slots.scratch, n) ||
	    same_slots(&k[1], b->slots.scratch, n)) {
		k += !same_slots(&k[0], b->slots.scratch, n);
		mb->map->progs = k->progs;
		return 0;
	}
	p = arena_alloc(b->layout.arena, (n ?: 1) * sizeof(*p));
	if (!p)
		return -ENOMEM;
	memcpy(p, b->slots.scratch, n * sizeof(*p));
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
		if (nr > b->slots.no_progs_n || !b->slots.no_progs) {
			b->slots.no_progs =
				arena_calloc(b->layout.arena, nr ?: 1,
					     sizeof(*b->slots.no_progs));
			if (!b->slots.no_progs)
				return -ENOMEM;
			b->slots.no_progs_n = nr;
		}
		map->progs = b->slots.no_progs;
	}
	return 0;
}

static int cmp_build(const void *a, const void *b)
{
	const struct map_build *x = a, *y = b;

	return (x->map->sec_off > y->map->sec_off) -
	       (x->map->sec_off < y->map->sec_off);
}

int place_progs(struct build *b, const struct bpf_elf *e,
		const struct elf_sec *sec, struct map_build *maps, uint32_t n,
		struct stops_err *err)
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

void build_slots__free(struct build_slots *s)
{
	id_map_free(&s->index);
	free(s->scratch);
	s->scratch = NULL;
	s->scratch_cap = 0;
}
