/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * A module-defined struct_ops type end to end (tests/vm, sid): with
 * stops_testmod.ko loaded, configure testmod.bpf.o's map through its shadow
 * type (ping slot swapped to ping_b, ping_a not loaded, flags and name
 * set), fit it to the running kernel with NULL (the type is found in the
 * module's BTF, and the module named), load, attach, and have the module
 * call the program: a number written to /proc/stops_testmod goes to ping,
 * and the module reports what it got back and the data it was given.
 *
 * usage: testmod_loader OBJ
 */
#define _POSIX_C_SOURCE 200809L /* pread */
#include <bpf/libbpf.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <fcntl.h>

#include "testmod.shadow.h"

#define PROC "/proc/stops_testmod"

static int print(enum libbpf_print_level level, const char *fmt, va_list ap)
{
	if (level == LIBBPF_DEBUG)
		return 0;
	return vfprintf(stdout, fmt, ap);
}

static void report(void *ctx, const char *member, struct bpf_program *prog,
		   int err)
{
	(void)ctx;
	printf("fit       member %s dropped (%s, err %d)\n", member,
	       prog ? bpf_program__name(prog) : "no program", err);
}

/* write n to the module's file, then read what it did; 0 or -errno */
static int ping(int n, char *got, size_t len)
{
	char buf[16];
	ssize_t r;
	int fd = open(PROC, O_RDWR);

	if (fd < 0)
		return -errno;
	snprintf(buf, sizeof(buf), "%d", n);
	r = write(fd, buf, strlen(buf));
	if (r < 0) {
		r = -errno;
		close(fd);
		return (int)r;
	}
	r = pread(fd, got, len - 1, 0);
	close(fd);
	if (r < 0)
		return -errno;
	got[r] = 0;
	return 0;
}

int main(int argc, char **argv)
{
	struct bpf_program *a, *b;
	struct testmod_testmod_stops_testmod_ops *s;
	struct bpf_object *obj;
	struct bpf_link *link;
	struct btf *btf, *base;
	char module[64], got[128];
	int err;

	if (argc != 2) {
		fprintf(stderr, "usage: testmod_loader OBJ\n");
		return 2;
	}
	libbpf_set_print(print);
	err = stops_shadow__fit_find("stops_testmod_ops", &btf, &base, module,
				     sizeof(module));
	if (err) {
		printf("error: struct stops_testmod_ops not in the kernel's BTF: %s\n",
		       strerror(-err));
		return 1;
	}
	printf("found     struct stops_testmod_ops in %s%s\n",
	       module[0] ? "module " : "vmlinux", module);
	btf__free(btf);
	btf__free(base);

	obj = bpf_object__open_file(argv[1], NULL);
	if (!obj) {
		printf("error: open %s: %s\n", argv[1], strerror(errno));
		return 1;
	}
	s = testmod_testmod_stops_testmod_ops__from_object(obj);
	a = bpf_object__find_program_by_name(obj, "ping_a");
	b = bpf_object__find_program_by_name(obj, "ping_b");
	if (!s || !a || !b) {
		printf("error: shadow %p (errno %d), programs %p %p\n",
		       (void *)s, errno, (void *)a, (void *)b);
		return 1;
	}
	printf("compiled  ping=%s name \"%s\"\n",
	       s->ping ? bpf_program__name(s->ping) : "NULL", s->name);
	s->ping = b;
	bpf_program__set_autoload(a, false);
	s->flags = 5;
	snprintf(s->name, sizeof(s->name), "from_shadow");
	err = testmod_testmod_stops_testmod_ops__fit_kernel(s, NULL, report,
							    NULL);
	if (err) {
		printf("error: fit: %s\n", strerror(-err));
		return 1;
	}
	printf("fit       ok with NULL (the running kernel)\n");
	err = bpf_object__load(obj);
	if (err) {
		printf("error: load: %s\n", strerror(-err));
		return 1;
	}
	link = bpf_map__attach_struct_ops(
		bpf_object__find_map_by_name(obj, "testmod"));
	if (!link) {
		printf("error: attach: %s\n", strerror(errno));
		return 1;
	}
	err = ping(7, got, sizeof(got));
	if (err) {
		printf("error: ping through " PROC ": %s\n", strerror(-err));
		return 1;
	}
	printf("module    %s", got);
	bpf_link__destroy(link);
	err = ping(8, got, sizeof(got));
	printf("detached  ping: %s\n", err ? strerror(-err) : "still answered");
	bpf_object__close(obj);
	if (!err)
		return 1;
	printf("testmod: ok\n");
	return 0;
}
