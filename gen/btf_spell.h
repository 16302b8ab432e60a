/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/* BTF type spelling: C-like text of a type, for messages only. */
#ifndef STOPS_BTF_SPELL_H
#define STOPS_BTF_SPELL_H

#include <stddef.h>
#include <stdint.h>

struct btf;

#define SPELL_MAX 256

/* A bounded line of text: what does not fit is cut, never overflows. */
struct spell {
	char buf[SPELL_MAX];
	size_t len;
};

void spell_printf(struct spell *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* "struct sock *", "int (*)(struct sock *, u32)", "char[16]", ... */
void spell_type(struct spell *b, const struct btf *btf, uint32_t id);

#endif /* STOPS_BTF_SPELL_H */
