// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * A user's program that defines names the library also uses inside
 * (lit, spell; btf_skip_mods, as a future libbpf inline might), each
 * different in kind and type from the library's, and links libstops_gen.a:
 * with the archive's internal symbols local it links, and both sides keep
 * their own. The emitters and the check are called so that the archive's
 * code is really linked in.
 * Usage: archive_clash OBJ.bpf.o HEADER_OUT DUMP_OUT [KERNEL_BTF]
 * (Bazel: no arguments, the object its rule names, outputs to /dev/null.)
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "stops_shadow.h"

/* data where the library has a function, and functions of other types */
int lit = 42;

const char *spell(unsigned int n)
{
	return n == 7 ? "seven" : "other";
}

unsigned long btf_skip_mods(unsigned long x)
{
	return x * 3 + 1;
}

static int own_names_intact(void)
{
	if (lit != 42 || strcmp(spell(7), "seven") || btf_skip_mods(13) != 40) {
		fprintf(stderr, "archive_clash: the program's own lit, spell "
				"or btf_skip_mods was replaced\n");
		return -1;
	}
	return 0;
}

static int emit(const struct stops_model *md, const char *path, int dump)
{
	struct stops_err err = {0};
	FILE *f = fopen(path, "w");
	int ret;

	if (!f) {
		fprintf(stderr, "archive_clash: %s: %s\n", path,
			strerror(errno));
		return -1;
	}
	ret = dump ? stops_model__emit_dump(md, f, NULL, &err)
		   : stops_model__emit_c(md, f, NULL, &err);
	if (fclose(f) && !ret)
		ret = -EIO;
	if (ret)
		fprintf(stderr, "archive_clash: emit %s: %s\n", path, err.msg);
	return ret;
}

static int report(const struct stops_check_result *res)
{
	struct stops_err err = {0};
	FILE *f = fopen("/dev/null", "w");
	int ret;

	if (!f)
		return -errno;
	ret = stops_check_result__write(res, f, NULL, &err);
	fclose(f);
	if (ret)
		fprintf(stderr, "archive_clash: report: %s\n", err.msg);
	return ret;
}

static int check(const struct stops_model *md, const char *kbtf)
{
	const char *paths[] = {kbtf};
	STOPS_OPTS(stops_check_opts, opts, .kernel_btf = kbtf ? paths : NULL,
		   .nr_kernel_btf = kbtf ? 1 : 0);
	struct stops_check_result *res = NULL;
	struct stops_err err = {0};
	int ret;

	ret = stops_model__check(md, &opts, &res, &err);
	if (ret) {
		fprintf(stderr, "archive_clash: check: %s\n", err.msg);
		return ret;
	}
	if (res->nr_maps != md->nr_maps) {
		fprintf(stderr, "archive_clash: check: %u maps of %u\n",
			res->nr_maps, md->nr_maps);
		ret = -1;
	}
	if (!ret)
		ret = report(res);
	stops_check_result__free(res);
	return ret;
}

int main(int argc, char **argv)
{
#ifdef BZL_DEMO_BPF_OBJECT
	const char *path = argc > 1 ? argv[1] : BZL_DEMO_BPF_OBJECT;
#else
	const char *path = argc > 1 ? argv[1] : NULL;
#endif
	const char *hdr = argc > 2 ? argv[2] : "/dev/null";
	const char *dump = argc > 3 ? argv[3] : "/dev/null";
	const char *kbtf = argc > 4 ? argv[4] : NULL;
	struct stops_object *obj = NULL;
	struct stops_err err = {0};
	const struct stops_model *md;
	int ret;

	if (!path) {
		fprintf(stderr,
			"usage: archive_clash OBJ.bpf.o HEADER DUMP [KERNEL_BTF]\n");
		return 2;
	}
	ret = stops_object__open_file(path, NULL, &obj, &err);
	if (ret) {
		fprintf(stderr, "archive_clash: %s: %s\n", path, err.msg);
		return 1;
	}
	md = stops_object__model(obj);
	if (!md->nr_maps) {
		fprintf(stderr, "archive_clash: %s: no struct_ops map\n", path);
		ret = -1;
	}
	if (!ret)
		ret = emit(md, hdr, 0);
	if (!ret)
		ret = emit(md, dump, 1);
	if (!ret)
		ret = check(md, kbtf);
	stops_object__free(obj);
	if (!ret)
		ret = own_names_intact();
	if (ret)
		return 1;
	printf("archive_clash: %s: header, dump and check through the archive; "
	       "lit, spell and btf_skip_mods are the program's own\n",
	       path);
	return 0;
}
