/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * One half of linked.bpf.o (bpftool gen object link_a.o link_b.o): the two
 * units each define an enum with a constant DUP, of different values, and
 * a struct la_ops, of different layouts. Not in types.h: they cannot share
 * one translation unit.
 */
#include "common.bpf.h"

enum link_a_e { DUP = 1, ONLY_A = 5 };

struct la_ops {
	enum link_a_e e;
	int x;
};

SEC(".struct_ops")
struct la_ops la = { .e = DUP, .x = 11 };
