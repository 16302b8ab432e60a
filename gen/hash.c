// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* The keyed hash table (SipHash-1-3, open addressing) behind every table. */
#define _GNU_SOURCE /* getrandom */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "util.h"

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

uint64_t siphash(const uint64_t k[2], const unsigned char *p, size_t len)
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
void hash_key(uint64_t key[2])
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

static uint32_t key_hash(const struct htab *h, uint64_t key, bool str_key)
{
	if (str_key) {
		const char *s = (const char *)(uintptr_t)key;

		return (uint32_t)siphash(h->key, (const unsigned char *)s,
					 strlen(s));
	}
	return (uint32_t)siphash_u64(h->key, key);
}

/* Equal keys; for strings the stored hash rules most others out first. */
static bool slot_eq(const struct htab *h, uint32_t k, uint64_t key,
		    uint32_t hash, bool str_key)
{
	if (str_key)
		return h->hashes[k] == hash &&
		       !strcmp((const char *)(uintptr_t)h->slots[k].key,
			       (const char *)(uintptr_t)key);
	return h->slots[k].key == key;
}

bool htab_full(uint32_t len, uint32_t cap)
{
	return len >= cap - cap / 4;
}

/*
 * Zeroed memory for a hash table: mapped in one call, then zeroed. A
 * probe reads a slot before it writes one, so a page of calloc()'s
 * untouched block would fault twice (zero page, then copy on write), and
 * one of a reused heap block faults in calloc()'s own memset.
 */
void *table_alloc(size_t n, size_t size)
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

/* To cap slots (a power of two); string keys move by their stored hash. */
static int htab_resize(struct htab *h, uint32_t cap, bool str_key)
{
	size_t per = sizeof(*h->slots) + (str_key ? sizeof(*h->hashes) : 0);
	struct htab_slot *slots = table_alloc(cap, per);
	uint32_t *hashes = str_key ? (uint32_t *)(slots + cap) : NULL;

	if (!slots)
		return -ENOMEM;
	if (!h->cap)
		hash_key(h->key);
	for (uint32_t i = 0; i < h->cap; i++) {
		uint32_t k, hash;

		if (!h->slots[i].val)
			continue;
		hash = str_key ? h->hashes[i]
			       : key_hash(h, h->slots[i].key, false);
		for (k = hash & (cap - 1); slots[k].val;
		     k = (k + 1) & (cap - 1))
			;
		slots[k] = h->slots[i];
		if (hashes)
			hashes[k] = hash;
	}
	free(h->slots);
	h->slots = slots;
	h->hashes = hashes;
	h->cap = cap;
	return 0;
}

int htab_reserve(struct htab *h, uint32_t n, bool str_key)
{
	uint32_t cap = h->cap ? h->cap : 16;

	while (htab_full(n, cap)) {
		if (cap > UINT32_MAX / 2)
			return -ENOMEM;
		cap *= 2;
	}
	return cap == h->cap ? 0 : htab_resize(h, cap, str_key);
}

void *htab_get(const struct htab *h, uint64_t key, bool str_key)
{
	uint32_t hash;

	if (!h->cap)
		return NULL;
	hash = key_hash(h, key, str_key);
	for (uint32_t k = hash & (h->cap - 1); h->slots[k].val;
	     k = (k + 1) & (h->cap - 1))
		if (slot_eq(h, k, key, hash, str_key))
			return h->slots[k].val;
	return NULL;
}

int htab_add(struct htab *h, uint64_t key, void *val, bool str_key)
{
	uint32_t k, hash;

	if (htab_full(h->len, h->cap) &&
	    (h->cap > UINT32_MAX / 2 ||
	     htab_resize(h, h->cap ? h->cap * 2 : 16, str_key)))
		return -ENOMEM;
	hash = key_hash(h, key, str_key);
	for (k = hash & (h->cap - 1); h->slots[k].val;
	     k = (k + 1) & (h->cap - 1))
		if (slot_eq(h, k, key, hash, str_key))
			return -EEXIST;
	h->slots[k].key = key;
	h->slots[k].val = val;
	if (str_key)
		h->hashes[k] = hash;
	h->len++;
	return 0;
}

void htab_free(struct htab *h)
{
	free(h->slots);
	memset(h, 0, sizeof(*h));
}

void str_hash_init(uint64_t key[2])
{
	hash_key(key);
}

uint32_t str_hash(const uint64_t key[2], const char *s)
{
	return (uint32_t)siphash(key, (const unsigned char *)s, strlen(s));
}
