/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * prefault() (gen/util.c) maps exactly the whole pages inside a buffer of
 * at least PREFAULT_MIN bytes, and nothing of a smaller one: read back
 * with mincore() on fresh anonymous mappings.
 */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "expect.h"
#include "util.h"

static size_t page;

static unsigned char *fresh(size_t pages)
{
	void *p = mmap(NULL, pages * page, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	return p == MAP_FAILED ? NULL : p;
}

/* How many of pages [first, first + n) of p are mapped. */
static size_t resident(unsigned char *p, size_t first, size_t n)
{
	unsigned char vec[256];
	size_t count = 0;

	if (n > sizeof(vec) || mincore(p + first * page, n * page, vec))
		return (size_t)-1;
	for (size_t i = 0; i < n; i++)
		count += vec[i] & 1;
	return count;
}

int main(void)
{
	size_t min_pages, big;
	unsigned char *p;

	page = (size_t)sysconf(_SC_PAGESIZE);
	min_pages = (PREFAULT_MIN + page - 1) / page;
	big = min_pages + 8;
#ifndef MADV_POPULATE_WRITE
	printf("SKIP: the C library has no MADV_POPULATE_WRITE\n");
	return 77;
#else
	p = fresh(1);
	if (p && madvise(p, page, MADV_POPULATE_WRITE) && errno == EINVAL) {
		printf("SKIP: the kernel has no MADV_POPULATE_WRITE (< 5.14)\n");
		return 77;
	}
#endif
	/* page-aligned: every page */
	p = fresh(big);
	EXPECT(p && resident(p, 0, big) == 0);
	EXPECT(p && prefault(p, big * page));
	EXPECT(p && resident(p, 0, big) == big);

	/* unaligned: the partial first and last pages stay unmapped */
	p = fresh(big + 1);
	EXPECT(p && prefault(p + 100, big * page));
	EXPECT(p && resident(p, 0, 1) == 0);
	EXPECT(p && resident(p, 1, big - 1) == big - 1);
	EXPECT(p && resident(p, big, 1) == 0);

	/* below PREFAULT_MIN: nothing */
	p = fresh(min_pages);
	EXPECT(p && !prefault(p, PREFAULT_MIN - 1));
	EXPECT(p && resident(p, 0, min_pages) == 0);

	/* the memory is the caller's as before: written, read back */
	p = fresh(big);
	EXPECT(p && prefault(p, big * page));
	if (p) {
		memset(p, 0x5a, big * page);
		EXPECT(p[0] == 0x5a && p[big * page - 1] == 0x5a);
	}
	if (failures)
		fprintf(stderr, "%d failure(s)\n", failures);
	return failures ? 1 : 0;
}
