/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/* General BTF helpers over libbpf's btf.h, shared by layout and check. */
#ifndef STOPS_BTF_UTIL_H
#define STOPS_BTF_UTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct btf;
struct btf_header;
struct btf_type;

/* Type id through typedefs and modifiers; NULL when invalid or a loop. */
const struct btf_type *btf_skip_mods(const struct btf *btf, uint32_t id,
				     uint32_t *res_id);
bool btf_is_func_ptr(const struct btf *btf, uint32_t id);
/*
 * btf__resolve_size(btf, id), without the call where the answer is a
 * type's own size after modifiers (a member of every type, thousands of
 * times): the same answer, libbpf's depth limit included.
 */
long long btf_resolved_size(const struct btf *btf, uint32_t id);
/*
 * btf_skip_mods(btf, id, NULL) and btf_resolved_size(btf, id) in one walk
 * (a member's type and size, for each member of every map's check): the
 * same answers, each within its own depth limit.
 */
const struct btf_type *btf_skip_mods_size(const struct btf *btf, uint32_t id,
					  long long *size);
/* BTF's own name of a kind: "int", "ptr", "func_proto", ... */
const char *btf_kind_spelling(const struct btf_type *t);
/* A type's name, "(anon)" when it has none. */
const char *btf_name_or_anon(const struct btf *btf, const struct btf_type *t);
/*
 * Bytes of the header fields every BTF has (magic ... str_len): newer UAPI
 * headers declare a longer struct btf_header, older BTF does not have it.
 */
#define BTF_HDR_BASE_LEN 24u
/* What is wrong with a raw BTF blob's header, in the order it is read. */
enum btf_hdr_fault {
	BTF_HDR_OK,
	BTF_HDR_SHORT,	 /* shorter than BTF_HDR_BASE_LEN */
	BTF_HDR_MAGIC,	 /* not BTF, or BTF of the other endian */
	BTF_HDR_VERSION, /* not version 1, or flags set */
	BTF_HDR_LAYOUT,	 /* libbpf would parse it, the kernel would not */
};
/*
 * The one header check for object and kernel BTF: *hdr gets the first
 * BTF_HDR_BASE_LEN bytes (zeros where the blob is shorter), *why what is
 * wrong for BTF_HDR_LAYOUT (NULL otherwise). Each caller words the other
 * faults for its own input: an object's .BTF, or a file named as BTF.
 */
enum btf_hdr_fault btf_raw_header_check(const void *data, size_t size,
					struct btf_header *hdr,
					const char **why);
/* libbpf's flavor rule: "a___b___c" -> strlen("a___b"). */
size_t btf_essential_name_len(const char *name);

/* Kind classes types are compared by (modifiers and typedefs skipped). */
enum btf_cls {
	BTF_CLS_VOID,
	BTF_CLS_INT,
	BTF_CLS_FLOAT,
	BTF_CLS_ENUM,
	BTF_CLS_PTR,
	BTF_CLS_STRUCT,
	BTF_CLS_UNION,
	BTF_CLS_ARRAY,
	BTF_CLS_FUNC,
	BTF_CLS_BAD,
};

enum btf_cls btf_cls_of(const struct btf_type *t);
const char *btf_cls_str(enum btf_cls cls);

#endif /* STOPS_BTF_UTIL_H */
