// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* Enums: the enum types members use, with their values. */
#include <bpf/btf.h>

#include "btf_util.h"
#include "layout_int.h"

static int fill_enum_vals(struct layout_ctx *ctx, const struct btf_type *t,
			  struct stops_enum *e)
{
	uint32_t n = btf_vlen(t);

	e->vals = arena_calloc(ctx->arena, n ? n : 1, sizeof(*e->vals));
	if (!e->vals)
		return -ENOMEM;
	for (uint32_t i = 0; i < n; i++) {
		uint32_t name_off;
		int64_t v;

		if (btf_is_enum(t)) {
			const struct btf_enum *ev = btf_enum(t) + i;

			name_off = ev->name_off;
			v = e->is_signed ? (int64_t)ev->val
					 : (int64_t)(uint32_t)ev->val;
		} else {
			const struct btf_enum64 *ev = btf_enum64(t) + i;

			name_off = ev->name_off;
			v = (int64_t)btf_enum64_value(ev);
		}
		e->vals[i].name = btf__name_by_offset(ctx->btf, name_off);
		e->vals[i].value = v;
		if (!e->vals[i].name || !is_c_ident(e->vals[i].name))
			return stops_errf(
				ctx->err, -EINVAL,
				"enum type [%u]: enumerator %u: name is not a C identifier",
				e->btf_id, i);
	}
	e->nr_vals = n;
	return 0;
}

int get_enum(struct layout_ctx *ctx, uint32_t id, const struct btf_type *t,
	     struct stops_enum **out)
{
	struct stops_enum *e = id_map_get(&ctx->enum_ids, id);
	const char *name;
	int ret;

	if (e)
		goto out;
	/* The kernel's btf_enum_check_meta() refuses these as well. */
	if (t->size != 1 && t->size != 2 && t->size != 4 && t->size != 8)
		return stops_errf(
			ctx->err, -EINVAL,
			"enum type [%u] of %u bytes (BTF enums have 1, 2, 4 or 8)",
			id, t->size);
	e = arena_calloc(ctx->arena, 1, sizeof(*e));
	if (!e)
		return -ENOMEM;
	name = btf__name_by_offset(ctx->btf, t->name_off);
	e->name = name && name[0] ? name : NULL;
	if (e->name && !is_c_ident(e->name))
		return stops_errf(ctx->err, -EINVAL,
				  "enum type [%u]: name is not a C identifier",
				  id);
	e->btf_id = id;
	e->size = t->size;
	e->is_signed = btf_kflag(t);
	ret = fill_enum_vals(ctx, t, e);
	if (ret)
		return ret;
	if (ptr_vec_push(&ctx->enums, e) || id_map_put(&ctx->enum_ids, id, e))
		return -ENOMEM;
out:
	*out = e;
	return 0;
}
