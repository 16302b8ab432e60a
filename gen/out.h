/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/* Output buffer of the emitters: a file or memory, written in big blocks. */
#ifndef STOPS_OUT_H
#define STOPS_OUT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Buffered emitter output; the first write error sticks in err. */
struct out {
	FILE *f; /* NULL: memory mode, text collects in mem */
	size_t len;
	int err;
	char *mem;
	size_t mem_len;
	size_t mem_cap;
	char *span_heap;	       /* out_span()'s buffer when not buf */
	size_t span_heap_len;	       /* and its bound */
	/* where a span in buf must end by; 0 while a heap span is open */
	uintptr_t span_max;
	uint64_t u64_of; /* span_u64()'s last number, in text */
	char u64_text[20];
	uint8_t u64_len; /* 0: none yet */
	char buf[64 * 1024];
};

void out_init(struct out *o, FILE *f);
int out_flush(struct out *o);
void out_rewind(struct out *o);
void out_free(struct out *o);
void out_mem_slow(struct out *o, const char *s, size_t n);
void out_u64(struct out *o, uint64_t v);

/*
 * Up to 32 bytes as two pairs of overlapping 8-byte (or 4-byte) moves:
 * most pieces of a header are names and short literals, and a memcpy call
 * costs more than the copy.
 */
static inline void out_copy_small(char *d, const char *s, size_t n)
{
	uint64_t a, b, c, e;
	uint32_t x, y;

	if (n >= 16) {
		memcpy(&a, s, 8);
		memcpy(&b, s + 8, 8);
		memcpy(&c, s + n - 16, 8);
		memcpy(&e, s + n - 8, 8);
		memcpy(d, &a, 8);
		memcpy(d + 8, &b, 8);
		memcpy(d + n - 16, &c, 8);
		memcpy(d + n - 8, &e, 8);
	} else if (n >= 8) {
		memcpy(&a, s, 8);
		memcpy(&b, s + n - 8, 8);
		memcpy(d, &a, 8);
		memcpy(d + n - 8, &b, 8);
	} else if (n >= 4) {
		memcpy(&x, s, 4);
		memcpy(&y, s + n - 4, 4);
		memcpy(d, &x, 4);
		memcpy(d + n - 4, &y, 4);
	} else {
		for (size_t i = 0; i < n; i++)
			d[i] = s[i];
	}
}

static inline void out_mem(struct out *o, const char *s, size_t n)
{
	if (n <= sizeof(o->buf) && o->len <= sizeof(o->buf) - n) {
		if (n <= 32)
			out_copy_small(o->buf + o->len, s, n);
		else
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

/*
 * A span: a run of pieces written through a cursor of the caller's, with
 * no bounds check per piece (a map's ~100 pieces, thousands of maps).
 * out_span() takes the run's bound, flushing first when it may not fit,
 * and returns where to write; a bound over the whole buffer gets a heap
 * buffer instead. out_span_end() takes the cursor after the last piece.
 * NULL: out of memory (o->err set), nothing to end.
 */
char *out_span_slow(struct out *o, size_t max);
void out_span_end_slow(struct out *o, char *end);

static inline char *out_span(struct out *o, size_t max)
{
	if (max > sizeof(o->buf) - o->len)
		return out_span_slow(o, max);
	o->span_max = (uintptr_t)(o->buf + o->len + max);
	return o->buf + o->len;
}

/*
 * One comparison on the way of every span (a header's hundreds of
 * thousands): an end past span_max, or any end of a heap span (span_max
 * 0), takes the slow path, which tells the two apart.
 */
static inline void out_span_end(struct out *o, char *end)
{
	if ((uintptr_t)end > o->span_max) {
		out_span_end_slow(o, end);
		return;
	}
	o->len = (size_t)(end - o->buf);
}

static inline char *span_put(char *p, const char *s, size_t n)
{
	if (n <= 32)
		out_copy_small(p, s, n);
	else
		memcpy(p, s, n);
	return p + n;
}

/* A string literal into a span. */
#define span_lit(p, s) span_put((p), "" s, sizeof(s) - 1)

void out_u64_text(struct out *o, uint64_t v);

/* v in decimal, at most 20 digits: a map's size, the same map after map */
static inline char *span_u64(struct out *o, char *p, uint64_t v)
{
	if (!o->u64_len || o->u64_of != v)
		out_u64_text(o, v);
	return span_put(p, o->u64_text, o->u64_len);
}

/* v in decimal, at most 10 digits: offsets and sizes, each different */
static inline char *span_uint(char *p, uint32_t v)
{
	char d[10];
	size_t n = 0;

	if (v < 10) {
		*p = (char)('0' + v);
		return p + 1;
	}
	do
		d[sizeof(d) - ++n] = (char)('0' + v % 10);
	while (v /= 10);
	memcpy(p, d + sizeof(d) - n, n);
	return p + n;
}

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
