/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/* Kernel BTF: vmlinux and module BTF, searched by type name. */
#ifndef STOPS_KERNEL_BTF_H
#define STOPS_KERNEL_BTF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util.h"

struct btf;

/* Default source: vmlinux and every module of the running kernel. */
#define KERNEL_BTF_DIR "/sys/kernel/btf"

/*
 * The kernel's BTF. The first source is the base (vmlinux); every further
 * source is a module's split BTF on top of it. A directory source (only
 * the first may be one; the default is /sys/kernel/btf) gives its file
 * "vmlinux" as the base and its other files as modules, which are parsed
 * the first time a type is not found in what is already loaded. Types are
 * searched in that order: base, then modules in the order given (a
 * directory's by file name).
 */
struct kernel_btf_src {
	const char *path; /* in the arena */
	struct btf *btf;
	/* struct name -> first id of this source's own types, built on the
	 * first lookup: a linear search per map was maps x kernel types */
	struct htab structs;
	bool indexed;
};

struct kernel_btf {
	struct arena *arena; /* paths live here */
	/* parsed BTFs in search order, base first */
	struct kernel_btf_src *srcs;
	uint32_t nr_srcs;
	uint32_t cap_srcs;
	/* directory whose module files are parsed on the first miss */
	const char *mod_dir;
	bool mods_loaded;
};

/*
 * Parse the sources given (NULL/0: KERNEL_BTF_DIR); their paths (a
 * directory's as "dir/vmlinux") go to *paths, nr of them.
 */
int kernel_btf__open(struct kernel_btf *k, struct arena *a,
		     const char *const *srcs, size_t nr, const char ***paths,
		     uint32_t *nr_paths, struct stops_err *err);
/* Find struct name: 0 and *src, *id when found, 1 when not, <0 error. */
int kernel_btf__find_struct(struct kernel_btf *k, const char *name,
			    const struct kernel_btf_src **src, uint32_t *id,
			    struct stops_err *err);
/* The same for a type of any BTF kind (kfuncs: BTF_KIND_FUNC). */
int kernel_btf__find(struct kernel_btf *k, const char *name, int kind,
		     const struct kernel_btf_src **src, uint32_t *id,
		     struct stops_err *err);
/*
 * btf__find_by_name_kind(btf, name, BTF_KIND_STRUCT) for a btf of k
 * (a module's searches the base first, as libbpf does), through the
 * indexes: the id, or -ENOENT.
 */
int32_t kernel_btf__find_struct_in(struct kernel_btf *k, const struct btf *btf,
				   const char *name);
void kernel_btf__free(struct kernel_btf *k);

#endif /* STOPS_KERNEL_BTF_H */
