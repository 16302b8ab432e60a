// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * The run-time block of a shadow header against one libbpf (runtime.libbpf.*):
 * built and run with the libbpf of the host or of a Debian root. Through
 * public API only, the accessors hand out tcp_cc.bpf.o's ops table
 * (X__from_object(), X__from_skel()), X__from_map() refuses (EINVAL for
 * another map, else ENOTSUP, one line through the print hook), libbpf's
 * print callback is never swapped, the table edited through the shadow
 * (name, a slot) loads and registers in this kernel, and after load the
 * accessors refuse (EBUSY).
 * Exit 0 pass, 1 fail, 77 no privilege to load.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <bpf/libbpf.h>

/* The print hook: the header's messages land here, not in libbpf's. */
static char hook_text[4096];
static int hook_lines;

static int hook_print(enum libbpf_print_level level, const char *fmt,
		      va_list ap)
{
	size_t n = strlen(hook_text);

	(void)level;
	hook_lines++;
	return vsnprintf(hook_text + n, sizeof(hook_text) - n, fmt, ap);
}

#define STOPS_SHADOW_VPRINT hook_print
#include "tcp_cc.shadow.h"

typedef struct tcp_cc_shadow_cc_tcp_congestion_ops shadow_t;

/* What a bpftool skeleton offers X__from_skel(): its obj member. */
struct fake_skel {
	struct bpf_object *obj;
};

static int libbpf_lines;

static int libbpf_print(enum libbpf_print_level level, const char *fmt,
			va_list ap)
{
	if (level == LIBBPF_DEBUG)
		return 0;
	libbpf_lines++;
	return vfprintf(stderr, fmt, ap);
}

static int failed;

#define EXPECT(cond, ...)                                                      \
	do {                                                                   \
		if (!(cond)) {                                                 \
			fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);   \
			fprintf(stderr, __VA_ARGS__);                          \
			fputc('\n', stderr);                                   \
			failed = 1;                                            \
		}                                                              \
	} while (0)

/* X__from_map() is deprecated: its use here is the test of its refusal. */
#if defined(__GNUC__) || defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#endif
static shadow_t *from_map(struct bpf_map *map)
{
	return tcp_cc_shadow_cc_tcp_congestion_ops__from_map(map);
}
#if defined(__GNUC__) || defined(__clang__)
#pragma GCC diagnostic pop
#endif

static void check_from_map(struct bpf_object *obj, struct bpf_map *map)
{
	struct bpf_map *other = NULL, *m;

	bpf_object__for_each_map(m, obj)
		if (m != map)
			other = m;
	hook_text[0] = 0;
	hook_lines = 0;
	errno = 0;
	EXPECT(!from_map(map) && errno == ENOTSUP,
	       "from_map: errno %d, want ENOTSUP", errno);
	EXPECT(hook_lines == 1 && strstr(hook_text, "map 'shadow_cc'") &&
		       strstr(hook_text, "__from_object()"),
	       "from_map printed %d lines through the hook: \"%s\"",
	       hook_lines, hook_text);
	errno = 0;
	EXPECT(!other || (!from_map(other) && errno == EINVAL),
	       "from_map(another map): errno %d, want EINVAL", errno);
}

int main(int argc, char **argv)
{
	struct bpf_object *obj;
	struct bpf_map *map;
	struct bpf_link *link = NULL;
	struct fake_skel skel;
	shadow_t *s, *t;
	char name[16];
	int err;

	if (argc != 2) {
		fprintf(stderr, "usage: libbpf_loader tcp_cc.bpf.o\n");
		return 1;
	}
	setvbuf(stdout, NULL, _IONBF, 0);
	printf("libbpf %s (%u.%u)\n", libbpf_version_string(),
	       libbpf_major_version(), libbpf_minor_version());
	libbpf_set_print(libbpf_print);
	obj = bpf_object__open_file(argv[1], NULL);
	if (!obj) {
		fprintf(stderr, "FAIL: open %s: %s\n", argv[1], strerror(errno));
		return 1;
	}
	map = bpf_object__find_map_by_name(obj, "shadow_cc");
	EXPECT(map, "no map shadow_cc");
	if (!map)
		return 1;

	s = tcp_cc_shadow_cc_tcp_congestion_ops__from_object(obj);
	EXPECT(s, "from_object: errno %d", errno);
	skel.obj = obj;
	t = tcp_cc_shadow_cc_tcp_congestion_ops__from_skel(&skel);
	EXPECT(t == s, "from_skel: %p, from_object %p", (void *)t, (void *)s);
	check_from_map(obj, map);
	/* the header never touched libbpf's callback: ours is still set */
	EXPECT(libbpf_set_print(libbpf_print) == libbpf_print,
	       "libbpf's print callback was changed");
	EXPECT(libbpf_lines == 0, "%d lines reached libbpf's callback",
	       libbpf_lines);
	if (!s) {
		bpf_object__close(obj);
		return 1;
	}

	snprintf(name, sizeof(name), "rt_%d", (int)getpid() % 100000);
	memcpy(s->name, name, sizeof(name));
	/* a slot written through the shadow: libbpf 1.4 and 1.5 refuse to
	 * load init_alt unless a map names it */
	s->init = bpf_object__find_program_by_name(obj, "init_alt");
	EXPECT(s->init, "no program init_alt");
	err = bpf_object__load(obj);
	if (err) {
		fprintf(stderr, "load: %s\n", strerror(-err));
		bpf_object__close(obj);
		if (err == -EPERM || err == -EACCES)
			return 77; /* no CAP_BPF: says nothing of the header */
		return 1;
	}
	link = bpf_map__attach_struct_ops(map);
	EXPECT(link, "attach_struct_ops: %s", strerror(errno));
	errno = 0;
	EXPECT(!tcp_cc_shadow_cc_tcp_congestion_ops__from_object(obj) &&
		       errno == EBUSY,
	       "from_object after load: errno %d, want EBUSY", errno);
	errno = 0;
	EXPECT(!tcp_cc_shadow_cc_tcp_congestion_ops__from_skel(&skel) &&
		       errno == EBUSY,
	       "from_skel after load: errno %d, want EBUSY", errno);
	if (link)
		printf("registered congestion control %s\n", name);
	bpf_link__destroy(link);
	bpf_object__close(obj);
	if (!failed)
		printf("PASS: libbpf %s\n", libbpf_version_string());
	return failed;
}
