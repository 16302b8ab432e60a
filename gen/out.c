// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * Output buffer for emitters. A 5,000-map header is ~13 MB of text;
 * stdio's vfprintf spends most of the run parsing formats and locking
 * the stream, so emitters append here and the buffer goes out in big
 * fwrite()s.
 */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

void out_init(struct out *o, FILE *f)
{
	o->f = f;
	o->len = 0;
	o->err = 0;
	o->mem = NULL;
	o->mem_len = 0;
	o->mem_cap = 0;
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

void out_str(struct out *o, const char *s)
{
	out_mem(o, s, strlen(s));
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

/*
 * The subset of printf the emitters use: %s, %u (uint32_t) and %%.
 * The format attribute still type-checks the arguments.
 */
void out_printf(struct out *o, const char *fmt, ...)
{
	const char *p = fmt, *pct, *arg;
	va_list ap;

	va_start(ap, fmt);
	while ((pct = strchr(p, '%'))) {
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
		case '\0': /* a trailing '%' */
			out_char(o, '%');
			p--;
			break;
		default: /* not used; keep the text visible */
			out_mem(o, pct, 2);
			break;
		}
	}
	out_str(o, p);
	va_end(ap);
}
