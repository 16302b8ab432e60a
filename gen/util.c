// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* Memory arena, pointer vectors, hash table, errors and identifier helpers. */
#define _GNU_SOURCE /* getrandom */
#include <ctype.h>
#include <limits.h>
#include <stdatomic.h>
#include <sys/mman.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

struct arena_block {
	struct arena_block *next;
	size_t used;
	size_t cap;
	bool huge; /* arena_huge_block()'s: munmap, not free */
	max_align_t data[];
};

#define ARENA_BLOCK (64 * 1024)

/*
 * Past ARENA_HUGE_AFTER bytes an arena holds a big model (300 distinct
 * types: 1.3 MB of members), and its next blocks are 2 MiB transparent
 * huge pages. On the bench's virtual machine the first write to each
 * fresh 4 KiB page costs ~5 us even after MADV_POPULATE_WRITE, one huge
 * page ~0.2 ms in all: 1.2 MB written, 2.7 -> 0.2 ms (bench/README.md).
 * Small objects stay below and touch no more than they did.
 */
#define ARENA_HUGE	 ((size_t)2 << 20)
#define ARENA_HUGE_AFTER ((size_t)256 << 10)

static bool arena_is_big(const struct arena *a)
{
	size_t total = 0;

	for (const struct arena_block *b = a->head; b; b = b->next)
		if (b->huge || (total += b->cap) >= ARENA_HUGE_AFTER)
			return true;
	return false;
}

/* A 2 MiB-aligned block of 2 MiB, huge pages asked for; NULL: none. */
static struct arena_block *arena_huge_block(void)
{
#ifdef MADV_HUGEPAGE
	size_t len = 2 * ARENA_HUGE;
	char *p = mmap(NULL, len, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	char *at;

	if (p == MAP_FAILED)
		return NULL;
	at = (char *)(((uintptr_t)p + ARENA_HUGE - 1) & ~(ARENA_HUGE - 1));
	if (at > p)
		munmap(p, (size_t)(at - p));
	munmap(at + ARENA_HUGE, (size_t)(p + len - (at + ARENA_HUGE)));
	/* no THP (or none allowed): small pages, mapped at once as before */
	if (madvise(at, ARENA_HUGE, MADV_HUGEPAGE))
		prefault(at, ARENA_HUGE);
	return (struct arena_block *)(void *)at;
#else
	return NULL;
#endif
}

/* size bytes at a multiple of align (a power of two, at most max_align_t) */
static void *arena_take(struct arena *a, size_t size, size_t align)
{
	struct arena_block *b = a->head;
	size_t at = b ? (b->used + align - 1) & ~(align - 1) : 0;
	void *p;

	if (!b || at > b->cap || b->cap - at < size) {
		size_t cap = size > ARENA_BLOCK ? size : ARENA_BLOCK;
		bool huge = false;

		if (cap > SIZE_MAX - sizeof(*b))
			return NULL;
		if (size <= ARENA_HUGE - sizeof(*b) && arena_is_big(a)) {
			b = arena_huge_block();
			huge = b != NULL;
			if (huge)
				cap = ARENA_HUGE - sizeof(*b);
		}
		if (!huge) {
			b = malloc(sizeof(*b) + cap);
			if (!b)
				return NULL;
			/* blocks fill from the start up: the pages will be
			 * written */
			prefault(b, sizeof(*b) + cap);
		}
		b->huge = huge;
		b->used = 0;
		b->cap = cap;
		b->next = a->head;
		a->head = b;
		at = 0;
	}
	p = (char *)b->data + at;
	b->used = at + size;
	return p;
}

bool prefault(void *buf, size_t len)
{
#ifdef MADV_POPULATE_WRITE
	uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
	uintptr_t lo = ((uintptr_t)buf + page - 1) & ~(page - 1);
	uintptr_t hi = ((uintptr_t)buf + len) & ~(page - 1);

	return len >= PREFAULT_MIN && hi > lo &&
	       !madvise((void *)lo, hi - lo, MADV_POPULATE_WRITE);
#else
	(void)buf;
	(void)len;
	return false;
#endif
}

void *arena_alloc(struct arena *a, size_t size)
{
	return arena_take(a, size, sizeof(max_align_t));
}

/* Strings need no alignment: names packed, not 16 bytes apart. */
static char *arena_str(struct arena *a, size_t size)
{
	return arena_take(a, size, 1);
}

char *arena_chars(struct arena *a, size_t size)
{
	return arena_str(a, size);
}

void *arena_calloc(struct arena *a, size_t n, size_t size)
{
	void *p;

	if (size && n > SIZE_MAX / size)
		return NULL;
	p = arena_alloc(a, n * size);
	if (p)
		memset(p, 0, n * size);
	return p;
}

char *arena_strdup(struct arena *a, const char *s)
{
	size_t len = strlen(s) + 1;
	char *p = arena_str(a, len);

	if (p)
		memcpy(p, s, len);
	return p;
}

/*
 * Formats made of %s and %u (unsigned int) only, the names' formats,
 * without vsnprintf's parsing: the length, or -1 for any other
 * conversion. Only cap - 1 bytes and the NUL are written; a length of cap
 * or more did not fit (as vsnprintf).
 */
static int format_su(char *buf, size_t cap, const char *fmt, va_list ap)
{
	size_t len = 0;

	for (const char *p = fmt; *p; p++) {
		char num[10];
		const char *s = p;
		size_t n = 1;

		if (*p != '%') {
			if (len + 1 < cap)
				buf[len] = *p;
			len++;
			continue;
		}
		if (p[1] == 's') {
			s = va_arg(ap, const char *);
			s = s ? s : "(null)"; /* as glibc's printf */
			n = strlen(s);
			p++;
		} else if (p[1] == 'u') {
			unsigned int v = va_arg(ap, unsigned int);

			n = 0;
			do {
				num[sizeof(num) - ++n] = (char)('0' + v % 10);
				v /= 10;
			} while (v);
			s = num + sizeof(num) - n;
			p++;
		} else if (p[1] == '%') {
			p++;
		} else {
			return -1;
		}
		if (len + n < cap)
			memcpy(buf + len, s, n);
		len += n;
		if (len > INT_MAX)
			return -1;
	}
	if (len < cap)
		buf[len] = '\0';
	return (int)len;
}

/* printf into the arena, or into malloc'ed memory when a is NULL */
static char *vformat(struct arena *a, const char *fmt, va_list ap)
{
	char buf[256]; /* most names: formatted once, here */
	va_list again;
	char *p;
	int len;

	va_copy(again, ap);
	len = format_su(buf, sizeof(buf), fmt, again);
	va_end(again);
	if (len < 0) {
		va_copy(again, ap);
		len = vsnprintf(buf, sizeof(buf), fmt, again);
		va_end(again);
	}
	if (len < 0)
		return NULL;
	p = a ? arena_str(a, (size_t)len + 1) : malloc((size_t)len + 1);
	if (p && (size_t)len < sizeof(buf))
		memcpy(p, buf, (size_t)len + 1);
	else if (p)
		vsnprintf(p, (size_t)len + 1, fmt, ap);
	return p;
}

char *arena_printf(struct arena *a, const char *fmt, ...)
{
	va_list ap;
	char *p;

	va_start(ap, fmt);
	p = vformat(a, fmt, ap);
	va_end(ap);
	return p;
}

char *str_printf(const char *fmt, ...)
{
	va_list ap;
	char *p;

	va_start(ap, fmt);
	p = vformat(NULL, fmt, ap);
	va_end(ap);
	return p;
}

void arena_free(struct arena *a)
{
	struct arena_block *b = a->head, *next;

	for (; b; b = next) {
		next = b->next;
		if (b->huge)
			munmap(b, ARENA_HUGE);
		else
			free(b);
	}
	a->head = NULL;
}

static int ptr_vec_grow(struct ptr_vec *v, uint32_t cap)
{
	void **items = reallocarray(v->items, cap, sizeof(*items));

	if (!items)
		return -ENOMEM;
	v->items = items;
	v->cap = cap;
	return 0;
}

int ptr_vec_reserve(struct ptr_vec *v, uint32_t n)
{
	int ret;

	if (n <= v->cap - v->len)
		return 0;
	if (n > UINT32_MAX - v->len)
		return -ENOMEM;
	ret = ptr_vec_grow(v, v->len + n);
	/* reserved items are pushed in order: map them in one call */
	if (!ret)
		prefault(v->items + v->len, (size_t)n * sizeof(*v->items));
	return ret;
}

int ptr_vec_push(struct ptr_vec *v, void *p)
{
	if (v->len == v->cap) {
		uint32_t cap = v->cap ? v->cap * 2 : 16;

		if (cap < v->cap || ptr_vec_grow(v, cap))
			return -ENOMEM;
	}
	v->items[v->len++] = p;
	return 0;
}

void ptr_vec_free(struct ptr_vec *v)
{
	free(v->items);
	v->items = NULL;
	v->len = v->cap = 0;
}

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

static bool htab_full(uint32_t len, uint32_t cap)
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

static int pair_set_resize(struct pair_set *set, uint32_t cap)
{
	struct pair_ref *refs = table_alloc(cap, sizeof(*refs));

	if (!refs)
		return -ENOMEM;
	if (!set->cap)
		hash_key(set->key);
	for (uint32_t i = 0; i < set->cap; i++) {
		uint32_t k;

		if (!set->refs[i].slot)
			continue;
		for (k = set->refs[i].hash & (cap - 1); refs[k].slot;
		     k = (k + 1) & (cap - 1))
			;
		refs[k] = set->refs[i];
	}
	free(set->refs);
	set->refs = refs;
	set->cap = cap;
	return 0;
}

/*
 * Room for n slots. Not zeroed: a slot is written whole when taken, so
 * pages past the last slot taken are never touched.
 */
static int pair_set_grow_slots(struct pair_set *set, uint32_t n)
{
	struct pair_slot *slots;

	if (n <= set->slots_cap)
		return 0;
	slots = reallocarray(set->slots, n, sizeof(*slots));
	if (!slots)
		return -ENOMEM;
	set->slots = slots;
	set->slots_cap = n;
	return 0;
}

int pair_set_reserve(struct pair_set *set, uint32_t n)
{
	uint32_t cap = set->cap ? set->cap : 16;
	int ret;

	while (htab_full(n, cap)) {
		if (cap > UINT32_MAX / 2)
			return -ENOMEM;
		cap *= 2;
	}
	if (n > set->slots_cap) {
		ret = pair_set_grow_slots(set, n);
		if (ret)
			return ret;
		/* reserved slots are taken in order: map them in one call */
		prefault(set->slots + set->len,
			 (size_t)(n - set->len) * sizeof(*set->slots));
	}
	return cap == set->cap ? 0 : pair_set_resize(set, cap);
}

void pair_set_suffixes(struct pair_set *set, const char *const *suffix,
		       uint32_t n)
{
	uint32_t i, j;

	set->nr_suffixes = 0;
	for (i = 0; i < n && i < PAIR_SET_SUFFIXES; i++) {
		size_t len = strlen(suffix[i]);

		/* insertion by length, longest first */
		for (j = set->nr_suffixes;
		     j > 0 && set->suffix_len[j - 1] < len; j--) {
			set->suffix[j] = set->suffix[j - 1];
			set->suffix_len[j] = set->suffix_len[j - 1];
			set->suffix_end[j] = set->suffix_end[j - 1];
		}
		set->suffix[j] = suffix[i];
		set->suffix_len[j] = (uint32_t)len;
		set->suffix_end[j] = 0;
		if (len >= 8)
			memcpy(&set->suffix_end[j], suffix[i] + len - 8, 8);
		set->nr_suffixes++;
	}
	memset(set->suffix_last, 0, sizeof(set->suffix_last));
	for (i = 0; i < set->nr_suffixes; i++) {
		size_t n = set->suffix_len[i];
		unsigned char c = n ? (unsigned char)set->suffix[i][n - 1] : 0;

		set->suffix_last[c / 64] |= 1ull << c % 64;
	}
	set->suffixes_nest = false;
	for (i = 0; i < set->nr_suffixes; i++)
		for (j = 0; j < set->nr_suffixes; j++)
			if (i != j &&
			    set->suffix_len[i] >= set->suffix_len[j] &&
			    !memcmp(set->suffix[i] + set->suffix_len[i] -
					    set->suffix_len[j],
				    set->suffix[j], set->suffix_len[j]))
				set->suffixes_nest = true;
}

/* The suffix name ends with (the longest), as its bit; 0: none. */
static uint32_t name_suffix(const struct pair_set *set, const char *name,
			    size_t len)
{
	uint64_t end = 0;
	unsigned char c = len ? (unsigned char)name[len - 1] : 0;

	/* most names end in a byte no suffix ends in */
	if (!len || !(set->suffix_last[c / 64] & 1ull << c % 64))
		return 0;
	if (len >= 8)
		memcpy(&end, name + len - 8, 8);
	for (uint32_t i = 0; i < set->nr_suffixes; i++) {
		size_t n = set->suffix_len[i];

		if (len < n)
			continue;
		if (n >= 8 ? end == set->suffix_end[i] &&
				     !memcmp(name + len - n, set->suffix[i],
					     n - 8)
			   : !memcmp(name + len - n, set->suffix[i], n))
			return i + 1;
	}
	return 0;
}

/* Whether the slot's stem is the len bytes at s. */
static bool stem_eq(const struct pair_slot *slot, const char *s, size_t len)
{
	size_t h = slot->head_len;

	if (slot->stem_len != len)
		return false;
	if (h >= len)
		return !memcmp(slot->head, s, len);
	return !memcmp(slot->head, s, h) && !memcmp(slot->tail, s + h, len - h);
}

/*
 * The slot of the stem, the stem bytes at name (in head from its start
 * when stem <= head_len), made empty-masked when new; NULL: no memory.
 */
static struct pair_slot *stem_slot(struct pair_set *set, const char *name,
				   size_t stem, const char *head,
				   size_t head_len, const char *tail)
{
	struct pair_slot *slot;
	uint32_t k, hash;

	if (stem > UINT32_MAX || head_len > UINT32_MAX)
		return NULL;
	if (set->last_head == head && set->last_stem_len == stem &&
	    set->last_slot)
		return &set->slots[set->last_slot - 1];
	if (htab_full(set->len, set->cap) &&
	    (set->cap > UINT32_MAX / 2 ||
	     pair_set_resize(set, set->cap ? set->cap * 2 : 16)))
		return NULL;
	hash = (uint32_t)siphash(set->key, (const unsigned char *)name, stem);
	for (k = hash & (set->cap - 1); set->refs[k].slot;
	     k = (k + 1) & (set->cap - 1))
		if (set->refs[k].hash == hash &&
		    stem_eq(&set->slots[set->refs[k].slot - 1], name, stem))
			break;
	if (!set->refs[k].slot) {
		/* len < cap - cap / 4: no overflow of the doubling */
		if (set->len == set->slots_cap &&
		    pair_set_grow_slots(set, set->len ? set->len * 2 : 16))
			return NULL;
		set->slots[set->len] = (struct pair_slot){
			.head = head,
			.tail = tail,
			.head_len = (uint32_t)head_len,
			.stem_len = (uint32_t)stem,
		};
		set->refs[k].hash = hash;
		set->refs[k].slot = ++set->len;
	}
	slot = &set->slots[set->refs[k].slot - 1];
	/* the same head again: its stem (in head) is this slot's */
	if (stem <= head_len) {
		set->last_head = head;
		set->last_stem_len = (uint32_t)stem;
		set->last_slot = set->refs[k].slot;
	}
	return slot;
}

/* Adds the name of stem_slot()'s stem and suffix bit. */
static int add_stem(struct pair_set *set, const char *name, size_t stem,
		    uint32_t bit, const char *head, size_t head_len,
		    const char *tail)
{
	struct pair_slot *slot =
		stem_slot(set, name, stem, head, head_len, tail);

	if (!slot)
		return -ENOMEM;
	if (slot->mask & 1u << bit)
		return -EEXIST;
	slot->mask |= (uint8_t)(1u << bit);
	return 0;
}

int pair_set_add(struct pair_set *set, const char *name, size_t len,
		 const char *head, const char *tail)
{
	/* the longest suffix name ends with: ties differ, so one at most */
	uint32_t bit = name_suffix(set, name, len);
	size_t stem = bit ? len - set->suffix_len[bit - 1] : len;

	return add_stem(set, name, stem, bit, head, strlen(head), tail);
}

int pair_set_add_split(struct pair_set *set, const char *head, size_t head_len,
		       const char *tail)
{
	size_t tail_len, len;
	char buf[256], *name;
	int ret;

	/* head and a suffix no other suffix ends with: head is the stem */
	for (uint32_t i = 0; !set->suffixes_nest && i < set->nr_suffixes; i++)
		if (tail == set->suffix[i])
			return add_stem(set, head, head_len, i + 1, head,
					head_len, tail);
	tail_len = strlen(tail);
	len = head_len + tail_len;
	name = len < sizeof(buf) ? buf : malloc(len + 1);
	if (!name)
		return -ENOMEM;
	memcpy(name, head, head_len);
	memcpy(name + head_len, tail, tail_len + 1);
	ret = pair_set_add(set, name, len, head, tail);
	if (name != buf)
		free(name);
	return ret;
}

int pair_set_tails_mask(const struct pair_set *set, const char *const *tail,
			uint32_t n, uint32_t *mask)
{
	uint32_t i, j;

	*mask = 0;
	if (set->suffixes_nest)
		return -EAGAIN;
	for (i = 0; i < n; i++) {
		if (!tail[i][0]) {
			*mask |= 1;
			continue;
		}
		for (j = 0; j < set->nr_suffixes; j++)
			if (tail[i] == set->suffix[j])
				break;
		if (j == set->nr_suffixes)
			return -EAGAIN;
		*mask |= 1u << (j + 1);
	}
	return 0;
}

int pair_set_add_mask(struct pair_set *set, const char *head, size_t head_len,
		      uint32_t mask)
{
	struct pair_slot *slot;

	/* head alone has head as its stem only if it ends with no suffix */
	if (mask & 1 && name_suffix(set, head, head_len))
		return -EAGAIN;
	slot = stem_slot(set, head, head_len, head, head_len, "");
	if (!slot)
		return -ENOMEM;
	if (slot->mask & mask)
		return -EEXIST;
	slot->mask |= (uint8_t)mask;
	return 0;
}

void pair_set_free(struct pair_set *set)
{
	free(set->refs);
	free(set->slots);
	memset(set, 0, sizeof(*set));
}

void str_hash_init(uint64_t key[2])
{
	hash_key(key);
}

uint32_t str_hash(const uint64_t key[2], const char *s)
{
	return (uint32_t)siphash(key, (const unsigned char *)s, strlen(s));
}

int stops_errf(struct stops_err *err, int ret, const char *fmt, ...)
{
	va_list ap;

	if (err) {
		va_start(ap, fmt);
		vsnprintf(err->msg, sizeof(err->msg), fmt, ap);
		va_end(ap);
		/* Names from a hostile object must not break the one line. */
		for (char *p = err->msg; *p; p++)
			if ((unsigned char)*p < 0x20 || *p == 0x7f)
				*p = '?';
	}
	return ret;
}

bool opts_valid(const void *opts, size_t sz, size_t known)
{
	const char *p = opts;

	if (sz < sizeof(size_t))
		return false;
	for (size_t i = known; i < sz; i++)
		if (p[i])
			return false;
	return true;
}

bool is_c_ident(const char *s)
{
	if (!s[0] || isdigit((unsigned char)s[0]))
		return false;
	for (; *s; s++)
		if (!(isalnum((unsigned char)*s) || *s == '_'))
			return false;
	return true;
}

/* Printable, one line, and cannot end a C comment. */
bool is_comment_safe(const char *s)
{
	for (const char *p = s; *p; p++)
		if (*p < 0x20 || *p > 0x7e || (p[0] == '*' && p[1] == '/'))
			return false;
	return true;
}

/* Non-identifier characters become '_'; a leading digit gets a '_'. */
char *c_ident(struct arena *a, const char *s)
{
	size_t len = strlen(s);
	char *p = arena_str(a, len + 2), *q;

	if (!p)
		return NULL;
	q = p;
	if (isdigit((unsigned char)s[0]) || !s[0])
		*q++ = '_';
	for (; *s; s++)
		*q++ = (isalnum((unsigned char)*s) || *s == '_') ? *s : '_';
	*q = '\0';
	return p;
}
