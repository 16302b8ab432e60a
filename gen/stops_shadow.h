/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/* stops-shadow: public interface of the struct_ops shadow-type generator. */
#ifndef STOPS_SHADOW_H
#define STOPS_SHADOW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#define STOPS_SHADOW_VERSION "0.1.0"

struct btf;
struct stops_object;

/*
 * A failed call returns a negative errno and leaves a one-line message
 * (without the file name: the caller knows it) in msg.
 */
struct stops_err {
	char msg[256];
};

enum stops_kind {
	STOPS_INT, /* integer, char, _Bool */
	STOPS_FLOAT,
	STOPS_ENUM, /* enum or enum64, emitted as an integer */
	STOPS_ARRAY,
	STOPS_FUNC_PTR, /* struct bpf_program * in an 8-byte slot */
	STOPS_STRUCT,
	STOPS_UNION,
	STOPS_OPAQUE,  /* data pointer or anything else: bytes only */
	STOPS_PADDING, /* gap before a member, or the tail */
};

struct stops_aggr;

struct stops_enum_val {
	const char *name;
	int64_t value; /* unsigned enums: the bits of the value */
};

/* An enum type of the object, emitted once however many members use it. */
struct stops_enum {
	const char *name; /* NULL when anonymous */
	uint32_t btf_id;
	uint32_t size;
	bool is_signed;
	uint32_t nr_vals;
	struct stops_enum_val *vals;
};

#define STOPS_MAX_DIMS 8

/*
 * One member of a shadow aggregate. The model lays every byte out
 * explicitly: gaps and tails are STOPS_PADDING members, so an emitter never
 * has to reason about alignment.
 */
struct stops_member {
	const char *name;   /* BTF name; NULL: anonymous struct/union member */
	const char *c_name; /* emitted: name, __padding_<i>, __unsupported_<i> */
	enum stops_kind kind;
	uint32_t bit_offset; /* from the start of the enclosing aggregate */
	uint32_t bit_size;   /* bitfield width, 0 when not a bitfield */
	uint32_t size;	     /* bytes (whole array for arrays) */
	uint32_t btf_id; /* member type in the object's BTF, 0 for padding */

	/* scalar (int, float, enum; and array elements of those kinds) */
	const char *c_type; /* portable spelling, e.g. "unsigned int" */
	bool is_signed;
	const struct stops_enum *enm;

	/* arrays: dims outermost first; elem_kind is never ARRAY */
	uint32_t nr_dims;
	uint32_t dims[STOPS_MAX_DIMS];
	enum stops_kind elem_kind;
	uint32_t elem_size;

	/* struct/union member or array element */
	const struct stops_aggr *aggr;

	/* function pointer: index into the map's progs (stops_map__prog) */
	uint32_t slot;

	/* opaque: why the member has no typed shadow */
	const char *why;
};

struct stops_aggr {
	const char *c_name; /* shadow tag; NULL for an anonymous member */
	const char *path;   /* "map.member.member", for messages */
	bool is_union;
	bool packed; /* BTF offsets not naturally aligned */
	uint32_t size;
	uint32_t align; /* of the emitted shadow on LP64; 1 when packed */
	uint32_t btf_id;
	uint32_t nr_slots; /* function-pointer members, numbered in order */
	/* an earlier map type whose members this one shares, or NULL */
	const struct stops_aggr *same_layout;
	uint32_t nr_members;
	struct stops_member *members;
};

/* A program placed in a function-pointer slot of one map. */
struct stops_prog {
	const char *name; /* NULL: the slot is empty */
	const char *sec;
};

struct stops_map {
	const char *name;	 /* the variable (map) name */
	const char *type_name;	 /* struct name as in BTF, ___flavor kept */
	const char *sec_name;	 /* ".struct_ops" or ".struct_ops.link" */
	const char *shadow_name; /* "<obj>_<map>_<type>" */
	uint32_t type_id;
	uint32_t sec_off;
	uint32_t size;
	const uint8_t *data; /* initial value, size bytes */
	/*
	 * Maps of one type share its layout (members included) when no
	 * nested type needs a per-map name; what differs per map is here.
	 */
	const struct stops_aggr *type;
	const struct stops_prog *progs; /* type->nr_slots entries */
};

/* The program in function-pointer member m of map (name NULL: none). */
static inline const struct stops_prog *
stops_map__prog(const struct stops_map *map, const struct stops_member *m)
{
	static const struct stops_prog none;

	if (m->kind != STOPS_FUNC_PTR || m->slot >= map->type->nr_slots)
		return &none;
	return &map->progs[m->slot];
}

/* Nested aggregates are listed so that each comes before its users. */
struct stops_model {
	const char *obj_name;
	const struct btf *btf;
	uint32_t nr_maps;
	struct stops_map *maps;
	uint32_t nr_enums;
	struct stops_enum **enums;
	uint32_t nr_aggrs;
	struct stops_aggr **aggrs; /* named shadow types, dependencies first */
};

struct stops_open_opts {
	const char *name; /* object name; NULL: derived from the file name */
};

int stops_object__open_file(const char *path,
			    const struct stops_open_opts *opts,
			    struct stops_object **objp, struct stops_err *err);
int stops_object__open_mem(const void *buf, size_t size,
			   const struct stops_open_opts *opts,
			   struct stops_object **objp, struct stops_err *err);
void stops_object__free(struct stops_object *obj);
const struct stops_model *stops_object__model(const struct stops_object *obj);

/* "foo.bpf.o" -> "foo"; caller frees. NULL on ENOMEM. */
char *stops_obj_name_from_path(const char *path);

int stops_emit_c(const struct stops_model *m, FILE *out, struct stops_err *err);
int stops_emit_dump(const struct stops_model *m, bool json, FILE *out,
		    struct stops_err *err);

struct stops_check_opts {
	const char *const *kernel_btf; /* NULL/0: /sys/kernel/btf/vmlinux */
	size_t nr_kernel_btf;
	bool json;
};

/*
 * Compare each map with the kernel's type and write the report.
 * Returns 0 when compatible (notes allowed), 1 when incompatible,
 * a negative errno on error.
 */
int stops_check(const struct stops_model *m,
		const struct stops_check_opts *opts, FILE *out,
		struct stops_err *err);

#ifdef __cplusplus
}
#endif

#endif /* STOPS_SHADOW_H */
