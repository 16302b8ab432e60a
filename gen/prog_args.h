/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * Check stage: the struct_ops programs of an object and what each one
 * really reads of its context, taken from its instructions.
 */
#ifndef STOPS_PROG_ARGS_H
#define STOPS_PROG_ARGS_H

#include <stdbool.h>
#include <stdint.h>

#include "bpf_elf.h"
#include "util.h"

/* The kernel passes at most this many u64 arguments (MAX_BPF_FUNC_ARGS). */
#define PROG_MAX_ARGS 12

/*
 * What one program does with its context. A struct_ops program is called
 * with r1 = a pointer to the kernel's arguments as an array of u64
 * (BPF_PROG() hides it); the verifier (btf_ctx_access()) allows reads at
 * multiples of 8 below 8 * the member's argument count, nothing else.
 */
struct prog_reads {
	bool analysed; /* instructions were found and scanned */
	bool complete; /* every use of the context was followed */
	const char *why_incomplete;
	uint32_t nr_insns;
	uint32_t read_slots;		   /* bit i: ctx argument i is read */
	uint8_t read_sizes[PROG_MAX_ARGS]; /* bytes read, ORed: 1|2|4|8 */
	int32_t max_slot;		   /* highest argument read, -1: none */
	int32_t bad_off;  /* a read at an offset not a multiple of 8, or -1 */
	int32_t bad_pc;	  /* where */
	int32_t write_pc; /* a write into the context, or -1 */
	uint32_t deref_slots; /* bit i: argument i used as a pointer */
	int32_t deref_pc[PROG_MAX_ARGS];
	uint32_t uninit_regs; /* bit r: register r read before any write */
	int32_t uninit_pc;
	bool r0_unset_exit; /* an exit where r0 was never set on any path */
	int32_t exit_pc;
};

/* One struct_ops program of the object (a FUNC symbol in its section). */
struct ops_prog {
	const char *name;
	const char *sec;
	bool autoload;	/* the section does not start with '?' */
	bool sleepable; /* struct_ops.s */
	const uint8_t *insns;
	uint32_t nr_insns;
	struct prog_reads reads;
};

struct ops_progs {
	const char *license; /* NULL: no license section */
	uint32_t nr;
	struct ops_prog *progs;
	/* undefined symbols (externs) that are weak: libbpf lets them miss */
	uint32_t nr_weak;
	const char **weak;
};

/* The struct_ops programs and license of the object, analysed. */
int ops_progs__scan(struct ops_progs *p, struct arena *a,
		    const struct bpf_elf *e, struct stops_err *err);
const struct ops_prog *ops_progs__find(const struct ops_progs *p,
				       const char *name);
bool ops_progs__is_weak(const struct ops_progs *p, const char *name);
/* Scan one program's instructions (also used by the unit tests). */
void prog_reads__scan(struct prog_reads *r, const uint8_t *insns,
		      uint32_t nr_insns);

#endif /* STOPS_PROG_ARGS_H */
