// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* Text outputs: every string printed escaped, so a name stays one name. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"

/* Length of the well-formed UTF-8 sequence at p (2 to 4 bytes), or 0. */
static size_t utf8_len(const unsigned char *p)
{
	size_t n = p[0] >= 0xf0 && p[0] <= 0xf4	  ? 4
		   : p[0] >= 0xe0 && p[0] <= 0xef ? 3
		   : p[0] >= 0xc2 && p[0] <= 0xdf ? 2
						  : 0;

	for (size_t i = 1; i < n; i++)
		if ((p[i] & 0xc0) != 0x80)
			return 0;
	if ((n == 3 && p[0] == 0xe0 && p[1] < 0xa0) ||
	    (n == 3 && p[0] == 0xed && p[1] >= 0xa0) ||
	    (n == 4 && p[0] == 0xf0 && p[1] < 0x90) ||
	    (n == 4 && p[0] == 0xf4 && p[1] >= 0x90) ||
	    (n == 2 && p[0] == 0xc2 && p[1] < 0xa0)) /* C1 controls */
		return 0;
	return n;
}

/* Escaped copy of s in buf (or malloc'ed when longer), or s itself. */
static const char *escape(const char *s, char *buf, size_t len, char **heap)
{
	const unsigned char *p;
	size_t need = 0, n;
	char *q, *out;

	*heap = NULL;
	if (!s)
		return "(null)";
	for (p = (const unsigned char *)s; *p; p += n ? n : 1) {
		n = *p >= 0x80 ? utf8_len(p) : 0;
		if (n)
			need += n;
		else if (*p == '\\' || *p == '\n' || *p == '\t')
			need += 2;
		else if (*p < 0x20 || *p >= 0x7f)
			need += 4;
		else
			need++;
	}
	if (need == (size_t)((const char *)p - s))
		return s; /* nothing to escape: the common case */
	out = need < len ? buf : (*heap = malloc(need + 1));
	if (!out)
		return "(out of memory)";
	q = out;
	for (p = (const unsigned char *)s; *p; p += n ? n : 1) {
		n = *p >= 0x80 ? utf8_len(p) : 0;
		if (n) {
			memcpy(q, p, n);
			q += n;
		} else if (*p == '\\' || *p == '\n' || *p == '\t') {
			*q++ = '\\';
			*q++ = *p == '\n' ? 'n' : *p == '\t' ? 't' : '\\';
		} else if (*p < 0x20 || *p >= 0x7f) {
			*q++ = '\\';
			*q++ = 'x';
			*q++ = "0123456789abcdef"[*p >> 4];
			*q++ = "0123456789abcdef"[*p & 15];
		} else {
			*q++ = (char)*p;
		}
	}
	*q = '\0';
	return out;
}

/* spec is cut from the caller's format, which the compiler checked */
#pragma GCC diagnostic ignored "-Wformat-nonliteral"

/* One conversion with its '*' arguments (nr_star of them) before it. */
#define PRINT_ONE(f, spec, nr_star, star, val)                                 \
	((nr_star) == 0	  ? fprintf(f, spec, val)                              \
	 : (nr_star) == 1 ? fprintf(f, spec, (star)[0], val)                   \
			  : fprintf(f, spec, (star)[0], (star)[1], val))

int esc_vfprintf(FILE *f, const char *fmt, va_list ap)
{
	char spec[32], small[256], *heap;
	const char *p = fmt, *start;
	int star[2], nr_star, total = 0, ret;
	size_t len;

	while (*p) {
		if (*p != '%' || p[1] == '%') {
			if (fputc(*p, f) == EOF)
				return -1;
			p += *p == '%' ? 2 : 1;
			total++;
			continue;
		}
		start = p++;
		nr_star = 0;
		p += strspn(p, "-+ #0");
		if (*p == '*' && nr_star < 2)
			star[nr_star++] = va_arg(ap, int), p++;
		p += strspn(p, "0123456789");
		if (*p == '.') {
			p++;
			if (*p == '*' && nr_star < 2)
				star[nr_star++] = va_arg(ap, int), p++;
			p += strspn(p, "0123456789");
		}
		p += strspn(p, "hlLqjzt");
		len = (size_t)(p - start) + 1;
		if (!*p || len >= sizeof(spec))
			return -1;
		memcpy(spec, start, len);
		spec[len] = '\0';
		/* the length modifiers decide the argument's type */
		switch (*p) {
		case 's': {
			const char *s = va_arg(ap, const char *);

			s = escape(s, small, sizeof(small), &heap);
			ret = PRINT_ONE(f, spec, nr_star, star, s);
			free(heap);
			break;
		}
		case 'd':
		case 'i':
			if (strstr(spec, "ll") || strchr(spec, 'j') ||
			    strchr(spec, 'q'))
				ret = PRINT_ONE(f, spec, nr_star, star,
						va_arg(ap, long long));
			else if (strchr(spec, 'l') || strchr(spec, 'z') ||
				 strchr(spec, 't'))
				ret = PRINT_ONE(f, spec, nr_star, star,
						va_arg(ap, long));
			else
				ret = PRINT_ONE(f, spec, nr_star, star,
						va_arg(ap, int));
			break;
		case 'u':
		case 'x':
		case 'X':
		case 'o':
			if (strstr(spec, "ll") || strchr(spec, 'j') ||
			    strchr(spec, 'q'))
				ret = PRINT_ONE(f, spec, nr_star, star,
						va_arg(ap, unsigned long long));
			else if (strchr(spec, 'l') || strchr(spec, 'z') ||
				 strchr(spec, 't'))
				ret = PRINT_ONE(f, spec, nr_star, star,
						va_arg(ap, unsigned long));
			else
				ret = PRINT_ONE(f, spec, nr_star, star,
						va_arg(ap, unsigned int));
			break;
		case 'c':
			ret = PRINT_ONE(f, spec, nr_star, star,
					va_arg(ap, int));
			break;
		case 'e':
		case 'E':
		case 'f':
		case 'F':
		case 'g':
		case 'G':
		case 'a':
		case 'A':
			if (strchr(spec, 'L'))
				ret = PRINT_ONE(f, spec, nr_star, star,
						va_arg(ap, long double));
			else
				ret = PRINT_ONE(f, spec, nr_star, star,
						va_arg(ap, double));
			break;
		case 'p':
			ret = PRINT_ONE(f, spec, nr_star, star,
					va_arg(ap, void *));
			break;
		default: /* %n and unknown conversions: refused */
			return -1;
		}
		if (ret < 0)
			return -1;
		total += ret;
		p++;
	}
	return total;
}

int esc_fprintf(FILE *f, const char *fmt, ...)
{
	va_list ap;
	int ret;

	va_start(ap, fmt);
	ret = esc_vfprintf(f, fmt, ap);
	va_end(ap);
	return ret;
}
