// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* Claiming the header's identifiers: reserved names, clashes, renaming. */
#define _GNU_SOURCE /* reallocarray */
#include <stdlib.h>
#include <string.h>

#include "emit_claim.h"
#include "emit_fit.h"
#include "emit_verify.h"
#include "names.h"

/*
 * Claims identifier name for the header. Macros and functions share one
 * name space with each other and with every macro the header's includes
 * define: a clash would redefine one silently or break the header. With
 * rename (enumerator macros, the least important names) the first free
 * name_2, name_3, ... is taken; otherwise a clash is a one-line error.
 */
static int name_taken(struct claims *cl, const char *name)
{
	return stops_errf(
		cl->err, -EINVAL,
		"generated name %.64s%s is taken twice (by a macro of the included headers or another generated name); rename the object with --name",
		name, strlen(name) > 64 ? "..." : "");
}

/*
 * names__is_reserved(name), asked only when the answer can be yes: most
 * names start with the object's, and usually no reserved name does.
 */
static bool is_reserved(const struct claims *cl, const char *name, size_t len)
{
	size_t n = cl->obj_len;

	if (cl->obj_unreserved && len >= n && !memcmp(name, cl->obj, n))
		return false;
	return names__is_reserved(name);
}

int claim_arena_ident(struct claims *cl, const char *name, bool rename,
		      const char **out)
{
	const char *c = name;
	int ret;

	for (uint32_t n = 2; c; n++) {
		size_t len = strlen(c);

		ret = is_reserved(cl, c, len)
			      ? -EEXIST
			      : pair_set_add(&cl->idents, c, len, c, "");
		if (ret != -EEXIST) {
			if (ret)
				return ret;
			*out = c;
			return 0;
		}
		if (!rename)
			return name_taken(cl, name);
		c = arena_printf(&cl->arena, "%s_%u", name, n);
	}
	return -ENOMEM;
}

/*
 * The suffixes of a type's and a map's names: the claimed-name set keeps
 * names by stem (pair_set_suffixes), and claim_pair() passing one of
 * these very pointers as tail skips joining and measuring the name.
 */
const char *const claim_suffix[SUFFIX_LAYOUT + 1] =
	{"__MEMBERS",	  "__BTF_MEMBERS",   "__ASSERT_MATCHES",
	 "__from_map",	  "__from_object",   "__from_skel",
	 EMIT_FIT_SUFFIX, EMIT_VERIFY_SUFFIX};

/* head and tail joined, malloc'd; NULL: out of memory */
static char *join(const char *head, size_t n, const char *tail)
{
	size_t t = strlen(tail);
	char *name = malloc(n + t + 1);

	if (name) {
		memcpy(name, head, n);
		memcpy(name + n, tail, t + 1);
	}
	return name;
}

/*
 * Claims head followed by tail, kept as the two pointers (the model's
 * names and literals, which outlive the emission): most names are a
 * type's or a map's and a suffix, and need no copy of their own.
 */
int claim_pair(struct claims *cl, const char *head, const char *tail)
{
	size_t n = head == cl->last_head ? cl->last_head_len : strlen(head);
	size_t obj = cl->obj_len;
	char *name = NULL;
	int ret;

	cl->last_head = head;
	cl->last_head_len = n;
	/* as is_reserved(): names starting with the object's need no look */
	if (!cl->obj_unreserved || n < obj || memcmp(head, cl->obj, obj)) {
		name = join(head, n, tail);
		if (!name)
			return -ENOMEM;
		if (names__is_reserved(name)) {
			ret = name_taken(cl, name);
			free(name);
			return ret;
		}
	}
	ret = pair_set_add_split(&cl->idents, head, n, tail);
	if (ret == -EEXIST) {
		if (!name)
			name = join(head, n, tail);
		ret = name ? name_taken(cl, name) : -ENOMEM;
	}
	free(name);
	return ret;
}

/*
 * claim_pair() of head with "" (when bare) and claim_suffix[first..last]:
 * one look-up for all when none can be reserved or taken, else one by
 * one, so a clash is reported as claim_pair() reports it.
 */
int claim_suffixed(struct claims *cl, const char *head, bool bare, int first,
		   int last)
{
	size_t n = head == cl->last_head ? cl->last_head_len : strlen(head);
	const char *tail[1 + SUFFIX_LAYOUT + 1];
	uint32_t *mask = &cl->suffixed_mask[bare][first][last];
	uint32_t nr = 0;
	int ret = -EAGAIN;

	if (!*mask) {
		if (bare)
			tail[nr++] = "";
		for (int i = first; i <= last; i++)
			tail[nr++] = claim_suffix[i];
		if (pair_set_tails_mask(&cl->idents, tail, nr, mask))
			*mask = UINT32_MAX; /* one by one */
	}
	if (*mask != UINT32_MAX && cl->obj_unreserved && n >= cl->obj_len &&
	    !memcmp(head, cl->obj, cl->obj_len)) {
		cl->last_head = head;
		cl->last_head_len = n;
		ret = pair_set_add_mask(&cl->idents, head, n, *mask);
	}
	if (ret != -EEXIST && ret != -EAGAIN)
		return ret;
	ret = bare ? claim_pair(cl, head, "") : 0;
	for (int i = first; i <= last && !ret; i++)
		ret = claim_pair(cl, head, claim_suffix[i]);
	return ret;
}

int claim_ident(struct claims *cl, const char *name, bool rename,
		const char **out)
{
	const char *c = arena_strdup(&cl->arena, name);

	return c ? claim_arena_ident(cl, c, rename, out) : -ENOMEM;
}

/*
 * "%s%s" is claimed as its two strings (see claim_pair: a and b must
 * outlive the emission); any other name is formatted into the arena,
 * where it stays.
 */
int claim_fmt(struct claims *cl, const char *fmt, const char *a, const char *b,
	      const char *c)
{
	const char *name, *got;

	if (!strcmp(fmt, "%s%s"))
		return claim_pair(cl, a, b);
	name = arena_printf(&cl->arena, fmt, a, b, c);
	return name ? claim_arena_ident(cl, name, false, &got) : -ENOMEM;
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
	uint32_t len = set->index.len;
	int ret;

	if (n > set->slots_cap) {
		ret = pair_set_grow_slots(set, n);
		if (ret)
			return ret;
		/* reserved slots are taken in order: map them in one call */
		prefault(set->slots + len,
			 (size_t)(n - len) * sizeof(*set->slots));
	}
	return hash_index__reserve(&set->index, n);
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
	struct hash_index *x = &set->index;
	struct pair_slot *slot;
	uint32_t k, hash;

	if (stem > UINT32_MAX || head_len > UINT32_MAX)
		return NULL;
	if (set->last_head == head && set->last_stem_len == stem &&
	    set->last_slot)
		return &set->slots[set->last_slot - 1];
	if (hash_index__room(x))
		return NULL;
	hash = hash_index__str(x, name, stem);
	for (k = hash_first(x, hash); x->refs[k].idx; k = hash_next(x, k))
		if (x->refs[k].hash == hash &&
		    stem_eq(&set->slots[x->refs[k].idx - 1], name, stem))
			break;
	if (!x->refs[k].idx) {
		/* len < cap - cap / 4: no overflow of the doubling */
		if (x->len == set->slots_cap &&
		    pair_set_grow_slots(set, x->len ? x->len * 2 : 16))
			return NULL;
		set->slots[x->len] = (struct pair_slot){
			.head = head,
			.tail = tail,
			.head_len = (uint32_t)head_len,
			.stem_len = (uint32_t)stem,
		};
		hash_index__insert(x, k, hash, x->len + 1);
	}
	slot = &set->slots[x->refs[k].idx - 1];
	/* the same head again: its stem (in head) is this slot's */
	if (stem <= head_len) {
		set->last_head = head;
		set->last_stem_len = (uint32_t)stem;
		set->last_slot = x->refs[k].idx;
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
	slot->mask |= (uint16_t)(1u << bit);
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
	slot->mask |= (uint16_t)mask;
	return 0;
}

void pair_set_free(struct pair_set *set)
{
	hash_index__free(&set->index);
	free(set->slots);
	memset(set, 0, sizeof(*set));
}
