/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/* Layout stage: one BTF struct to an explicitly laid out shadow aggregate. */
#ifndef STOPS_LAYOUT_H
#define STOPS_LAYOUT_H

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
	struct stops_err *err;
};

/* Lay out struct type_id as shadow type c_name; path names it in messages. */
int layout_struct(struct layout_ctx *ctx, uint32_t type_id, const char *c_name,
		  const char *path, struct stops_aggr **out);
void layout_ctx_free(struct layout_ctx *ctx);

#endif /* STOPS_LAYOUT_H */
