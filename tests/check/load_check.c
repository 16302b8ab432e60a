// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * What the kernel says: open OBJ with libbpf, bpf_object__load() it
 * (struct_ops maps are created and their programs verified), then
 * bpf_map__attach_struct_ops() every struct_ops map (the map update that
 * registers the ops table, and its link for .struct_ops.link maps), then
 * detach and close. This is the "reality" stops-shadow check's verdict is
 * compared with.
 *
 * Exit 0 loaded and attached, 1 refused (load or attach), 2 cannot open,
 * 77 not privileged. One line on stdout says which step failed and why:
 *	load: ok
 *	load: refused (Permission denied): <libbpf's first warning>
 *	attach: refused map ca (Invalid argument)
 * libbpf's log goes to stderr with STOPS_CHECK_VERBOSE set.
 *
 * Programs no struct_ops map refers to are not autoloaded
 * (autoload_referenced.h says why).
 *
 * A tcp_congestion_ops name is global: when another test holds the same
 * name (EEXIST), the attach is retried for a few seconds, so tests that
 * share an object can run in parallel.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <bpf/libbpf.h>

#include "autoload_referenced.h"

#define CAP_SYS_ADMIN 21
#define CAP_BPF 39
#define MAX_LINKS 64
/* 20 tries of 250 ms: longer than any other test holds a name */
#define EEXIST_TRIES 20

static char first_warn[512];

static int print(enum libbpf_print_level level, const char *fmt, va_list ap)
{
	va_list aq;

	va_copy(aq, ap);
	if (level == LIBBPF_WARN && !first_warn[0])
		vsnprintf(first_warn, sizeof(first_warn), fmt, aq);
	va_end(aq);
	if (getenv("STOPS_CHECK_VERBOSE"))
		return vfprintf(stderr, fmt, ap);
	return 0;
}

/* CAP_BPF or CAP_SYS_ADMIN in the effective set, from /proc/self/status. */
static int privileged(void)
{
	unsigned long long caps = 0;
	char line[256];
	FILE *f = fopen("/proc/self/status", "r");

	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "CapEff: %llx", &caps) == 1)
			break;
	fclose(f);
	return !!(caps & (1ULL << CAP_BPF | 1ULL << CAP_SYS_ADMIN));
}

static struct bpf_link *attach(struct bpf_map *map)
{
	struct timespec ts = {0, 250 * 1000 * 1000};
	struct bpf_link *link = NULL;

	for (int i = 0; i < EEXIST_TRIES; i++) {
		link = bpf_map__attach_struct_ops(map);
		if (link || errno != EEXIST)
			break;
		nanosleep(&ts, NULL);
	}
	return link;
}

int main(int argc, char **argv)
{
	struct bpf_link *links[MAX_LINKS];
	int nr_links = 0, ret = 0, err;
	struct bpf_object *obj;
	struct bpf_map *map;

	if (argc != 2) {
		fprintf(stderr, "usage: load_check OBJ.bpf.o\n");
		return 2;
	}
	if (!privileged()) {
		printf("skip: needs CAP_BPF or root to load BPF objects\n");
		return 77;
	}
	libbpf_set_print(print);
	obj = bpf_object__open_file(argv[1], NULL);
	if (!obj) {
		fprintf(stderr, "load_check: %s: cannot open: %s\n", argv[1],
			strerror(errno));
		return 2;
	}
	autoload_referenced_only(obj, stdout);
	err = bpf_object__load(obj);
	if (err == -EPERM) {
		bpf_object__close(obj);
		printf("skip: kernel refused with EPERM: not privileged enough\n");
		return 77;
	}
	if (err) {
		bpf_object__close(obj);
		printf("load: refused (%s): %s", strerror(-err), first_warn);
		if (!first_warn[0])
			printf("\n");
		return 1;
	}
	printf("load: ok\n");
	bpf_object__for_each_map(map, obj) {
		struct bpf_link *link;

		if (bpf_map__type(map) != BPF_MAP_TYPE_STRUCT_OPS)
			continue;
		if (nr_links == MAX_LINKS) {
			fprintf(stderr, "load_check: more than %d maps\n",
				MAX_LINKS);
			ret = 2;
			break;
		}
		link = attach(map);
		if (!link) {
			printf("attach: refused map %s (%s)\n",
			       bpf_map__name(map), strerror(errno));
			ret = 1;
			break;
		}
		links[nr_links++] = link;
	}
	if (!ret)
		printf("attach: ok (%d maps)\n", nr_links);
	while (nr_links)
		bpf_link__destroy(links[--nr_links]);
	bpf_object__close(obj);
	return ret;
}
