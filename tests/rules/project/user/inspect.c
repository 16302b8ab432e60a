// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* Lists an object's struct_ops maps through the generator library. */
#include <stdio.h>

#include <stops_shadow.h>

int main(int argc, char **argv)
{
	struct stops_object *obj;
	struct stops_err err;
	const struct stops_model *m;
	uint32_t i;

	if (argc != 2 || stops_object__open_file(argv[1], NULL, &obj, &err)) {
		fprintf(stderr, "inspect: %s: %s\n", argc == 2 ? argv[1] : "",
			argc == 2 ? err.msg : "usage: inspect OBJ");
		return 1;
	}
	m = stops_object__model(obj);
	for (i = 0; i < m->nr_maps; i++)
		printf("%s %s %u\n", m->maps[i].name, m->maps[i].shadow_name,
		       m->maps[i].size);
	stops_object__free(obj);
	return 0;
}
