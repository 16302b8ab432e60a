// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * What the kernel says: open OBJ with libbpf, bpf_object__load() it (struct_ops
 * maps are created and their programs verified, nothing is attached), close.
 * Exit 0 loaded, 1 load refused, 2 cannot open, 77 not privileged.
 * libbpf's log goes to stderr with STOPS_CHECK_VERBOSE set; its first
 * warning (the reason) is printed either way.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <bpf/libbpf.h>

#define CAP_SYS_ADMIN 21
#define CAP_BPF 39

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

int main(int argc, char **argv)
{
	struct bpf_object *obj;
	int err;

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
	err = bpf_object__load(obj);
	bpf_object__close(obj);
	if (err == -EPERM) {
		printf("skip: kernel refused with EPERM: not privileged enough\n");
		return 77;
	}
	if (err) {
		printf("load: refused (%s): %s", strerror(-err), first_warn);
		return 1;
	}
	printf("load: ok\n");
	return 0;
}
