/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/* Utilities every stage uses: arena, vectors, hash table, errors, names. */
#ifndef STOPS_UTIL_H
#define STOPS_UTIL_H

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "stops_shadow.h"

/* Nesting deeper than this is hostile input, not a real ops table. */
#define STOPS_MAX_DEPTH 32
/* Modifier/typedef chains longer than this are loops. */
#define STOPS_MAX_CHAIN 64

/* Bump allocator: the model lives and dies with its object. */
struct arena {
	struct arena_block *head;
};

void *arena_alloc(struct arena *a, size_t size);
void *arena_calloc(struct arena *a, size_t n, size_t size);
/* size bytes for a string, unaligned (packed); NULL: out of memory */
char *arena_chars(struct arena *a, size_t size);
char *arena_strdup(struct arena *a, const char *s);
char *arena_printf(struct arena *a, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void arena_free(struct arena *a);
/* malloc'ed printf, for emitters' transient strings */
char *str_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/*
 * Maps the whole pages of buf[0, len) in one call, for a fresh buffer
 * about to be written through: one fault per page costs 1.5 us on one
 * machine and 10-20 us on a virtual one (bench/README.md), this a fraction
 * of that. Best effort (MADV_POPULATE_WRITE, Linux >= 5.14), only from
 * PREFAULT_MIN bytes; returns whether the pages are mapped.
 */
#define PREFAULT_MIN (32 * 1024)
bool prefault(void *buf, size_t len);

/* Growable array of pointers. */
struct ptr_vec {
	void **items;
	uint32_t len;
	uint32_t cap;
};

/* Room for n more items pushed in order; a hint, push still grows. */
int ptr_vec_reserve(struct ptr_vec *v, uint32_t n);
int ptr_vec_push(struct ptr_vec *v, void *p);
void ptr_vec_free(struct ptr_vec *v);

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

/*
 * Set of names each kept as two pointers, head and tail (the name is
 * head followed by tail; tail "" for a whole name): thousands of names
 * like "<shadow>__MEMBERS" without a copy of each. The strings must
 * outlive the set.
 *
 * Names ending in one of the suffixes the caller gives (at most 7) are
 * kept by stem: one slot per stem, with a bit for each suffix taken (bit
 * 0: the stem itself). A name's stem is the name without the longest of
 * the suffixes it ends with (all of it when none): a function of the
 * name, so the set answers as one of whole names would, while a map's
 * "<shadow>", "<shadow>__MEMBERS", ... share one slot and one hash.
 */
#define PAIR_SET_SUFFIXES 7

struct pair_slot {
	const char *head;
	const char *tail;
	uint32_t head_len;
	uint32_t stem_len; /* the stem: the first stem_len bytes of the name */
	uint8_t mask;	   /* suffixes taken: bit 0 none, bit i suffix i - 1 */
};

/*
 * The table holds 8-byte references to a dense array of slots: a table
 * of whole slots left a quarter or more of 32-byte slots empty, and each
 * page of it faulted in (a quarter of the claiming's page faults).
 */
struct pair_ref {
	uint32_t hash; /* of the stem */
	uint32_t slot; /* slots[slot - 1]; 0: empty */
};

struct pair_set {
	struct pair_ref *refs;
	struct pair_slot *slots; /* len used, slots_cap allocated */
	uint32_t cap;
	uint32_t len, slots_cap;
	uint64_t key[2];
	/* suffixes, longest first */
	const char *suffix[PAIR_SET_SUFFIXES];
	uint32_t suffix_len[PAIR_SET_SUFFIXES];
	uint64_t suffix_end[PAIR_SET_SUFFIXES]; /* last 8 bytes, if 8 */
	uint32_t nr_suffixes;
	uint64_t suffix_last[4]; /* the suffixes' last bytes, a bit each */
	bool suffixes_nest;	 /* one suffix ends with another */
	/* the slot of the last stem that lay in a head: names claimed
	 * one after another with the same head skip hashing it again */
	const char *last_head;
	uint32_t last_stem_len, last_slot; /* last_slot: slots[last_slot - 1] */
};

/*
 * Suffixes for stems (at most PAIR_SET_SUFFIXES, none empty, each at most
 * once), set before the first name; they must outlive the set.
 */
void pair_set_suffixes(struct pair_set *set, const char *const *suffix,
		       uint32_t n);
/*
 * name: head and tail joined, len bytes, as the caller has it at hand
 * (hashed and compared; not kept). 0 when added, -EEXIST when the name is
 * in the set, -ENOMEM.
 */
int pair_set_add(struct pair_set *set, const char *name, size_t len,
		 const char *head, const char *tail);
/*
 * pair_set_add() of head (head_len bytes) followed by tail, without the
 * name at hand: quick when tail is one of the suffixes given (the same
 * pointer), else the name is joined in a buffer.
 */
int pair_set_add_split(struct pair_set *set, const char *head, size_t head_len,
		       const char *tail);
/*
 * Adding head with each of n tails at once, all or none: the tails as a
 * mask for pair_set_add_mask(), 0; -EAGAIN when a tail is not one of the
 * suffixes given ("" is head alone) or suffixes nest: add one by one.
 */
int pair_set_tails_mask(const struct pair_set *set, const char *const *tail,
			uint32_t n, uint32_t *mask);
/*
 * 0 when all were added; -EEXIST, nothing added, when one is in the set;
 * -EAGAIN when head alone has another stem (it ends with a suffix).
 */
int pair_set_add_mask(struct pair_set *set, const char *head, size_t head_len,
		      uint32_t mask);
/* Room for n stems in all, made at once; 0 or -ENOMEM. */
int pair_set_reserve(struct pair_set *set, uint32_t n);
void pair_set_free(struct pair_set *set);

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

int stops_errf(struct stops_err *err, int ret, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/*
 * Options structs grow at their end (libbpf's OPTS convention): a caller
 * built against an older header passes a smaller sz, a newer one a larger
 * sz whose bytes this library does not know must be zero.
 */
bool opts_valid(const void *opts, size_t sz, size_t known);

#define offsetofend(TYPE, FIELD)                                               \
	(offsetof(TYPE, FIELD) + sizeof(((TYPE *)0)->FIELD))
#define OPTS_VALID(opts, TYPE)                                                 \
	(!(opts) || opts_valid((opts), (opts)->sz,                             \
			       offsetofend(struct TYPE, TYPE##__last_field)))
#define OPTS_HAS(opts, FIELD)                                                  \
	((opts) && (opts)->sz >= offsetofend(__typeof__(*(opts)), FIELD))
#define OPTS_GET(opts, FIELD, fallback)                                        \
	(OPTS_HAS(opts, FIELD) ? (opts)->FIELD : (fallback))

char *c_ident(struct arena *a, const char *s);
/* Names from the object end up in C code and comments: only these pass. */
bool is_c_ident(const char *s);
bool is_comment_safe(const char *s);

#endif /* STOPS_UTIL_H */
