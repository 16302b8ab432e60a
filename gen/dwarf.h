/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * Parse stage: the one thing of an object's DWARF that its BTF lacks, the
 * parameters BPF_PROG() programs declare.
 */
#ifndef STOPS_DWARF_H
#define STOPS_DWARF_H

#include <stdbool.h>
#include <stdint.h>

#include "bpf_elf.h"
#include "util.h"

/*
 * Caps on one read; past any of them the read gives up (no answers).
 * Real objects stay far below: the sched_ext example (vmlinux.h, 320 KB
 * of .debug_info) has 33,322 DIEs nested 7 deep, 86 abbreviations of at
 * most 11 attributes (llvm-dwarfdump).
 */
#define DWARF_MAX_DIES	      (1u << 22)
#define DWARF_MAX_DEPTH	      256
#define DWARF_MAX_ABBREVS     65536 /* the highest abbreviation code */
#define DWARF_MAX_ATTRS	      256   /* attributes of one abbreviation */
#define DWARF_MAX_VALUES      (1u << 24)
#define DWARF_MAX_ABBREV_WORK (1u << 26) /* bytes of .debug_abbrev parsed */
#define DWARF_MAX_PARAMS      65535

/*
 * Subprograms named "____*" (BPF_PROG()'s inline body is "____<prog>",
 * its first parameter the ctx pointer) and how many formal parameters each
 * declares.
 */
struct dwarf_protos {
	struct htab by_name; /* name -> struct dwarf_proto *, names in the
				sections' bytes */
	bool complete;	     /* every unit was read: answers are valid */
	const char *why;     /* why the read gave up, for tests */
	uint32_t nr_dies;    /* DIEs walked */
};

/*
 * Read secs (bpf_elf's debug sections, any of them empty). Malformed or
 * unknown DWARF is not an error: the read gives up and answers nothing
 * (complete false). 0, or -ENOMEM.
 */
int dwarf_protos__read(struct dwarf_protos *p, struct arena *a,
		       const struct elf_blob secs[NR_ELF_DEBUG_SECS]);
/* The number of formal parameters of the subprogram named name; -1 when
 * unknown (no such DIE, no complete read, two DIEs that differ). */
int dwarf_protos__params(const struct dwarf_protos *p, const char *name);
void dwarf_protos__free(struct dwarf_protos *p);

#endif /* STOPS_DWARF_H */
