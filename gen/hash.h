/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/* The keyed hash table every table of gen/ is built on. */
#ifndef STOPS_HASH_H
#define STOPS_HASH_H

#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * The one hash table of gen/: open addressing, linear probing, at most 3/4
 * full, keyed per process with SipHash-1-3 (names and ids come from the
 * file: with a public hash a crafted object made every key of a table
 * collide). A table is an index of references, each a key's 32-bit hash
 * and the 1-based place of its entry in an array its user keeps: growing
 * moves references by their stored hash and never hashes again; a probe
 * compares the hash before it reads the entry. htab keeps key/value
 * entries; pair_set (emit_claim.c), the ELF symbols (elf.c) and the
 * reserved names (names.c) keep their own entries on the same index.
 */
struct hash_ref {
	uint32_t hash;
	uint32_t idx; /* entry + 1; 0: empty */
};

struct hash_index {
	struct hash_ref *refs;
	uint32_t cap; /* a power of two; 0 until the first room is made */
	uint32_t len;
	uint64_t key[2]; /* SipHash key, set with the first refs */
};

/* The keyed hashes; valid once the index has room (its key is set). */
uint32_t hash_index__str(const struct hash_index *h, const char *s, size_t len);
uint32_t hash_index__u64(const struct hash_index *h, uint64_t v);

/*
 * A probe: for (k = hash_first(h, hash); h->refs[k].idx;
 * k = hash_next(h, k)) compare, then hash_index__insert() at the empty k.
 */
static inline uint32_t hash_first(const struct hash_index *h, uint32_t hash)
{
	return hash & (h->cap - 1);
}

static inline uint32_t hash_next(const struct hash_index *h, uint32_t k)
{
	return (k + 1) & (h->cap - 1);
}

static inline void hash_index__insert(struct hash_index *h, uint32_t k,
				      uint32_t hash, uint32_t idx)
{
	h->refs[k].hash = hash;
	h->refs[k].idx = idx;
	h->len++;
}

/* Room for one more reference (before hashing: it sets the key); 0 or
 * -ENOMEM. */
int hash_index__room(struct hash_index *h);
/* Room for n references in all, made at once (growing step by step
 * touches twice the memory); 0 or -ENOMEM. */
int hash_index__reserve(struct hash_index *h, uint32_t n);
/* An index of cap zeroed refs the caller allocated (e.g. in an arena), for
 * at most 3/4 cap references: it never grows, and is not freed. */
void hash_index__place(struct hash_index *h, struct hash_ref *refs,
		       uint32_t cap);
void hash_index__free(struct hash_index *h);

/* Key/value table for two key kinds: strings (not copied) and BTF ids. */
struct htab_entry {
	uint64_t key; /* type id, or the string's address */
	void *val;
};

struct htab {
	struct hash_index index;
	struct htab_entry *entries; /* index.len used, entries_cap allocated */
	uint32_t entries_cap;
};

/* 0 when added, -EEXIST when key is present (its value kept), -ENOMEM. */
int htab_add(struct htab *h, uint64_t key, void *val, bool str_key);
void *htab_get(const struct htab *h, uint64_t key, bool str_key);
/* Room for n keys in all, made at once; 0 or -ENOMEM. */
int htab_reserve(struct htab *h, uint32_t n, bool str_key);
void htab_free(struct htab *h);

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

#endif /* STOPS_HASH_H */
