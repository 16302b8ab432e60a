// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* The keyed hash table (SipHash-1-3, open addressing) behind every table. */
#define _GNU_SOURCE /* getrandom, reallocarray */
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "hash.h"
#include "prefault.h"

/*
 * SipHash-1-3 (Aumasson, Bernstein; the variant Rust's and Python's hash
 * tables use): names and ids come from the file, and with a public hash
 * (FNV-1a before) a crafted object made every key of a table collide,
 * quadratic in its size. Keyed per process at random, an object cannot
 * aim at buckets; the hash never decides output order. One compression
 * round per word and three to finish (instead of 2-4) and words read
 * whole: a 40-byte name hashes in ~150 instructions instead of ~400.
 */
#define ROTL(x, b) (uint64_t)(((x) << (b)) | ((x) >> (64 - (b))))
#define SIPROUND                                                               \
	do {                                                                   \
		v0 += v1;                                                      \
		v1 = ROTL(v1, 13);                                             \
		v1 ^= v0;                                                      \
		v0 = ROTL(v0, 32);                                             \
		v2 += v3;                                                      \
		v3 = ROTL(v3, 16);                                             \
		v3 ^= v2;                                                      \
		v0 += v3;                                                      \
		v3 = ROTL(v3, 21);                                             \
		v3 ^= v0;                                                      \
		v2 += v1;                                                      \
		v1 = ROTL(v1, 17);                                             \
		v1 ^= v2;                                                      \
		v2 = ROTL(v2, 32);                                             \
	} while (0)

/* 8 bytes as a little-endian word, as SipHash defines its input */
static uint64_t le64(const unsigned char *p)
{
	uint64_t m;

	memcpy(&m, p, sizeof(m));
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	m = __builtin_bswap64(m);
#endif
	return m;
}

static uint64_t siphash(const uint64_t k[2], const unsigned char *p, size_t len)
{
	uint64_t v0 = k[0] ^ 0x736f6d6570736575ull;
	uint64_t v1 = k[1] ^ 0x646f72616e646f6dull;
	uint64_t v2 = k[0] ^ 0x6c7967656e657261ull;
	uint64_t v3 = k[1] ^ 0x7465646279746573ull;
	uint64_t b = (uint64_t)len << 56, m;
	size_t i, tail = len & 7;

	for (i = 0; i + 8 <= len; i += 8) {
		m = le64(p + i);
		v3 ^= m;
		SIPROUND;
		v0 ^= m;
	}
	if (tail && len >= 8) /* the last word, its first bytes shifted out */
		b |= le64(p + len - 8) >> (8 * (8 - tail));
	else
		for (size_t j = tail; j-- > 0;)
			b |= (uint64_t)p[i + j] << (8 * j);
	v3 ^= b;
	SIPROUND;
	v0 ^= b;
	v2 ^= 0xff;
	SIPROUND;
	SIPROUND;
	SIPROUND;
	return v0 ^ v1 ^ v2 ^ v3;
}

/*
 * One random key per process (getrandom, else time and addresses: enough
 * that a file made in advance cannot know it). A race between threads
 * only gives tables different keys: each copies its key once.
 */
static void hash_key(uint64_t key[2])
{
	static _Atomic uint64_t k0, k1;
	static _Atomic int ready;
	uint64_t k[2];

	if (!atomic_load(&ready)) {
		if (getrandom(k, sizeof(k), GRND_NONBLOCK) != sizeof(k)) {
			struct timespec ts;

			clock_gettime(CLOCK_MONOTONIC, &ts);
			k[0] = (uint64_t)ts.tv_nsec ^ (uint64_t)(uintptr_t)&ts;
			k[1] = (uint64_t)ts.tv_sec ^ (uint64_t)(uintptr_t)key ^
			       (uint64_t)getpid() << 32;
		}
		atomic_store(&k0, k[0]);
		atomic_store(&k1, k[1]);
		atomic_store(&ready, 1);
	}
	key[0] = atomic_load(&k0);
	key[1] = atomic_load(&k1);
}

/* siphash() of the id's 8 bytes, little-endian: one word, no tail */
static uint64_t siphash_u64(const uint64_t k[2], uint64_t m)
{
	uint64_t v0 = k[0] ^ 0x736f6d6570736575ull;
	uint64_t v1 = k[1] ^ 0x646f72616e646f6dull;
	uint64_t v2 = k[0] ^ 0x6c7967656e657261ull;
	uint64_t v3 = k[1] ^ 0x7465646279746573ull;
	uint64_t b = (uint64_t)8 << 56;

	v3 ^= m;
	SIPROUND;
	v0 ^= m;
	v3 ^= b;
	SIPROUND;
	v0 ^= b;
	v2 ^= 0xff;
	SIPROUND;
	SIPROUND;
	SIPROUND;
	return v0 ^ v1 ^ v2 ^ v3;
}

uint32_t hash_index__str(const struct hash_index *h, const char *s, size_t len)
{
	return (uint32_t)siphash(h->key, (const unsigned char *)s, len);
}

uint32_t hash_index__u64(const struct hash_index *h, uint64_t v)
{
	return (uint32_t)siphash_u64(h->key, v);
}

static bool hash_full(uint32_t len, uint32_t cap)
{
	return len >= cap - cap / 4;
}

/*
 * Zeroed memory for a hash table: mapped in one call, then zeroed. A
 * probe reads a slot before it writes one, so a page of calloc()'s
 * untouched block would fault twice (zero page, then copy on write), and
 * one of a reused heap block faults in calloc()'s own memset.
 */
static void *table_alloc(size_t n, size_t size)
{
	void *p;

	if (size && n > SIZE_MAX / size)
		return NULL;
	p = malloc(n * size); /* n, size > 0: a table has 16 slots or more */
	if (p) {
		prefault(p, n * size);
		memset(p, 0, n * size);
	}
	return p;
}

/* To cap refs (a power of two), moved by their stored hash. */
static int hash_index_resize(struct hash_index *h, uint32_t cap)
{
	struct hash_ref *refs = table_alloc(cap, sizeof(*refs));

	if (!refs)
		return -ENOMEM;
	if (!h->cap)
		hash_key(h->key);
	for (uint32_t i = 0; i < h->cap; i++) {
		uint32_t k;

		if (!h->refs[i].idx)
			continue;
		for (k = h->refs[i].hash & (cap - 1); refs[k].idx;
		     k = (k + 1) & (cap - 1))
			;
		refs[k] = h->refs[i];
	}
	free(h->refs);
	h->refs = refs;
	h->cap = cap;
	return 0;
}

int hash_index__reserve(struct hash_index *h, uint32_t n)
{
	uint32_t cap = h->cap ? h->cap : 16;

	while (hash_full(n, cap)) {
		if (cap > UINT32_MAX / 2)
			return -ENOMEM;
		cap *= 2;
	}
	return cap == h->cap ? 0 : hash_index_resize(h, cap);
}

int hash_index__room(struct hash_index *h)
{
	if (!hash_full(h->len, h->cap))
		return 0;
	if (h->cap > UINT32_MAX / 2)
		return -ENOMEM;
	return hash_index_resize(h, h->cap ? h->cap * 2 : 16);
}

void hash_index__place(struct hash_index *h, struct hash_ref *refs,
		       uint32_t cap)
{
	h->refs = refs;
	h->cap = cap;
	h->len = 0;
	hash_key(h->key);
}

void hash_index__free(struct hash_index *h)
{
	free(h->refs);
	memset(h, 0, sizeof(*h));
}

/* htab: entries in insertion order, found through the index. */

static uint32_t key_hash(const struct htab *h, uint64_t key, bool str_key)
{
	if (str_key) {
		const char *s = (const char *)(uintptr_t)key;

		return hash_index__str(&h->index, s, strlen(s));
	}
	return hash_index__u64(&h->index, key);
}

static bool entry_eq(const struct htab_entry *e, uint64_t key, bool str_key)
{
	if (str_key)
		return !strcmp((const char *)(uintptr_t)e->key,
			       (const char *)(uintptr_t)key);
	return e->key == key;
}

/* Room for n entries; not zeroed: an entry is written whole when taken. */
static int htab_grow_entries(struct htab *h, uint32_t n)
{
	struct htab_entry *e;

	if (n <= h->entries_cap)
		return 0;
	e = reallocarray(h->entries, n, sizeof(*e));
	if (!e)
		return -ENOMEM;
	h->entries = e;
	h->entries_cap = n;
	return 0;
}

int htab_reserve(struct htab *h, uint32_t n, bool str_key)
{
	int ret = hash_index__reserve(&h->index, n);

	(void)str_key;
	if (!ret && n > h->entries_cap) {
		ret = htab_grow_entries(h, n);
		/* reserved entries are taken in order: map them in one call */
		if (!ret)
			prefault(h->entries + h->index.len,
				 (size_t)(n - h->index.len) *
					 sizeof(*h->entries));
	}
	return ret;
}

void *htab_get(const struct htab *h, uint64_t key, bool str_key)
{
	const struct hash_index *x = &h->index;
	uint32_t hash;

	if (!x->cap)
		return NULL;
	hash = key_hash(h, key, str_key);
	for (uint32_t k = hash_first(x, hash); x->refs[k].idx;
	     k = hash_next(x, k))
		if (x->refs[k].hash == hash &&
		    entry_eq(&h->entries[x->refs[k].idx - 1], key, str_key))
			return h->entries[x->refs[k].idx - 1].val;
	return NULL;
}

int htab_add(struct htab *h, uint64_t key, void *val, bool str_key)
{
	struct hash_index *x = &h->index;
	uint32_t k, hash;

	if (hash_index__room(x))
		return -ENOMEM;
	hash = key_hash(h, key, str_key);
	for (k = hash_first(x, hash); x->refs[k].idx; k = hash_next(x, k))
		if (x->refs[k].hash == hash &&
		    entry_eq(&h->entries[x->refs[k].idx - 1], key, str_key))
			return -EEXIST;
	/* len < cap - cap / 4: no overflow of the doubling */
	if (x->len == h->entries_cap &&
	    htab_grow_entries(h, x->len ? x->len * 2 : 16))
		return -ENOMEM;
	h->entries[x->len] = (struct htab_entry){key, val};
	hash_index__insert(x, k, hash, x->len + 1);
	return 0;
}

void htab_free(struct htab *h)
{
	hash_index__free(&h->index);
	free(h->entries);
	memset(h, 0, sizeof(*h));
}
