/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/* stops-shadow: public interface of the struct_ops shadow-type generator. */
#ifndef STOPS_SHADOW_H
#define STOPS_SHADOW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

#define STOPS_SHADOW_VERSION "0.2.0"

/*
 * ABI. Only functions marked STOPS_API are exported from libstops_gen.so,
 * each under a version node of gen/libstops_gen.map. Within one SOVERSION
 * a release only adds: new functions (in a new node), new fields at the end
 * of opts structs (sz tells the library which ones a caller knows), new
 * fields at the end of the model and check-result structs, which the
 * library allocates and callers only read (never allocate, copy by value
 * or take sizeof of). Removing or changing anything bumps the SOVERSION.
 * See gen/README.md.
 *
 * Growth rule for structs read as arrays: a caller compiles in the stride
 * of model->maps[i], aggr->members[i], enm->vals[i], map->progs[i],
 * model->map_state[i], model->progs[i], res->maps[i] and cm->findings[i],
 * so struct stops_map, stops_member, stops_enum_val, stops_prog,
 * stops_map_state, stops_program, stops_check_map and stops_check_finding
 * never grow within a SOVERSION. What a release adds per element goes in
 * a side array of the struct that holds the array, indexed alike and
 * appended at that struct's end, as model->map_state[i] belongs to
 * model->maps[i]. (Arrays of pointers, model->aggrs and model->enums, may
 * point to structs that grow.)
 */
#ifndef STOPS_API
#define STOPS_API __attribute__((visibility("default")))
#endif

/*
 * Declare and zero an opts struct with its size set, then the fields:
 *	STOPS_OPTS(stops_open_opts, opts, .name = "foo");
 * Bytes a caller's sz covers beyond what this library knows must be zero:
 * each opts struct is followed by its <type>__last_field, the last field
 * this library reads (as libbpf.h does). Like LIBBPF_OPTS it is GNU C;
 * in C++ or ISO C, zero the struct and set .sz = sizeof(struct ...) by
 * hand.
 */
#define STOPS_OPTS(TYPE, NAME, ...)                                            \
	struct TYPE NAME = ({                                                  \
		memset(&NAME, 0, sizeof(struct TYPE));                         \
		(struct TYPE){.sz = sizeof(struct TYPE), __VA_ARGS__};         \
	})

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
	STOPS_BITS,    /* raw bytes holding bitfields read through accessors */
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

	/*
	 * A bitfield no C bitfield can place on every host (it crosses a
	 * naturally aligned 8-byte unit, or shares bytes with one that
	 * does): it lives in the STOPS_BITS member named storage, at bit
	 * storage_bit of its little-endian bytes, and the header reads and
	 * writes it through accessors. NULL for every other member.
	 */
	const char *storage;
	uint32_t storage_bit;
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
	const char *sec_name;	 /* ".struct_ops", ".struct_ops.link", "?..." */
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
	static const struct stops_prog none = {NULL, NULL};

	if (m->kind != STOPS_FUNC_PTR || m->slot >= map->type->nr_slots)
		return &none;
	return &map->progs[m->slot];
}

/*
 * How libbpf creates map i of the model (model->map_state[i]). Apart from
 * struct stops_map because callers index arrays of that by its size.
 */
struct stops_map_state {
	/*
	 * bpf_map__autocreate() after open. A '?' section ("?.struct_ops")
	 * clears it, but libbpf 1.4 to 1.7 clear it only for the section's
	 * first map: the model says what libbpf does.
	 */
	bool autocreate;
	bool link; /* BPF_F_LINK: a .struct_ops.link section */
};

/* A struct_ops program of the object, whether a map uses it or not. */
struct stops_program {
	const char *name;
	const char *sec; /* as in the object, '?' kept: "?struct_ops.s/x" */
	bool autoload;	 /* bpf_program__autoload() after open: no '?' */
	bool sleepable;	 /* "struct_ops.s" */
	/*
	 * What bpf_object__load() loads unless user space changes it:
	 * libbpf (>= 1.4) loads a program some map's slot names exactly
	 * when one of those maps is created, whatever its '?'; a program
	 * no map names keeps autoload.
	 */
	bool loaded;
	uint32_t nr_uses; /* function-pointer slots naming it, all maps */
};

/*
 * The model of an object: versioned data owned by the stops_object.
 * Nested aggregates are listed so that each comes before its users.
 */
struct stops_model {
	const char *obj_name;
	const struct btf *btf;
	uint32_t nr_maps;
	struct stops_map *maps;
	uint32_t nr_enums;
	struct stops_enum **enums;
	uint32_t nr_aggrs;
	struct stops_aggr **aggrs; /* named shadow types, dependencies first */
	/* the object's ELF bytes, owned by the stops_object */
	const void *image;
	size_t image_size;
	/* appended after 0.2.0: earlier callers see the model unchanged */
	const struct stops_map_state *map_state; /* nr_maps entries */
	uint32_t nr_progs;
	const struct stops_program *progs; /* in the object's symbol order */
};

/* "int", "func_ptr", "padding", ...: the kind as dump spells it. */
STOPS_API const char *stops_kind__str(enum stops_kind kind);

/* --- objects --------------------------------------------------------- */

struct stops_open_opts {
	size_t sz; /* sizeof(struct stops_open_opts): STOPS_OPTS sets it */
	const char *name; /* object name; NULL: derived from the file name */
	size_t : 0;
};
#define stops_open_opts__last_field name

STOPS_API int stops_object__open_file(const char *path,
				      const struct stops_open_opts *opts,
				      struct stops_object **objp,
				      struct stops_err *err);
STOPS_API int stops_object__open_mem(const void *buf, size_t size,
				     const struct stops_open_opts *opts,
				     struct stops_object **objp,
				     struct stops_err *err);
STOPS_API void stops_object__free(struct stops_object *obj);
STOPS_API const struct stops_model *
stops_object__model(const struct stops_object *obj);

/* "foo.bpf.o" -> "foo"; caller frees. NULL on ENOMEM. */
STOPS_API char *stops_object__name_from_path(const char *path);

/* --- emitters -------------------------------------------------------- */

enum stops_format {
	STOPS_FORMAT_TEXT, /* a table / report for people */
	STOPS_FORMAT_JSON,
};

struct stops_emit_c_opts {
	size_t sz;
	size_t : 0;
};
#define stops_emit_c_opts__last_field sz

/* The shadow-type header. opts may be NULL. */
STOPS_API int stops_model__emit_c(const struct stops_model *model, FILE *out,
				  const struct stops_emit_c_opts *opts,
				  struct stops_err *err);

struct stops_emit_embed_opts {
	size_t sz;
	size_t : 0;
};
#define stops_emit_embed_opts__last_field sz

/*
 * The object's bytes as C, appended to a shadow header: a guarded section
 * defining <obj>__embedded_bytes(size_t *sz) and, unless
 * STOPS_SHADOW_NO_LIBBPF, <obj>__open_embedded(opts), which opens them
 * with bpf_object__open_mem(). opts may be NULL.
 */
STOPS_API int stops_model__emit_embed(const struct stops_model *model,
				      FILE *out,
				      const struct stops_emit_embed_opts *opts,
				      struct stops_err *err);

struct stops_emit_go_opts {
	size_t sz;
	/* the Go package clause; NULL: the object's name, lower case */
	const char *package;
	/* each warning (what cilium/ebpf refuses at load), one line */
	void (*warn)(void *ctx, const char *msg);
	void *ctx;
	size_t : 0;
};
#define stops_emit_go_opts__last_field ctx

/*
 * One gofmt-clean Go file for cilium/ebpf >= 0.22: per map a type laid out
 * byte for byte as its value (proven by constant expressions on every
 * GOARCH) and a typed view of a CollectionSpec's map (checked against the
 * spec's BTF, program slots, FitKernel); doc/go.md. opts may be NULL.
 */
STOPS_API int stops_model__emit_go(const struct stops_model *model, FILE *out,
				   const struct stops_emit_go_opts *opts,
				   struct stops_err *err);

/* Written by the dump and the check report writers. */
struct stops_write_opts {
	size_t sz;
	enum stops_format format; /* default STOPS_FORMAT_TEXT */
	size_t : 0;
};
#define stops_write_opts__last_field format

/* Each map's layout and initial values. opts may be NULL. */
STOPS_API int stops_model__emit_dump(const struct stops_model *model, FILE *out,
				     const struct stops_write_opts *opts,
				     struct stops_err *err);

/*
 * The layout plan every backend reads (gen/plan.h) as one JSON document:
 * each type's fields (range, offsets, names per language, proofs owed),
 * each map's slots and run-time checks. opts may be NULL; the format is
 * always JSON.
 */
STOPS_API int stops_model__emit_plan(const struct stops_model *model,
				     FILE *out,
				     const struct stops_write_opts *opts,
				     struct stops_err *err);

struct stops_emit_rust_opts {
	size_t sz;
	size_t : 0;
};
#define stops_emit_rust_opts__last_field sz

/*
 * The object's Rust module (gen --lang rust): each map's value as a
 * #[repr(C)] type of its exact layout, proven at compile time, with the
 * stops-shadow crate's Shadow impl for the run-time check and fit (from
 * the same layout plan as the C header). opts may be NULL.
 */
STOPS_API int stops_model__emit_rust(const struct stops_model *model,
				     FILE *out,
				     const struct stops_emit_rust_opts *opts,
				     struct stops_err *err);

/* --- kernel compatibility check -------------------------------------- */

/* By rank: a graver finding has a larger value. */
enum stops_check_severity {
	STOPS_CHECK_NOTE,
	STOPS_CHECK_WARNING, /* it loads, but types disagree: a latent bug */
	STOPS_CHECK_ERROR,   /* the kernel or libbpf refuses the map */
};

/*
 * One difference between a map's type in the object and the kernel's.
 * expected is the kernel side, actual the object side; either may be NULL.
 */
struct stops_check_finding {
	enum stops_check_severity severity;
	const char *member; /* NULL: about the map's type as a whole */
	const char *what;   /* stable code, e.g. "member-missing" */
	const char *expected;
	const char *actual;
	const char *msg; /* one readable line, without the member prefix */
};

struct stops_check_map {
	const struct stops_map *map;
	const char *kernel_type; /* ___flavor stripped */
	const char *kernel_btf;	 /* file the type was found in, or NULL */
	uint32_t nr_errors;
	uint32_t nr_warnings;
	uint32_t nr_notes;
	uint32_t nr_findings;
	const struct stops_check_finding *findings;
	bool incompatible; /* errors, or warnings with strict */
};

/* What stops_model__check() found: versioned data, read only. */
struct stops_check_result {
	const char *obj_name;
	/* the kernel BTF files, base first */
	uint32_t nr_kernel_btf;
	const char *const *kernel_btf;
	/* one entry per struct_ops map, in the model's order */
	uint32_t nr_maps;
	const struct stops_check_map *maps;
	uint32_t nr_errors;
	uint32_t nr_notes;
	uint32_t nr_warnings;
	bool strict;
	/* the verdict: load or attach fails (errors), or warnings with strict */
	bool incompatible;
};

struct stops_check_opts {
	size_t sz;
	const char *const *kernel_btf; /* NULL/0: /sys/kernel/btf */
	size_t nr_kernel_btf;
	bool strict; /* warnings make the object incompatible */
	size_t : 0;
};
#define stops_check_opts__last_field strict

/*
 * Compare each map with the kernel's type. 0 and *resp (free it with
 * stops_check_result__free) whether compatible or not: the result says
 * (nr_errors); a negative errno when the check could not run. The result
 * points into the model: free it first.
 */
STOPS_API int stops_model__check(const struct stops_model *model,
				 const struct stops_check_opts *opts,
				 struct stops_check_result **resp,
				 struct stops_err *err);
STOPS_API void stops_check_result__free(struct stops_check_result *res);
/* The readable report or the JSON document. opts may be NULL. */
STOPS_API int stops_check_result__write(const struct stops_check_result *res,
					FILE *out,
					const struct stops_write_opts *opts,
					struct stops_err *err);
/*
 * Several kernels at once: res[i] is the check of one object against
 * kernel labels[i] (labels may be NULL: each result's first kernel BTF
 * names it). Written as a matrix, map x kernel: the verdict, the errors
 * and warnings per kernel, and for each member the kernels that lack it;
 * or as one JSON document.
 */
STOPS_API int
stops_check_results__write(const struct stops_check_result *const *res,
			   const char *const *labels, size_t nr, FILE *out,
			   const struct stops_write_opts *opts,
			   struct stops_err *err);

#ifdef __cplusplus
}
#endif

#endif /* STOPS_SHADOW_H */
