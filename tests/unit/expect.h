/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/* EXPECT() for the unit tests: count failures, say which, go on. */
#ifndef UNIT_EXPECT_H
#define UNIT_EXPECT_H

#include <stdio.h>

static int failures;

#define EXPECT(cond)                                                        \
	do {                                                                \
		if (!(cond)) {                                              \
			fprintf(stderr, "%s:%d: expected %s\n", __FILE__,   \
				__LINE__, #cond);                           \
			failures++;                                         \
		}                                                           \
	} while (0)

#endif
