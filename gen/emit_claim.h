/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/* The identifiers a shadow header defines, each claimed once, for emit_c.c. */
#ifndef STOPS_EMIT_CLAIM_H
#define STOPS_EMIT_CLAIM_H

#include "util.h"

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
#define PAIR_SET_SUFFIXES 8

struct pair_slot {
	const char *head;
	const char *tail;
	uint32_t head_len;
	uint32_t stem_len; /* the stem: the first stem_len bytes of the name */
	uint16_t mask;	   /* suffixes taken: bit 0 none, bit i suffix i - 1 */
};

/*
 * hash.c's index of 8-byte references to a dense array of slots: a table
 * of whole slots left a quarter or more of 32-byte slots empty, and each
 * page of it faulted in (a quarter of the claiming's page faults).
 */
struct pair_set {
	struct hash_index index; /* by the stem's hash */
	struct pair_slot *slots; /* index.len used, slots_cap allocated */
	uint32_t slots_cap;
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

/* claim_suffix[]'s indices */
enum {
	SUFFIX_MEMBERS,
	SUFFIX_BTF_MEMBERS,
	SUFFIX_ASSERT_MATCHES,
	SUFFIX_FROM_MAP,
	SUFFIX_FROM_OBJECT,
	SUFFIX_FROM_SKEL,
	SUFFIX_FIT,
	SUFFIX_LAYOUT,
};

/* The names claimed for one header. */
struct claims {
	/* file-scope identifiers the header defines (macros, functions) */
	struct pair_set idents;
	struct arena arena; /* names made here (renamed, formatted) */
	struct stops_err *err;
	/* the object's name, which most names start with */
	const char *obj;
	size_t obj_len;
	/* no reserved name starts with the object's name (obj_len) */
	bool obj_unreserved;
	/* claim_pair()'s last head and its length */
	const char *last_head;
	size_t last_head_len;
	/* claim_suffixed()'s masks by bare, first and last (0: not yet) */
	uint32_t suffixed_mask[2][SUFFIX_LAYOUT + 1][SUFFIX_LAYOUT + 1];
};

/* The suffixes of a type's and a map's names, by SUFFIX_* */
extern const char *const claim_suffix[SUFFIX_LAYOUT + 1];

/*
 * Claims name (in cl's arena, or lasting as long); with rename, the first
 * free name_2, name_3, ... instead of a clash; *out: the name taken.
 */
int claim_arena_ident(struct claims *cl, const char *name, bool rename,
		      const char **out);
/* claim_arena_ident() of a copy of name */
int claim_ident(struct claims *cl, const char *name, bool rename,
		const char **out);
/* head followed by tail, both outliving cl; a clash is an error */
int claim_pair(struct claims *cl, const char *head, const char *tail);
/* claim_pair() of head with "" (when bare) and claim_suffix[first..last] */
int claim_suffixed(struct claims *cl, const char *head, bool bare, int first,
		   int last);
/* fmt ("%s%s": claim_pair(), else formatted) with a, b and c */
int claim_fmt(struct claims *cl, const char *fmt, const char *a, const char *b,
	      const char *c);

#endif /* STOPS_EMIT_CLAIM_H */
