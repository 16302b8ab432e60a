/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/* Fresh buffers' pages mapped at once: the arena's and the hash index's. */
#ifndef STOPS_PREFAULT_H
#define STOPS_PREFAULT_H

#include <stdbool.h>
#include <stddef.h>

/*
 * Maps the whole pages of buf[0, len) in one call, for a fresh buffer
 * about to be written through: one fault per page costs 1.5 us on one
 * machine and 10-20 us on a virtual one (bench/README.md), this a fraction
 * of that. Best effort (MADV_POPULATE_WRITE, Linux >= 5.14), only from
 * PREFAULT_MIN bytes; returns whether the pages are mapped.
 */
#define PREFAULT_MIN (32 * 1024)
bool prefault(void *buf, size_t len);

#endif /* STOPS_PREFAULT_H */
