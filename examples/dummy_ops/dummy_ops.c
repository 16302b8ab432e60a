// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* dummy_ops: loads a bpf_dummy_ops table with a slot emptied through the shadow type. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "dummy_ops.h"
#include "dummy_ops.shadow.h"

#ifndef DUMMY_OPS_BPF_OBJECT
#define DUMMY_OPS_BPF_OBJECT "dummy_ops.bpf.o"
#endif

typedef struct dummy_ops_dummy_bpf_dummy_ops shadow_t;

/*
 * bpf_dummy_ops exists for the kernel's selftests. The kernel verifies each
 * program against the prototype of its slot, and runs a slot's program
 * through a struct_ops trampoline with BPF_PROG_TEST_RUN; but it never calls
 * the slots itself, and refuses every map value: its init_member returns
 * EOPNOTSUPP, so BPF_MAP_UPDATE_ELEM (the first step of libbpf's attach)
 * fails and nothing is registered. This shows what does work: the emptied
 * slot's program is neither loaded nor run, the other one is.
 */

enum mode {
	EMPTY_TEST_2, /* default: test_2 emptied, test_1 runs */
	KEEP_SLOTS,   /* as compiled: both run */
	WRONG_SLOT,   /* dummy_test_2 in test_1: the verifier refuses it */
};

static bool verbose;

static int print_libbpf(enum libbpf_print_level level, const char *fmt,
			va_list ap)
{
	if (level == LIBBPF_DEBUG && !verbose)
		return 0;
	fputs("  ", stderr);
	return vfprintf(stderr, fmt, ap);
}

static const char *prog_name(const struct bpf_program *p)
{
	return p ? bpf_program__name(p) : "NULL";
}

static void print_value(const char *what, const shadow_t *s)
{
	printf("  %-9s test_1=%s test_2=%s test_sleepable=%s\n", what,
	       prog_name(s->test_1), prog_name(s->test_2),
	       prog_name(s->test_sleepable));
}

static int read_bss(struct bpf_object *obj, struct dummy_ops_counters *c)
{
	unsigned char buf[256];
	struct bpf_map *map;
	int zero = 0;

	bpf_object__for_each_map(map, obj) {
		const char *n = bpf_map__name(map);
		size_t len = strlen(n);

		if (len < 4 || strcmp(n + len - 4, ".bss"))
			continue;
		if (bpf_map__value_size(map) < sizeof(*c) ||
		    bpf_map__value_size(map) > sizeof(buf) ||
		    bpf_map_lookup_elem(bpf_map__fd(map), &zero, buf)) {
			fprintf(stderr, "dummy_ops: error: reading .bss failed\n");
			return -1;
		}
		memcpy(c, buf, sizeof(*c));
		return 0;
	}
	fprintf(stderr, "dummy_ops: error: no .bss map in the object\n");
	return -1;
}

static int prog_id(const struct bpf_program *p)
{
	struct bpf_prog_info info;
	__u32 len = sizeof(info);

	memset(&info, 0, sizeof(info));
	if (bpf_program__fd(p) < 0 ||
	    bpf_prog_get_info_by_fd(bpf_program__fd(p), &info, &len))
		return 0;
	return (int)info.id;
}

/*
 * Runs a slot's program through its struct_ops trampoline: args[0] points to
 * a state the kernel copies in and back, then the slot's other arguments.
 */
static int test_run(struct bpf_program *p, int nr_args, int *retval,
		    int *state_val)
{
	struct { int val; } state = { .val = 1 };
	uint64_t args[5] = { (uint64_t)(uintptr_t)&state, 1, 2, 3, 4 };
	struct bpf_test_run_opts opts;
	int err;

	/* Not LIBBPF_OPTS(): it is a GNU statement expression. */
	memset(&opts, 0, sizeof(opts));
	opts.sz = sizeof(opts);
	opts.ctx_in = args;
	opts.ctx_size_in = nr_args * sizeof(args[0]);

	err = bpf_prog_test_run_opts(bpf_program__fd(p), &opts);
	if (err) {
		fprintf(stderr, "dummy_ops: error: BPF_PROG_TEST_RUN of %s: %s\n",
			bpf_program__name(p), strerror(errno));
		return -1;
	}
	*retval = (int)opts.retval;
	*state_val = state.val;
	return 0;
}

static int run(const char *path, enum mode mode, struct bpf_object **objp)
{
	struct bpf_program *test_1, *test_2;
	struct dummy_ops_counters c;
	struct bpf_link *link;
	struct bpf_map *map;
	int retval, val, err;
	shadow_t *s;

	*objp = bpf_object__open_file(path, NULL);
	if (!*objp) {
		fprintf(stderr, "dummy_ops: error: opening %s: %s\n", path,
			strerror(errno));
		return -1;
	}
	s = dummy_ops_dummy_bpf_dummy_ops__from_object(*objp);
	if (!s) {
		fprintf(stderr, "dummy_ops: error: %s: %s\n", path,
			errno == ENOENT ? "no struct_ops map dummy"
					: "map dummy differs from the shadow type (header from another object?)");
		return -1;
	}
	test_1 = bpf_object__find_program_by_name(*objp, "dummy_test_1");
	test_2 = bpf_object__find_program_by_name(*objp, "dummy_test_2");
	map = bpf_object__find_map_by_name(*objp, "dummy");
	if (!test_1 || !test_2 || !map) {
		fprintf(stderr, "dummy_ops: error: %s lacks dummy_test_1, dummy_test_2 or map dummy\n",
			path);
		return -1;
	}
	printf("dummy_ops: %s, map dummy (%zu-byte shadow struct)\n", path,
	       sizeof(*s));
	print_value("compiled", s);

	/* The edit: empty the optional test_2 slot; its program stays unloaded. */
	if (mode == EMPTY_TEST_2) {
		s->test_2 = NULL;
		bpf_program__set_autoload(test_2, false);
	} else if (mode == WRONG_SLOT) {
		s->test_1 = test_2;
		s->test_2 = NULL;
		bpf_program__set_autoload(test_1, false);
	}
	print_value("to load", s);

	err = bpf_object__load(*objp);
	if (err) {
		fprintf(stderr, "dummy_ops: error: loading %s: %s (libbpf said why above)\n",
			path, strerror(-err));
		return -1;
	}
	if (mode == WRONG_SLOT) {
		fprintf(stderr, "dummy_ops: error: the kernel loaded dummy_test_2 in slot test_1\n");
		return -1;
	}
	printf("  kernel    loaded: dummy_test_1 verified (prog id %d), dummy_test_2 %s\n",
	       prog_id(test_1), bpf_program__fd(test_2) >= 0 ? "verified" : "not loaded");

	/* libbpf writes the value (BPF_MAP_UPDATE_ELEM), then creates the link. */
	link = bpf_map__attach_struct_ops(map);
	if (link) {
		printf("  kernel    value accepted and registered (a newer kernel?); detaching\n");
		bpf_link__destroy(link);
	} else if (errno == EOPNOTSUPP) {
		printf("  kernel    map value refused with EOPNOTSUPP, as bpf_dummy_ops always does\n");
	} else {
		fprintf(stderr, "dummy_ops: error: attaching map dummy: %s\n",
			strerror(errno));
		return -1;
	}

	if (test_run(test_1, 1, &retval, &val))
		return -1;
	printf("  test run  dummy_test_1: returned %d, state.val 1 -> %d\n", retval,
	       val);
	if (retval != DUMMY_OPS_TEST_1_RET || val != 1 + DUMMY_OPS_TEST_1_ADD) {
		fprintf(stderr, "dummy_ops: error: unexpected test_1 result\n");
		return -1;
	}
	if (s->test_2) {
		if (test_run(test_2, 5, &retval, &val))
			return -1;
		printf("  test run  dummy_test_2(state, 1, 2, 3, 4): returned %d\n",
		       retval);
		if (retval != 1 + 2 + 3 + 4) {
			fprintf(stderr, "dummy_ops: error: unexpected test_2 result\n");
			return -1;
		}
	}
	if (read_bss(*objp, &c))
		return -1;
	printf("  counters  test_1=%llu test_2=%llu\n", c.test_1, c.test_2);
	if (c.test_1 != 1 || c.test_2 != (s->test_2 ? 1 : 0)) {
		fprintf(stderr, "dummy_ops: error: counters do not match the slots loaded\n");
		return -1;
	}
	printf("  result    test_1 ran through its struct_ops trampoline; %s\n",
	       s->test_2 ? "so did test_2"
			 : "the emptied test_2 was never loaded or run");
	return 0;
}

int main(int argc, char **argv)
{
	struct bpf_object *obj = NULL;
	const char *path = DUMMY_OPS_BPF_OBJECT;
	enum mode mode = EMPTY_TEST_2;
	int i, ret;

	setvbuf(stdout, NULL, _IOLBF, 0);
	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-v")) {
			verbose = true;
		} else if (!strcmp(argv[i], "--keep-slots")) {
			mode = KEEP_SLOTS;
		} else if (!strcmp(argv[i], "--wrong-slot")) {
			mode = WRONG_SLOT;
		} else if (argv[i][0] == '-') {
			fprintf(stderr,
				"usage: dummy_ops [--keep-slots | --wrong-slot] [-v] [OBJ.bpf.o]\n"
				"  Loads OBJ (default " DUMMY_OPS_BPF_OBJECT ") with slot test_2\n"
				"  emptied (--keep-slots: as compiled; --wrong-slot: dummy_test_2\n"
				"  moved to test_1, which the verifier must refuse), and test-runs\n"
				"  the loaded slots. Exit 0 ok, 1 failure.\n");
			return strcmp(argv[i], "-h") && strcmp(argv[i], "--help");
		} else {
			path = argv[i];
		}
	}
	libbpf_set_print(print_libbpf);
	ret = run(path, mode, &obj);
	bpf_object__close(obj);
	printf("dummy_ops: %s\n", ret ? "FAILED" : "ok");
	return ret ? 1 : 0;
}
