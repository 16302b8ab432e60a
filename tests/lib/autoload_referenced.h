/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * The test loaders' shared rule for programs no struct_ops map refers to:
 * libbpf 1.4 refuses to load them, 1.5+ skips them, and check calls them a
 * warning. Each loader turns their autoload off, so "real" means what a
 * current libbpf does with the object.
 *
 * A map's initial value holds a struct bpf_program * in each filled slot,
 * so a program whose address is in no map's value is unreferenced.
 */
#ifndef STOPS_TESTS_AUTOLOAD_REFERENCED_H
#define STOPS_TESTS_AUTOLOAD_REFERENCED_H

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include <bpf/libbpf.h>

static bool referenced(struct bpf_object *obj, const struct bpf_program *prog)
{
	struct bpf_map *map;

	bpf_object__for_each_map(map, obj) {
		const unsigned char *v;
		size_t size = 0;

		if (bpf_map__type(map) != BPF_MAP_TYPE_STRUCT_OPS)
			continue;
		v = bpf_map__initial_value(map, &size);
		for (size_t off = 0; v && off + sizeof(prog) <= size;
		     off += sizeof(prog)) {
			const struct bpf_program *p;

			memcpy(&p, v + off, sizeof(p));
			if (p == prog)
				return true;
		}
	}
	return false;
}

/* Says each program it turns off on log, when log is not NULL. */
static void autoload_referenced_only(struct bpf_object *obj, FILE *log)
{
	struct bpf_program *prog;

	bpf_object__for_each_program(prog, obj) {
		if (bpf_program__type(prog) == BPF_PROG_TYPE_STRUCT_OPS &&
		    !referenced(obj, prog)) {
			if (log)
				fprintf(log, "not autoloaded: %s\n",
					bpf_program__name(prog));
			bpf_program__set_autoload(prog, false);
		}
	}
}

#endif
