/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * Run-time code: a struct_ops map's buffer between open and load.
 * Every shadow header carries the lines between the emit markers
 * (scripts/mk-runtime turns them into the emitter's code at build time);
 * the lines above them let this file compile on its own (tests/runtime).
 */
#include <errno.h>
#include <stddef.h>
#include <string.h>
#include <bpf/libbpf.h>
/* stops-shadow: emit begin */
#if !defined(STOPS_SHADOW_NO_LIBBPF) && !defined(STOPS_SHADOW__INITIAL_VALUE)
#define STOPS_SHADOW__INITIAL_VALUE
/*
 * The initial value of struct_ops map name, if it has size bytes. EBUSY
 * once the map has an fd, when libbpf reads the buffer no more: after
 * bpf_object__prepare() (libbpf >= 1.6) or bpf_object__load(), created
 * or not (libbpf's placeholder fd), or a reused map.
 */
static inline void *stops_shadow__initial_value(struct bpf_map *map, const char *name, size_t size)
{
	size_t got = 0;
	void *p;

	if (!map || bpf_map__type(map) != BPF_MAP_TYPE_STRUCT_OPS ||
	    strcmp(bpf_map__name(map), name)) {
		errno = EINVAL;
		return NULL;
	}
	if (bpf_map__fd(map) >= 0) {
		errno = EBUSY;
		return NULL;
	}
	p = bpf_map__initial_value(map, &got);
	if (!p || got != size) {
		errno = EINVAL;
		return NULL;
	}
	return p;
}

static inline void *stops_shadow__find_initial_value(struct bpf_object *obj, const char *name, size_t size)
{
	struct bpf_map *map = obj ? bpf_object__find_map_by_name(obj, name) : NULL;

	if (!map) {
		errno = ENOENT;
		return NULL;
	}
	return stops_shadow__initial_value(map, name, size);
}
#endif

/* stops-shadow: emit end */
