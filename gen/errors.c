// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* Errors: one-line messages, whatever bytes their names hold. */
#include <stdarg.h>
#include <stdio.h>

#include "util.h"

int stops_errf(struct stops_err *err, int ret, const char *fmt, ...)
{
	va_list ap;

	if (err) {
		va_start(ap, fmt);
		vsnprintf(err->msg, sizeof(err->msg), fmt, ap);
		va_end(ap);
		/* Names from a hostile object must not break the one line. */
		for (char *p = err->msg; *p; p++)
			if ((unsigned char)*p < 0x20 || *p == 0x7f)
				*p = '?';
	}
	return ret;
}
