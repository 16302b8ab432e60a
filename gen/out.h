/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/* Output buffer of the emitters: a file or memory, written in big blocks. */
#ifndef STOPS_OUT_H
#define STOPS_OUT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* Buffered emitter output; the first write error sticks in err. */
struct out {
	FILE *f; /* NULL: memory mode, text collects in mem */
	size_t len;
	int err;
	char *mem;
	size_t mem_len;
	size_t mem_cap;
	char buf[64 * 1024];
};

void out_init(struct out *o, FILE *f);
int out_flush(struct out *o);
void out_rewind(struct out *o);
void out_free(struct out *o);
void out_mem_slow(struct out *o, const char *s, size_t n);
void out_u64(struct out *o, uint64_t v);
/*
 * printf into the buffer: %s and %u take a fast path, any other
 * conversion is formatted by vsnprintf, so what compiles prints right.
 */
void out_printf(struct out *o, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static inline void out_mem(struct out *o, const char *s, size_t n)
{
	if (n <= sizeof(o->buf) && o->len <= sizeof(o->buf) - n) {
		memcpy(o->buf + o->len, s, n);
		o->len += n;
		return;
	}
	out_mem_slow(o, s, n);
}

static inline void out_str(struct out *o, const char *s)
{
	out_mem(o, s, strlen(s));
}

/* A string literal, its length known at compile time (memcpy inlined). */
#define out_lit(o, s) out_mem((o), "" s, sizeof(s) - 1)

/* Bytes written so far (memory mode: offset into mem after a flush). */
static inline size_t out_pos(const struct out *o)
{
	return o->mem_len + o->len;
}

static inline void out_char(struct out *o, char c)
{
	if (o->len == sizeof(o->buf))
		out_flush(o);
	o->buf[o->len++] = c;
}

#endif /* STOPS_OUT_H */
