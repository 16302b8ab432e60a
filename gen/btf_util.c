// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* General BTF helpers: raw headers, modifiers, kind names and classes, flavors.
 */
#include <string.h>

#include <bpf/btf.h>

#include "btf_util.h"
#include "util.h"

/*
 * The kernel's btf_parse_hdr() and btf_parse_type_sec() refuse what
 * libbpf's btf__new() lets through: a header length or type offset that
 * is no multiple of 4. libbpf reads the types in place in its copy of the
 * blob, at hdr_len + type_off, so every struct btf_type would sit at a
 * misaligned address.
 */
static const char *header_layout_problem(const struct btf_header *hdr)
{
	if (hdr->hdr_len < BTF_HDR_BASE_LEN)
		return "header length shorter than the 24-byte header";
	if (hdr->hdr_len % 4)
		return "header length is not a multiple of 4";
	if (hdr->type_off % 4)
		return "type section offset is not a multiple of 4";
	/*
	 * A longer header with fields this libbpf does not know passes: the
	 * kernel's parser refuses non-zero ones only when it is older than
	 * them, and libbpf reads the types without them.
	 */
	return NULL;
}

enum btf_hdr_fault btf_raw_header_check(const void *data, size_t size,
					struct btf_header *hdr,
					const char **why)
{
	memset(hdr, 0, sizeof(*hdr));
	*why = NULL;
	if (size < BTF_HDR_BASE_LEN)
		return BTF_HDR_SHORT;
	memcpy(hdr, data, BTF_HDR_BASE_LEN);
	if (hdr->magic != BTF_MAGIC)
		return BTF_HDR_MAGIC;
	if (hdr->version != BTF_VERSION || hdr->flags)
		return BTF_HDR_VERSION;
	*why = header_layout_problem(hdr);
	return *why ? BTF_HDR_LAYOUT : BTF_HDR_OK;
}

/* typedefs and modifiers: what btf_skip_mods() goes through */
static inline bool btf_is_mod_kind(const struct btf_type *t)
{
	switch (btf_kind(t)) {
	case BTF_KIND_TYPEDEF:
	case BTF_KIND_VOLATILE:
	case BTF_KIND_CONST:
	case BTF_KIND_RESTRICT:
	case BTF_KIND_TYPE_TAG:
		return true;
	default:
		return false;
	}
}

const struct btf_type *btf_skip_mods(const struct btf *btf, uint32_t id,
				     uint32_t *res_id)
{
	const struct btf_type *t = btf__type_by_id(btf, id);

	for (int i = 0; t && i < STOPS_MAX_CHAIN; i++) {
		if (!btf_is_mod_kind(t)) {
			if (res_id)
				*res_id = id;
			return t;
		}
		id = t->type;
		t = btf__type_by_id(btf, id);
	}
	return NULL;
}

/* libbpf's MAX_RESOLVE_DEPTH: a longer chain is -E2BIG there */
#define BTF_RESOLVE_DEPTH 32

/* t's size when it is t's own (no libbpf call), else -1 */
static inline long long btf_own_size(const struct btf *btf,
				     const struct btf_type *t)
{
	switch (btf_kind(t)) {
	case BTF_KIND_INT:
	case BTF_KIND_FLOAT:
	case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64:
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
		return t->size;
	case BTF_KIND_PTR:
		/* libbpf's btf_ptr_sz(): the host's if BTF cannot say */
		return btf__pointer_size(btf)
			       ? (long long)btf__pointer_size(btf)
			       : (long long)sizeof(void *);
	default:
		return -1;
	}
}

long long btf_resolved_size(const struct btf *btf, uint32_t id)
{
	const struct btf_type *t = btf__type_by_id(btf, id);
	long long size;

	for (int i = 0; t && i < BTF_RESOLVE_DEPTH; i++) {
		if (btf_is_mod_kind(t)) {
			t = btf__type_by_id(btf, t->type);
			continue;
		}
		size = btf_own_size(btf, t);
		return size >= 0 ? size : btf__resolve_size(btf, id);
	}
	return btf__resolve_size(btf, id);
}

const struct btf_type *btf_skip_mods_size(const struct btf *btf, uint32_t id,
					  long long *size)
{
	const struct btf_type *t = btf__type_by_id(btf, id);
	int hops = 0;

	for (; t && hops < STOPS_MAX_CHAIN && btf_is_mod_kind(t); hops++)
		t = btf__type_by_id(btf, t->type);
	if (t && hops >= STOPS_MAX_CHAIN)
		t = NULL;
	/* btf_resolved_size()'s answer where it gives one without libbpf */
	*size = t && hops < BTF_RESOLVE_DEPTH ? btf_own_size(btf, t) : -1;
	if (*size < 0)
		*size = btf__resolve_size(btf, id);
	return t;
}

bool btf_is_func_ptr(const struct btf *btf, uint32_t id)
{
	const struct btf_type *t = btf_skip_mods(btf, id, NULL);

	if (!t || !btf_is_ptr(t))
		return false;
	t = btf_skip_mods(btf, t->type, NULL);
	return t && btf_is_func_proto(t);
}

/*
 * libbpf compares member kinds exactly: name them as BTF does. Not
 * btf_kind_str: libbpf.a has one too, and a static link takes both.
 */
const char *btf_kind_spelling(const struct btf_type *t)
{
	switch (btf_kind(t)) {
	case BTF_KIND_UNKN:
		return "void";
	case BTF_KIND_INT:
		return "int";
	case BTF_KIND_PTR:
		return "ptr";
	case BTF_KIND_ARRAY:
		return "array";
	case BTF_KIND_STRUCT:
		return "struct";
	case BTF_KIND_UNION:
		return "union";
	case BTF_KIND_ENUM:
		return "enum";
	case BTF_KIND_FWD:
		return "fwd";
	case BTF_KIND_TYPEDEF:
		return "typedef";
	case BTF_KIND_VOLATILE:
		return "volatile";
	case BTF_KIND_CONST:
		return "const";
	case BTF_KIND_RESTRICT:
		return "restrict";
	case BTF_KIND_FUNC:
		return "func";
	case BTF_KIND_FUNC_PROTO:
		return "func_proto";
	case BTF_KIND_VAR:
		return "var";
	case BTF_KIND_DATASEC:
		return "datasec";
	case BTF_KIND_FLOAT:
		return "float";
	case BTF_KIND_DECL_TAG:
		return "decl_tag";
	case BTF_KIND_TYPE_TAG:
		return "type_tag";
	case BTF_KIND_ENUM64:
		return "enum64";
	default:
		return "unknown";
	}
}

const char *btf_name_or_anon(const struct btf *btf, const struct btf_type *t)
{
	const char *s = btf__name_by_offset(btf, t->name_off);

	return s && s[0] ? s : "(anon)";
}

/* The separator is X___Y, X and Y not '_'; the last one counts. */
size_t btf_essential_name_len(const char *name)
{
	size_t n = strlen(name);

	for (long i = (long)n - 5; i >= 0; i--) {
		if (name[i] != '_' && name[i + 1] == '_' &&
		    name[i + 2] == '_' && name[i + 3] == '_' &&
		    name[i + 4] != '_')
			return (size_t)i + 1;
	}
	return n;
}

enum btf_cls btf_cls_of(const struct btf_type *t)
{
	if (!t)
		return BTF_CLS_BAD;
	switch (btf_kind(t)) {
	case BTF_KIND_UNKN:
		return BTF_CLS_VOID;
	case BTF_KIND_INT:
		return BTF_CLS_INT;
	case BTF_KIND_FLOAT:
		return BTF_CLS_FLOAT;
	case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64:
		return BTF_CLS_ENUM;
	case BTF_KIND_PTR:
		return BTF_CLS_PTR;
	case BTF_KIND_STRUCT:
		return BTF_CLS_STRUCT;
	case BTF_KIND_UNION:
		return BTF_CLS_UNION;
	case BTF_KIND_FWD:
		return btf_kflag(t) ? BTF_CLS_UNION : BTF_CLS_STRUCT;
	case BTF_KIND_ARRAY:
		return BTF_CLS_ARRAY;
	case BTF_KIND_FUNC_PROTO:
		return BTF_CLS_FUNC;
	case BTF_KIND_TYPEDEF:
	case BTF_KIND_VOLATILE:
	case BTF_KIND_CONST:
	case BTF_KIND_RESTRICT:
	case BTF_KIND_TYPE_TAG:
		/* skipped by btf_skip_mods before we get here */
	case BTF_KIND_FUNC:
	case BTF_KIND_VAR:
	case BTF_KIND_DATASEC:
	case BTF_KIND_DECL_TAG:
	default:
		return BTF_CLS_BAD;
	}
}

const char *btf_cls_str(enum btf_cls cls)
{
	static const char *const names[] = {
		[BTF_CLS_VOID] = "void",     [BTF_CLS_INT] = "int",
		[BTF_CLS_FLOAT] = "float",   [BTF_CLS_ENUM] = "enum",
		[BTF_CLS_PTR] = "ptr",	     [BTF_CLS_STRUCT] = "struct",
		[BTF_CLS_UNION] = "union",   [BTF_CLS_ARRAY] = "array",
		[BTF_CLS_FUNC] = "function", [BTF_CLS_BAD] = "invalid",
	};

	return cls < BTF_CLS_BAD ? names[cls] : names[BTF_CLS_BAD];
}
