// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * load_attach: what the kernel does with a BPF object as compiled: open it,
 * bpf_object__load() it (programs no map refers to not autoloaded, as
 * autoload_referenced.h says), attach every struct_ops map, detach, close.
 * This is the "real" side of the kernel matrix (`check` promises exit 3 exactly when
 * this fails). One line per object on stdout:
 *
 *   @@REAL <name> ok
 *   @@REAL <name> fail load: <error>: <libbpf's first warning>
 *   @@REAL <name> fail attach <map>: <error>: <libbpf's first warning>
 *
 * <name> is the file name without .bpf.o. Exit 0 when every object was
 * tried (whatever the kernel said), 2 on usage or an unreadable object.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <bpf/libbpf.h>

#include "autoload_referenced.h"

static char first_warn[256];

static int print(enum libbpf_print_level level, const char *fmt, va_list ap)
{
	size_t n;

	/* The token probe's warning says nothing about this object. */
	if (level != LIBBPF_WARN || first_warn[0] || strstr(fmt, "BPF token"))
		return 0;
	vsnprintf(first_warn, sizeof(first_warn), fmt, ap);
	n = strcspn(first_warn, "\n");
	first_warn[n] = 0;
	return 0;
}

static void name_of(const char *path, char *out, size_t sz)
{
	const char *base = strrchr(path, '/');
	size_t n;

	base = base ? base + 1 : path;
	n = strlen(base);
	if (n > 6 && !strcmp(base + n - 6, ".bpf.o"))
		n -= 6;
	snprintf(out, sz, "%.*s", (int)n, base);
}

/* Returns 0 when the object was tried, -1 when it could not be opened. */
static int try_object(const char *path)
{
	struct bpf_link *links[64];
	struct bpf_object *obj;
	struct bpf_map *map;
	char name[128];
	int n = 0, err, ret = 0;

	name_of(path, name, sizeof(name));
	first_warn[0] = 0;
	obj = bpf_object__open_file(path, NULL);
	if (!obj) {
		fprintf(stderr, "load_attach: %s: cannot open: %s\n", path,
			strerror(errno));
		return -1;
	}
	autoload_referenced_only(obj, NULL);
	err = bpf_object__load(obj);
	if (err) {
		printf("@@REAL %s fail load: %s: %s\n", name, strerror(-err),
		       first_warn);
		goto out;
	}
	bpf_object__for_each_map(map, obj) {
		struct bpf_link *link;

		if (bpf_map__type(map) != BPF_MAP_TYPE_STRUCT_OPS)
			continue;
		if (n == (int)(sizeof(links) / sizeof(links[0]))) {
			fprintf(stderr, "load_attach: %s: too many maps\n", path);
			ret = -1;
			goto out;
		}
		first_warn[0] = 0;
		link = bpf_map__attach_struct_ops(map);
		if (!link) {
			printf("@@REAL %s fail attach %s: %s: %s\n", name,
			       bpf_map__name(map), strerror(errno), first_warn);
			goto out;
		}
		links[n++] = link;
	}
	printf("@@REAL %s ok\n", name);
out:
	while (n > 0)
		bpf_link__destroy(links[--n]);
	bpf_object__close(obj);
	fflush(stdout);
	return ret;
}

int main(int argc, char **argv)
{
	int ret = 0;

	if (argc < 2) {
		fprintf(stderr, "usage: load_attach OBJ.bpf.o...\n");
		return 2;
	}
	libbpf_set_print(print);
	for (int i = 1; i < argc; i++)
		if (try_object(argv[i]))
			ret = 2;
	return ret;
}
