/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/* One aggregate being laid out, shared by layout*.c. */
#ifndef STOPS_LAYOUT_INT_H
#define STOPS_LAYOUT_INT_H

#include "layout.h"

struct btf_type;

/* Per named aggregate: counters for generated member names. */
struct names {
	uint32_t pad;
	uint32_t unsup;
	uint32_t bits;
	struct name_set used;	 /* member names of the C scope */
	struct name_set renamed; /* those of them not spelled as in BTF */
};

struct layout {
	struct layout_ctx *ctx;
	struct stops_aggr *aggr;
	/* members being laid out; a pointer lives until the next new_member */
	struct stops_member *mem;
	uint32_t nr_mem;
	uint32_t cap_mem;
	struct names *names;
	const char *scope; /* c_name of the nearest named aggregate */
	uint64_t text;	   /* charged per member: see layout_max_text() */
	uint32_t cur_bit;
	int depth;
};

/* layout_members.c: members, their names in the C scope, padding */
const char *int_c_type(uint32_t size, bool is_signed);
const char *bits_value_c_type(uint32_t size, bool is_signed);
int new_member(struct layout *l, struct stops_member **out);
int scope_name(struct layout *l, const char *name, const char **out);
int gen_name(struct layout *l, const char *base, uint32_t *counter,
	     const char **out);
int add_padding_bytes(struct layout *l, uint32_t bytes, bool tail);
int pad_to(struct layout *l, uint32_t bit, bool bitfield);
const char *child_c_name(struct layout *l, const char *name);

/* layout_enum.c: the enums members use */
int get_enum(struct layout_ctx *ctx, uint32_t id, const struct btf_type *t,
	     struct stops_enum **out);

/* layout_bits.c: bitfield runs no C bitfield places alike everywhere */
uint32_t bitfield_unit(uint32_t bit, uint32_t width);
int bit_runs(struct layout *l);

#endif /* STOPS_LAYOUT_INT_H */
