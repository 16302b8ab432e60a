/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * runtime.deprecated: with USE_FROM_MAP, a call of X__from_map(); without,
 * the accessors that replace it (deprecated.sh says what each must do).
 */
#include "kinds.shadow.h"

struct skel {
	struct bpf_object *obj;
};

void *use(struct bpf_map *map, struct skel *skel);

void *use(struct bpf_map *map, struct skel *skel)
{
#ifdef USE_FROM_MAP
	(void)skel;
	return kinds_kinds_kinds_ops__from_map(map);
#else
	(void)map;
	if (!kinds_kinds_kinds_ops__from_object(skel->obj))
		return NULL;
	return kinds_kinds_kinds_ops__from_skel(skel);
#endif
}
