// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* C identifiers and comment-safe text from the object's names. */
#include <ctype.h>

#include "util.h"

bool is_c_ident(const char *s)
{
	if (!s[0] || isdigit((unsigned char)s[0]))
		return false;
	for (; *s; s++)
		if (!(isalnum((unsigned char)*s) || *s == '_'))
			return false;
	return true;
}

/* Printable, one line, and cannot end a C comment. */
bool is_comment_safe(const char *s)
{
	for (const char *p = s; *p; p++)
		if (*p < 0x20 || *p > 0x7e || (p[0] == '*' && p[1] == '/'))
			return false;
	return true;
}

/* Non-identifier characters become '_'; a leading digit gets a '_'. */
char *c_ident(struct arena *a, const char *s)
{
	size_t len = strlen(s);
	char *p = arena_chars(a, len + 2), *q;

	if (!p)
		return NULL;
	q = p;
	if (isdigit((unsigned char)s[0]) || !s[0])
		*q++ = '_';
	for (; *s; s++)
		*q++ = (isalnum((unsigned char)*s) || *s == '_') ? *s : '_';
	*q = '\0';
	return p;
}
