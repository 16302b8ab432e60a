/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/* Text outputs: every string printed escaped, so a name stays one name. */
#ifndef STOPS_ESCAPE_H
#define STOPS_ESCAPE_H

#include <stdarg.h>
#include <stdio.h>

/*
 * fprintf() whose %s arguments are printed escaped: control bytes, DEL,
 * C1 controls and invalid UTF-8 as \xHH, newline and tab as \n and \t,
 * a backslash as \\. Names from an object or a kernel BTF (function
 * pointer argument types are not validated) then cannot move the
 * terminal's cursor, set its title or forge a line of the report.
 * Conversions: the C99 ones but %n.
 */
int esc_fprintf(FILE *f, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
int esc_vfprintf(FILE *f, const char *fmt, va_list ap);

#endif /* STOPS_ESCAPE_H */
