// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * stops_check() in-process: return values (0 compatible, 1 incompatible,
 * negative errno), a one-line message and no report on error.
 * Usage: check_api OBJDIR BTFDIR (BTFDIR made by check.setup).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "stops_shadow.h"

static int failures;

#define EXPECT(cond, ...)						\
	do {								\
		if (!(cond)) {						\
			printf("FAIL %s:%d: ", __FILE__, __LINE__);	\
			printf(__VA_ARGS__);				\
			printf("\n");					\
			failures++;					\
		}							\
	} while (0)

/* Run the check of OBJDIR/<obj>.bpf.o against one kernel BTF file. */
static int check(const char *objdir, const char *obj, const char *kbtf,
		 bool json, long *out_len, struct stops_err *err)
{
	const char *paths[] = { kbtf };
	struct stops_check_opts opts = {
		.kernel_btf = kbtf ? paths : NULL,
		.nr_kernel_btf = kbtf ? 1 : 0,
		.json = json,
	};
	struct stops_object *o = NULL;
	char path[4096];
	FILE *out = tmpfile();
	int ret;

	snprintf(path, sizeof(path), "%s/%s.bpf.o", objdir, obj);
	ret = stops_object__open_file(path, NULL, &o, err);
	if (ret || !out) {
		printf("cannot open %s: %s\n", path, err->msg);
		exit(1);
	}
	ret = stops_check(stops_object__model(o), &opts, out, err);
	*out_len = ftell(out);
	fclose(out);
	stops_object__free(o);
	return ret;
}

int main(int argc, char **argv)
{
	struct stops_err err = { "" };
	char minimal[4096], copy[4096], none[4096];
	long len;
	int ret;

	if (argc != 3) {
		fprintf(stderr, "usage: check_api OBJDIR BTFDIR\n");
		return 2;
	}
	snprintf(minimal, sizeof(minimal), "%s/minimal.btf", argv[2]);
	snprintf(copy, sizeof(copy), "%s/vmlinux.btf", argv[2]);
	snprintf(none, sizeof(none), "%s/none/vmlinux", argv[2]);
	if (access(minimal, R_OK)) {
		printf("skip: %s not made by check.setup\n", minimal);
		return 77;
	}

	ret = check(argv[1], "ok", minimal, false, &len, &err);
	EXPECT(ret == 1, "ok vs minimal: %d, want 1", ret);
	EXPECT(len > 0, "no report written");
	ret = check(argv[1], "extra_zero", minimal, true, &len, &err);
	EXPECT(ret == 0, "extra_zero vs minimal: %d, want 0", ret);
	ret = check(argv[1], "ok", none, false, &len, &err);
	EXPECT(ret == -ENOENT, "nonexistent BTF: %d, want -ENOENT", ret);
	EXPECT(len == 0, "a report was written on error");
	EXPECT(!strchr(err.msg, '\n') && strstr(err.msg, none),
	       "message not one line naming the file: '%s'", err.msg);
	EXPECT(stops_check(NULL, NULL, stdout, &err) == -EINVAL,
	       "NULL model accepted");
	if (!access(copy, R_OK)) {
		ret = check(argv[1], "ok", copy, false, &len, &err);
		EXPECT(ret == 0, "ok vs saved vmlinux: %d, want 0", ret);
	}
	if (!access("/sys/kernel/btf/vmlinux", R_OK)) {
		ret = check(argv[1], "member_size", NULL, true, &len, &err);
		EXPECT(ret == 1, "member_size vs default kernel: %d, want 1", ret);
	}
	printf("%s\n", failures ? "FAILED" : "ok");
	return failures ? 1 : 0;
}
