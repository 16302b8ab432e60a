// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* Fit emitter: X__fit_kernel(), a map's ops table fitted to a kernel's BTF. */
#include <errno.h>
#include <string.h>

#include <bpf/btf.h>

#include "btf_util.h"
#include "emit_fit.h"
#include "emit_verify.h"
#include "out.h"
#include "util.h"

const char *const emit_fit_idents[] = {
	"STOPS_SHADOW__FIT",
	"stops_shadow__fit",
	"stops_shadow__fit_find",
	"stops_shadow__fit_misaligned",
};
const size_t emit_fit_nr_idents =
	sizeof(emit_fit_idents) / sizeof(emit_fit_idents[0]);

/*
 * The rule, in the header once. It mirrors what libbpf (1.4 to 1.7,
 * bpf_map__init_kern_struct_ops()) does at load with each member of the
 * object's type: find the kernel member of the same name; copy it if
 * found (kinds must agree, sizes too, no bitfields); if not found, skip
 * it when all its bytes are zero, else fail the load with -ENOTSUP.
 * Clearing a program from a slot the kernel lacks is therefore the one
 * edit that makes a load succeed without changing what the kernel runs:
 * that kernel has no such callback.
 */
static const char fit_helpers[] =
	"#ifndef STOPS_SHADOW__FIT\n"
	"#define STOPS_SHADOW__FIT\n"
	"#include <dirent.h>\n"
	"#include <stdio.h>\n"
	"#include <bpf/btf.h>\n\n"
	"/*\n"
	" * X__fit_kernel(s, kernel, report, ctx) fits map X's ops table s (between\n"
	" * open and prepare/load) to a kernel: kernel is its BTF (btf__parse() of a\n"
	" * saved vmlinux BTF, or a module's split BTF), NULL for the running\n"
	" * kernel, whose BTF is found as libbpf finds it (stops_shadow__fit_find():\n"
	" * vmlinux, then the loaded modules'; a module's name is printed through\n"
	" * libbpf's print callback, LIBBPF_INFO). The kernel\n"
	" * type is the map type's name without ___flavor, as libbpf finds it, and\n"
	" * members are matched by name, as libbpf matches them at load. For each\n"
	" * member of the object's type that the kernel type lacks:\n"
	" *   - a function pointer: its program (if any) is cleared from the slot\n"
	" *     and its autoload turned off (libbpf turns it back on at load when\n"
	" *     a slot of a created map still names it): that kernel has no such\n"
	" *     callback, so the ops table behaves as it can on that kernel;\n"
	" *   - any other member that is all zero: nothing to do (libbpf skips it);\n"
	" *   - any other member that is not zero: -EOPNOTSUPP; dropping a value\n"
	" *     the object sets would change what the ops table does.\n"
	" * A member the kernel has, but as a bitfield (either side), of another\n"
	" * BTF kind or size, or a set function pointer whose kernel member is\n"
	" * not one, or a member whose BTF type libbpf cannot size: -EINVAL\n"
	" * (libbpf refuses it; nothing here can fix it).\n"
	" * report(ctx, member, prog, err), if not NULL, is called for each member\n"
	" * the kernel lacks or that does not match, in BTF order: err 0 when it\n"
	" * is dropped (prog: the program in the slot, or NULL), -EOPNOTSUPP or\n"
	" * -EINVAL as above. Returns 0, and only then changes s; or the first\n"
	" * member's -errno (s unchanged); -ENOENT when the kernel has no such\n"
	" * struct_ops type (struct T and struct bpf_struct_ops_T); -EINVAL when\n"
	" * kernel's types are misaligned (a header the kernel refuses); the -errno\n"
	" * of btf__load_vmlinux_btf(). What fits may still fail at load for reasons\n"
	" * BTF does not show: run stops-shadow check at build time.\n"
	" */\n"
	"/*\n"
	" * The running kernel's BTF with struct type, as libbpf looks for a\n"
	" * struct_ops type: vmlinux, then each loaded module's BTF\n"
	" * (/sys/kernel/btf/<module>, split on vmlinux; libbpf takes the first\n"
	" * by BTF id, this the first in directory order). 0 with *btf (and *base,\n"
	" * vmlinux, for a module; btf__free() both) and module the module's name,\n"
	" * \"\" for vmlinux; -ENOENT when no BTF has it; btf__load_vmlinux_btf()'s\n"
	" * -errno.\n"
	" */\n"
	"static inline int stops_shadow__fit_find(const char *type, struct btf **btf, struct btf **base, char *module,\n"
	"\t\t\t\t\t size_t len)\n"
	"{\n"
	"\tstruct btf *vmlinux = btf__load_vmlinux_btf();\n"
	"\tstruct dirent *de;\n"
	"\tsize_t i = 0;\n"
	"\tDIR *d;\n\n"
	"\t*btf = *base = NULL;\n"
	"\tif (len)\n"
	"\t\tmodule[0] = 0;\n"
	"\tif (!vmlinux)\n"
	"\t\treturn errno ? -errno : -ENOENT;\n"
	"\tif (btf__find_by_name_kind(vmlinux, type, BTF_KIND_STRUCT) > 0) {\n"
	"\t\t*btf = vmlinux;\n"
	"\t\treturn 0;\n"
	"\t}\n"
	"\td = opendir(\"/sys/kernel/btf\");\n"
	"\twhile (d && (de = readdir(d))) {\n"
	"\t\tchar path[320];\n"
	"\t\tstruct btf *m;\n\n"
	"\t\tif (de->d_name[0] == '.' || !strcmp(de->d_name, \"vmlinux\"))\n"
	"\t\t\tcontinue;\n"
	"\t\tsnprintf(path, sizeof(path), \"/sys/kernel/btf/%s\", de->d_name);\n"
	"\t\tm = btf__parse_split(path, vmlinux);\n"
	"\t\tif (m && btf__find_by_name_kind(m, type, BTF_KIND_STRUCT) > 0) {\n"
	"\t\t\tfor (i = 0; len && i < len - 1 && de->d_name[i]; i++)\n"
	"\t\t\t\tmodule[i] = de->d_name[i];\n"
	"\t\t\tif (len)\n"
	"\t\t\t\tmodule[i] = 0;\n"
	"\t\t\tclosedir(d);\n"
	"\t\t\t*btf = m;\n"
	"\t\t\t*base = vmlinux;\n"
	"\t\t\treturn 0;\n"
	"\t\t}\n"
	"\t\tbtf__free(m);\n"
	"\t}\n"
	"\tif (d)\n"
	"\t\tclosedir(d);\n"
	"\tbtf__free(vmlinux);\n"
	"\treturn -ENOENT;\n"
	"}\n\n"
	"/*\n"
	" * Whether btf's types sit at misaligned addresses: libbpf's btf__new()\n"
	" * accepts a header length or type offset that is no multiple of 4, the\n"
	" * kernel does not, and every btf_type read would then be misaligned.\n"
	" */\n"
	"static inline int stops_shadow__fit_misaligned(const struct btf *btf)\n"
	"{\n"
	"\t__u32 size = 0, hdr_len, type_off;\n"
	"\tconst unsigned char *raw = (const unsigned char *)btf__raw_data(btf, &size);\n\n"
	"\tif (!raw || size < 16 || raw[0] != 0x9f || raw[1] != 0xeb)\n"
	"\t\treturn 0; /* not in this host's byte order: libbpf swapped it */\n"
	"\tmemcpy(&hdr_len, raw + 4, sizeof(hdr_len));\n"
	"\tmemcpy(&type_off, raw + 8, sizeof(type_off));\n"
	"\treturn (hdr_len | type_off) % 4 != 0;\n"
	"}\n\n"
	"/*\n"
	" * The members of the map's type are the depth-0 entries of its layout\n"
	" * table (X__layout(), which the accessors compare with the object).\n"
	" */\n"
	"static inline int stops_shadow__fit(void *shadow, const char *type, const char *vtype,\n"
	"\t\t\t\t    const struct stops_shadow__layout *l, const struct btf *kernel,\n"
	"\t\t\t\t    void (*report)(void *ctx, const char *member, struct bpf_program *prog, int err),\n"
	"\t\t\t\t    void *ctx)\n"
	"{\n"
	"\tunsigned char *p = (unsigned char *)shadow;\n"
	"\tstruct btf *own = NULL, *own_base = NULL;\n"
	"\tchar module[64];\n"
	"\tconst struct btf_type *kt;\n"
	"\tint id, err = 0, pass;\n"
	"\tunsigned int i, j, vlen;\n\n"
	"\tif (!shadow)\n"
	"\t\treturn -EINVAL;\n"
	"\tif (!kernel) {\n"
	"\t\terr = stops_shadow__fit_find(type, &own, &own_base, module, sizeof(module));\n"
	"\t\tif (err)\n"
	"\t\t\treturn err;\n"
	"\t\tif (module[0])\n"
	"\t\t\tstops_shadow__layout_print(LIBBPF_INFO, \"stops-shadow: struct %s: in module %s's BTF\\n\", type, module);\n"
	"\t\tkernel = own;\n"
	"\t} else if (stops_shadow__fit_misaligned(kernel)) {\n"
	"\t\treturn -EINVAL;\n"
	"\t}\n"
	"\tid = btf__find_by_name_kind(kernel, type, BTF_KIND_STRUCT);\n"
	"\tkt = id > 0 ? btf__type_by_id(kernel, (unsigned int)id) : NULL;\n"
	"\tif (!kt || btf__find_by_name_kind(kernel, vtype, BTF_KIND_STRUCT) <= 0) {\n"
	"\t\tbtf__free(own);\n"
	"\t\tbtf__free(own_base);\n"
	"\t\treturn -ENOENT;\n"
	"\t}\n"
	"\tvlen = btf_vlen(kt);\n"
	"\t/* pass 0 finds the verdict, pass 1 reports and, if it is 0, clears */\n"
	"\tfor (pass = 0; pass < 2; pass++) {\n"
	"\t\tfor (i = 0; i < l->n; i++) {\n"
	"\t\t\tconst struct stops_shadow__layout_member *m = &l->m[i];\n"
	"\t\t\tconst struct btf_member *km = btf_members(kt);\n"
	"\t\t\t/* libbpf tests size bytes from the member's byte for zero; a\n"
	"\t\t\t * bitfield's type may reach past the struct: stay inside */\n"
	"\t\t\tunsigned int off = m->bit_off / 8 < l->size ? m->bit_off / 8 : l->size;\n"
	"\t\t\tunsigned int size = m->size < l->size - off ? m->size : l->size - off;\n"
	"\t\t\tconst struct btf_type *kmt;\n"
	"\t\t\tstruct bpf_program *prog = NULL;\n"
	"\t\t\tunsigned int b;\n"
	"\t\t\tint e = 0;\n\n"
	"\t\t\tif (m->depth)\n"
	"\t\t\t\tcontinue; /* a member's own members */\n"
	"\t\t\tfor (j = 0; j < vlen; j++, km++) {\n"
	"\t\t\t\tconst char *kn = btf__name_by_offset(kernel, km->name_off);\n\n"
	"\t\t\t\tif (kn && !strcmp(kn, m->name))\n"
	"\t\t\t\t\tbreak;\n"
	"\t\t\t}\n"
	"\t\t\tif (m->func)\n"
	"\t\t\t\tmemcpy(&prog, p + off, sizeof(prog));\n"
	"\t\t\tif (m->size == 0xffffffffu) {\n"
	"\t\t\t\te = -EINVAL; /* libbpf cannot size it on any kernel */\n"
	"\t\t\t} else if (j < vlen) {\n"
	"\t\t\t\tkmt = stops_shadow__layout_type(kernel, km->type);\n"
	"\t\t\t\tif (m->bits || btf_member_bitfield_size(kt, j) || !kmt || btf_kind(kmt) != m->kind)\n"
	"\t\t\t\t\te = -EINVAL;\n"
	"\t\t\t\telse if (btf_is_ptr(kmt))\n"
	"\t\t\t\t\te = prog && !((kmt = stops_shadow__layout_type(kernel, kmt->type)) && btf_is_func_proto(kmt)) ? -EINVAL : 0;\n"
	"\t\t\t\telse if (btf__resolve_size(kernel, km->type) != (long long)size)\n"
	"\t\t\t\t\te = -EINVAL;\n"
	"\t\t\t\tif (!e)\n"
	"\t\t\t\t\tcontinue; /* libbpf copies it */\n"
	"\t\t\t} else if (!m->func) {\n"
	"\t\t\t\tfor (b = 0; b < size && !e; b++)\n"
	"\t\t\t\t\te = p[off + b] ? -EOPNOTSUPP : 0;\n"
	"\t\t\t}\n"
	"\t\t\tif (!pass) {\n"
	"\t\t\t\terr = err ? err : e;\n"
	"\t\t\t\tcontinue;\n"
	"\t\t\t}\n"
	"\t\t\tif (report)\n"
	"\t\t\t\treport(ctx, m->name, prog, e);\n"
	"\t\t\tif (err || e || !m->func)\n"
	"\t\t\t\tcontinue;\n"
	"\t\t\tmemset(p + off, 0, size);\n"
	"\t\t\tif (prog)\n"
	"\t\t\t\tbpf_program__set_autoload(prog, false);\n"
	"\t\t}\n"
	"\t}\n"
	"\tbtf__free(own);\n"
	"\tbtf__free(own_base);\n"
	"\treturn err;\n"
	"}\n"
	"#endif /* STOPS_SHADOW__FIT */\n\n";

/* X__fit_kernel(): the fit of X__layout()'s members (emit_verify.c). */
static void emit_map_fit(struct out *o, const struct stops_map *map)
{
	const char *s = map->shadow_name;
	size_t tlen;

	if (map->type->same_layout) {
		/* thousands of maps: no format to parse */
		out_lit(o, "#define ");
		out_str(o, s);
		out_lit(o, EMIT_FIT_SUFFIX " ");
		out_str(o, map->type->same_layout->c_name);
		out_lit(o, EMIT_FIT_SUFFIX "\n\n");
		return;
	}
	/* %.*s would take vsnprintf: pieces instead, a map type each */
	tlen = btf_essential_name_len(map->type_name);
	out_lit(o, "/* Fits map ");
	out_str(o, map->name);
	out_lit(o, "'s ops table to a kernel's struct ");
	out_mem(o, map->type_name, tlen);
	out_lit(o, " (see stops_shadow__fit). */\n"
		   "static inline int ");
	out_str(o, s);
	out_lit(o, EMIT_FIT_SUFFIX "(struct ");
	out_str(o, s);
	out_lit(o,
		" *s, const struct btf *kernel,\n"
		"\t\tvoid (*report)(void *ctx, const char *member, struct bpf_program *prog, int err),\n"
		"\t\tvoid *ctx)\n{\n");
	out_lit(o, "\treturn stops_shadow__fit(s, \"");
	out_mem(o, map->type_name, tlen);
	out_lit(o, "\", \"bpf_struct_ops_");
	out_mem(o, map->type_name, tlen);
	out_lit(o, "\", ");
	out_str(o, s);
	out_lit(o, EMIT_VERIFY_SUFFIX "(), kernel, report, ctx);\n}\n\n");
}

void emit_fit(struct out *o, const struct stops_model *model)
{
	if (!model->nr_maps)
		return;
	out_mem(o, fit_helpers, sizeof(fit_helpers) - 1);
	for (uint32_t k = 0; k < model->nr_maps; k++)
		emit_map_fit(o, &model->maps[k]);
}
