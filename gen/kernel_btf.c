// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* Kernel BTF loading: vmlinux, modules on demand, a target's BTF files. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <bpf/btf.h>

#include "kernel_btf.h"

/* libbpf reports its own codes (>= 4000, e.g. "format invalid") as errno. */
#define LIBBPF_ERRNO_BASE 4000

static int btf_read_error(int ret, const char **why)
{
	switch (-ret) {
	case EINVAL:
	case EPROTO:
	case ENODATA:
	case ENOEXEC:
		*why = "not a BTF file or an ELF file with .BTF";
		return -EINVAL;
	default:
		if (-ret >= LIBBPF_ERRNO_BASE) {
			*why = "not a BTF file or an ELF file with .BTF";
			return -EINVAL;
		}
		*why = strerror(-ret);
		return ret;
	}
}

static int kernel_add(struct kernel_btf *k, const char *path,
		      struct stops_err *err)
{
	struct btf *base = k->nr_srcs ? k->srcs[0].btf : NULL;
	struct kernel_btf_src *srcs;
	const char *why;
	struct btf *btf;
	struct stat st;
	int ret;

	if (k->nr_srcs == k->cap_srcs) {
		uint32_t cap = k->cap_srcs ? k->cap_srcs * 2 : 8;

		srcs = realloc(k->srcs, cap * sizeof(*srcs));
		if (!srcs)
			return stops_errf(err, -ENOMEM, "out of memory");
		k->srcs = srcs;
		k->cap_srcs = cap;
	}
	if (!stat(path, &st) && S_ISREG(st.st_mode) && !st.st_size)
		return stops_errf(err, -EINVAL,
				  "cannot read kernel BTF %s: empty file",
				  path);
	errno = 0;
	btf = base ? btf__parse_split(path, base) : btf__parse(path, NULL);
	if (!btf) {
		ret = btf_read_error(errno ? -errno : -EINVAL, &why);
		return stops_errf(err, ret, "cannot read kernel BTF %s: %s",
				  path, why);
	}
	k->srcs[k->nr_srcs].path = path;
	k->srcs[k->nr_srcs++].btf = btf;
	return 0;
}

void kernel_btf__free(struct kernel_btf *k)
{
	/* split BTFs first: they point into the base */
	for (uint32_t i = k->nr_srcs; i-- > 0;)
		btf__free(k->srcs[i].btf);
	free(k->srcs);
	k->srcs = NULL;
	k->nr_srcs = k->cap_srcs = 0;
}

static int mod_filter(const struct dirent *d)
{
	return d->d_name[0] != '.' && strcmp(d->d_name, "vmlinux");
}

static int load_mods(struct kernel_btf *k, struct stops_err *err)
{
	struct dirent **ents;
	const char *path;
	int n, ret = 0;

	k->mods_loaded = true;
	n = scandir(k->mod_dir, &ents, mod_filter, alphasort);
	if (n < 0)
		return stops_errf(err, -errno, "cannot list kernel BTF %s: %s",
				  k->mod_dir, strerror(errno));
	for (int i = 0; i < n; i++) {
		if (!ret) {
			path = arena_printf(k->arena, "%s/%s", k->mod_dir,
					    ents[i]->d_name);
			ret = path ? kernel_add(k, path, err)
				   : stops_errf(err, -ENOMEM, "out of memory");
		}
		free(ents[i]);
	}
	free(ents);
	return ret;
}

static bool is_dir(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISDIR(st.st_mode);
}

int kernel_btf__open(struct kernel_btf *k, struct arena *a,
		     const char *const *srcs, size_t nr, const char ***paths,
		     uint32_t *nr_paths, struct stops_err *err)
{
	static const char *const dflt[] = {KERNEL_BTF_DIR};
	const char **out;
	const char *path;
	int ret;

	memset(k, 0, sizeof(*k));
	k->arena = a;
	if (!srcs || !nr) {
		srcs = dflt;
		nr = 1;
	}
	out = arena_calloc(a, nr, sizeof(*out));
	if (!out || nr > UINT32_MAX)
		return stops_errf(err, -ENOMEM, "out of memory");
	*paths = out;
	*nr_paths = 0;
	for (size_t i = 0; i < nr; i++) {
		path = srcs[i];
		if (is_dir(path)) {
			if (i)
				return stops_errf(
					err, -EINVAL,
					"kernel BTF %s: only the first kernel BTF may be a directory",
					path);
			k->mod_dir = arena_strdup(a, path);
			if (!k->mod_dir)
				return stops_errf(err, -ENOMEM,
						  "out of memory");
			path = arena_printf(a, "%s/vmlinux", path);
		} else {
			path = arena_strdup(a, path);
		}
		if (!path)
			return stops_errf(err, -ENOMEM, "out of memory");
		ret = kernel_add(k, path, err);
		if (ret)
			return ret;
		out[(*nr_paths)++] = path;
	}
	return 0;
}

int kernel_btf__find_struct(struct kernel_btf *k, const char *name,
			    const struct kernel_btf_src **src, uint32_t *id,
			    struct stops_err *err)
{
	int32_t tid;
	int ret;

	for (uint32_t i = 0;; i++) {
		if (i == k->nr_srcs) {
			if (!k->mod_dir || k->mods_loaded)
				return 1;
			ret = load_mods(k, err);
			if (ret)
				return ret;
			if (i == k->nr_srcs)
				return 1;
		}
		tid = btf__find_by_name_kind(k->srcs[i].btf, name,
					     BTF_KIND_STRUCT);
		if (tid > 0) {
			*src = &k->srcs[i];
			*id = (uint32_t)tid;
			return 0;
		}
	}
}
