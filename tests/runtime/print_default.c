/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * runtime.print_default: with no STOPS_SHADOW_VPRINT, the header's
 * messages go to stderr, LIBBPF_WARN and LIBBPF_INFO ones, not
 * LIBBPF_DEBUG ones, and never to libbpf's print callback, which stays
 * as the loader set it. The test's command checks stderr (print_default.sh).
 */
#include <stdio.h>

#include "kinds.shadow.h"

static int libbpf_calls;

static int libbpf_print(enum libbpf_print_level level, const char *fmt,
			va_list ap)
{
	(void)level;
	(void)fmt;
	(void)ap;
	libbpf_calls++;
	return 0;
}

int main(void)
{
	libbpf_set_print(libbpf_print);
	stops_shadow__layout_print(LIBBPF_WARN, "stops-shadow: warn %d\n", 1);
	stops_shadow__layout_print(LIBBPF_INFO, "stops-shadow: info %s\n", "two");
	stops_shadow__layout_print(LIBBPF_DEBUG, "stops-shadow: debug 3\n");
	if (libbpf_calls || libbpf_set_print(NULL) != libbpf_print) {
		fprintf(stderr, "FAIL: libbpf's callback was called or changed\n");
		return 1;
	}
	return 0;
}
