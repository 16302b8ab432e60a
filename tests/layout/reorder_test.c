/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * Run-time layout check (issue 31): a loader built with the header of
 * reorder.bpf.o accepts that object and refuses reorder_v2.bpf.o (the
 * same map, type name and size, members reordered) and reorder_v3.bpf.o
 * (a nested struct's members swapped), through X__from_object() and
 * X__from_skel(): NULL, errno EPROTO, one line through the header's print
 * hook (STOPS_SHADOW_VPRINT) naming the first differing member, none
 * through libbpf's print callback, which the header leaves alone.
 *
 * usage: reorder_test [V1.bpf.o V2.bpf.o V3.bpf.o]
 */
#include <bpf/libbpf.h>
#include <stdarg.h>
#include <stdlib.h>

#include "check.h"

static char lines[4096];
static int nr_lines;

/* the header's print hook */
static int capture(enum libbpf_print_level level, const char *fmt,
		   va_list ap)
{
	size_t n = strlen(lines);

	if (level == LIBBPF_WARN && strstr(fmt, "stops-shadow")) {
		vsnprintf(lines + n, sizeof(lines) - n, fmt, ap);
		nr_lines++;
	}
	return 0;
}

#define STOPS_SHADOW_VPRINT capture
#include "reorder.shadow.h"

/* libbpf's callback: no line of the header's may reach it */
static int libbpf_lines;

static int libbpf_print(enum libbpf_print_level level, const char *fmt,
			va_list ap)
{
	(void)level;
	(void)ap;
	if (strstr(fmt, "stops-shadow"))
		libbpf_lines++;
	return 0;
}

/* what X__from_skel() takes of a bpftool skeleton */
struct skel {
	struct bpf_object *obj;
};

static struct bpf_object *open_obj(const char *path)
{
	struct bpf_object *obj = bpf_object__open_file(path, NULL);

	if (!obj) {
		fprintf(stderr, "open %s: %s\n", path, strerror(errno));
		exit(1);
	}
	return obj;
}

/* obj's map ro is refused by both accessors, each with one line naming
 * member (and holding want) */
static void refused(const char *path, const char *want)
{
	struct bpf_object *obj = open_obj(path);
	struct skel skel = {obj};
	struct reorder_ro_ro_ops *s;

	lines[0] = 0;
	nr_lines = 0;
	errno = 0;
	s = reorder_ro_ro_ops__from_object(obj);
	CHECK(s == NULL && errno == EPROTO,
	      "%s: from_object: %p, errno %d (want NULL, EPROTO %d)", path,
	      (void *)s, errno, EPROTO);
	CHECK(nr_lines == 1 && strstr(lines, want) &&
		      strchr(lines, '\n') == lines + strlen(lines) - 1,
	      "%s: from_object printed %d lines \"%s\", want one with \"%s\"",
	      path, nr_lines, lines, want);
	fprintf(stderr, "%s: %s", path, lines);

	lines[0] = 0;
	nr_lines = 0;
	errno = 0;
	s = reorder_ro_ro_ops__from_skel(&skel);
	CHECK(s == NULL && errno == EPROTO,
	      "%s: from_skel: %p, errno %d (want NULL, EPROTO)", path,
	      (void *)s, errno);
	CHECK(nr_lines == 1 && strstr(lines, want),
	      "%s: from_skel printed %d lines \"%s\", want \"%s\"", path,
	      nr_lines, lines, want);
	bpf_object__close(obj);
}

int main(int argc, char **argv)
{
	const char *v1 = argc > 3 ? argv[1] : REORDER_BPF_OBJECT;
	const char *v2 = argc > 3 ? argv[2] : REORDER_V2_BPF_OBJECT;
	const char *v3 = argc > 3 ? argv[3] : REORDER_V3_BPF_OBJECT;
	struct bpf_object *obj;
	struct reorder_ro_ro_ops *s;
	struct skel skel;

	libbpf_set_print(libbpf_print);

	/* its own object: accepted by both, the values as compiled */
	obj = open_obj(v1);
	skel.obj = obj;
	s = reorder_ro_ro_ops__from_object(obj);
	CHECK(s != NULL, "v1: from_object refused its own object: errno %d",
	      errno);
	CHECK_PTR(reorder_ro_ro_ops__from_skel(&skel), s);
	CHECK_INT(nr_lines, 0);
	if (s) {
		CHECK_INT(s->flags, 1);
		CHECK_INT(s->id, 7);
		CHECK_INT(s->range.lo, 10);
		CHECK_INT(s->range.hi, 20);
		CHECK_STR(s->name, "v1");
	}
	bpf_object__close(obj);

	/* the check runs before the size check: the sizes agree here */
	refused(v2, "member 'flags' of the loader's header is 'init' in the object");
	refused(v3, "member 'lo' of the loader's header is 'hi' in the object");

	/* libbpf's callback untouched, and none of the lines reached it */
	CHECK(libbpf_set_print(NULL) == libbpf_print,
	      "libbpf's print callback was changed");
	CHECK_INT(libbpf_lines, 0);

	fprintf(stderr, "%d checks, %d failures\n", check_count,
		check_failures);
	return check_failures ? 1 : 0;
}
