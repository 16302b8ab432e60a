// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * Check rules BTF does not show: what each slot's program really does with
 * its arguments (from its instructions), the license, struct_ops links,
 * libbpf's rules on programs, and the per-type rows of kernel_rules.c.
 * Each finding's severity is what the kernel does: error when loading or
 * attaching fails, warning when it works but types disagree, note.
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <bpf/btf.h>

#include "btf_util.h"
#include "check_int.h"

/* --- programs -------------------------------------------------------- */

static const char *reg_list(struct check *c, uint32_t regs)
{
	char buf[64];
	size_t len = 0;

	buf[0] = 0;
	for (int r = 0; r < 11 && len < sizeof(buf) - 8; r++)
		if (regs & 1u << r)
			len += (size_t)snprintf(buf + len, sizeof(buf) - len,
						"%sr%d", len ? ", " : "", r);
	return cstr(c, "%s", buf);
}

static void prog_derefs(struct check *c, const struct omember *om,
			const struct prog_reads *r, const struct btf_type *kp)
{
	const struct btf_param *kpa = btf_params(kp);

	for (uint32_t i = 0; i < btf_vlen(kp) && i < PROG_MAX_ARGS; i++) {
		const struct btf_type *t;

		if (!(r->deref_slots & 1u << i))
			continue;
		t = btf_skip_mods(c->kbtf, kpa[i].type, NULL);
		if (t && btf_is_ptr(t))
			continue;
		add_finding(c, STOPS_CHECK_ERROR, om->name, "prog-deref",
			    type_str(c, c->kbtf, kpa[i].type),
			    cstr(c, "pointer (instruction %d)", r->deref_pc[i]),
			    "program '%s' uses argument %u as a pointer (instruction %d); the kernel passes %s, which the verifier refuses to dereference",
			    om->prog, i + 1, r->deref_pc[i],
			    type_str(c, c->kbtf, kpa[i].type));
	}
}

/*
 * The verifier's view of a struct_ops program (btf_ctx_access(),
 * bpf_tracing_ctx_access(), check_return_code(), register liveness):
 * what the program does, from its instructions, against the kernel
 * member's prototype.
 */
void check_rules__prog(struct check *c, const struct omember *om,
		       const struct btf_type *kp)
{
	const struct ops_prog *pi = ops_progs__find(&c->progs, om->prog);
	const struct btf_type *kr = btf_skip_mods(c->kbtf, kp->type, NULL);
	const struct prog_reads *r;
	uint32_t nargs = btf_vlen(kp);

	if (!pi) {
		add_finding(c, STOPS_CHECK_NOTE, om->name, "prog-scan", NULL,
			    NULL,
			    "program '%s': its instructions were not found; what it reads is not checked",
			    om->prog);
		return;
	}
	r = &pi->reads;
	if (r->uninit_regs)
		add_finding(c, STOPS_CHECK_ERROR, om->name, "prog-regs", "r1",
			    reg_list(c, r->uninit_regs),
			    "program '%s' reads %s before setting it (instruction %d); the kernel sets only r1, the pointer to its arguments (declare it with BPF_PROG)",
			    om->prog, reg_list(c, r->uninit_regs),
			    r->uninit_pc);
	if (r->bad_off >= 0 || r->bad_pc >= 0)
		add_finding(c, STOPS_CHECK_ERROR, om->name, "prog-ctx-off",
			    "a multiple of 8", cstr(c, "%d", r->bad_off),
			    "program '%s' reads its context at offset %d (instruction %d); the kernel allows reads of whole u64 arguments only, at multiples of 8",
			    om->prog, r->bad_off, r->bad_pc);
	if (r->max_slot >= 0 && (uint32_t)r->max_slot >= nargs)
		add_finding(c, STOPS_CHECK_ERROR, om->name, "prog-reads",
			    cstr(c, "%u arguments", nargs),
			    cstr(c, "argument %d", r->max_slot + 1),
			    "program '%s' reads argument %d, kernel passes %u",
			    om->prog, r->max_slot + 1, nargs);
	if (r->write_pc >= 0)
		add_finding(c, STOPS_CHECK_ERROR, om->name, "prog-ctx-write",
			    "read-only", cstr(c, "write at %d", r->write_pc),
			    "program '%s' writes into its context (instruction %d), which the kernel makes read-only",
			    om->prog, r->write_pc);
	prog_derefs(c, om, r, kp);
	if (r->r0_unset_exit && kr && !btf_is_void(kr))
		add_finding(c, STOPS_CHECK_ERROR, om->name, "prog-ret-unset",
			    type_str(c, c->kbtf, kp->type), "r0 unset",
			    "program '%s' can exit without setting r0 (instruction %d); the kernel uses its %s return value",
			    om->prog, r->exit_pc,
			    type_str(c, c->kbtf, kp->type));
	if (!r->complete)
		add_finding(c, STOPS_CHECK_NOTE, om->name, "prog-scan", NULL,
			    r->why_incomplete,
			    "program '%s': not every use of its arguments could be followed (%s); the verifier judges the rest",
			    om->prog, r->why_incomplete);
}

/* --- per-type rows ----------------------------------------------------- */

/* Is name one of the '|'-separated members? */
static bool in_list(const char *list, const char *name)
{
	size_t n = strlen(name);

	for (const char *p = list; *p;) {
		const char *e = strchr(p, '|');
		size_t len = e ? (size_t)(e - p) : strlen(p);

		if (len == n && !strncmp(p, name, n))
			return true;
		if (!e)
			break;
		p = e + 1;
	}
	return false;
}

static const struct omember *om_named(const struct check *c, const char *name)
{
	for (uint32_t i = 0; i < c->nr_oms; i++)
		if (c->oms[i].kidx >= 0 && !strcmp(c->oms[i].btf_name, name))
			return &c->oms[i];
	return NULL;
}

static const char *members_str(struct check *c, const char *list)
{
	char buf[256];
	size_t len = 0;

	for (const char *p = list; *p && len < sizeof(buf) - 1; p++) {
		if (*p == '|') {
			len += (size_t)snprintf(buf + len, sizeof(buf) - len,
						" or ");
			continue;
		}
		buf[len++] = *p;
	}
	buf[len < sizeof(buf) ? len : sizeof(buf) - 1] = 0;
	return cstr(c, "%s", buf);
}

static void row_required(struct check *c, const struct kernel_rule *kr)
{
	for (uint32_t i = 0; i < c->nr_oms; i++)
		if (c->oms[i].kidx >= 0 && c->oms[i].prog &&
		    in_list(kr->members, c->oms[i].btf_name))
			return;
	add_finding(c, STOPS_CHECK_ERROR, NULL, "required",
		    members_str(c, kr->members), NULL,
		    "kernel requires a program in %s (%s; %s)",
		    members_str(c, kr->members), kr->fails, kr->code);
}

static void row_refused(struct check *c, const struct kernel_rule *kr)
{
	for (uint32_t i = 0; i < c->nr_oms; i++) {
		const struct omember *om = &c->oms[i];

		if (om->kidx >= 0 && om->prog &&
		    in_list(kr->members, om->btf_name))
			add_finding(c, STOPS_CHECK_ERROR, om->name, "refused",
				    "no program",
				    cstr(c, "program %s", om->prog),
				    "the kernel refuses a program in this member (%s; %s)",
				    kr->fails, kr->code);
	}
}

static void row_data(struct check *c, const struct kernel_rule *kr)
{
	for (uint32_t i = 0; i < c->nr_oms; i++) {
		const struct omember *om = &c->oms[i];

		if (om->kidx < 0 || om->kfptr || !om->set || om->prog ||
		    (kr && in_list(kr->members, om->btf_name)))
			continue;
		if (kr)
			add_finding(c, STOPS_CHECK_ERROR, om->name,
				    "data-member", "0", value_str(c, om),
				    "the kernel takes no value for this member, object sets it to %s (%s; %s)",
				    value_str(c, om), kr->fails, kr->code);
		else
			add_finding(c, STOPS_CHECK_NOTE, om->name,
				    "data-member", "0", value_str(c, om),
				    "object sets it to %s: the kernel refuses non-zero data members its init_member() does not take (attach: EINVAL), and this type has no row in the rule table",
				    value_str(c, om));
	}
}

static void row_flags(struct check *c, const struct kernel_rule *kr)
{
	const struct omember *om = om_named(c, kr->members);
	uint64_t v;

	if (!om || om->kfptr || om->size <= 0 || om->size > 8)
		return;
	v = member_uint(om);
	if (v & ~kr->mask)
		add_finding(c, STOPS_CHECK_ERROR, om->name, "flags",
			    cstr(c, "0x%llx", (unsigned long long)kr->mask),
			    value_str(c, om),
			    "0x%llx has bits outside the kernel's mask 0x%llx (kernel %s; %s; %s)",
			    (unsigned long long)v, (unsigned long long)kr->mask,
			    kr->kernels, kr->fails, kr->code);
}

/* bpf_obj_name_cpy(): [A-Za-z0-9_.], at least one, NUL inside. */
static const char *name_problem(const struct omember *om)
{
	uint32_t i;

	if (!om || !om->data_len)
		return "it is empty";
	for (i = 0; i < om->data_len && om->data[i]; i++)
		if (!isalnum(om->data[i]) && om->data[i] != '_' &&
		    om->data[i] != '.')
			return "it has a character other than A-Z a-z 0-9 _ .";
	if (i == om->data_len)
		return "it is not NUL-terminated";
	return i ? NULL : "it is empty";
}

static void row_name(struct check *c, const struct kernel_rule *kr)
{
	const struct omember *om = om_named(c, kr->members);
	const char *why = name_problem(om);

	if (why)
		add_finding(c, STOPS_CHECK_ERROR, om ? om->name : kr->members,
			    "name", "a name of [A-Za-z0-9_.]",
			    om ? value_str(c, om) : NULL,
			    "the kernel refuses this name: %s (%s; %s)", why,
			    kr->fails, kr->code);
}

static void row_sleepable(struct check *c, const struct kernel_rule *kr)
{
	for (uint32_t i = 0; i < c->nr_oms; i++) {
		const struct omember *om = &c->oms[i];
		const struct ops_prog *pi;

		if (om->kidx < 0 || !om->prog ||
		    in_list(kr->members, om->btf_name))
			continue;
		pi = ops_progs__find(&c->progs, om->prog);
		if (pi && pi->sleepable)
			add_finding(c, STOPS_CHECK_ERROR, om->name, "sleepable",
				    "not sleepable", pi->sec,
				    "program '%s' is sleepable (%s), which this member refuses (%s; %s)",
				    om->prog, pi->sec, kr->fails, kr->code);
	}
}

/* A tcp_congestion_ops name is global: the running kernel's are listed. */
static void tcp_name_taken(struct check *c)
{
	const struct omember *om = om_named(c, "name");
	char buf[4096], *tok, *save = NULL;
	FILE *f;
	size_t n;

	if (!c->running || !om || name_problem(om))
		return;
	f = fopen("/proc/sys/net/ipv4/tcp_available_congestion_control", "r");
	if (!f)
		return;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = 0;
	for (tok = strtok_r(buf, " \n", &save); tok;
	     tok = strtok_r(NULL, " \n", &save))
		if (!strncmp(tok, (const char *)om->data, om->data_len) &&
		    strlen(tok) < om->data_len && !om->data[strlen(tok)])
			add_finding(c, STOPS_CHECK_WARNING, om->name,
				    "name-taken", "a name not registered",
				    value_str(c, om),
				    "the running kernel already has a congestion control named %s: attaching fails with EEXIST while it is registered",
				    value_str(c, om));
}

static void type_rows(struct check *c)
{
	uint32_t n = 0;
	const struct kernel_rule *rows =
		kernel_rules__find(c->cm->kernel_type, &n);
	bool data_row = false, unreg = false;

	for (uint32_t i = 0; i < n && !c->ret; i++) {
		const struct kernel_rule *kr = &rows[i];

		if (kr->applies && !kr->applies(c->kbtf))
			continue;
		switch (kr->kind) {
		case KR_REQUIRED:
			row_required(c, kr);
			break;
		case KR_REFUSED:
			row_refused(c, kr);
			break;
		case KR_NOT_REGISTRABLE:
			unreg = true;
			add_finding(c, STOPS_CHECK_ERROR, NULL,
				    "not-registrable", "a registrable type",
				    NULL,
				    "struct %s loads but can never be attached (%s; %s)",
				    kr->type, kr->fails, kr->code);
			break;
		case KR_DATA:
			data_row = true;
			row_data(c, kr);
			break;
		case KR_FLAGS:
			row_flags(c, kr);
			break;
		case KR_NAME:
			row_name(c, kr);
			break;
		case KR_SLEEPABLE:
			row_sleepable(c, kr);
			break;
		case KR_SINGLE: /* between maps: single_rule() */
			break;
		}
	}
	if (!data_row && !unreg)
		row_data(c, NULL);
	if (!strcmp(c->cm->kernel_type, "tcp_congestion_ops"))
		tcp_name_taken(c);
}

/* --- one map ----------------------------------------------------------- */

static void record_uses(struct check *c)
{
	for (uint32_t i = 0; i < c->nr_oms && !c->ret; i++) {
		const struct omember *om = &c->oms[i];
		struct prog_use *u;
		int ret;

		if (om->kidx < 0 || !om->kfptr || !om->prog)
			continue;
		u = htab_get(&c->uses, (uintptr_t)om->prog, true);
		if (u) {
			if (u->kbtf != c->kbtf || u->kt_id != c->kt_id ||
			    u->kidx != om->kidx)
				add_finding(c, STOPS_CHECK_ERROR, om->name,
					    "prog-reuse",
					    cstr(c, "%s.%s", u->map, u->member),
					    cstr(c, "program %s", om->prog),
					    "program '%s' is already in %s.%s: libbpf loads a program for one member of one kernel type only (load: EINVAL)",
					    om->prog, u->map, u->member);
			continue;
		}
		u = arena_alloc(c->arena, sizeof(*u));
		if (!u) {
			c->ret = stops_errf(c->err, -ENOMEM, "out of memory");
			return;
		}
		*u = (struct prog_use){
			.prog = om->prog,
			.map = c->map->name,
			.member = om->name,
			.kt_id = c->kt_id,
			.kbtf = c->kbtf,
			.kidx = om->kidx,
		};
		ret = htab_add(&c->uses, (uintptr_t)om->prog, u, true);
		if (ret) {
			c->ret = stops_errf(c->err, ret, "out of memory");
			return;
		}
	}
}

/* Links came with 6.4 (struct bpf_struct_ops_link, BPF_F_LINK). */
static void link_rule(struct check *c)
{
	if (strcmp(c->map->sec_name, ".struct_ops.link") ||
	    btf__find_by_name_kind(c->kbtf, "bpf_struct_ops_link",
				   BTF_KIND_STRUCT) > 0)
		return;
	add_finding(
		c, STOPS_CHECK_ERROR, NULL, "link", "struct_ops links",
		".struct_ops.link",
		"the kernel has no struct_ops links (6.4+: struct bpf_struct_ops_link): libbpf creates a .struct_ops.link map with BPF_F_LINK, which it refuses (load: EINVAL); use SEC(\".struct_ops\")");
}

void check_rules__map(struct check *c)
{
	link_rule(c);
	type_rows(c);
	record_uses(c);
}

/* --- the object ------------------------------------------------------ */

/* The kernel's license_is_gpl_compatible(). */
static bool gpl_compatible(const char *l)
{
	static const char *const ok[] = {
		"GPL",		"GPL v2",	"GPL and additional rights",
		"Dual BSD/GPL", "Dual MIT/GPL", "Dual MPL/GPL",
	};

	for (size_t i = 0; l && i < sizeof(ok) / sizeof(ok[0]); i++)
		if (!strcmp(l, ok[i]))
			return true;
	return false;
}

/* Every program some map places, as a set of names; -ENOMEM. */
static int placed_set(const struct stops_model *m, struct htab *set)
{
	for (uint32_t i = 0; i < m->nr_maps; i++) {
		const struct stops_map *map = &m->maps[i];

		for (uint32_t j = 0; map->type && j < map->type->nr_slots;
		     j++) {
			const char *n = map->progs[j].name;
			int ret;

			if (!n)
				continue;
			ret = htab_add(set, (uintptr_t)n, (void *)n, true);
			if (ret && ret != -EEXIST)
				return ret;
		}
	}
	return 0;
}

/* Names and strings from the object reach the report only if printable. */
static const char *safe(const char *s)
{
	for (const char *p = s; p && *p; p++)
		if (*p < 0x20 || *p > 0x7e || *p == '"' || *p == '\\')
			return "<unprintable>";
	return s;
}

/*
 * libbpf resolves every kfunc extern (a BTF FUNC in the object's .ksyms
 * DATASEC) in the kernel's BTF, vmlinux then modules, by its name without
 * a ___flavor suffix; a missing one that is not weak fails the load.
 */
static void ksym_rule(struct check *c)
{
	const struct btf *b = c->obtf;
	int32_t ds = btf__find_by_name_kind(b, ".ksyms", BTF_KIND_DATASEC);
	const struct btf_type *t =
		ds > 0 ? btf__type_by_id(b, (uint32_t)ds) : NULL;
	const struct btf_var_secinfo *vsi = t ? btf_var_secinfos(t) : NULL;

	for (uint16_t i = 0; t && i < btf_vlen(t) && !c->ret; i++) {
		const struct btf_type *f = btf__type_by_id(b, vsi[i].type);
		const struct kernel_btf_src *src = NULL;
		const char *name;
		uint32_t id = 0;
		char ess[256];
		int ret;

		if (!f || !btf_is_func(f))
			continue;
		name = btf__name_by_offset(b, f->name_off);
		if (!name || ops_progs__is_weak(&c->progs, name))
			continue;
		snprintf(ess, sizeof(ess), "%.*s",
			 (int)btf_essential_name_len(name), name);
		ret = kernel_btf__find(c->k, ess, BTF_KIND_FUNC, &src, &id,
				       c->err);
		if (ret < 0) {
			c->ret = ret;
			return;
		}
		if (ret)
			add_finding(c, STOPS_CHECK_ERROR, NULL, "kfunc-missing",
				    cstr(c, "kfunc %s", ess), safe(name),
				    "the kernel has no kfunc %s, which the object calls (load: EINVAL; libbpf: extern not found in kernel or module BTFs; declare it __weak and test bpf_ksym_exists() to make it optional)",
				    safe(ess));
	}
}

/* The object's bytes of member "name" of a map, or NULL. */
static const struct stops_member *name_member(const struct stops_map *map)
{
	const struct stops_aggr *a = map->type;

	for (uint32_t i = 0; a && i < a->nr_members; i++)
		if (a->members[i].name && !strcmp(a->members[i].name, "name") &&
		    a->members[i].kind == STOPS_ARRAY)
			return &a->members[i];
	return NULL;
}

static bool same_name(const struct stops_map *x, const struct stops_member *mx,
		      const struct stops_map *y, const struct stops_member *my)
{
	uint32_t ox = mx->bit_offset / 8, oy = my->bit_offset / 8;

	if (ox + mx->size > x->size || oy + my->size > y->size || !x->data ||
	    !y->data || !x->data[ox])
		return false;
	return !strncmp((const char *)x->data + ox, (const char *)y->data + oy,
			mx->size < my->size ? mx->size : my->size);
}

/* Findings from here on go under map cm (object rules start at the first). */
static void at_map(struct check *c, struct stops_check_map *cm)
{
	c->map = cm->map;
	c->cm = cm;
	c->findings = (struct stops_check_finding *)cm->findings;
	/* full as far as we know: the next finding copies the array */
	c->cap_findings = cm->nr_findings;
}

/*
 * A tcp_congestion_ops name is global: the second map of an object that
 * registers a name the first already took fails
 * (tcp_register_congestion_control()). The error goes under that map, a
 * note under the first: the maps the message names, not the object's
 * first map.
 */
static void tcp_names_rule(struct check *c, struct stops_check_map *maps,
			   uint32_t nr)
{
	for (uint32_t i = 0; i < nr; i++) {
		const struct stops_member *mi = name_member(maps[i].map);

		if (!maps[i].kernel_btf || !mi ||
		    strcmp(maps[i].kernel_type, "tcp_congestion_ops"))
			continue;
		for (uint32_t j = 0; j < i; j++) {
			const struct stops_member *mj =
				name_member(maps[j].map);

			if (!maps[j].kernel_btf || !mj ||
			    strcmp(maps[j].kernel_type, "tcp_congestion_ops") ||
			    !same_name(maps[i].map, mi, maps[j].map, mj))
				continue;
			at_map(c, &maps[j]);
			add_finding(c, STOPS_CHECK_NOTE, NULL, "name-unique",
				    maps[j].map->name, maps[i].map->name,
				    "map %s registers this map's congestion control name too: its attach fails while this one is attached (EEXIST)",
				    maps[i].map->name);
			at_map(c, &maps[i]);
			add_finding(c, STOPS_CHECK_ERROR, NULL, "name-unique",
				    maps[j].map->name, maps[i].map->name,
				    "maps %s and %s register the same congestion control name: attaching the second fails (attach: EEXIST; tcp_register_congestion_control())",
				    maps[j].map->name, maps[i].map->name);
			break;
		}
	}
}

/* Does libbpf create map i as compiled ('?' sections: not)? */
static bool created(const struct stops_model *m, uint32_t i)
{
	return !m->map_state || m->map_state[i].autocreate;
}

/* The type's KR_SINGLE row that holds on this kernel, or NULL. */
static const struct kernel_rule *single_row(const struct stops_check_map *cm,
					    const struct btf *kbtf)
{
	uint32_t n = 0;
	const struct kernel_rule *rows =
		cm->kernel_btf ? kernel_rules__find(cm->kernel_type, &n) : NULL;

	for (uint32_t i = 0; i < n; i++)
		if (rows[i].kind == KR_SINGLE &&
		    (!rows[i].applies || rows[i].applies(kbtf)))
			return &rows[i];
	return NULL;
}

/*
 * A type whose reg() keeps one map at a time: an object that creates two
 * maps of it attaches the second while the first is attached, and fails.
 * The error goes under the second map, as for name-unique.
 */
static void single_rule(struct check *c, struct stops_check_map *maps,
			uint32_t nr)
{
	for (uint32_t i = 0; i < nr; i++) {
		const struct kernel_rule *kr = single_row(&maps[i], c->kbtf);

		if (!kr || !created(c->model, i))
			continue;
		for (uint32_t j = 0; j < i; j++) {
			if (!maps[j].kernel_btf || !created(c->model, j) ||
			    strcmp(maps[j].kernel_type, maps[i].kernel_type))
				continue;
			at_map(c, &maps[i]);
			add_finding(c, STOPS_CHECK_ERROR, NULL, "single",
				    maps[j].map->name, maps[i].map->name,
				    "maps %s and %s are both struct %s, which the kernel registers one at a time: attaching the second fails (%s; %s)",
				    maps[j].map->name, maps[i].map->name,
				    kr->type, kr->fails, kr->code);
			break;
		}
	}
}

void check_rules__object(struct check *c)
{
	const char *lic = c->progs.license ? safe(c->progs.license) : NULL;
	struct stops_check_map *first = c->cm;
	struct htab set = {0};
	bool placed = false;

	ksym_rule(c);
	/* object rules run with c->cm = the first of the model's maps */
	tcp_names_rule(c, first, c->model->nr_maps);
	single_rule(c, first, c->model->nr_maps);
	at_map(c, first);
	if (placed_set(c->model, &set))
		c->ret = stops_errf(c->err, -ENOMEM, "out of memory");
	for (uint32_t i = 0; i < c->progs.nr && !c->ret; i++) {
		struct ops_prog p = c->progs.progs[i], *pi = &p;

		p.name = safe(p.name);
		p.sec = safe(p.sec);
		if (htab_get(&set, (uintptr_t)c->progs.progs[i].name, true)) {
			placed = true;
			continue;
		}
		if (pi->autoload)
			add_finding(c, STOPS_CHECK_WARNING, NULL, "prog-unused",
				    NULL, pi->name,
				    "program '%s' is in no map: libbpf 1.4 refuses to load the object while it is autoloaded (bpf_program__set_autoload(prog, false)); libbpf 1.5+ skips it",
				    pi->name);
		else
			add_finding(c, STOPS_CHECK_NOTE, NULL, "prog-unused",
				    NULL, pi->name,
				    "program '%s' (%s) is in no map and not autoloaded",
				    pi->name, pi->sec);
	}
	if (placed && !gpl_compatible(c->progs.license))
		add_finding(c, STOPS_CHECK_ERROR, NULL, "license",
			    "GPL-compatible", lic ? lic : "none",
			    "license %s%s%s: struct_ops programs must have a GPL-compatible license (load: EINVAL; check_struct_ops_btf_id())",
			    lic ? "\"" : "", lic ? lic : "missing",
			    lic ? "\"" : "");
	htab_free(&set);
}
