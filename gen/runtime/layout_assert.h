/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * Run-time code: the static asserts a header's member lists expand to.
 * Every shadow header carries the lines between the emit markers
 * (scripts/mk-runtime turns them into the emitter's code at build time);
 * the lines above them let this file compile on its own (tests/runtime).
 */
#include <stddef.h>
/* stops-shadow: emit begin */
#ifndef STOPS_SHADOW__AT
#ifdef __cplusplus
#define STOPS_SHADOW__ASSERT static_assert
#else
#define STOPS_SHADOW__ASSERT _Static_assert
#endif
/* List entries: X(S, what, member, offset, size). */
#define STOPS_SHADOW__AT(S, what, m, off, size) \
	STOPS_SHADOW__ASSERT(offsetof(S, m) == off, "stops-shadow: " what ": member " #m " must be at offset " #off)
#define STOPS_SHADOW__SIZE(S, what, size) \
	STOPS_SHADOW__ASSERT(sizeof(S) == size, "stops-shadow: " what ": size must be " #size)
#define STOPS_SHADOW__MATCH(T, what, m, off, size) \
	STOPS_SHADOW__ASSERT(offsetof(T, m) == off, "stops-shadow: " what ": " #T " member " #m " is not at offset " #off " as in the BPF object (stale header?)"); \
	STOPS_SHADOW__ASSERT(sizeof(((T *)0)->m) == size, "stops-shadow: " what ": " #T " member " #m " is not " #size " bytes as in the BPF object (stale header?)")
#define STOPS_SHADOW__MATCH_SIZE(T, what, size) \
	STOPS_SHADOW__ASSERT(sizeof(T) == size, "stops-shadow: " what ": sizeof(" #T ") is not " #size " as in the BPF object (stale header?)")
#endif

/* stops-shadow: emit end */
