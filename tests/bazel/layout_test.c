// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* layout_test: the Bazel-generated shadow type matches demo_ops and the object. */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <bpf/libbpf.h>

#include "bzl_demo.shadow.h"
#include "demo_ops.h"

typedef struct bzl_demo_tbl_demo_ops shadow_t;

bzl_demo_tbl_demo_ops__ASSERT_MATCHES(struct demo_ops);

static int failures;

#define EXPECT(cond)                                                         \
	do {                                                                 \
		if (!(cond)) {                                               \
			fprintf(stderr, "%s:%d: expected %s\n", __FILE__,    \
				__LINE__, #cond);                            \
			failures++;                                          \
		}                                                            \
	} while (0)

#define SAME_OFFSET(m) EXPECT(offsetof(shadow_t, m) == offsetof(struct demo_ops, m))

int main(void)
{
	struct bpf_object *obj;
	struct bpf_map *map;
	shadow_t *s;
	size_t size;

	/* Layout: the shadow type is the original one, byte for byte. */
	EXPECT(sizeof(shadow_t) == sizeof(struct demo_ops));
	SAME_OFFSET(init);
	SAME_OFFSET(flags);
	SAME_OFFSET(name);
	SAME_OFFSET(knob);
	SAME_OFFSET(range);
	SAME_OFFSET(exit);
	EXPECT(sizeof(((shadow_t *)0)->init) == 8);
	EXPECT(sizeof(((shadow_t *)0)->name) == 16);
	/* The compatibility spelling of bpftool >= 7.5. */
	EXPECT(sizeof(struct bzl_demo__tbl__demo_ops) == sizeof(shadow_t));

	/* Runtime: the object the defines name is in the test's runfiles. */
	if (getenv("TEST_SRCDIR")) {
		char path[4096];

		snprintf(path, sizeof(path), "%s/%s", getenv("TEST_SRCDIR"),
			 BZL_DEMO_BPF_OBJECT_RLOCATION);
		EXPECT(access(path, R_OK) == 0);
	}
	obj = bpf_object__open_file(BZL_DEMO_BPF_OBJECT, NULL);
	if (!obj) {
		fprintf(stderr, "open %s: %s\n", BZL_DEMO_BPF_OBJECT, strerror(errno));
		return 1;
	}
	s = bzl_demo_tbl_demo_ops__from_object(obj);
	EXPECT(s != NULL);
	if (s) {
		EXPECT(s->flags == 3);
		EXPECT(strcmp(s->name, "bzl_demo") == 0);
		EXPECT(s->knob == 0x1122334455667788ULL);
		EXPECT(s->range.lo == 10 && s->range.hi == 20);
		EXPECT(s->init && strcmp(bpf_program__name(s->init), "demo_init") == 0);
		EXPECT(s->exit == NULL);

		/* The shadow is the map's initial value itself. */
		s->knob = 7;
		map = bpf_object__find_map_by_name(obj, "tbl");
		EXPECT(map && bpf_map__initial_value(map, &size) == (void *)s);
		EXPECT(size == sizeof(shadow_t) && s->knob == 7);
	}

	/* No object, no shadow: refused with errno set. */
	errno = 0;
	EXPECT(bzl_demo_tbl_demo_ops__from_object(NULL) == NULL && errno == ENOENT);

	bpf_object__close(obj);
	if (failures)
		fprintf(stderr, "%d check(s) failed\n", failures);
	return failures != 0;
}
