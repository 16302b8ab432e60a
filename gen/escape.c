// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* Text outputs: every string written escaped, so a name stays one name. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
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

/* A byte below 0x80 that stands for itself. */
static bool plain(unsigned char c)
{
	return c >= 0x20 && c < 0x7f && c != '\\';
}

size_t esc_len(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t need = 0, n;

	if (!s)
		return sizeof(ESC_NULL) - 1;
	for (; *p; p += n ? n : 1) {
		n = 0;
		if (plain(*p))
			need++;
		else if (*p >= 0x80 && (n = utf8_len(p)))
			need += n;
		else if (*p == '\\' || *p == '\n' || *p == '\t')
			need += 2;
		else
			need += 4;
	}
	return need;
}

char *esc_put(char *d, const char *s)
{
	static const char hex[] = "0123456789abcdef";
	const unsigned char *p = (const unsigned char *)s;
	size_t n;

	if (!s) {
		memcpy(d, ESC_NULL, sizeof(ESC_NULL) - 1);
		return d + sizeof(ESC_NULL) - 1;
	}
	for (; *p; p += n ? n : 1) {
		n = 0;
		if (plain(*p)) {
			*d++ = (char)*p;
		} else if (*p >= 0x80 && (n = utf8_len(p))) {
			memcpy(d, p, n);
			d += n;
		} else if (*p == '\\' || *p == '\n' || *p == '\t') {
			*d++ = '\\';
			*d++ = *p == '\n' ? 'n' : *p == '\t' ? 't' : '\\';
		} else {
			*d++ = '\\';
			*d++ = 'x';
			*d++ = hex[*p >> 4];
			*d++ = hex[*p & 15];
		}
	}
	return d;
}
