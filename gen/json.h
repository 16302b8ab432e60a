/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/* JSON output helpers shared by the dump and the check report. */
#ifndef STOPS_JSON_H
#define STOPS_JSON_H

#include <stddef.h>
#include <stdio.h>

/*
 * s as a JSON string, or null when s is NULL. Bytes that are not
 * well-formed UTF-8 (hostile BTF names) are escaped one by one, so the
 * document stays valid UTF-8.
 */
void json_str(FILE *out, const char *s);
/* The same into memory: json_len(s) bytes at d, d after them returned. */
size_t json_len(const char *s);
char *json_put(char *d, const char *s);

#endif /* STOPS_JSON_H */
