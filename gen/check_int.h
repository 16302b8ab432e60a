/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * Check stage, shared by check.c (types), check_rules.c (rules BTF does
 * not show) and kernel_rules.c (the per-type table).
 */
#ifndef STOPS_CHECK_INT_H
#define STOPS_CHECK_INT_H

#include <stdbool.h>
#include <stdint.h>

#include "dwarf.h"
#include "kernel_btf.h"
#include "prog_args.h"
#include "util.h"

struct btf;
struct btf_type;

/* One member of the object's type and what the object puts in it. */
struct omember {
	const char *name; /* for messages: "(anonymous)" when unnamed */
	const char *btf_name;
	uint32_t idx;
	uint32_t type_id;
	uint32_t bit_off;
	uint32_t bit_size;
	int64_t size;
	const uint8_t *data; /* initial bytes, clamped to the map's value */
	uint32_t data_len;
	const char *prog; /* program placed in a function-pointer slot */
	bool set;	  /* non-zero: libbpf's rule for a member to be used */
	int32_t kidx;	  /* the kernel member of that name, -1: none */
	bool kfptr;	  /* the kernel member is a function pointer */
};

/*
 * One check run. Findings are allocated from the arena; running out of
 * memory while recording one is sticky in ret, returned when the map is done.
 */
struct check {
	struct arena *arena;
	const struct btf *obtf;
	struct kernel_btf *k;
	struct stops_err *err;
	int ret;
	const struct stops_model *model;
	struct ops_progs progs;
	/* the map being checked, its findings and its kernel type */
	const struct stops_map *map;
	struct stops_check_map *cm;
	struct stops_check_finding *findings; /* cm->findings, writable */
	uint32_t cap_findings;
	const struct btf *kbtf;
	const struct btf_type *kt;
	uint32_t kt_id;
	/* kt's member name -> its btf_member: a scan per member was quadratic */
	struct htab kmembers;
	const struct btf_type *kmembers_of;
	/* the object's FUNC name -> first id: a search per slot was too */
	struct htab funcs;
	bool funcs_indexed;
	bool funcs_oom; /* then libbpf's linear search */
	/* what BPF_PROG() programs declare (DWARF), read on first need */
	struct dwarf_protos dwarf;
	bool dwarf_read;
	struct omember *oms; /* the object type's members */
	uint32_t nr_oms;
	bool running; /* the running kernel's BTF: its state is known */
	/* program name -> its first placement, for libbpf's reuse rule */
	struct htab uses;
};

/* A program in the slot of a map. */
struct prog_use {
	const char *prog;
	const char *map;
	const char *member;
	uint32_t kt_id; /* the kernel type and member, as libbpf records */
	const struct btf *kbtf;
	int32_t kidx;
};

/* check_finding.c: findings and the strings they hold */
void add_finding(struct check *c, enum stops_check_severity sev,
		 const char *member, const char *what, const char *expected,
		 const char *actual, const char *fmt, ...)
	__attribute__((format(printf, 7, 8)));
/* A small formatted string that lives as long as the result. */
const char *cstr(struct check *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
const char *type_str(struct check *c, const struct btf *btf, uint32_t id);
uint64_t member_uint(const struct omember *om);
const char *value_str(struct check *c, const struct omember *om);

/* check_values.c: a member's initial value against the kernel's type */
void check_value(struct check *c, const struct omember *om, uint32_t mid,
		 uint32_t kmid);
/* Whether two struct/union names (through a pointer: deref) agree. */
bool same_composite(const struct btf *kb, uint32_t kid, const struct btf *ob,
		    uint32_t oid, bool deref);

/* What one kernel rule row checks. */
enum krule_kind {
	KR_REQUIRED,	    /* one of members must hold a program */
	KR_REFUSED,	    /* a program in member fails to load */
	KR_NOT_REGISTRABLE, /* every map update / attach fails */
	KR_DATA,	    /* data members init_member() takes; others: 0 */
	KR_FLAGS,	    /* member & ~mask must be 0 */
	KR_NAME,	    /* member is a name bpf_obj_name_cpy() accepts */
	KR_SLEEPABLE,	    /* only these members take sleepable programs */
	KR_SINGLE,	    /* its reg() takes one map at a time */
};

/*
 * A rule the kernel applies to one struct_ops type that BTF does not
 * show. members: '|'-separated kernel member names.
 */
struct kernel_rule {
	const char *type;
	enum krule_kind kind;
	const char *members;
	uint64_t mask;
	const char *kernels; /* the kernel versions it holds for */
	/* from the kernel's BTF: does this kernel have the row's version */
	bool (*applies)(const struct btf *kbtf);
	const char *fails; /* what fails and how, e.g. "attach: EINVAL" */
	const char *code;  /* the kernel code it mirrors */
};

/* The rows for kernel type name (n of them), NULL when none. */
const struct kernel_rule *kernel_rules__find(const char *type, uint32_t *n);
/* Every row, for the documentation test. */
const struct kernel_rule *kernel_rules__all(uint32_t *n);

/* Rules of one map beyond its types (check_rules.c). */
void check_rules__map(struct check *c);
/* Rules about the object as a whole, reported on its first map. */
void check_rules__object(struct check *c);
/* The instruction-level rules for the program in one slot. */
void check_rules__prog(struct check *c, const struct omember *om,
		       const struct btf_type *kp);

#endif /* STOPS_CHECK_INT_H */
