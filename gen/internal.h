/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/* Internal interfaces shared by the parse, model and emit stages. */
#ifndef STOPS_INTERNAL_H
#define STOPS_INTERNAL_H

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "stops_shadow.h"

struct btf;
struct btf_type;

/* Bump allocator: the model lives and dies with its object. */
struct arena {
	struct arena_block *head;
};

void *arena_alloc(struct arena *a, size_t size);
void *arena_calloc(struct arena *a, size_t n, size_t size);
char *arena_strdup(struct arena *a, const char *s);
char *arena_printf(struct arena *a, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void arena_free(struct arena *a);
/* malloc'ed printf, for emitters' transient strings */
char *str_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Growable array of pointers. */
struct ptr_vec {
	void **items;
	uint32_t len;
	uint32_t cap;
};

int ptr_vec_push(struct ptr_vec *v, void *p);
void ptr_vec_free(struct ptr_vec *v);

/* Set of strings (not copied), for generated type names. */
struct name_set {
	const char **slots;
	uint32_t cap;
	uint32_t len;
};

int name_set_add(struct name_set *set, const char *name);
void name_set_free(struct name_set *set);

/* BTF type id -> pointer, for what is built once per type. */
struct id_map_slot {
	uint32_t id;
	void *val;
};

struct id_map {
	struct id_map_slot *slots;
	uint32_t cap;
	uint32_t len;
};

void *id_map_get(const struct id_map *map, uint32_t id);
int id_map_put(struct id_map *map, uint32_t id, void *val);
void id_map_free(struct id_map *map);

/* Buffered emitter output; the first write error sticks in err. */
struct out {
	FILE *f; /* NULL: memory mode, text collects in mem */
	size_t len;
	int err;
	char *mem;
	size_t mem_len;
	size_t mem_cap;
	char buf[64 * 1024];
};

void out_init(struct out *o, FILE *f);
int out_flush(struct out *o);
void out_rewind(struct out *o);
void out_free(struct out *o);
void out_mem_slow(struct out *o, const char *s, size_t n);
void out_str(struct out *o, const char *s);
void out_u64(struct out *o, uint64_t v);
void out_printf(struct out *o, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static inline void out_mem(struct out *o, const char *s, size_t n)
{
	if (n <= sizeof(o->buf) && o->len <= sizeof(o->buf) - n) {
		memcpy(o->buf + o->len, s, n);
		o->len += n;
		return;
	}
	out_mem_slow(o, s, n);
}

/* Bytes written so far (memory mode: offset into mem after a flush). */
static inline size_t out_pos(const struct out *o)
{
	return o->mem_len + o->len;
}

static inline void out_char(struct out *o, char c)
{
	if (o->len == sizeof(o->buf))
		out_flush(o);
	o->buf[o->len++] = c;
}

int stops_errf(struct stops_err *err, int ret, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Nesting deeper than this is hostile input, not a real ops table. */
#define STOPS_MAX_DEPTH 32
/* Modifier/typedef chains longer than this are loops. */
#define STOPS_MAX_CHAIN 64

/* --- elf.c: sections of a BPF object --------------------------------- */

struct elf_reloc {
	uint32_t offset;      /* r_offset within the struct_ops section */
	const char *prog;     /* program (FUNC symbol) name */
	const char *prog_sec; /* its section name */
};

struct elf_sec {
	const char *name;
	uint32_t idx;
	const uint8_t *data;
	uint32_t size;
	struct elf_reloc *relocs;
	uint32_t nr_relocs;
};

struct elf_sym_info {
	const char *name;
	uint32_t shndx;
	uint64_t value;
	uint64_t size;
};

struct bpf_elf {
	const uint8_t *image;
	size_t image_size;
	const uint8_t *btf_data;
	uint32_t btf_size;
	struct elf_sec st_ops[2]; /* .struct_ops, .struct_ops.link */
	struct elf_sym_info *syms;
	uint32_t nr_syms;
};

int bpf_elf__parse(struct bpf_elf *e, struct arena *a, const uint8_t *image,
		   size_t size, struct stops_err *err);
/* Offset of a data symbol (map variable) in section idx, -ENOENT if none. */
int64_t bpf_elf__sym_offset(const struct bpf_elf *e, uint32_t shndx,
			    const char *name);

/* --- btf_model.c: one BTF struct to a shadow aggregate --------------- */

struct model_ctx {
	struct arena *arena;
	const struct btf *btf;
	const char *obj_name;
	struct ptr_vec enums;	/* struct stops_enum *, by first use */
	struct id_map enum_ids; /* type id -> its struct stops_enum */
	struct ptr_vec aggrs;	/* struct stops_aggr *, named, deps first */
	struct name_set names;	/* file-scope shadow type names in use */
	struct id_map layouts;	/* type id -> first map's shareable type */
	uint32_t nr_members;	/* across the object: hostile BTF can explode */
	struct stops_err *err;
};

int model_struct(struct model_ctx *ctx, uint32_t type_id, const char *c_name,
		 const char *path, struct stops_aggr **out);
const struct btf_type *btf_skip_mods(const struct btf *btf, uint32_t id,
				     uint32_t *res_id);
bool btf_is_func_ptr(const struct btf *btf, uint32_t id);

/* --- model.c: the whole object --------------------------------------- */

struct stops_object {
	struct arena arena;
	uint8_t *image;
	struct btf *btf;
	struct bpf_elf elf;
	struct stops_model model;
};

/* --- small helpers --------------------------------------------------- */

char *c_ident(struct arena *a, const char *s);
/* Names from the object end up in C code and comments: only these pass. */
bool is_c_ident(const char *s);
bool is_comment_safe(const char *s);

#endif /* STOPS_INTERNAL_H */
