/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * Run-time code: a map's ops table fitted to a kernel's BTF (X__fit_kernel()).
 * Every shadow header carries the lines between the emit markers
 * (scripts/mk-runtime turns them into the emitter's code at build time);
 * the lines above them let this file compile on its own (tests/runtime).
 */
#include "layout_check.h"
/* stops-shadow: emit begin */
#ifndef STOPS_SHADOW__FIT
#define STOPS_SHADOW__FIT
#include <dirent.h>
#include <stdio.h>
#include <bpf/btf.h>

/*
 * X__fit_kernel(s, kernel, report, ctx) fits map X's ops table s (between
 * open and prepare/load) to a kernel: kernel is its BTF (btf__parse() of a
 * saved vmlinux BTF, or a module's split BTF), NULL for the running
 * kernel, whose BTF is found as libbpf finds it (stops_shadow__fit_find():
 * vmlinux, then the loaded modules'; a module's name is printed through
 * the print hook, STOPS_SHADOW_VPRINT, LIBBPF_INFO). The kernel
 * type is the map type's name without ___flavor, as libbpf finds it, and
 * members are matched by name, as libbpf matches them at load. For each
 * member of the object's type that the kernel type lacks:
 *   - a function pointer: its program (if any) is cleared from the slot
 *     and its autoload turned off (libbpf turns it back on at load when
 *     a slot of a created map still names it): that kernel has no such
 *     callback, so the ops table behaves as it can on that kernel;
 *   - any other member that is all zero: nothing to do (libbpf skips it);
 *   - any other member that is not zero: -EOPNOTSUPP; dropping a value
 *     the object sets would change what the ops table does.
 * A member the kernel has, but as a bitfield (either side), of another
 * BTF kind or size, or a set function pointer whose kernel member is
 * not one, or a member whose BTF type libbpf cannot size: -EINVAL
 * (libbpf refuses it; nothing here can fix it).
 * report(ctx, member, prog, err), if not NULL, is called for each member
 * the kernel lacks or that does not match, in BTF order: err 0 when it
 * is dropped (prog: the program in the slot, or NULL), -EOPNOTSUPP or
 * -EINVAL as above. Returns 0, and only then changes s; or the first
 * member's -errno (s unchanged); -ENOENT when the kernel has no such
 * struct_ops type (struct T and struct bpf_struct_ops_T); -EINVAL when
 * kernel's types are misaligned (a header the kernel refuses); the -errno
 * of btf__load_vmlinux_btf(). What fits may still fail at load for reasons
 * BTF does not show: run stops-shadow check at build time.
 */
/*
 * The running kernel's BTF with struct type, as libbpf looks for a
 * struct_ops type: vmlinux, then each loaded module's BTF
 * (/sys/kernel/btf/<module>, split on vmlinux; libbpf takes the first
 * by BTF id, this the first in directory order). 0 with *btf (and *base,
 * vmlinux, for a module; btf__free() both) and module the module's name,
 * "" for vmlinux; -ENOENT when no BTF has it; btf__load_vmlinux_btf()'s
 * -errno.
 */
static inline int stops_shadow__fit_find(const char *type, struct btf **btf, struct btf **base, char *module,
					 size_t len)
{
	struct btf *vmlinux = btf__load_vmlinux_btf();
	struct dirent *de;
	size_t i = 0;
	DIR *d;

	*btf = *base = NULL;
	if (len)
		module[0] = 0;
	if (!vmlinux)
		return errno ? -errno : -ENOENT;
	if (btf__find_by_name_kind(vmlinux, type, BTF_KIND_STRUCT) > 0) {
		*btf = vmlinux;
		return 0;
	}
	d = opendir("/sys/kernel/btf");
	while (d && (de = readdir(d))) {
		char path[320];
		struct btf *m;

		if (de->d_name[0] == '.' || !strcmp(de->d_name, "vmlinux"))
			continue;
		snprintf(path, sizeof(path), "/sys/kernel/btf/%s", de->d_name);
		m = btf__parse_split(path, vmlinux);
		if (m && btf__find_by_name_kind(m, type, BTF_KIND_STRUCT) > 0) {
			for (i = 0; len && i < len - 1 && de->d_name[i]; i++)
				module[i] = de->d_name[i];
			if (len)
				module[i] = 0;
			closedir(d);
			*btf = m;
			*base = vmlinux;
			return 0;
		}
		btf__free(m);
	}
	if (d)
		closedir(d);
	btf__free(vmlinux);
	return -ENOENT;
}

/*
 * Whether btf's types sit at misaligned addresses: libbpf's btf__new()
 * accepts a header length or type offset that is no multiple of 4, the
 * kernel does not, and every btf_type read would then be misaligned.
 */
static inline int stops_shadow__fit_misaligned(const struct btf *btf)
{
	__u32 size = 0, hdr_len, type_off;
	const unsigned char *raw = (const unsigned char *)btf__raw_data(btf, &size);

	if (!raw || size < 16 || raw[0] != 0x9f || raw[1] != 0xeb)
		return 0; /* not in this host's byte order: libbpf swapped it */
	memcpy(&hdr_len, raw + 4, sizeof(hdr_len));
	memcpy(&type_off, raw + 8, sizeof(type_off));
	return (hdr_len | type_off) % 4 != 0;
}

/*
 * The members of the map's type are the depth-0 entries of its layout
 * table (X__layout(), which the accessors compare with the object).
 */
static inline int stops_shadow__fit(void *shadow, const char *type, const char *vtype,
				    const struct stops_shadow__layout *l, const struct btf *kernel,
				    void (*report)(void *ctx, const char *member, struct bpf_program *prog, int err),
				    void *ctx)
{
	unsigned char *p = (unsigned char *)shadow;
	struct btf *own = NULL, *own_base = NULL;
	char module[64];
	const struct btf_type *kt;
	int id, err = 0, pass;
	unsigned int i, j, vlen;

	if (!shadow)
		return -EINVAL;
	if (!kernel) {
		err = stops_shadow__fit_find(type, &own, &own_base, module, sizeof(module));
		if (err)
			return err;
		if (module[0])
			stops_shadow__layout_print(LIBBPF_INFO, "stops-shadow: struct %s: in module %s's BTF\n", type, module);
		kernel = own;
	} else if (stops_shadow__fit_misaligned(kernel)) {
		return -EINVAL;
	}
	id = btf__find_by_name_kind(kernel, type, BTF_KIND_STRUCT);
	kt = id > 0 ? btf__type_by_id(kernel, (unsigned int)id) : NULL;
	if (!kt || btf__find_by_name_kind(kernel, vtype, BTF_KIND_STRUCT) <= 0) {
		btf__free(own);
		btf__free(own_base);
		return -ENOENT;
	}
	vlen = btf_vlen(kt);
	/* pass 0 finds the verdict, pass 1 reports and, if it is 0, clears */
	for (pass = 0; pass < 2; pass++) {
		for (i = 0; i < l->n; i++) {
			const struct stops_shadow__layout_member *m = &l->m[i];
			const struct btf_member *km = btf_members(kt);
			/* libbpf tests size bytes from the member's byte for zero; a
			 * bitfield's type may reach past the struct: stay inside */
			unsigned int off = m->bit_off / 8 < l->size ? m->bit_off / 8 : l->size;
			unsigned int size = m->size < l->size - off ? m->size : l->size - off;
			const struct btf_type *kmt;
			struct bpf_program *prog = NULL;
			unsigned int b;
			int e = 0;

			if (m->depth)
				continue; /* a member's own members */
			for (j = 0; j < vlen; j++, km++) {
				const char *kn = btf__name_by_offset(kernel, km->name_off);

				if (kn && !strcmp(kn, m->name))
					break;
			}
			if (m->func)
				memcpy(&prog, p + off, sizeof(prog));
			if (m->size == 0xffffffffu) {
				e = -EINVAL; /* libbpf cannot size it on any kernel */
			} else if (j < vlen) {
				kmt = stops_shadow__layout_type(kernel, km->type);
				if (m->bits || btf_member_bitfield_size(kt, j) || !kmt || btf_kind(kmt) != m->kind)
					e = -EINVAL;
				else if (btf_is_ptr(kmt))
					e = prog && !((kmt = stops_shadow__layout_type(kernel, kmt->type)) && btf_is_func_proto(kmt)) ? -EINVAL : 0;
				else if (btf__resolve_size(kernel, km->type) != (long long)size)
					e = -EINVAL;
				if (!e)
					continue; /* libbpf copies it */
			} else if (!m->func) {
				for (b = 0; b < size && !e; b++)
					e = p[off + b] ? -EOPNOTSUPP : 0;
			}
			if (!pass) {
				err = err ? err : e;
				continue;
			}
			if (report)
				report(ctx, m->name, prog, e);
			if (err || e || !m->func)
				continue;
			memset(p + off, 0, size);
			if (prog)
				bpf_program__set_autoload(prog, false);
		}
	}
	btf__free(own);
	btf__free(own_base);
	return err;
}
#endif /* STOPS_SHADOW__FIT */

/* stops-shadow: emit end */
