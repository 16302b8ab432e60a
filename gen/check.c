// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* Kernel compatibility check: the rules, building a stops_check_result. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <bpf/btf.h>

#include "btf_spell.h"
#include "btf_util.h"
#include "check_int.h"
#include "model.h"

/* A result owns the memory of everything it points to but the model. */
struct check_result {
	struct stops_check_result pub; /* first: the user's pointer */
	struct arena arena;
};

/* How two types passed in a register compare. */
enum arg_diff {
	ARG_SAME,
	ARG_NOTE,  /* different spelling, same kind and size */
	ARG_ERROR, /* different kind or size */
};

/* --- types ----------------------------------------------------------- */

static int64_t type_size(const struct btf *btf, uint32_t id)
{
	return id ? btf__resolve_size(btf, id) : 0;
}

/* "struct sock * (ptr, 8 bytes)": the spelling as declared, then the class. */
static const char *type_desc(struct check *c, const struct btf *btf,
			     uint32_t id)
{
	uint32_t rid = id;
	const struct btf_type *t = btf_skip_mods(btf, id, &rid);

	return cstr(c, "%s (%s, %" PRId64 " bytes)", type_str(c, btf, id),
		    btf_cls_str(btf_cls_of(t)), type_size(btf, rid));
}

/* Compare two types as passed to or returned from a struct_ops call. */
static enum arg_diff arg_diff(const struct btf *kb, uint32_t kid,
			      const struct btf *ob, uint32_t oid)
{
	enum btf_cls kc = btf_cls_of(btf_skip_mods(kb, kid, &kid));
	enum btf_cls oc = btf_cls_of(btf_skip_mods(ob, oid, &oid));
	int64_t ks = type_size(kb, kid), os = type_size(ob, oid);

	if (kc != oc) {
		if (ks == os && ((kc == BTF_CLS_INT && oc == BTF_CLS_ENUM) ||
				 (kc == BTF_CLS_ENUM && oc == BTF_CLS_INT)))
			return ARG_NOTE;
		return ARG_ERROR;
	}
	if (kc == BTF_CLS_BAD || ks != os)
		return ARG_ERROR;
	if (kc == BTF_CLS_PTR || kc == BTF_CLS_STRUCT || kc == BTF_CLS_UNION)
		return same_composite(kb, kid, ob, oid, kc == BTF_CLS_PTR)
			       ? ARG_SAME
			       : ARG_NOTE;
	return ARG_SAME;
}

/* --- object data ----------------------------------------------------- */

static bool all_zero(const uint8_t *p, uint32_t len)
{
	for (uint32_t i = 0; i < len; i++) {
		if (p[i])
			return false;
	}
	return true;
}

/*
 * The program the model placed in the slot of this member, or NULL.
 * Members are in bit order: a binary search, not a scan per member.
 */
static const char *slot_prog(const struct stops_map *map, const char *name,
			     uint32_t bit_off)
{
	const struct stops_aggr *a = map->type;
	uint32_t lo = 0, hi = a ? a->nr_members : 0;

	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;

		if (a->members[mid].bit_offset < bit_off)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (uint32_t i = lo; a && i < a->nr_members; i++) {
		const struct stops_member *sm = &a->members[i];

		if (sm->bit_offset != bit_off)
			break;
		if (sm->kind == STOPS_PADDING)
			continue;
		if (!strcmp(sm->name ? sm->name : "", name))
			return stops_map__prog(map, sm)->name;
	}
	return NULL;
}

static void omember_init(struct check *c, const struct btf_type *ot, uint32_t i,
			 struct omember *om)
{
	const struct btf_member *bm = btf_members(ot) + i;
	uint32_t off, size = c->map->size;

	om->btf_name = btf__name_by_offset(c->obtf, bm->name_off);
	if (!om->btf_name)
		om->btf_name = "";
	om->name = om->btf_name[0] ? om->btf_name : "(anonymous)";
	om->idx = i;
	om->type_id = bm->type;
	om->bit_off = btf_member_bit_offset(ot, i);
	om->bit_size = btf_member_bitfield_size(ot, i);
	om->size = btf__resolve_size(c->obtf, bm->type);
	off = om->bit_off / 8;
	om->data =
		c->map->data ? c->map->data + (off < size ? off : size) : NULL;
	om->data_len = 0;
	if (om->data && off < size && om->size > 0)
		om->data_len = (uint64_t)om->size < size - off
				       ? (uint32_t)om->size
				       : size - off;
	om->prog = slot_prog(c->map, om->btf_name, om->bit_off);
	om->kidx = -1;
	om->kfptr = false;
	om->set = om->prog || (om->data && !all_zero(om->data, om->data_len));
}

/* --- prototypes ------------------------------------------------------ */

/*
 * A struct_ops program is called with one argument: a pointer to the
 * kernel's arguments as an array of u64. BPF_PROG() hides that, and clang
 * emits such a program's BTF FUNC as "ret name(unsigned long long *ctx)",
 * so its own prototype tells nothing about the arguments it reads.
 */
static bool is_ctx_proto(const struct btf *btf, const struct btf_type *fp)
{
	const struct btf_type *t;

	if (btf_vlen(fp) != 1)
		return false;
	t = btf_skip_mods(btf, btf_params(fp)[0].type, NULL);
	if (!t || !btf_is_ptr(t))
		return false;
	t = btf_skip_mods(btf, t->type, NULL);
	return t && (btf_is_void(t) || (btf_is_int(t) && t->size == 8));
}

/* Which prototype is compared with the kernel's, and how strictly. */
struct proto_side {
	const struct omember *om;
	const struct btf_type *fp; /* the object's FUNC_PROTO */
	const char *who;	   /* "prototype" or "program 'p'" */
	const char *w_args;	   /* finding codes */
	const char *w_arg;
	const char *w_ret;
	enum stops_check_severity sev; /* of a real difference */
	bool prog; /* the program's own FUNC, not the slot */
};

static void cmp_args(struct check *c, const struct proto_side *s,
		     const struct btf_type *kp)
{
	const struct btf_param *kpa = btf_params(kp), *opa = btf_params(s->fp);
	uint16_t kn = btf_vlen(kp), on = btf_vlen(s->fp);
	enum arg_diff d;

	for (uint16_t i = 0; i < kn && i < on && !c->ret; i++) {
		d = arg_diff(c->kbtf, kpa[i].type, c->obtf, opa[i].type);
		if (d == ARG_SAME)
			continue;
		add_finding(c, d == ARG_ERROR ? s->sev : STOPS_CHECK_NOTE,
			    s->om->name, s->w_arg,
			    type_str(c, c->kbtf, kpa[i].type),
			    type_str(c, c->obtf, opa[i].type),
			    "%s argument %u: kernel %s, object %s", s->who,
			    i + 1, type_desc(c, c->kbtf, kpa[i].type),
			    type_desc(c, c->obtf, opa[i].type));
	}
}

static void cmp_ret(struct check *c, const struct proto_side *s,
		    const struct btf_type *kp)
{
	const struct btf_type *kr = btf_skip_mods(c->kbtf, kp->type, NULL);
	const struct btf_type *ort = btf_skip_mods(c->obtf, s->fp->type, NULL);
	bool kv = kr && btf_is_void(kr), ov = ort && btf_is_void(ort);
	enum stops_check_severity sev = s->sev;
	enum arg_diff d;

	if (kv && ov)
		return;
	if (kv != ov) {
		d = ARG_ERROR;
		/* a value the kernel never reads is harmless */
		if (kv && s->prog)
			sev = STOPS_CHECK_NOTE;
	} else {
		d = arg_diff(c->kbtf, kp->type, c->obtf, s->fp->type);
		if (d == ARG_SAME)
			return;
	}
	add_finding(c, d == ARG_ERROR ? sev : STOPS_CHECK_NOTE, s->om->name,
		    s->w_ret, type_str(c, c->kbtf, kp->type),
		    type_str(c, c->obtf, s->fp->type),
		    "%s returns %s, kernel %s", s->who,
		    type_desc(c, c->obtf, s->fp->type),
		    type_desc(c, c->kbtf, kp->type));
}

static void cmp_slot_proto(struct check *c, const struct omember *om,
			   const struct btf_type *kp, const struct btf_type *op,
			   uint32_t kid, uint32_t oid)
{
	struct proto_side s = {
		.om = om,
		.fp = op,
		.who = "prototype",
		.w_args = "proto-args",
		.w_arg = "proto-arg",
		.w_ret = "proto-ret",
		/*
		 * An empty slot's declaration is never used; a program's
		 * real use of its arguments is judged from its instructions
		 * (check_rules__prog), so a declaration alone only warns.
		 */
		.sev = om->prog ? STOPS_CHECK_WARNING : STOPS_CHECK_NOTE,
	};

	if (btf_vlen(kp) != btf_vlen(op))
		add_finding(c, s.sev, om->name, s.w_args,
			    type_str(c, c->kbtf, kid),
			    type_str(c, c->obtf, oid),
			    "prototype takes %u arguments, kernel %u",
			    btf_vlen(op), btf_vlen(kp));
	cmp_args(c, &s, kp);
	cmp_ret(c, &s, kp);
}

static void prog_explicit_args(struct check *c, const struct proto_side *s,
			       const struct btf_type *kp, uint32_t kid,
			       uint32_t fid)
{
	uint16_t kn = btf_vlen(kp), on = btf_vlen(s->fp);

	if (!on)
		return;
	/* fewer: it ignores the rest, as BPF_PROG programs may (below) */
	if (on > kn)
		add_finding(c, s->sev, s->om->name, s->w_args,
			    type_str(c, c->kbtf, kid),
			    type_str(c, c->obtf, fid),
			    "%s takes %u arguments, kernel passes %u", s->who,
			    on, kn);
	cmp_args(c, s, kp);
	add_finding(c, STOPS_CHECK_NOTE, s->om->name, "prog-ctx", NULL,
		    type_str(c, c->obtf, fid),
		    "%s declares its parameters directly; struct_ops programs get one pointer to the kernel's arguments as u64s (use BPF_PROG)",
		    s->who);
}

/*
 * A BPF_PROG() program's BTF shows only its ctx pointer; what it declares
 * is in the DWARF of its inline body, ____<prog> (ctx and the arguments).
 * More than the kernel passes is the explicit case's warning: the object
 * loads as long as the extra ones are never read (reading one is
 * check_rules.c's prog-reads error), but the program was written for
 * arguments the kernel does not give. Fewer is fine in both cases. Without
 * DWARF (stripped), or with DWARF this reader gives up on, nothing is said.
 */
static void prog_dwarf_args(struct check *c, const struct proto_side *s,
			    const struct btf_type *kp, uint32_t kid)
{
	const struct bpf_elf *e = model__elf(c->model);
	uint16_t kn = btf_vlen(kp);
	const char *inner;
	int params;

	if (!c->dwarf_read) {
		c->dwarf_read = true;
		/* DWARF is optional: out of memory only leaves it unread */
		if (e)
			dwarf_protos__read(&c->dwarf, c->arena, e->debug);
	}
	inner = cstr(c, "____%s", s->om->prog);
	params = inner ? dwarf_protos__params(&c->dwarf, inner) : -1;
	/* the first parameter is BPF_PROG's ctx */
	if (params < 1 || params - 1 <= kn)
		return;
	add_finding(c, s->sev, s->om->name, s->w_args,
		    type_str(c, c->kbtf, kid),
		    cstr(c, "%s(ctx, %d arguments)", inner, params - 1),
		    "%s takes %d arguments, kernel passes %u (its BPF_PROG declaration, from DWARF)",
		    s->who, params - 1, kn);
}

/* The object's FUNC of this name (libbpf's first), through an index. */
static int32_t obj_func(struct check *c, const char *name)
{
	uint32_t n = btf__type_cnt(c->obtf);

	if (!c->funcs_indexed) {
		c->funcs_indexed = true;
		for (uint32_t id = 1; id < n; id++) {
			const struct btf_type *t = btf__type_by_id(c->obtf, id);
			const char *fn;
			int ret;

			if (!t || !btf_is_func(t))
				continue;
			fn = btf__name_by_offset(c->obtf, t->name_off);
			if (!fn)
				continue;
			ret = htab_add(&c->funcs, (uintptr_t)fn,
				       (void *)(uintptr_t)id, true);
			if (ret && ret != -EEXIST) {
				/* out of memory: libbpf's search answers */
				c->funcs_oom = true;
				break;
			}
		}
	}
	if (c->funcs_oom)
		return btf__find_by_name_kind(c->obtf, name, BTF_KIND_FUNC);
	return (int32_t)(uintptr_t)htab_get(&c->funcs, (uintptr_t)name, true);
}

static void check_prog(struct check *c, const struct omember *om,
		       const struct btf_type *kp, uint32_t kid)
{
	struct proto_side s = {
		.om = om,
		.w_args = "prog-args",
		.w_arg = "prog-arg",
		.w_ret = "prog-ret",
		.sev = STOPS_CHECK_WARNING,
		.prog = true,
	};
	const struct btf_type *f;
	int32_t id;

	s.who = cstr(c, "program '%s'", om->prog);
	id = obj_func(c, om->prog);
	f = id > 0 ? btf__type_by_id(c->obtf, (uint32_t)id) : NULL;
	s.fp = f ? btf__type_by_id(c->obtf, f->type) : NULL;
	if (!s.fp || !btf_is_func_proto(s.fp)) {
		add_finding(c, STOPS_CHECK_NOTE, om->name, "prog-btf", NULL,
			    NULL,
			    "%s has no BTF function: its prototype is not checked",
			    s.who);
		return;
	}
	if (!is_ctx_proto(c->obtf, s.fp))
		prog_explicit_args(c, &s, kp, kid, f->type);
	else
		prog_dwarf_args(c, &s, kp, kid);
	cmp_ret(c, &s, kp);
}

/* --- members --------------------------------------------------------- */

static void check_missing(struct check *c, const struct omember *om)
{
	if (om->prog)
		add_finding(c, STOPS_CHECK_ERROR, om->name, "member-missing",
			    NULL, cstr(c, "program %s", om->prog),
			    "not in kernel type, object places program '%s' in it",
			    om->prog);
	else if (om->set)
		add_finding(c, STOPS_CHECK_ERROR, om->name, "member-missing",
			    NULL, value_str(c, om),
			    "not in kernel type, object sets it to %s",
			    value_str(c, om));
	else
		add_finding(c, STOPS_CHECK_NOTE, om->name, "member-missing",
			    NULL, "0", "not in kernel type, zero in object");
}

static void check_ptr(struct check *c, const struct omember *om,
		      const struct btf_type *mt, const struct btf_type *kmt,
		      uint32_t kid)
{
	uint32_t opid = 0, kpid = 0;
	const struct btf_type *op = btf_skip_mods(c->obtf, mt->type, &opid);
	const struct btf_type *kp = btf_skip_mods(c->kbtf, kmt->type, &kpid);
	bool ofn = op && btf_is_func_proto(op),
	     kfn = kp && btf_is_func_proto(kp);

	if (!kfn && om->prog)
		add_finding(c, STOPS_CHECK_ERROR, om->name, "not-func-ptr",
			    type_str(c, c->kbtf, kid),
			    cstr(c, "program %s", om->prog),
			    "kernel member is %s, not a function pointer; object places program '%s' in it",
			    type_str(c, c->kbtf, kid), om->prog);
	else if (!kfn && ofn)
		add_finding(c, STOPS_CHECK_NOTE, om->name, "not-func-ptr",
			    type_str(c, c->kbtf, kid), NULL,
			    "kernel member is %s, not a function pointer; the object's slot is empty",
			    type_str(c, c->kbtf, kid));
	else if (kfn && !ofn)
		add_finding(c, STOPS_CHECK_NOTE, om->name, "not-func-ptr",
			    type_str(c, c->kbtf, kid),
			    type_str(c, c->obtf, om->type_id),
			    "kernel member is a function pointer, object declares %s: no program can be placed in it",
			    type_str(c, c->obtf, om->type_id));
	if (!kfn || !ofn)
		return;
	cmp_slot_proto(c, om, kp, op, kpid, opid);
	if (om->prog) {
		check_prog(c, om, kp, kpid);
		check_rules__prog(c, om, kp);
	}
}

/* The first kernel member of each name, indexed once per kernel type. */
static int index_kernel_members(struct check *c)
{
	const struct btf_member *km = btf_members(c->kt);
	const char *kname;
	int ret;

	htab_free(&c->kmembers);
	c->kmembers_of = c->kt;
	for (uint16_t i = 0; i < btf_vlen(c->kt); i++) {
		kname = btf__name_by_offset(c->kbtf, km[i].name_off);
		if (!kname)
			continue;
		ret = htab_add(&c->kmembers, (uintptr_t)kname,
			       (void *)(uintptr_t)&km[i], true);
		if (ret && ret != -EEXIST)
			return ret;
	}
	return 0;
}

static const struct btf_member *kernel_member(struct check *c, const char *name,
					      uint32_t *idx)
{
	const struct btf_member *km = btf_members(c->kt), *m;

	if (c->kmembers_of != c->kt && index_kernel_members(c)) {
		c->ret = stops_errf(c->err, -ENOMEM, "out of memory");
		return NULL;
	}
	m = htab_get(&c->kmembers, (uintptr_t)name, true);
	if (m)
		*idx = (uint32_t)(m - km);
	return m;
}

/* libbpf's bpf_map__init_kern_struct_ops() rules, in its order. */
static void check_member(struct check *c, const struct btf_type *ot, uint32_t i)
{
	const struct btf_type *mt, *kmt;
	const struct btf_member *km;
	struct omember *omp = &c->oms[i];
	uint32_t kidx, mid, kmid;
	int64_t ksize;

	omember_init(c, ot, i, omp);
	km = kernel_member(c, omp->btf_name, &kidx);
	if (!km && c->ret)
		return;
	if (!km) {
		check_missing(c, omp);
		return;
	}
	omp->kidx = (int32_t)kidx;
	omp->kfptr = btf_is_func_ptr(c->kbtf, km->type);
	/* the checks below read a copy: the rules see only the above */
	struct omember om = *omp;

	if (om.bit_size || btf_member_bitfield_size(c->kt, kidx)) {
		add_finding(c, STOPS_CHECK_ERROR, om.name, "bitfield",
			    cstr(c, "%u bits",
				 btf_member_bitfield_size(c->kt, kidx)),
			    cstr(c, "%u bits", om.bit_size),
			    "bitfield members are not supported by libbpf");
		return;
	}
	mt = btf_skip_mods(c->obtf, om.type_id, &mid);
	kmt = btf_skip_mods(c->kbtf, km->type, &kmid);
	if (!mt || !kmt) {
		add_finding(c, STOPS_CHECK_ERROR, om.name, "kind", NULL, NULL,
			    "type chain is invalid");
		return;
	}
	if (btf_kind(mt) != btf_kind(kmt)) {
		add_finding(c, STOPS_CHECK_ERROR, om.name, "kind",
			    btf_kind_spelling(kmt), btf_kind_spelling(mt),
			    "kind mismatch: kernel %s (%s), object %s (%s)",
			    btf_kind_spelling(kmt),
			    type_str(c, c->kbtf, km->type),
			    btf_kind_spelling(mt),
			    type_str(c, c->obtf, om.type_id));
		return;
	}
	if (btf_is_ptr(mt)) {
		check_ptr(c, &om, mt, kmt, kmid);
		return;
	}
	ksize = btf__resolve_size(c->kbtf, kmid);
	if (ksize != om.size) {
		add_finding(c, STOPS_CHECK_ERROR, om.name, "size",
			    cstr(c, "%" PRId64, ksize),
			    cstr(c, "%" PRId64, om.size),
			    "size mismatch: kernel %s (%" PRId64
			    " bytes), object %s (%" PRId64 " bytes)",
			    type_str(c, c->kbtf, km->type), ksize,
			    type_str(c, c->obtf, om.type_id), om.size);
		return;
	}
	check_value(c, &om, mid, kmid);
}

/* --- maps ------------------------------------------------------------ */

/* libbpf also needs the kernel's value wrapper "struct bpf_struct_ops_<name>". */
static bool has_value_type(struct kernel_btf *k, const struct btf *kbtf,
			   const char *name, uint32_t kt_id)
{
	char wrapper[256];
	const struct btf_type *t;
	const struct btf_member *m;
	uint32_t id;
	int32_t wid;

	snprintf(wrapper, sizeof(wrapper), "bpf_struct_ops_%s", name);
	wid = kernel_btf__find_struct_in(k, kbtf, wrapper);
	t = wid > 0 ? btf__type_by_id(kbtf, (uint32_t)wid) : NULL;
	if (!t)
		return false;
	m = btf_members(t);
	for (uint16_t i = 0; i < btf_vlen(t); i++) {
		const char *n = btf__name_by_offset(kbtf, m[i].name_off);

		if (n && !strcmp(n, "data"))
			return btf_skip_mods(kbtf, m[i].type, &id) &&
			       id == kt_id;
	}
	return false;
}

static int find_kernel_type(struct check *c)
{
	const char *name = c->cm->kernel_type;
	const struct kernel_btf_src *src = NULL;
	uint32_t id = 0;
	int ret;

	ret = kernel_btf__find_struct(c->k, name, &src, &id, c->err);
	if (ret < 0)
		return ret;
	if (ret) {
		add_finding(c, STOPS_CHECK_ERROR, NULL, "type-missing",
			    cstr(c, "struct %s", name), NULL,
			    "kernel has no struct %s", name);
		return 1;
	}
	c->kbtf = src->btf;
	c->kt_id = id;
	c->kt = btf__type_by_id(c->kbtf, c->kt_id);
	c->cm->kernel_btf = src->path;
	if (!has_value_type(c->k, c->kbtf, name, c->kt_id)) {
		add_finding(c, STOPS_CHECK_ERROR, NULL, "not-struct-ops",
			    cstr(c, "struct bpf_struct_ops_%s", name), NULL,
			    "kernel struct %s is not a struct_ops type (no struct bpf_struct_ops_%s)",
			    name, name);
		return 1;
	}
	return 0;
}

static int check_map(struct check *c, const struct stops_map *map,
		     struct stops_check_map *cm)
{
	const struct btf_type *ot;
	int ret;

	c->map = map;
	c->cm = cm;
	c->findings = NULL;
	c->cap_findings = 0;
	c->ret = 0;
	c->kbtf = NULL;
	c->kt = NULL;
	c->oms = NULL;
	c->nr_oms = 0;
	cm->map = map;
	cm->kernel_type =
		arena_printf(c->arena, "%.*s",
			     (int)btf_essential_name_len(map->type_name),
			     map->type_name);
	if (!cm->kernel_type)
		return stops_errf(c->err, -ENOMEM, "out of memory");
	ret = find_kernel_type(c);
	if (ret)
		return ret < 0 ? ret : c->ret;
	ot = btf__type_by_id(c->obtf, map->type_id);
	if (!ot || !btf_is_composite(ot))
		return stops_errf(c->err, -EINVAL,
				  "map %s: type %u is not a struct", map->name,
				  map->type_id);
	if (ot->size != c->kt->size)
		add_finding(c, STOPS_CHECK_NOTE, NULL, "type-size",
			    cstr(c, "%u", c->kt->size), cstr(c, "%u", ot->size),
			    "object type is %u bytes, kernel's %u (libbpf copies members by name)",
			    ot->size, c->kt->size);
	c->nr_oms = btf_vlen(ot);
	c->oms = arena_calloc(c->arena, c->nr_oms ? c->nr_oms : 1,
			      sizeof(*c->oms));
	if (!c->oms)
		return stops_errf(c->err, -ENOMEM, "out of memory");
	for (uint16_t i = 0; i < btf_vlen(ot) && !c->ret; i++)
		check_member(c, ot, i);
	if (!c->ret)
		check_rules__map(c);
	return c->ret;
}

static int check_maps(struct check *c, const struct stops_model *m,
		      struct stops_check_result *res)
{
	struct stops_check_map *maps;
	int ret;

	res->obj_name = m->obj_name;
	maps = arena_calloc(c->arena, m->nr_maps ? m->nr_maps : 1,
			    sizeof(*maps));
	if (!maps)
		return stops_errf(c->err, -ENOMEM, "out of memory");
	res->maps = maps;
	for (uint32_t i = 0; i < m->nr_maps; i++) {
		ret = check_map(c, &m->maps[i], &maps[i]);
		if (ret)
			return ret;
		res->nr_maps++;
	}
	if (m->nr_maps) {
		/* object-wide findings go with the first map */
		c->map = &m->maps[0];
		c->cm = &maps[0];
		c->findings = (struct stops_check_finding *)maps[0].findings;
		c->cap_findings = maps[0].nr_findings;
		c->ret = 0;
		check_rules__object(c);
		if (c->ret)
			return c->ret;
	}
	for (uint32_t i = 0; i < res->nr_maps; i++) {
		maps[i].incompatible = maps[i].nr_errors ||
				       (res->strict && maps[i].nr_warnings);
		res->nr_errors += maps[i].nr_errors;
		res->nr_warnings += maps[i].nr_warnings;
		res->nr_notes += maps[i].nr_notes;
	}
	res->incompatible = res->nr_errors || (res->strict && res->nr_warnings);
	return 0;
}

void stops_check_result__free(struct stops_check_result *res)
{
	struct check_result *r = (struct check_result *)res;

	if (!r)
		return;
	arena_free(&r->arena);
	free(r);
}

int stops_model__check(const struct stops_model *model,
		       const struct stops_check_opts *opts,
		       struct stops_check_result **resp, struct stops_err *err)
{
	struct kernel_btf k = {.srcs = NULL};
	struct check_result *r;
	struct check c = {.k = &k, .err = err};
	const char **paths = NULL;
	int ret;

	if (resp)
		*resp = NULL;
	if (!model || !model->btf || !resp)
		return stops_errf(err, -EINVAL, "check: no model or result");
	if (!OPTS_VALID(opts, stops_check_opts))
		return stops_errf(err, -EINVAL, "check: invalid options");
	r = calloc(1, sizeof(*r));
	if (!r)
		return stops_errf(err, -ENOMEM, "out of memory");
	c.arena = &r->arena;
	c.obtf = model->btf;
	c.model = model;
	c.running = !OPTS_GET(opts, nr_kernel_btf, 0);
	r->pub.strict = OPTS_GET(opts, strict, false);
	ret = kernel_btf__open(&k, &r->arena, OPTS_GET(opts, kernel_btf, NULL),
			       OPTS_GET(opts, nr_kernel_btf, 0), &paths,
			       &r->pub.nr_kernel_btf, err);
	r->pub.kernel_btf = paths;
	if (!ret)
		ret = ops_progs__scan(&c.progs, &r->arena, model__elf(model),
				      err);
	if (!ret)
		ret = check_maps(&c, model, &r->pub);
	kernel_btf__free(&k);
	htab_free(&c.kmembers);
	htab_free(&c.uses);
	htab_free(&c.funcs);
	dwarf_protos__free(&c.dwarf);
	if (ret) {
		stops_check_result__free(&r->pub);
		return ret;
	}
	*resp = &r->pub;
	return 0;
}
