/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/* The object and the model being built, shared by object*.c. */
#ifndef STOPS_OBJECT_H
#define STOPS_OBJECT_H

#include "bpf_elf.h"
#include "layout.h"
#include "model.h"
#include "util.h"

struct btf;

/* An opened object owns everything its model points to. */
struct stops_object {
	struct arena arena;
	uint8_t *image; /* the object's bytes, in the arena: sections point into
			   it */
	struct btf *btf;
	struct bpf_elf elf;
	struct stops_model model;
};

/* slot arrays kept for maps to share, by a hash of their contents */
#define KEPT_SLOTS_BITS 8

/* The model being built: layouts, and what maps of one type share. */
struct build {
	struct layout_ctx layout;
	/* no reserved name starts with the object's name (obj_len bytes) */
	bool obj_unreserved;
	size_t obj_len;
	const char *type_ident; /* a map type name is_c_ident() said yes to */
	struct id_map shared;	/* type id -> first map's shareable layout */
	struct id_map shared_text; /* type id -> its layout's text charge */
	/* the last type's, asked again while a section's maps share it */
	uint32_t last_tid;
	const struct stops_aggr *last_shared;
	const uint64_t *last_charge;
	/* each section's DATASEC, by enum st_ops_sec: 0 when none */
	uint32_t datasec[NR_ST_OPS_SECS];
	/* object_slots.c's, freed by it (build_slots__free()) */
	struct build_slots {
		struct id_map index; /* type id -> its layout's slot_index */
		/* a map's slots are filled here, then kept (keep_slots()) */
		struct stops_prog *scratch;
		uint32_t scratch_cap;
		struct kept_slots {
			const struct stops_prog *progs;
			uint32_t n;
		} kept[1u << KEPT_SLOTS_BITS];
		const struct stops_prog *no_progs; /* zeroed, for maps without */
		uint32_t no_progs_n;
	} slots;
};

/*
 * The function-pointer members of a layout a relocation can name: each is
 * the first member other than padding at its bit offset, a whole byte in.
 * Built once per layout, which the maps of a type share, so that a
 * relocation is a look in a short sorted list, not a search of members.
 */
struct slot_index {
	uint32_t n;
	struct slot_at {
		uint32_t bit;
		uint32_t slot;
	} at[];
};

/* A map being built: the public model only keeps const views. */
struct map_build {
	struct stops_map *map;
	const struct stops_aggr *aggr;
	struct stops_prog *progs;
	const struct slot_index *slots; /* on its first relocation */
	uint64_t slots_hash;		/* of what its relocations placed */
};

/* object_slots.c: each map's slots filled from the section's relocations */
int place_progs(struct build *b, const struct bpf_elf *e,
		const struct elf_sec *sec, struct map_build *maps, uint32_t n,
		struct stops_err *err);
void build_slots__free(struct build_slots *s);
/* object_progs.c: the model's program table (after the maps) */
int build_progs(struct stops_object *obj, struct stops_err *err);

#endif /* STOPS_OBJECT_H */
