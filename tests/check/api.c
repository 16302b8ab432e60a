// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * stops_model__check() in-process: a result a caller can walk (0, and
 * nr_errors says incompatible), a negative errno and a one-line message
 * on error, and the report writer reading only that result.
 * Usage: check_api OBJDIR BTFDIR (BTFDIR made by check.setup).
 */
#define _POSIX_C_SOURCE 200809L
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

/* The finding with code what in the result, or NULL. */
static const struct stops_check_finding *
find(const struct stops_check_result *res, const char *what)
{
	for (uint32_t i = 0; i < res->nr_maps; i++)
		for (uint32_t j = 0; j < res->maps[i].nr_findings; j++)
			if (!strcmp(res->maps[i].findings[j].what, what))
				return &res->maps[i].findings[j];
	return NULL;
}

/*
 * Run the check of OBJDIR/<obj>.bpf.o against one kernel BTF file: 1 when
 * incompatible, 0 when compatible, the negative errno on error.
 */
static int check(const char *objdir, const char *obj, const char *kbtf,
		 bool json, long *out_len, struct stops_err *err)
{
	const char *paths[] = { kbtf };
	STOPS_OPTS(stops_check_opts, opts, .kernel_btf = kbtf ? paths : NULL,
		   .nr_kernel_btf = kbtf ? 1 : 0);
	STOPS_OPTS(stops_write_opts, wopts,
		   .format = json ? STOPS_FORMAT_JSON : STOPS_FORMAT_TEXT);
	struct stops_check_result *res = (void *)1;
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
	ret = stops_model__check(stops_object__model(o), &opts, &res, err);
	EXPECT(ret ? !res : !!res, "result %p with return %d", (void *)res,
	       ret);
	if (!ret) {
		ret = stops_check_result__write(res, out, &wopts, err);
		EXPECT(!ret, "write: %d", ret);
		ret = res->nr_errors ? 1 : 0;
	}
	stops_check_result__free(res);
	*out_len = ftell(out);
	fclose(out);
	stops_object__free(o);
	return ret;
}

/* The result of ok.bpf.o against the minimal kernel, walked field by field. */
static void walk(const char *objdir, const char *kbtf)
{
	const char *paths[] = { kbtf };
	STOPS_OPTS(stops_check_opts, opts, .kernel_btf = paths,
		   .nr_kernel_btf = 1);
	struct stops_check_result *res = NULL;
	const struct stops_check_finding *f;
	struct stops_object *o = NULL;
	struct stops_err err = { "" };
	uint32_t errors = 0;
	char path[4096];

	snprintf(path, sizeof(path), "%s/ok.bpf.o", objdir);
	if (stops_object__open_file(path, NULL, &o, &err) ||
	    stops_model__check(stops_object__model(o), &opts, &res, &err)) {
		EXPECT(0, "walk: %s", err.msg);
		stops_object__free(o);
		return;
	}
	EXPECT(!strcmp(res->obj_name, "ok"), "obj_name %s", res->obj_name);
	EXPECT(res->nr_kernel_btf == 1 && !strcmp(res->kernel_btf[0], kbtf),
	       "kernel_btf list");
	EXPECT(res->nr_maps == stops_object__model(o)->nr_maps &&
		       res->nr_maps && res->maps[0].map ==
					&stops_object__model(o)->maps[0],
	       "maps do not follow the model");
	for (uint32_t i = 0; i < res->nr_maps; i++)
		for (uint32_t j = 0; j < res->maps[i].nr_findings; j++)
			errors += res->maps[i].findings[j].severity ==
				  STOPS_CHECK_ERROR;
	EXPECT(errors && errors == res->nr_errors, "errors %u, counted %u",
	       res->nr_errors, errors);
	f = find(res, "member-missing");
	EXPECT(f && f->member && f->msg && f->msg[0], "no member-missing");
	stops_check_result__free(res);
	stops_object__free(o);
}

/*
 * Warnings and --strict, and several kernels written at once: r_unused
 * (a warning only) against the minimal kernel with and without strict.
 */
static void strict_and_matrix(const char *objdir, const char *kbtf)
{
	const char *paths[] = { kbtf };
	const char *labels[] = { "lax", "strict" };
	STOPS_OPTS(stops_check_opts, lax, .kernel_btf = paths,
		   .nr_kernel_btf = 1);
	STOPS_OPTS(stops_check_opts, strict, .kernel_btf = paths,
		   .nr_kernel_btf = 1, .strict = true);
	STOPS_OPTS(stops_write_opts, json, .format = STOPS_FORMAT_JSON);
	struct stops_check_result *res[2] = { NULL, NULL };
	struct stops_object *o = NULL;
	struct stops_err err = { "" };
	char path[4096], *buf = NULL;
	size_t size = 0;
	FILE *out;

	snprintf(path, sizeof(path), "%s/r_unused.bpf.o", objdir);
	if (stops_object__open_file(path, NULL, &o, &err) ||
	    stops_model__check(stops_object__model(o), &lax, &res[0], &err) ||
	    stops_model__check(stops_object__model(o), &strict, &res[1],
			       &err)) {
		EXPECT(0, "strict: %s", err.msg);
		goto out;
	}
	EXPECT(res[0]->nr_warnings == 1 && !res[0]->nr_errors &&
		       !res[0]->incompatible && !res[0]->strict,
	       "lax: %u warnings, %u errors, incompatible %d",
	       res[0]->nr_warnings, res[0]->nr_errors, res[0]->incompatible);
	EXPECT(res[1]->nr_warnings == 1 && res[1]->incompatible &&
		       res[1]->maps[0].incompatible && res[1]->strict,
	       "strict: incompatible %d", res[1]->incompatible);
	EXPECT(find(res[0], "prog-unused") &&
		       find(res[0], "prog-unused")->severity ==
			       STOPS_CHECK_WARNING,
	       "no prog-unused warning");
	out = open_memstream(&buf, &size);
	EXPECT(out && !stops_check_results__write(
			      (const struct stops_check_result *const *)res,
			      labels, 2, out, &json, &err),
	       "results__write: %s", err.msg);
	if (out)
		fclose(out);
	EXPECT(buf && strstr(buf, "\"label\": \"strict\"") &&
		       strstr(buf, "\"compatible\": false"),
	       "matrix JSON: %s", buf ? buf : "(none)");
	EXPECT(stops_check_results__write(NULL, NULL, 0, stdout, NULL,
					  &err) == -EINVAL,
	       "no results accepted");
out:
	free(buf);
	stops_check_result__free(res[0]);
	stops_check_result__free(res[1]);
	stops_object__free(o);
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
	EXPECT(stops_model__check(NULL, NULL, NULL, &err) == -EINVAL,
	       "NULL model accepted");
	walk(argv[1], minimal);
	strict_and_matrix(argv[1], minimal);
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
