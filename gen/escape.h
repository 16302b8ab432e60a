/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/* Text outputs: every string written escaped, so a name stays one name. */
#ifndef STOPS_ESCAPE_H
#define STOPS_ESCAPE_H

#include <stddef.h>

/* What a NULL string is written as (glibc's printf("%s", NULL)). */
#define ESC_NULL "(null)"

/*
 * s for a text report: control bytes, DEL, C1 controls and invalid UTF-8
 * as \xHH, newline and tab as \n and \t, a backslash as \\; well-formed
 * UTF-8 as it is. Names from an object or a kernel BTF (function pointer
 * argument types are not validated) then cannot move the terminal's
 * cursor, set its title or forge a line of the report. esc_len(s) is the
 * bytes esc_put() writes at d; it returns d after them.
 */
size_t esc_len(const char *s);
char *esc_put(char *d, const char *s);

#endif /* STOPS_ESCAPE_H */
