/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * The layout plan: for each map, what every byte range of its value is,
 * in no language's spelling. Built once from the model; every backend
 * (C header, Go file, Rust module, dump --plan) reads it and nothing else
 * of the model's layout. Names are per language, each language having
 * claimed its own reserved words (plan_names.c); what a backend must
 * prove is marked per field and listed per map (the run-time check).
 */
#ifndef STOPS_PLAN_H
#define STOPS_PLAN_H

#include <stdbool.h>
#include <stdint.h>

#include "util.h"

enum plan_lang {
	PLAN_C,
	PLAN_GO,
	PLAN_RUST,
	PLAN_NR_LANGS,
};

/* What a byte range (or, for a bitfield, a bit range) is. */
enum plan_range {
	PLAN_SCALAR, /* an integer, char, bool, float or enum value */
	PLAN_SLOT,   /* a program slot: 8 bytes on every host */
	PLAN_ARRAY,  /* of scalars or of a nested type; dims outermost first */
	PLAN_NESTED, /* a struct or union of the plan (type) */
	PLAN_BITFIELD, /* bits of a run (run), native or in PLAN_BITS bytes */
	PLAN_BITS,     /* the bytes of a run no native bitfield places alike
			* on every ABI: its bitfields follow, accessors only */
	PLAN_PADDING,  /* a gap, the tail, or unnamed bits of a run */
	PLAN_OPAQUE,   /* no typed view (why): bytes only */
};

/* A scalar's class; with its size and sign it is the whole scalar. */
enum plan_scalar {
	PLAN_INT,
	PLAN_CHAR, /* BTF's char encoding: a byte of text */
	PLAN_BOOL,
	PLAN_FLOAT,
	PLAN_ENUM, /* an integer holding the values of enm */
};

/* Proofs a backend owes for a field, at compile time. */
enum plan_prove {
	PLAN_PROVE_OFFSET = 1, /* the field's offset in its type */
	PLAN_PROVE_SIZE = 2,   /* the field's size */
};

struct plan_type;

struct plan_field {
	enum plan_range range;
	/* NULL: a name the generator made (padding, storage, anonymous) */
	const char *btf_name;
	/* each language's identifier, NULL where the language has none
	 * (an anonymous inline member in C) */
	const char *name[PLAN_NR_LANGS];
	uint32_t offset;    /* bytes, from the start of the field's type */
	uint32_t size;	    /* bytes; a whole array; a bitfield: its run's */
	uint32_t align;	    /* natural alignment of what is stored (BPF ABI) */
	bool aligned;	    /* offset is a multiple of align */
	unsigned int prove; /* enum plan_prove */
	/* a scalar, an array's element or a bitfield's value */
	enum plan_scalar scalar;
	uint32_t scalar_size; /* bytes */
	bool is_signed;
	const struct stops_enum *enm; /* PLAN_ENUM */
	/* arrays */
	uint32_t nr_dims;
	uint32_t dims[STOPS_MAX_DIMS];
	uint32_t elem_size;
	/* nested, or an array of nested */
	const struct plan_type *type;
	/* slots: index into the map's progs */
	uint32_t slot;
	/* bitfields, their storage and their unnamed bits */
	uint32_t run;	     /* index into the type's runs */
	uint32_t bit_offset; /* a bitfield's, from the start of its type */
	uint32_t bit_size;
	/* a bitfield in PLAN_BITS bytes: that field, and the bit where its
	 * value starts in the storage's little-endian bytes */
	const struct plan_field *storage;
	uint32_t storage_bit;
	/* opaque */
	const char *why;
};

/*
 * Bytes holding bitfields: fields [first, first + nr) of the type. In C
 * they are native bitfields unless one of them is PLAN_BITS; languages
 * without bitfields hold the bytes and read each bitfield through
 * accessors (bit_offset - 8 * offset from the run's first byte).
 */
struct plan_run {
	uint32_t offset, size; /* bytes */
	uint32_t first, nr;
	bool native; /* no PLAN_BITS: C places them itself */
	/* the bytes' field in languages without bitfields (Go, Rust), unique
	 * among the type's fields: a native run's own, else its PLAN_BITS
	 * field's name; C: NULL for a native run */
	const char *name[PLAN_NR_LANGS];
};

struct plan_type {
	uint32_t index; /* in plan->types */
	/* BTF name of the type (a map's type, ___flavor kept), or NULL */
	const char *btf_name;
	/* each language's type name; C: NULL for an anonymous inline one */
	const char *name[PLAN_NR_LANGS];
	const char *path; /* "map.member.member", for messages */
	bool is_union;
	bool packed; /* some BTF offset is not naturally aligned */
	uint32_t size;
	uint32_t align; /* of the shadow on LP64; 1 when packed */
	uint32_t btf_id;
	uint32_t nr_slots;
	/* an earlier type of the plan with this layout, or NULL */
	const struct plan_type *same_layout;
	uint32_t nr_fields;
	struct plan_field *fields;
	uint32_t nr_runs;
	struct plan_run *runs;
};

/*
 * One line of the run-time check: what the opened object's BTF must say
 * of each member of the map's type, in BTF order, a struct or union
 * member followed by its own members to PLAN_CHECK_DEPTH levels.
 */
#define PLAN_CHECK_DEPTH 8

struct plan_check {
	const char *name;  /* BTF name, "" when anonymous */
	uint32_t name_len; /* strlen(name): at most NAMES_MAX_LITERAL */
	uint32_t bit_offset;
	uint32_t size; /* UINT32_MAX: BTF cannot size it */
	uint32_t bit_size;
	uint8_t cls;   /* enum btf_cls */
	uint8_t depth; /* 0: a member of the map's type */
	uint8_t kind;  /* BTF kind, typedefs and modifiers skipped */
	bool func;     /* a function pointer: a slot */
};

struct plan_map {
	const struct stops_map *map; /* name, sections, initial bytes */
	const struct stops_map_state *state;
	const struct plan_type *type;
	/* the map type's name without ___flavor: what a kernel and a loader
	 * (libbpf, cilium/ebpf's slot keys) look it up by */
	const char *kernel_type;
	/* the run-time check of the type (shared by maps of one layout) */
	uint32_t nr_checks;
	const struct plan_check *checks;
};

/*
 * The names of one scope in one language: those taken, and for each base
 * name the next suffix to try, so that n fields that spell alike cost n
 * claims, not n^2 (Go's camel case makes a_b, aB and a__b one name).
 */
struct plan_scope {
	struct name_set taken;
	struct htab next; /* base name -> uint32_t *, its next suffix */
};

struct plan {
	const struct stops_model *model;
	uint32_t nr_types;
	struct plan_type **types; /* every nested and map type, deps first */
	uint32_t nr_maps;
	struct plan_map *maps;
	struct arena *arena;
	/*
	 * Each language's file scope, its type names claimed: a backend
	 * claims its file's other names in it (plan_names__claim()), not in
	 * a copy of thousands of names. Freed with the plan.
	 */
	struct plan_scope file[PLAN_NR_LANGS];
};

/* Each language's bit in plan__build_langs()' set. */
#define PLAN_LANG(lang) (1u << (lang))
#define PLAN_ALL_LANGS	((1u << PLAN_NR_LANGS) - 1)

/*
 * With PLAN_LANG(PLAN_C) in plan__build_langs(): the maps alone, C's
 * names only. types holds each map's type, in map order, without fields,
 * runs or nested types (its names, size, alignment and same_layout, an
 * earlier map's type, are kept); kernel_type and the checks are whole.
 * What the C header's layout and fit blocks read while its other parts
 * read the model: a map of an earlier map's layout costs a copy of that
 * map's plan map and type, nothing hashed.
 */
#define PLAN_MAPS_ONLY (1u << 16)

/* The plan with every language's names. */
int plan__build(const struct stops_model *model, struct plan **out,
		struct stops_err *err);
/*
 * The plan with the names of the languages in langs only (PLAN_LANG()
 * bits; C's are the model's, always there): the others are NULL. A
 * backend of one language does not pay for the others' names.
 */
int plan__build_langs(const struct stops_model *model, unsigned int langs,
		      struct plan **out, struct stops_err *err);
void plan__free(struct plan *plan);

const char *plan_range__str(enum plan_range range);
const char *plan_scalar__str(enum plan_scalar scalar);
const char *plan_lang__str(enum plan_lang lang);

#endif /* STOPS_PLAN_H */
