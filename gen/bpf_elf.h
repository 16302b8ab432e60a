/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/* ELF stage: the sections, relocations and symbols of a BPF object. */
#ifndef STOPS_BPF_ELF_H
#define STOPS_BPF_ELF_H

#include <elf.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util.h"

/*
 * The sections libbpf reads struct_ops maps from, in this order. A '?'
 * prefix (libbpf >= 1.4) makes libbpf not create the section's first map
 * unless told to (bpf_map__set_autocreate()).
 */
enum st_ops_sec {
	ST_OPS_SEC,	     /* .struct_ops */
	ST_OPS_LINK_SEC,     /* .struct_ops.link */
	ST_OPS_OPT_SEC,	     /* ?.struct_ops */
	ST_OPS_OPT_LINK_SEC, /* ?.struct_ops.link */
	NR_ST_OPS_SECS,
};

extern const char *const st_ops_sec_names[NR_ST_OPS_SECS];

/* Maps of a .struct_ops.link section are created with BPF_F_LINK. */
static inline bool st_ops_sec_is_link(enum st_ops_sec i)
{
	return i == ST_OPS_LINK_SEC || i == ST_OPS_OPT_LINK_SEC;
}

static inline bool st_ops_sec_is_optional(enum st_ops_sec i)
{
	return i == ST_OPS_OPT_SEC || i == ST_OPS_OPT_LINK_SEC;
}

/*
 * Whether a program section is one libbpf gives the struct_ops program
 * type: "struct_ops" or "struct_ops.s" (sleepable), alone or followed by
 * "/anything", with an optional '?' in front (not autoloaded).
 */
bool bpf_elf__is_st_ops_prog_sec(const char *sec, bool *autoload,
				 bool *sleepable);

/* A struct_ops program: a FUNC symbol in a struct_ops program section. */
struct elf_prog {
	const char *name;
	const char *sec;
	bool autoload;
	bool sleepable;
};

/* The program a relocation's symbol names, checked once per symbol. */
struct elf_target {
	const char *prog; /* program (FUNC symbol) name */
	const char *sec;  /* its section name */
};

struct elf_sec {
	const char *name;
	uint32_t idx;
	const uint8_t *data;
	uint32_t size;
	/*
	 * Checked by the parse: each r_offset leaves 8 bytes in the section
	 * and each symbol has a target (bpf_elf__rel_target()). The image's
	 * own entries when libelf needed no copy, else a copy in the arena.
	 */
	const Elf64_Rel *rels;
	uint32_t nr_relocs;
};

/* A data symbol of a struct_ops section: 16 bytes, one a map. */
struct elf_sym_info {
	const char *name;
	uint32_t value;	    /* st_value, if it fits */
	uint16_t shndx;	    /* st_shndx */
	bool value_too_big; /* st_value > UINT32_MAX: no offset */
};

/*
 * The DWARF sections dwarf.c reads. Optional: one that is compressed, has
 * no data or lies outside the file is left empty, never an error.
 */
enum elf_debug_sec {
	ELF_DEBUG_INFO,
	ELF_DEBUG_ABBREV,
	ELF_DEBUG_STR,
	ELF_DEBUG_STR_OFFSETS,
	ELF_DEBUG_LINE_STR,
	NR_ELF_DEBUG_SECS,
};

extern const char *const elf_debug_sec_names[NR_ELF_DEBUG_SECS];

struct elf_blob {
	const uint8_t *data;
	uint32_t size;
};

struct bpf_elf {
	const uint8_t *image;
	size_t image_size;
	const uint8_t *btf_data;
	uint32_t btf_size;
	struct elf_blob debug[NR_ELF_DEBUG_SECS]; /* by enum elf_debug_sec */
	struct elf_sec st_ops[NR_ST_OPS_SECS];	  /* by enum st_ops_sec */
	struct elf_sym_info *syms;
	uint32_t nr_syms;
	struct hash_index sym_index; /* syms by name; cap 0 without symbols */
	/* every struct_ops program, used by a map or not, in symbol order */
	struct elf_prog *progs;
	uint32_t nr_progs;
	/* by symbol index: 1 + its index in targets, 0 if no relocation
	 * names it; thousands of relocations share a handful of targets */
	uint32_t *sym_target;
	struct elf_target *targets;
	uint32_t nr_targets;
};

/* What a relocation the parse accepted points to. */
static inline const struct elf_target *
bpf_elf__rel_target(const struct bpf_elf *e, const Elf64_Rel *rel)
{
	return &e->targets[e->sym_target[ELF64_R_SYM(rel->r_info)] - 1];
}

int bpf_elf__parse(struct bpf_elf *e, struct arena *a, const uint8_t *image,
		   size_t size, struct stops_err *err);
/* Offset of a data symbol (map variable) in section idx, -ENOENT if none. */
int64_t bpf_elf__sym_offset(const struct bpf_elf *e, uint32_t shndx,
			    const char *name);

#endif /* STOPS_BPF_ELF_H */
