// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* BTF type spelling: a type as C-like text for check messages. */
#include <stdarg.h>
#include <stdio.h>

#include <bpf/btf.h>

#include "btf_spell.h"
#include "btf_util.h"

/* Deeper types are spelled "?": messages stay one readable line. */
#define SPELL_DEPTH 16

void spell_printf(struct spell *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (b->len >= sizeof(b->buf) - 1)
		return;
	va_start(ap, fmt);
	n = vsnprintf(b->buf + b->len, sizeof(b->buf) - b->len, fmt, ap);
	va_end(ap);
	if (n > 0)
		b->len += (size_t)n;
	if (b->len >= sizeof(b->buf))
		b->len = sizeof(b->buf) - 1;
}

static void type_at(struct spell *b, const struct btf *btf, uint32_t id,
		    int depth);

static void proto_at(struct spell *b, const struct btf *btf,
		     const struct btf_type *t, const char *mid, int depth)
{
	const struct btf_param *p = btf_params(t);
	uint16_t n = btf_vlen(t);

	type_at(b, btf, t->type, depth + 1);
	spell_printf(b, " %s(", mid);
	if (!n)
		spell_printf(b, "void");
	for (uint16_t i = 0; i < n; i++) {
		if (i)
			spell_printf(b, ", ");
		if (!p[i].type && i == n - 1)
			spell_printf(b, "...");
		else
			type_at(b, btf, p[i].type, depth + 1);
	}
	spell_printf(b, ")");
}

static void ptr_at(struct spell *b, const struct btf *btf,
		   const struct btf_type *t, int depth)
{
	const struct btf_type *p = btf_skip_mods(btf, t->type, NULL);

	if (p && btf_is_func_proto(p)) {
		proto_at(b, btf, p, "(*)", depth);
		return;
	}
	type_at(b, btf, t->type, depth + 1);
	spell_printf(b, " *");
}

static void type_at(struct spell *b, const struct btf *btf, uint32_t id,
		    int depth)
{
	const struct btf_type *t = btf__type_by_id(btf, id);

	if (!t || depth > SPELL_DEPTH) {
		spell_printf(b, "?");
		return;
	}
	switch (btf_kind(t)) {
	case BTF_KIND_UNKN:
		spell_printf(b, "void");
		break;
	case BTF_KIND_INT:
	case BTF_KIND_FLOAT:
	case BTF_KIND_TYPEDEF:
	case BTF_KIND_FUNC:
		spell_printf(b, "%s", btf_name_or_anon(btf, t));
		break;
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
	case BTF_KIND_FWD:
		spell_printf(b, "%s %s", btf_cls_str(btf_cls_of(t)),
			     btf_name_or_anon(btf, t));
		break;
	case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64:
		spell_printf(b, "enum %s", btf_name_or_anon(btf, t));
		break;
	case BTF_KIND_PTR:
		ptr_at(b, btf, t, depth);
		break;
	case BTF_KIND_CONST:
	case BTF_KIND_VOLATILE:
		spell_printf(b, "%s ", btf_kind_spelling(t));
		type_at(b, btf, t->type, depth + 1);
		break;
	case BTF_KIND_RESTRICT:
	case BTF_KIND_TYPE_TAG:
		type_at(b, btf, t->type, depth + 1);
		break;
	case BTF_KIND_ARRAY:
		type_at(b, btf, btf_array(t)->type, depth + 1);
		spell_printf(b, "[%u]", btf_array(t)->nelems);
		break;
	case BTF_KIND_FUNC_PROTO:
		proto_at(b, btf, t, "", depth);
		break;
	case BTF_KIND_VAR:
	case BTF_KIND_DATASEC:
	case BTF_KIND_DECL_TAG:
	default:
		spell_printf(b, "?");
		break;
	}
}

void spell_type(struct spell *b, const struct btf *btf, uint32_t id)
{
	type_at(b, btf, id, 0);
}
