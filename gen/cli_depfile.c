// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* stops-shadow CLI: the depfile, spelled so GNU make and Ninja agree. */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/*
 * Ninja's depfile lexer (depfile_parser.in.cc) takes a path as a run of
 * [A-Za-z0-9+,/_:.~()}{%=@[]!-] and bytes >= 0x80, and un-escapes "\ ",
 * "\#" and "$$"; any other byte ends the path. GNU make reads more of
 * those specially: ':' separates targets, '=' makes a variable, '%' a
 * pattern, '(' ')' an archive member, '*' '?' '[' ']' are wildcards, a
 * leading '~' is a home directory. So a path passes when every byte is
 * in the set both read literally, or is one of the three escapes.
 */
static const char *bad_byte(const unsigned char *p, bool word_start)
{
	static const char plain[] = "+,/_.-@{}!";

	if (*p >= 0x80 || (*p >= 'a' && *p <= 'z') ||
	    (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
	    strchr(plain, *p) || *p == ' ' || *p == '#' || *p == '$')
		return NULL;
	if (*p == '~')
		return word_start ? "a leading '~'" : NULL;
	if (*p == '\n')
		return "a newline";
	if (*p == '\t')
		return "a tab";
	if (*p < 0x20 || *p == 0x7f)
		return "a control character";
	return ""; /* printable: the caller names the byte itself */
}

/* Appends path escaped to *q; NULL when it has a byte that cannot be. */
static const char *put_path(char **q, const char *path, char *why,
			    size_t why_len)
{
	const unsigned char *p = (const unsigned char *)path;
	const char *what;

	if (!*p) {
		snprintf(why, why_len, "an empty path");
		return why;
	}
	for (; *p; p++) {
		what = bad_byte(p, p == (const unsigned char *)path);
		if (what && !*what)
			snprintf(why, why_len, "'%c'", *p);
		else if (what)
			snprintf(why, why_len, "%s", what);
		if (what)
			return why;
		if (*p == ' ' || *p == '#')
			*(*q)++ = '\\';
		else if (*p == '$')
			*(*q)++ = '$';
		*(*q)++ = (char)*p;
	}
	return NULL;
}

int cli_depfile_text(const char *out, const char *obj, char **text,
		     const char **bad, char *why, size_t why_len)
{
	char *t = malloc(2 * (strlen(out) + strlen(obj)) + 4), *q = t;
	char what[64];

	*text = NULL;
	if (!t)
		return -ENOMEM;
	*bad = out;
	if (!put_path(&q, out, what, sizeof(what))) {
		*q++ = ':';
		*q++ = ' ';
		*bad = obj;
		if (!put_path(&q, obj, what, sizeof(what))) {
			*q++ = '\n';
			*q = '\0';
			*text = t;
			return 0;
		}
	}
	free(t);
	snprintf(why, why_len,
		 "cannot be named in a depfile: %s, which make or Ninja would not read back",
		 what);
	return -EINVAL;
}
