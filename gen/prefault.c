// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* Pages mapped at once for a fresh buffer (prefault.h). */
#define _GNU_SOURCE /* MADV_POPULATE_WRITE */
#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>

#include "prefault.h"

bool prefault(void *buf, size_t len)
{
#ifdef MADV_POPULATE_WRITE
	uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
	uintptr_t lo = ((uintptr_t)buf + page - 1) & ~(page - 1);
	uintptr_t hi = ((uintptr_t)buf + len) & ~(page - 1);

	return len >= PREFAULT_MIN && hi > lo &&
	       !madvise((void *)lo, hi - lo, MADV_POPULATE_WRITE);
#else
	(void)buf;
	(void)len;
	return false;
#endif
}
