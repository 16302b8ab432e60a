/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/* Names: which identifiers a shadow header must not use as they are. */
#ifndef STOPS_NAMES_H
#define STOPS_NAMES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * A C/C++ keyword, or a macro of the headers a shadow header or a usual
 * loader includes (errno, NULL, EINVAL, bool, INT32_MAX, LIBBPF_API,
 * linux, ...): gen/reserved_names.inc, from scripts/mk-reserved-names.
 */
bool names__is_reserved(const char *name);

/*
 * Whether a reserved name starts with the len bytes of prefix: when none
 * does, no name starting with them is reserved.
 */
bool names__reserved_prefix(const char *prefix, size_t len);

/* A member name the generator makes itself: __padding_, __slot_, ... */
bool names__is_generated(const char *name);

/* 64-bit FNV-1a of s, for include guards that long names cannot clash. */
uint64_t names__hash(const char *s);

/* The longest name from the object that goes into a string literal. */
#define NAMES_MAX_LITERAL 1000

#endif /* STOPS_NAMES_H */
