/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/* Layout stage: one BTF struct to an explicitly laid out shadow aggregate. */
#ifndef STOPS_LAYOUT_H
#define STOPS_LAYOUT_H

#include <stddef.h>
#include <stdint.h>

#include "util.h"

struct btf;

/* What the layouts of one object share: names, enums, the member budget. */
struct layout_ctx {
	struct arena *arena;
	const struct btf *btf;
	const char *obj_name;
	struct ptr_vec enums;	/* struct stops_enum *, by first use */
	struct id_map enum_ids; /* type id -> its struct stops_enum */
	struct ptr_vec aggrs;	/* struct stops_aggr *, named, deps first */
	struct name_set names;	/* file-scope shadow type names in use */
	uint32_t nr_members;	/* across the object: hostile BTF can explode */
	uint32_t max_members;	/* layout_max_members() of the object's size */
	uint64_t text_bytes;	/* names and paths the members will print */
	uint64_t max_text_bytes; /* layout_max_text() of the object's size */
	struct stops_err *err;
	/*
	 * Members being laid out, one array per nesting depth, kept from
	 * type to type (a malloc, its growth and a free per type were 6% of
	 * a 300-type object's run); a finished type's members are copied
	 * into the arena.
	 */
	struct layout_scratch {
		struct stops_member *mem;
		uint32_t cap;
	} scratch[STOPS_MAX_DEPTH + 1];
};

/*
 * The member budget: every named nested member gets its own shadow type,
 * so a chain of unions of two members each of the next doubles per level
 * (2 KB of BTF once asked for a 190 MB header). A layout may have
 * LAYOUT_MEMBERS_BASE members plus one per LAYOUT_BYTES_PER_MEMBER bytes
 * of the object: real objects stay far below, and the header stays
 * proportional to the input (a member is at most a few hundred bytes of
 * header).
 */
#define LAYOUT_MEMBERS_BASE	16384u
#define LAYOUT_BYTES_PER_MEMBER 8u

static inline uint32_t layout_max_members(size_t object_size)
{
	size_t n = LAYOUT_MEMBERS_BASE + object_size / LAYOUT_BYTES_PER_MEMBER;

	return n > UINT32_MAX ? UINT32_MAX : (uint32_t)n;
}

/*
 * The text budget: names grow with depth (a member's type is named by its
 * path), so 2^10 members with 4 KiB names gave a 9 KB object a 285 MB
 * header. Each member is charged what the header and dump print for it
 * (its name, its aggregate's name and path): at most LAYOUT_TEXT_BASE
 * bytes plus LAYOUT_TEXT_PER_BYTE per byte of the object, which bounds
 * the header to a few times that.
 */
#define LAYOUT_TEXT_BASE     (4ull << 20)
#define LAYOUT_TEXT_PER_BYTE 16u

static inline uint64_t layout_max_text(size_t object_size)
{
	return LAYOUT_TEXT_BASE + (uint64_t)object_size * LAYOUT_TEXT_PER_BYTE;
}

/* Lay out struct type_id as shadow type c_name; path names it in messages. */
int layout_struct(struct layout_ctx *ctx, uint32_t type_id, const char *c_name,
		  const char *path, struct stops_aggr **out);
void layout_ctx_free(struct layout_ctx *ctx);

#endif /* STOPS_LAYOUT_H */
