/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/* JSON strings, for the writer's json kind (the plan, dump, check report). */
#ifndef STOPS_JSON_H
#define STOPS_JSON_H

#include <stddef.h>

/*
 * s as a JSON string, or null when s is NULL. Bytes that are not
 * well-formed UTF-8 (hostile BTF names) are escaped one by one, so the
 * document stays valid UTF-8. json_len(s) is the bytes json_put() writes
 * at d; it returns d after them.
 */
size_t json_len(const char *s);
char *json_put(char *d, const char *s);

#endif /* STOPS_JSON_H */
