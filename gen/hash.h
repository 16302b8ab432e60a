/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/* The keyed hash table every table of gen/ is built on. */
#ifndef STOPS_HASH_H
#define STOPS_HASH_H

#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * One open-addressing hash table (linear probing, at most 3/4 full) for
 * two key kinds: strings (not copied) and BTF type ids. A slot is used
 * when val is set.
 */
struct htab_slot {
	uint64_t key; /* type id, or the string's address */
	void *val;
};

struct htab {
	struct htab_slot *slots;
	/* string keys: each slot's key_hash(), so that growing does not
	 * hash again and probes compare it before strcmp; NULL for ids */
	uint32_t *hashes;
	uint32_t cap;
	uint32_t len;
	uint64_t key[2]; /* SipHash key, set with the first slots */
};

/* 0 when added, -EEXIST when key is present (its value kept), -ENOMEM. */
int htab_add(struct htab *h, uint64_t key, void *val, bool str_key);
void *htab_get(const struct htab *h, uint64_t key, bool str_key);
/* Room for n keys in all, made at once (growing step by step touches
 * twice the memory); 0 or -ENOMEM. */
int htab_reserve(struct htab *h, uint32_t n, bool str_key);
void htab_free(struct htab *h);

/* htab's keyed string hash, for a table of one's own (e.g. in an arena). */
void str_hash_init(uint64_t key[2]);
uint32_t str_hash(const uint64_t key[2], const char *s);

/* Set of strings, for generated type and member names. */
struct name_set {
	struct htab h;
};

/* 0 when added, -EEXIST when name is already in the set, -ENOMEM. */
static inline int name_set_add(struct name_set *set, const char *name)
{
	return htab_add(&set->h, (uintptr_t)name, (void *)(uintptr_t)name,
			true);
}

/* Room for n names in all: see htab_reserve(). */
static inline int name_set_reserve(struct name_set *set, uint32_t n)
{
	return htab_reserve(&set->h, n, true);
}

static inline void name_set_free(struct name_set *set)
{
	htab_free(&set->h);
}

/* BTF type id -> pointer, for what is built once per type. */
struct id_map {
	struct htab h;
};

static inline void *id_map_get(const struct id_map *map, uint32_t id)
{
	return htab_get(&map->h, id, false);
}

/* val must not be NULL; an id already present keeps its value. */
static inline int id_map_put(struct id_map *map, uint32_t id, void *val)
{
	int ret = htab_add(&map->h, id, val, false);

	return ret == -EEXIST ? 0 : ret;
}

static inline void id_map_free(struct id_map *map)
{
	htab_free(&map->h);
}

/* The table's parts, for a table of one's own (pair_set). */
uint64_t siphash(const uint64_t k[2], const unsigned char *p, size_t len);
void hash_key(uint64_t key[2]);
void *table_alloc(size_t n, size_t size);
bool htab_full(uint32_t len, uint32_t cap);

#endif /* STOPS_HASH_H */
