// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* Names: reserved identifiers, the generator's own prefixes, guard hashes. */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "names.h"

/*
 * The names in one pool with 16-bit offsets, not an array of pointers: in
 * a position-independent CLI each pointer is a relocation, and ~3,100 of
 * them dirtied six pages at every start. Each name is a member of a
 * struct of char arrays, named after its line in the .inc, so that the
 * compiler lays out the pool and offsetof() gives the offsets.
 */
#define POOL_MEMBER_(line) name_at_line_##line
#define POOL_MEMBER(line)  POOL_MEMBER_(line)

static const struct reserved_pool {
#define R(s) char POOL_MEMBER(__LINE__)[sizeof(s)];
#include "reserved_names.inc"
#undef R
} pool = {
#define R(s) s,
#include "reserved_names.inc"
#undef R
};

static const uint16_t reserved_off[] = {
#define R(s) offsetof(struct reserved_pool, POOL_MEMBER(__LINE__)),
#include "reserved_names.inc"
#undef R
};

_Static_assert(sizeof(pool) <= 65536, "offsets are 16 bits");

#define NR_RESERVED (sizeof(reserved_off) / sizeof(reserved_off[0]))

static const char *reserved(size_t i)
{
	return (const char *)&pool + reserved_off[i];
}

static int cmp_name(const void *key, const void *elem)
{
	return strcmp(key, reserved((const uint16_t *)elem - reserved_off));
}

/*
 * A 5,000-map header asks about ~40,000 names; bsearch costs a dozen
 * strcmp each. From the LAZY_AFTER-th question on, a hash table of the
 * names answers instead, built once per process (~150,000 instructions,
 * too many for a small object's few dozen questions). The table is
 * fixed and its hash public: a name from a hostile object can only land
 * on one of its clusters, all of them short.
 */
#define LAZY_AFTER 256
#define TABLE_CAP  (2u << (32 - __builtin_clz((unsigned int)NR_RESERVED)))

_Static_assert(NR_RESERVED < 65536, "slot indexes are 16 bits");

/* Length and the first and last 8 bytes: ~20 instructions at any length. */
static uint32_t reserved_hash(const char *s, size_t len)
{
	uint64_t head = 0, tail = 0;

	if (len >= 8) {
		memcpy(&head, s, 8);
		memcpy(&tail, s + len - 8, 8);
	} else {
		for (size_t i = 0; i < len; i++)
			head = head << 8 | (unsigned char)s[i];
	}
	return (uint32_t)(((head * 0x9e3779b97f4a7c15ull) ^
			   ((tail + len) * 0xc2b2ae3d27d4eb4full)) >>
			  32);
}

/* A slot: the hash's top 16 bits, then index + 1 (0: empty). */
static _Atomic(uint32_t *) table;
static atomic_uint questions;

static uint32_t *build_table(void)
{
	uint32_t *t = calloc(TABLE_CAP, sizeof(*t)), *old = NULL;

	if (!t)
		return NULL;
	for (uint32_t i = 0; i < NR_RESERVED; i++) {
		uint32_t h = reserved_hash(reserved(i), strlen(reserved(i)));
		uint32_t k = h & (TABLE_CAP - 1);

		while (t[k])
			k = (k + 1) & (TABLE_CAP - 1);
		t[k] = (h & 0xffff0000u) | (i + 1);
	}
	/* two threads may both build: one table stays, the other goes */
	if (!atomic_compare_exchange_strong(&table, &old, t)) {
		free(t);
		return old;
	}
	return t;
}

static bool table_has(const uint32_t *t, const char *name)
{
	size_t len = strlen(name);
	uint32_t h = reserved_hash(name, len);

	for (uint32_t k = h & (TABLE_CAP - 1); t[k];
	     k = (k + 1) & (TABLE_CAP - 1))
		if ((t[k] & 0xffff0000u) == (h & 0xffff0000u) &&
		    !strcmp(reserved((t[k] & 0xffff) - 1), name))
			return true;
	return false;
}

bool names__is_reserved(const char *name)
{
	uint32_t *t = atomic_load(&table);

	if (!t && atomic_fetch_add_explicit(&questions, 1,
					    memory_order_relaxed) >= LAZY_AFTER)
		t = build_table();
	if (t)
		return table_has(t, name);
	return bsearch(name, reserved_off, NR_RESERVED, sizeof(reserved_off[0]),
		       cmp_name) != NULL;
}

bool names__reserved_prefix(const char *prefix, size_t len)
{
	size_t lo = 0, hi = NR_RESERVED;

	/* the names are sorted: those starting with prefix follow it */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (strncmp(reserved(mid), prefix, len) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < NR_RESERVED && !strncmp(reserved(lo), prefix, len);
}

/* Prefixes of the member names layout.c and emit_c.c generate. */
static const char *const generated[] = {
	"__bits_",
	"__padding_",
	"__slot_",
	"__unsupported_",
};

bool names__is_generated(const char *name)
{
	/* every prefix starts "__": most names are decided here */
	if (name[0] != '_' || name[1] != '_')
		return false;
	for (size_t i = 0; i < sizeof(generated) / sizeof(generated[0]); i++)
		if (!strncmp(name, generated[i], strlen(generated[i])))
			return true;
	return false;
}

uint64_t names__hash(const char *s)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	for (; *s; s++) {
		h ^= (unsigned char)*s;
		h *= 0x100000001b3ULL;
	}
	return h;
}
