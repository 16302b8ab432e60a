// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* Kernel BTF loading: vmlinux, modules on demand, a target's BTF files. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <bpf/btf.h>
#include <gelf.h>
#include <libelf.h>
#include <linux/btf.h>

#include "btf_util.h"
#include "input.h"
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

/* What the object's BTF must pass too: one version, no flags, our endian. */
static int check_header(const uint8_t *data, size_t size, const char **why)
{
	struct btf_header hdr;

	switch (btf_raw_header_check(data, size, &hdr, why)) {
	case BTF_HDR_OK:
		return 0;
	case BTF_HDR_SHORT:
	case BTF_HDR_MAGIC:
		*why = "not a BTF file or an ELF file with .BTF";
		break;
	case BTF_HDR_VERSION:
		*why = "BTF version or flags not supported (want version 1, no flags)";
		break;
	default:
		break;
	}
	return -EINVAL;
}

static struct btf *new_btf(const uint8_t *data, size_t size, struct btf *base,
			   const char **why, int *ret)
{
	struct btf *btf;

	*ret = check_header(data, size, why);
	if (*ret)
		return NULL;
	errno = 0;
	btf = base ? btf__new_split(data, (uint32_t)size, base)
		   : btf__new(data, (uint32_t)size);
	if (!btf)
		*ret = btf_read_error(errno ? -errno : -EINVAL, why);
	return btf;
}

/* The .BTF of an ELF file (a vmlinux): mapped, only that section read. */
static struct btf *elf_btf(int fd, struct btf *base, const char **why, int *ret)
{
	struct btf *btf = NULL;
	Elf_Scn *scn = NULL;
	size_t shstrndx;
	Elf_Data *d;
	GElf_Shdr sh;
	const char *name;
	Elf *elf;

	*why = "not a BTF file or an ELF file with .BTF";
	*ret = -EINVAL;
	if (elf_version(EV_CURRENT) == EV_NONE)
		return NULL;
	elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	if (!elf)
		return NULL;
	if (elf_kind(elf) != ELF_K_ELF || elf_getshdrstrndx(elf, &shstrndx))
		goto out;
	while ((scn = elf_nextscn(elf, scn))) {
		if (!gelf_getshdr(scn, &sh))
			goto out;
		name = elf_strptr(elf, shstrndx, sh.sh_name);
		if (name && !strcmp(name, ".BTF"))
			break;
	}
	if (!scn || sh.sh_type == SHT_NOBITS)
		goto out;
	if (sh.sh_size > KERNEL_BTF_MAX_SIZE) {
		*why = "its .BTF is larger than 64 MiB";
		*ret = -EFBIG;
		goto out;
	}
	d = elf_getdata(scn, NULL);
	if (d && d->d_buf && d->d_size == sh.sh_size)
		btf = new_btf(d->d_buf, d->d_size, base, why, ret);
out:
	elf_end(elf);
	return btf;
}

/*
 * A kernel BTF file: raw BTF (/sys/kernel/btf/...) or an ELF file with a
 * .BTF section. Opened without blocking, regular files only, raw BTF of at
 * most KERNEL_BTF_MAX_SIZE (a sparse 256 MB file cost 513 MB before).
 */
static struct btf *read_btf(const char *path, struct btf *base,
			    const char **why, int *ret)
{
	uint8_t magic[SELFMAG], *buf;
	struct btf *btf = NULL;
	uint64_t size;
	int fd;

	fd = input_open(path, UINT64_MAX, &size, why);
	if (fd < 0) {
		*ret = fd;
		return NULL;
	}
	if (!size) {
		*why = "empty file";
		*ret = -EINVAL;
	} else if (size >= SELFMAG && pread(fd, magic, SELFMAG, 0) == SELFMAG &&
		   !memcmp(magic, ELFMAG, SELFMAG)) {
		btf = elf_btf(fd, base, why, ret);
	} else if (size > KERNEL_BTF_MAX_SIZE) {
		*why = "larger than 64 MiB";
		*ret = -EFBIG;
	} else {
		*ret = input_read(fd, size, &buf, why);
		if (!*ret) {
			btf = new_btf(buf, (size_t)size, base, why, ret);
			free(buf);
		}
	}
	close(fd);
	return btf;
}

static int kernel_add(struct kernel_btf *k, const char *path,
		      struct stops_err *err)
{
	struct btf *base = k->nr_srcs ? k->srcs[0].btf : NULL;
	struct kernel_btf_src *srcs;
	const char *why = "";
	struct btf *btf;
	int ret = 0;

	if (k->nr_srcs == k->cap_srcs) {
		uint32_t cap = k->cap_srcs ? k->cap_srcs * 2 : 8;

		srcs = realloc(k->srcs, cap * sizeof(*srcs));
		if (!srcs)
			return stops_errf(err, -ENOMEM, "out of memory");
		k->srcs = srcs;
		k->cap_srcs = cap;
	}
	btf = read_btf(path, base, &why, &ret);
	if (!btf)
		return stops_errf(err, ret ? ret : -EINVAL,
				  "cannot read kernel BTF %s: %s", path, why);
	memset(&k->srcs[k->nr_srcs], 0, sizeof(k->srcs[0]));
	k->srcs[k->nr_srcs].path = path;
	k->srcs[k->nr_srcs++].btf = btf;
	return 0;
}

void kernel_btf__free(struct kernel_btf *k)
{
	/* split BTFs first: they point into the base */
	for (uint32_t i = k->nr_srcs; i-- > 0;) {
		btf__free(k->srcs[i].btf);
		htab_free(&k->srcs[i].structs);
	}
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

/* Index the source's own structs by name, the first id of each name. */
static int index_structs(struct kernel_btf_src *src, const struct btf *base)
{
	uint32_t first = base ? btf__type_cnt(base) : 1;
	uint32_t n = btf__type_cnt(src->btf);
	int ret;

	src->indexed = true;
	for (uint32_t id = first; id < n; id++) {
		const struct btf_type *t = btf__type_by_id(src->btf, id);
		const char *name;

		if (!t || !btf_is_struct(t))
			continue;
		name = btf__name_by_offset(src->btf, t->name_off);
		if (!name || !name[0])
			continue;
		/* the value is the id, never 0 here */
		ret = htab_add(&src->structs, (uintptr_t)name,
			       (void *)(uintptr_t)id, true);
		if (ret && ret != -EEXIST)
			return ret;
	}
	return 0;
}

/* The struct name in src's own types (not its base's): id or 0. */
static int32_t own_struct(struct kernel_btf *k, struct kernel_btf_src *src,
			  const char *name)
{
	const struct btf *base = src == &k->srcs[0] ? NULL : k->srcs[0].btf;

	if (!src->indexed && index_structs(src, base)) {
		/* out of memory: libbpf's linear search still answers */
		int32_t id =
			btf__find_by_name_kind(src->btf, name, BTF_KIND_STRUCT);

		return id > 0 && (!base || (uint32_t)id >= btf__type_cnt(base))
			       ? id
			       : 0;
	}
	return (int32_t)(uintptr_t)htab_get(&src->structs, (uintptr_t)name,
					    true);
}

int32_t kernel_btf__find_struct_in(struct kernel_btf *k, const struct btf *btf,
				   const char *name)
{
	int32_t id;

	for (uint32_t i = 0; i < k->nr_srcs; i++) {
		if (k->srcs[i].btf != btf)
			continue;
		id = own_struct(k, &k->srcs[0], name);
		if (!id && i)
			id = own_struct(k, &k->srcs[i], name);
		return id ? id : -ENOENT;
	}
	id = btf__find_by_name_kind(btf, name, BTF_KIND_STRUCT);
	return id > 0 ? id : -ENOENT;
}

int kernel_btf__find_struct(struct kernel_btf *k, const char *name,
			    const struct kernel_btf_src **src, uint32_t *id,
			    struct stops_err *err)
{
	return kernel_btf__find(k, name, BTF_KIND_STRUCT, src, id, err);
}

int kernel_btf__find(struct kernel_btf *k, const char *name, int kind,
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
		/* base types come first in every source: base, then own */
		if (kind == BTF_KIND_STRUCT)
			tid = own_struct(k, &k->srcs[i], name);
		else
			tid = btf__find_by_name_kind(k->srcs[i].btf, name,
						     kind);
		if (tid > 0) {
			*src = &k->srcs[i];
			*id = (uint32_t)tid;
			return 0;
		}
	}
}
