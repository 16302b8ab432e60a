/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * prefault() (gen/util.c) maps exactly the whole pages inside a buffer of
 * at least PREFAULT_MIN bytes, and nothing of a smaller one: read back
 * with mincore() on fresh anonymous mappings. And the reservations that
 * promise their memory will be written (ptr_vec_reserve(), pair_set_reserve())
 * map it at once and keep what was there.
 *
 * Without MADV_POPULATE_WRITE (C library or kernel) only the mapping checks
 * are left out: the reservations' own checks run, then exit 77. Built with
 * PREFAULT_TEST_NO_FLAG (unit.prefault.without_flag), it takes that path
 * here too.
 */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "emit_claim.h"
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
	unsigned char vec[1024];
	size_t count = 0;

	if (n > sizeof(vec) || mincore(p + first * page, n * page, vec))
		return (size_t)-1;
	for (size_t i = 0; i < n; i++)
		count += vec[i] & 1;
	return count;
}

/* Whether every whole page inside [buf, buf + len) is mapped. */
static int whole_pages_resident(const void *buf, size_t len)
{
	uintptr_t lo = ((uintptr_t)buf + page - 1) & ~(page - 1);
	uintptr_t hi = ((uintptr_t)buf + len) & ~(page - 1);

	return hi > lo && resident((unsigned char *)lo, 0, (hi - lo) / page) ==
				  (hi - lo) / page;
}

/* Why prefault() cannot map pages here, or NULL when it can. */
static const char *no_populate_reason(void)
{
#if defined(PREFAULT_TEST_NO_FLAG)
	return "built with PREFAULT_TEST_NO_FLAG, as without MADV_POPULATE_WRITE";
#elif !defined(MADV_POPULATE_WRITE)
	return "the C library has no MADV_POPULATE_WRITE";
#else
	unsigned char *p = fresh(1);

	if (p && madvise(p, page, MADV_POPULATE_WRITE) && errno == EINVAL)
		return "the kernel has no MADV_POPULATE_WRITE (< 5.14)";
	return NULL;
#endif
}

static void test_ptr_vec_reserve(bool mapped)
{
	struct ptr_vec v = {0};
	int x[3], pushed = 0;
	void **items;

	EXPECT(!ptr_vec_push(&v, &x[0]) && !ptr_vec_push(&v, &x[1]));
	EXPECT(!ptr_vec_reserve(&v, 100000));
	EXPECT(v.len == 2 && v.cap >= 100002);
	EXPECT(v.items[0] == &x[0] && v.items[1] == &x[1]);
	EXPECT(!mapped ||
	       whole_pages_resident(v.items + 2, 100000 * sizeof(void *)));
	items = v.items;
	for (int i = 0; i < 100000; i++)
		pushed += !ptr_vec_push(&v, &x[2]);
	EXPECT(pushed == 100000);
	EXPECT(v.items == items && v.len == 100002 && v.items[100001] == &x[2]);
	/* room already there: nothing moves */
	EXPECT(!ptr_vec_reserve(&v, (uint32_t)(v.cap - v.len)) &&
	       v.items == items);
	EXPECT(ptr_vec_reserve(&v, UINT32_MAX) == -ENOMEM);
	ptr_vec_free(&v);
}

static void test_pair_set_reserve(bool mapped)
{
	struct pair_set set = {0};
	const char *names[] = {"a", "b_c"};

	EXPECT(!pair_set_add(&set, names[0], 1, names[0], ""));
	EXPECT(!pair_set_reserve(&set, 50000));
	EXPECT(set.slots_cap >= 50000);
	EXPECT(!mapped || whole_pages_resident(set.slots + set.index.len,
					       (50000 - set.index.len) *
						       sizeof(*set.slots)));
	/* what was added before is still there, and still taken */
	EXPECT(pair_set_add(&set, names[0], 1, names[0], "") == -EEXIST);
	EXPECT(!pair_set_add(&set, names[1], 3, names[1], ""));
	pair_set_free(&set);
}

/* prefault() itself, on fresh mappings: which pages it maps */
static void test_prefault(void)
{
	size_t min_pages = (PREFAULT_MIN + page - 1) / page;
	size_t big = min_pages + 8;
	unsigned char *p;

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
}

/* Runs one test and says so: the output shows which checks ran. */
static void run(const char *name, void (*test)(bool), bool mapped)
{
	int before = failures;

	test(mapped);
	printf("%s: %s%s\n", name, failures == before ? "ok" : "FAILED",
	       mapped ? "" : " (mapping not checked)");
}

int main(void)
{
	const char *no_populate;

	page = (size_t)sysconf(_SC_PAGESIZE);
	no_populate = no_populate_reason();
	if (!no_populate) {
		test_prefault();
		printf("prefault: %s\n", failures ? "FAILED" : "ok");
	}
	run("ptr_vec_reserve", test_ptr_vec_reserve, !no_populate);
	run("pair_set_reserve", test_pair_set_reserve, !no_populate);
	if (failures) {
		fprintf(stderr, "%d failure(s)\n", failures);
		return 1;
	}
	if (no_populate) {
		printf("SKIP: prefault() and the reservations' mapping: %s\n",
		       no_populate);
		return 77;
	}
	return 0;
}
