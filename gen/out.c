// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * Output buffer for emitters. A 5,000-map header is ~13 MB of text;
 * stdio's vfprintf spends most of the run parsing formats and locking
 * the stream, so emitters append here and the buffer goes out in big
 * fwrite()s.
 */
#include <errno.h>
#include <stdarg.h>
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
	memset(o->fmts, 0, sizeof(o->fmts));
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

/* Any other format: vsnprintf, so flags, widths and %d print right. */
static void out_vprintf_slow(struct out *o, const char *fmt, va_list ap)
{
	char small[256], *p = small;
	va_list again;
	int len;

	va_copy(again, ap);
	len = vsnprintf(small, sizeof(small), fmt, again);
	va_end(again);
	if (len < 0) {
		o->err = o->err ? o->err : -EINVAL;
		return;
	}
	if ((size_t)len >= sizeof(small)) {
		p = malloc((size_t)len + 1);
		if (!p) {
			o->err = o->err ? o->err : -ENOMEM;
			return;
		}
		vsnprintf(p, (size_t)len + 1, fmt, ap);
	}
	out_mem(o, p, (size_t)len);
	if (p != small)
		free(p);
}

/*
 * fmt split at its conversions, kept by fmt's address (emitters pass
 * literals): NULL when fmt has another conversion than %s, %u, %%, more
 * than OUT_FMT_SEGS of them, or is longer than 65535 bytes.
 */
static const struct out_fmt *fmt_parse(struct out *o, const char *fmt)
{
	uintptr_t at = (uintptr_t)fmt;
	size_t k = (at ^ at >> 5 ^ at >> 10) % OUT_FMTS;
	struct out_fmt *f = &o->fmts[k];
	struct out_fmt t; /* into f only when complete */
	const char *p = fmt, *pct;
	uint8_t nr = 0;

	if (f->fmt == fmt)
		return f;
	/*
	 * Two ways a slot: two formats of one slot used in turn (a map's
	 * lines) are each parsed once, wherever the linker put them. The
	 * newer goes first, the older second.
	 */
	if (o->fmts[k ^ 1].fmt == fmt)
		return &o->fmts[k ^ 1];
	if (f->fmt)
		o->fmts[k ^ 1] = *f;
	for (;; nr++) {
		if (nr == OUT_FMT_SEGS)
			return NULL;
		pct = strchr(p, '%');
		if (!pct)
			pct = p + strlen(p);
		if (pct - fmt > UINT16_MAX ||
		    (*pct && pct[1] != 's' && pct[1] != 'u' && pct[1] != '%'))
			return NULL;
		t.seg[nr].at = (uint16_t)(p - fmt);
		t.seg[nr].len = (uint16_t)(pct - p);
		t.seg[nr].conv = *pct ? pct[1] : 0;
		if (!*pct)
			break;
		p = pct + 2;
	}
	t.nr = nr + 1;
	t.fmt = fmt;
	memcpy(f, &t, sizeof(t));
	return f;
}

/*
 * Emitters print millions of lines made of %s and %u (uint32_t): those
 * are appended directly, without vsnprintf's parsing and locking, from
 * the format split once (fmt_parse); from the first other conversion on,
 * vsnprintf formats the rest.
 */
void out_printf_lit(struct out *o, const char *fmt, ...)
{
	const struct out_fmt *f = fmt_parse(o, fmt);
	const char *p = fmt, *pct, *arg;
	va_list ap;

	va_start(ap, fmt);
	for (uint8_t i = 0; f && i < f->nr; i++) {
		out_mem(o, fmt + f->seg[i].at, f->seg[i].len);
		switch (f->seg[i].conv) {
		case 's':
			arg = va_arg(ap, const char *);
			out_str(o, arg ? arg : "(null)");
			break;
		case 'u':
			out_u64(o, va_arg(ap, unsigned int));
			break;
		case '%':
			out_char(o, '%');
			break;
		}
	}
	while (!f && (pct = strchr(p, '%'))) {
		out_mem(o, p, (size_t)(pct - p));
		p = pct + 2;
		switch (pct[1]) {
		case 's':
			arg = va_arg(ap, const char *);
			out_str(o,
				arg ? arg : "(null)"); /* as glibc's printf */
			break;
		case 'u':
			out_u64(o, va_arg(ap, unsigned int));
			break;
		case '%':
			out_char(o, '%');
			break;
		default:
			/* ap is at this conversion's argument: the rest of
			 * the format goes to vsnprintf */
			out_vprintf_slow(o, pct, ap);
			va_end(ap);
			return;
		}
	}
	if (!f)
		out_str(o, p);
	va_end(ap);
}
