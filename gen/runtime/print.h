/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * Run-time code: where the run-time code's messages go (the print hook).
 * Every shadow header carries the lines between the emit markers
 * (scripts/mk-runtime turns them into the emitter's code at build time);
 * the lines above them let this file compile on its own (tests/runtime).
 */
#include <bpf/libbpf.h>
/* stops-shadow: emit begin */
#ifndef STOPS_SHADOW__PRINT
#define STOPS_SHADOW__PRINT
#include <stdarg.h>
#include <stdio.h>

/*
 * The print hook. The run-time code's messages (a layout the accessors
 * refuse, X__from_map(), the module X__fit_kernel() found a type in) go
 * to STOPS_SHADOW_VPRINT(level, fmt, ap), which takes the arguments of
 * libbpf's libbpf_print_fn_t: define it before the first shadow header is
 * included, e.g. to the function your loader gives libbpf_set_print(), or
 * to one that drops them. Left undefined, LIBBPF_WARN and LIBBPF_INFO
 * messages go to stderr, as libbpf's default callback prints them, and
 * LIBBPF_DEBUG ones nowhere. libbpf's own callback is never read or set.
 */
static inline void stops_shadow__layout_print(enum libbpf_print_level level, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
#ifdef STOPS_SHADOW_VPRINT
	STOPS_SHADOW_VPRINT(level, fmt, ap);
#else
	if (level != LIBBPF_DEBUG)
		vfprintf(stderr, fmt, ap);
#endif
	va_end(ap);
}
#endif /* STOPS_SHADOW__PRINT */

/* stops-shadow: emit end */
