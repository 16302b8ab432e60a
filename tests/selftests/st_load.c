// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * st_load: what a kernel does with each of the kernel's own struct_ops
 * selftest objects (tests/selftests), run in the guest: the object as a
 * whole, then each struct_ops map alone (every other struct_ops map's
 * autocreate off, this one's on), each time open, bpf_object__load() and
 * bpf_map__attach_struct_ops() of every created struct_ops map, detach.
 * A struct_ops program in no struct_ops map is not autoloaded
 * (tests/lib/autoload_referenced.h: libbpf 1.4 refuses it, 1.5+ skips it,
 * check assumes the latter); those of maps not created are left to libbpf. An
 * object with one struct_ops map, created, is that map alone: its map row is
 * the whole object's attempt. One line per attempt:
 *
 *   @@REAL <obj> <map|-> ok
 *   @@REAL <obj> <map|-> fail load <errno>: <first warning> | <verifier>
 *   @@REAL <obj> <map|-> fail attach <map> <errno>: <first warning>
 *   @@SAME <obj> <map>     (the object's one map: its row is the object's)
 *
 * "-" is the whole object; <first warning> is libbpf's first, <verifier>
 * the program and the verifier's last word: the log's last line
 * that is not a statistic, so a row says which program body was refused
 * and why. Exit 0 when every object was tried, 2 on usage or an object
 * libbpf cannot open (a row "fail open" then).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <bpf/libbpf.h>

#include "autoload_referenced.h"

#define MAX_MAPS 64

/* libbpf's warnings of one attempt: its first line, the verifier's last */
static struct {
	char first[256];
	char verifier[256];
	char prog[128];
	int in_log;
} said;

static void keep_line(char *dst, size_t sz, const char *line)
{
	snprintf(dst, sz, "%.*s", (int)strcspn(line, "\n"), line);
}

/* A verifier line that is a statistic, not the reason. */
static int is_statistic(const char *l)
{
	return !*l || !strncmp(l, "processed ", 10) ||
	       !strncmp(l, "verification time", 17) ||
	       !strncmp(l, "stack depth", 11) ||
	       !strncmp(l, "mark_precise", 12);
}

static void log_lines(char *text)
{
	for (char *l = strtok(text, "\n"); l; l = strtok(NULL, "\n")) {
		if (strstr(l, "-- BEGIN PROG LOAD LOG --")) {
			said.in_log = 1;
			continue;
		}
		if (strstr(l, "-- END PROG LOAD LOG --")) {
			said.in_log = 0;
			continue;
		}
		if (said.in_log && !is_statistic(l))
			keep_line(said.verifier, sizeof(said.verifier), l);
	}
}

static int print(enum libbpf_print_level level, const char *fmt, va_list ap)
{
	char buf[8192];
	const char *p;

	if (level != LIBBPF_WARN)
		return 0;
	vsnprintf(buf, sizeof(buf), fmt, ap);
	/* The token probe's warning says nothing about this object. */
	if (strstr(buf, "BPF token"))
		return 0;
	if (!said.first[0] && !said.in_log && !strstr(buf, "-- BEGIN PROG"))
		keep_line(said.first, sizeof(said.first), buf);
	p = strstr(buf, "prog '");
	if (p && strstr(buf, "failed to load"))
		snprintf(said.prog, sizeof(said.prog), "%.*s",
			 (int)strcspn(p + 6, "'"), p + 6);
	log_lines(buf);
	return 0;
}

static const char *errno_name(int err)
{
	switch (err) {
	case EINVAL:
		return "EINVAL";
	case EACCES:
		return "EACCES";
	case EPERM:
		return "EPERM";
	case ENOENT:
		return "ENOENT";
	case ESRCH:
		return "ESRCH";
	case EOPNOTSUPP:
		return "EOPNOTSUPP";
	case 524:
		return "ENOTSUPP";
	case EEXIST:
		return "EEXIST";
	case EBUSY:
		return "EBUSY";
	case E2BIG:
		return "E2BIG";
	case ENOMEM:
		return "ENOMEM";
	case EFAULT:
		return "EFAULT";
	case ENOSPC:
		return "ENOSPC";
	default:
		return strerror(err);
	}
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

static void say_fail(const char *name, const char *which, const char *what,
		     int err)
{
	printf("@@REAL %s %s fail %s %s: %s", name, which, what,
	       errno_name(err), said.first[0] ? said.first : "-");
	if (said.verifier[0])
		printf(" | prog %s: %s", said.prog[0] ? said.prog : "?",
		       said.verifier);
	printf("\n");
}

/*
 * only < 0: the object as compiled; else only the only-th struct_ops map is
 * created. Returns 0 when tried, -1 when libbpf cannot open the object.
 */
static int attempt(const char *path, const char *name, int only)
{
	struct bpf_link *links[MAX_MAPS];
	const char *which = "-";
	struct bpf_object *obj;
	struct bpf_map *map;
	int i = 0, n = 0, err;
	char what[160];

	memset(&said, 0, sizeof(said));
	obj = bpf_object__open_file(path, NULL);
	if (!obj) {
		printf("@@REAL %s - fail open %s: %s\n", name,
		       errno_name(errno), said.first[0] ? said.first : "-");
		return -1;
	}
	bpf_object__for_each_map(map, obj)
	{
		if (bpf_map__type(map) != BPF_MAP_TYPE_STRUCT_OPS)
			continue;
		if (only >= 0) {
			bpf_map__set_autocreate(map, i == only);
			if (i == only)
				which = bpf_map__name(map);
		}
		i++;
	}
	autoload_referenced_only(obj, NULL);
	err = bpf_object__load(obj);
	if (err) {
		say_fail(name, which, "load", -err);
		goto out;
	}
	bpf_object__for_each_map(map, obj)
	{
		struct bpf_link *link;

		if (bpf_map__type(map) != BPF_MAP_TYPE_STRUCT_OPS ||
		    !bpf_map__autocreate(map) || n == MAX_MAPS)
			continue;
		memset(&said, 0, sizeof(said));
		link = bpf_map__attach_struct_ops(map);
		if (!link) {
			err = errno;
			snprintf(what, sizeof(what), "attach %s",
				 bpf_map__name(map));
			say_fail(name, which, what, err);
			goto out;
		}
		links[n++] = link;
	}
	printf("@@REAL %s %s ok\n", name, which);
out:
	while (n > 0)
		bpf_link__destroy(links[--n]);
	bpf_object__close(obj);
	fflush(stdout);
	return 0;
}

/* Its struct_ops maps, and how many of them libbpf creates as compiled. */
static int nr_struct_ops_maps(const char *path, int *created, char *only,
			      size_t sz)
{
	struct bpf_object *obj = bpf_object__open_file(path, NULL);
	struct bpf_map *map;
	int n = 0;

	*created = 0;
	if (!obj)
		return 0;
	bpf_object__for_each_map(map, obj)
	{
		if (bpf_map__type(map) != BPF_MAP_TYPE_STRUCT_OPS)
			continue;
		n++;
		*created += bpf_map__autocreate(map);
		snprintf(only, sz, "%s", bpf_map__name(map));
	}
	bpf_object__close(obj);
	return n;
}

int main(int argc, char **argv)
{
	int ret = 0;

	if (argc < 2) {
		fprintf(stderr, "usage: st_load OBJ.bpf.o...\n");
		return 2;
	}
	libbpf_set_print(print);
	for (int i = 1; i < argc; i++) {
		char name[128], only[128];
		int n, created;

		name_of(argv[i], name, sizeof(name));
		n = nr_struct_ops_maps(argv[i], &created, only, sizeof(only));
		if (n == 1 && created == 1) {
			printf("@@SAME %s %s\n", name, only);
			n = 0;
		}
		if (attempt(argv[i], name, -1)) {
			ret = 2;
			continue;
		}
		for (int m = 0; m < n; m++)
			attempt(argv[i], name, m);
	}
	return ret;
}
