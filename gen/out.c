// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * Output buffer for emitters. A 5,000-map header is ~13 MB of text;
 * stdio would lock the stream for every piece, so emitters append here and the
 * buffer goes out in big fwrite()s.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "out.h"

void out_init(struct out *o, FILE *f)
{
	o->f = f;
	o->len = 0;
	o->err = 0;
	o->mem = NULL;
	o->mem_len = 0;
	o->mem_cap = 0;
	o->u64_len = 0;
}

/* Memory mode: start over, keeping the allocation. */
void out_rewind(struct out *o)
{
	o->len = 0;
	o->err = 0;
	o->mem_len = 0;
}

/* Memory mode (no FILE): the text collects in mem. */
static int append_mem(struct out *o)
{
	if (o->mem_cap - o->mem_len < o->len) {
		size_t cap = o->mem_cap ? o->mem_cap : sizeof(o->buf);
		char *mem;

		while (cap - o->mem_len < o->len)
			cap *= 2;
		mem = realloc(o->mem, cap);
		if (!mem)
			return -ENOMEM;
		o->mem = mem;
		o->mem_cap = cap;
	}
	memcpy(o->mem + o->mem_len, o->buf, o->len);
	o->mem_len += o->len;
	return 0;
}

int out_flush(struct out *o)
{
	if (o->len && !o->err) {
		if (!o->f)
			o->err = append_mem(o);
		else if (fwrite(o->buf, 1, o->len, o->f) != o->len)
			o->err = -EIO;
	}
	o->len = 0;
	return o->err;
}

void out_free(struct out *o)
{
	free(o->mem);
	o->mem = NULL;
	o->mem_len = o->mem_cap = 0;
}

char *out_span_slow(struct out *o, size_t max)
{
	o->span_heap = NULL;
	if (max <= sizeof(o->buf)) {
		out_flush(o);
		o->span_max = (uintptr_t)(o->buf + max);
		return o->buf;
	}
	o->span_heap = malloc(max);
	if (!o->span_heap) {
		if (!o->err)
			o->err = -ENOMEM;
		return NULL;
	}
	o->span_heap_len = max;
	o->span_max = 0;
	return o->span_heap;
}

/*
 * A heap span's end, or an overrun: a bound too small is the generator's
 * bug, and the run fails with EOVERFLOW (out_flush() returns it, the
 * emitter says so in one line); the span's text is dropped, never half
 * kept.
 */
void out_span_end_slow(struct out *o, char *end)
{
	char *heap = o->span_heap;

	o->span_heap = NULL;
	if (!o->span_max && heap && end >= heap &&
	    (size_t)(end - heap) <= o->span_heap_len) {
		out_mem(o, heap, (size_t)(end - heap));
		free(heap);
		return;
	}
	free(heap);
	if (!o->err)
		o->err = -EOVERFLOW;
}

void out_u64_text(struct out *o, uint64_t v)
{
	char d[20];
	size_t n = 0;

	o->u64_of = v;
	do
		d[sizeof(d) - ++n] = (char)('0' + v % 10);
	while (v /= 10);
	memcpy(o->u64_text, d + sizeof(d) - n, n);
	o->u64_len = (uint8_t)n;
}

void out_mem_slow(struct out *o, const char *s, size_t n)
{
	while (n) {
		size_t room = sizeof(o->buf) - o->len;
		size_t k = n < room ? n : room;

		memcpy(o->buf + o->len, s, k);
		o->len += k;
		s += k;
		n -= k;
		if (o->len == sizeof(o->buf))
			out_flush(o);
	}
}

void out_u64(struct out *o, uint64_t v)
{
	char tmp[20];
	size_t i = sizeof(tmp);

	do {
		tmp[--i] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	out_mem(o, tmp + i, sizeof(tmp) - i);
}
