// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* Programs: the object's struct_ops programs as libbpf would load them. */
#include <stdlib.h>
#include <string.h>

#include "object.h"

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
int build_progs(struct stops_object *obj, struct stops_err *err)
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
