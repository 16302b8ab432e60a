/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/* Utilities every stage uses: arena, vectors, errors and opts, identifiers. */
#ifndef STOPS_UTIL_H
#define STOPS_UTIL_H

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "hash.h"
#include "prefault.h"
#include "stops_shadow.h"

/* Nesting deeper than this is hostile input, not a real ops table. */
#define STOPS_MAX_DEPTH 32
/* Modifier/typedef chains longer than this are loops. */
#define STOPS_MAX_CHAIN 64

/* Bump allocator: the model lives and dies with its object. */
struct arena {
	struct arena_block *head;
};

void *arena_alloc(struct arena *a, size_t size);
void *arena_calloc(struct arena *a, size_t n, size_t size);
/* size bytes for a string, unaligned (packed); NULL: out of memory */
char *arena_chars(struct arena *a, size_t size);
char *arena_strdup(struct arena *a, const char *s);
char *arena_printf(struct arena *a, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void arena_free(struct arena *a);
/* malloc'ed printf, for emitters' transient strings */
char *str_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));


/* Growable array of pointers. */
struct ptr_vec {
	void **items;
	uint32_t len;
	uint32_t cap;
};

/* Room for n more items pushed in order; a hint, push still grows. */
int ptr_vec_reserve(struct ptr_vec *v, uint32_t n);
int ptr_vec_push(struct ptr_vec *v, void *p);
void ptr_vec_free(struct ptr_vec *v);

int stops_errf(struct stops_err *err, int ret, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/*
 * Options structs grow at their end (libbpf's OPTS convention): a caller
 * built against an older header passes a smaller sz, a newer one a larger
 * sz whose bytes this library does not know must be zero.
 */
bool opts_valid(const void *opts, size_t sz, size_t known);

#define offsetofend(TYPE, FIELD)                                               \
	(offsetof(TYPE, FIELD) + sizeof(((TYPE *)0)->FIELD))
#define OPTS_VALID(opts, TYPE)                                                 \
	(!(opts) || opts_valid((opts), (opts)->sz,                             \
			       offsetofend(struct TYPE, TYPE##__last_field)))
#define OPTS_HAS(opts, FIELD)                                                  \
	((opts) && (opts)->sz >= offsetofend(__typeof__(*(opts)), FIELD))
#define OPTS_GET(opts, FIELD, fallback)                                        \
	(OPTS_HAS(opts, FIELD) ? (opts)->FIELD : (fallback))

char *c_ident(struct arena *a, const char *s);
/* Names from the object end up in C code and comments: only these pass. */
bool is_c_ident(const char *s);
bool is_comment_safe(const char *s);

#endif /* STOPS_UTIL_H */
