// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* Names: reserved identifiers, the generator's own prefixes, guard hashes. */
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

/*
 * A 5,000-map header asks about ~40,000 names. A perfect hash of the
 * names, found by scripts/mk-reserved-names and checked in, answers each
 * with one slot and at most one strcmp(): no table is built at run time,
 * and no name from a hostile object can cost more (unit.reserved_hash).
 */
#include "reserved_hash.inc"

_Static_assert(RESERVED_NR == NR_RESERVED,
	       "reserved_hash.inc is of reserved_names.inc (mk-reserved-names)");
_Static_assert(sizeof(reserved_slot) / sizeof(reserved_slot[0]) ==
		       1u << RESERVED_SLOT_BITS,
	       "one slot per hash value");
_Static_assert(NR_RESERVED <= 1u << RESERVED_SLOT_BITS,
	       "a slot's low bits hold a name's index");

#define SLOT_MASK ((1u << RESERVED_SLOT_BITS) - 1)

/* the table was found on little-endian words, whatever the host's order */
static uint64_t load_le64(const char *s)
{
	uint64_t v;

	memcpy(&v, s, sizeof(v));
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	v = __builtin_bswap64(v);
#endif
	return v;
}

static uint64_t load_le32(const char *s)
{
	uint32_t v;

	memcpy(&v, s, sizeof(v));
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	v = __builtin_bswap32(v);
#endif
	return v;
}

/*
 * scripts/mk-reserved-names' name_hash(): the length and the first two
 * and last two 8-byte words, overlapping in a short name.
 */
static uint32_t reserved_hash(const char *s, size_t len)
{
	uint64_t w0 = 0, w1 = 0, w2 = 0, w3 = 0;

	if (len >= 16) {
		w1 = load_le64(s + 8);
		w2 = load_le64(s + len - 16);
	}
	if (len >= 8) {
		w0 = load_le64(s);
		w3 = load_le64(s + len - 8);
	} else if (len >= 4) {
		w0 = load_le32(s);
		w3 = load_le32(s + len - 4);
	} else {
		for (size_t i = 0; i < len; i++)
			w0 = w0 << 8 | (unsigned char)s[i];
	}
	return (uint32_t)((w0 * RESERVED_HASH_K0 ^ w1 * RESERVED_HASH_K1 ^
			   w2 * RESERVED_HASH_K2 ^
			   (w3 + len) * RESERVED_HASH_K3) >>
			  32);
}

bool names__is_reserved(const char *name)
{
	size_t len = strlen(name);
	uint32_t h, seed, slot;

	if (len > RESERVED_MAX_LEN)
		return false;
	h = reserved_hash(name, len);
	seed = reserved_seed[h >> (32 - RESERVED_BUCKET_BITS)];
	slot = reserved_slot[((h ^ seed) * RESERVED_SEED_MUL) >>
			     (32 - RESERVED_SLOT_BITS)];
	/* another hash's top bits: not this name, without the strcmp */
	if ((slot ^ h) & ~SLOT_MASK)
		return false;
	return !strcmp(reserved(slot & SLOT_MASK), name);
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
