/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/* Tiny assertion helpers for the layout tests: count failures, say what differed. */
#ifndef LAYOUT_CHECK_H
#define LAYOUT_CHECK_H

#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

static int check_failures;
static int check_count;

#define CHECK(cond, ...)                                                      \
	do {                                                                  \
		check_count++;                                                \
		if (!(cond)) {                                                \
			check_failures++;                                     \
			fprintf(stderr, "%s:%d: FAIL: %s: ", __FILE__,       \
				__LINE__, #cond);                             \
			fprintf(stderr, __VA_ARGS__);                         \
			fputc('\n', stderr);                                  \
		}                                                             \
	} while (0)

/* Integers of any width and signedness, compared as written in C. */
#define CHECK_INT(got, want)                                                  \
	CHECK((got) == (want), "%s: got %lld (0x%llx), want %lld (0x%llx)",  \
	      #got, (long long)(got), (unsigned long long)(got),              \
	      (long long)(want), (unsigned long long)(want))

#define CHECK_DBL(got, want)                                                  \
	CHECK((got) == (want), "%s: got %g, want %g", #got, (double)(got),    \
	      (double)(want))

#define CHECK_PTR(got, want)                                                  \
	CHECK((const void *)(got) == (const void *)(want),                    \
	      "%s: got %p, want %p", #got, (const void *)(got),               \
	      (const void *)(want))

#define CHECK_STR(got, want)                                                  \
	CHECK(strcmp((got), (want)) == 0, "%s: got \"%s\", want \"%s\"",      \
	      #got, (got), (want))

/* Same offset and size of member m in shadow type S and original type O. */
#define CHECK_SAME(S, O, m)                                                   \
	do {                                                                  \
		CHECK(offsetof(S, m) == offsetof(O, m),                       \
		      "offsetof(%s, %s) = %zu, original %zu", #S, #m,         \
		      offsetof(S, m), offsetof(O, m));                        \
		CHECK(sizeof(((S *)0)->m) == sizeof(((O *)0)->m),             \
		      "sizeof(%s.%s) = %zu, original %zu", #S, #m,            \
		      sizeof(((S *)0)->m), sizeof(((O *)0)->m));              \
	} while (0)

/* The (promoted) type of expression e is signed. */
#define IS_SIGNED(e) ((__typeof__(e))-1 < (__typeof__(e))1)

#define CHECK_SIZE(S, O)                                                      \
	CHECK(sizeof(S) == sizeof(O), "sizeof(%s) = %zu, original %zu", #S,   \
	      sizeof(S), sizeof(O))

/* A NULL result with errno e. */
#define CHECK_NULL_ERRNO(expr, e)                                             \
	do {                                                                  \
		const void *_p;                                               \
		errno = 0;                                                    \
		_p = (const void *)(expr);                                    \
		CHECK(_p == NULL && errno == (e),                             \
		      "%s: got %p errno %d (%s), want NULL errno %d (%s)",    \
		      #expr, _p, errno, strerror(errno), (e), strerror(e));   \
	} while (0)

static inline int check_report(const char *name)
{
	if (check_failures) {
		fprintf(stderr, "%s: %d of %d checks failed\n", name,
			check_failures, check_count);
		return 1;
	}
	printf("%s: all %d checks passed\n", name, check_count);
	return 0;
}

#endif
