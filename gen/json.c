// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* JSON writer: string escaping for every JSON document the library writes. */
#include <string.h>

#include "json.h"

/* Length of the well-formed UTF-8 sequence at p (2 to 4 bytes), or 0. */
static int utf8_len(const unsigned char *p)
{
	int n = p[0] >= 0xf0 && p[0] <= 0xf4   ? 4
		: p[0] >= 0xe0		       ? 3
		: p[0] >= 0xc2 && p[0] <= 0xdf ? 2
					       : 0;

	if (p[0] >= 0xf5)
		return 0;
	for (int i = 1; i < n; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return 0;
	}
	if ((n == 3 && p[0] == 0xe0 && p[1] < 0xa0) ||
	    (n == 3 && p[0] == 0xed && p[1] >= 0xa0) ||
	    (n == 4 && p[0] == 0xf0 && p[1] < 0x90) ||
	    (n == 4 && p[0] == 0xf4 && p[1] >= 0x90))
		return 0;
	return n;
}

/* The bytes json_put() writes for s. */
size_t json_len(const char *s)
{
	size_t len = 2;
	int n;

	if (!s)
		return 4;
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		switch (*p) {
		case '"':
		case '\\':
		case '\n':
		case '\t':
			len += 2;
			break;
		default:
			n = *p >= 0x80 ? utf8_len(p) : 0;
			if (n) {
				len += (size_t)n;
				p += n - 1;
			} else {
				len += *p < 0x20 || *p >= 0x7f ? 6 : 1;
			}
		}
	}
	return len;
}

char *json_put(char *d, const char *s)
{
	static const char hex[] = "0123456789abcdef";
	int n;

	if (!s) {
		memcpy(d, "null", 4);
		return d + 4;
	}
	*d++ = '"';
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		switch (*p) {
		case '"':
		case '\\':
			*d++ = '\\';
			*d++ = (char)*p;
			break;
		case '\n':
			*d++ = '\\';
			*d++ = 'n';
			break;
		case '\t':
			*d++ = '\\';
			*d++ = 't';
			break;
		default:
			n = *p >= 0x80 ? utf8_len(p) : 0;
			if (n) {
				memcpy(d, p, (size_t)n);
				d += n;
				p += n - 1;
			} else if (*p < 0x20 || *p >= 0x7f) {
				memcpy(d, "\\u00", 4);
				d[4] = hex[*p >> 4];
				d[5] = hex[*p & 15];
				d += 6;
			} else {
				*d++ = (char)*p;
			}
		}
	}
	*d++ = '"';
	return d;
}
