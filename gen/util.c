// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* Memory: arena (prefaulted blocks), pointer vectors, printf into either. */
#define _GNU_SOURCE /* MADV_POPULATE_WRITE, reallocarray */
#include <limits.h>
#include <sys/mman.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

struct arena_block {
	struct arena_block *next;
	size_t used;
	size_t cap;
	bool huge; /* arena_huge_block()'s: munmap, not free */
	max_align_t data[];
};

/*
 * Blocks grow from ARENA_FIRST_BLOCK to ARENA_BLOCK: the CLI's and the
 * emitter's arenas hold a few hundred bytes, and a first block of 64 KiB,
 * mapped at once, cost them 16 fresh pages each (maps1: 4.42 -> 3.83 ms,
 * distinct300: 8.29 -> 7.77 ms, CPU medians of 120 interleaved runs at
 * load ~6).
 */
#define ARENA_BLOCK	  (64 * 1024)
#define ARENA_FIRST_BLOCK (4 * 1024)

/*
 * An arena that reaches ARENA_HUGE_AFTER bytes holds a big object (its
 * image is the first allocation) or a big model (300 distinct types: 1.3
 * MB of members), and its next blocks are transparent huge pages, 2 MiB
 * each or a multiple for one bigger allocation. On the bench's virtual
 * machine the first write to each fresh 4 KiB page costs ~5-10 us even
 * after MADV_POPULATE_WRITE, one huge page ~0.2 ms in all: 1.2 MB
 * written, 2.7 -> 0.2 ms (bench/README.md). Small objects stay below and
 * touch no more than they did.
 */
#define ARENA_HUGE	 ((size_t)2 << 20)
#define ARENA_HUGE_AFTER ((size_t)256 << 10)

/* Whether a's blocks and size more bytes reach ARENA_HUGE_AFTER. */
static bool arena_is_big(const struct arena *a, size_t size)
{
	size_t total = size;

	for (const struct arena_block *b = a->head; b; b = b->next)
		if (b->huge || (total += b->cap) >= ARENA_HUGE_AFTER)
			return true;
	return total >= ARENA_HUGE_AFTER;
}

/* A 2 MiB-aligned block of len bytes (a multiple of 2 MiB), huge pages
 * asked for; NULL: none. */
static struct arena_block *arena_huge_block(size_t len)
{
#ifdef MADV_HUGEPAGE
	char *p, *at;

	if (len > SIZE_MAX - ARENA_HUGE)
		return NULL;
	p = mmap(NULL, len + ARENA_HUGE, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return NULL;
	at = (char *)(((uintptr_t)p + ARENA_HUGE - 1) & ~(ARENA_HUGE - 1));
	if (at > p)
		munmap(p, (size_t)(at - p));
	munmap(at + len, (size_t)(p + ARENA_HUGE - at));
	/* no THP (or none allowed): small pages, mapped at once as before */
	if (madvise(at, len, MADV_HUGEPAGE))
		prefault(at, len);
	return (struct arena_block *)(void *)at;
#else
	(void)len;
	return NULL;
#endif
}

/* A block for size bytes at least: huge pages once a is big. */
static struct arena_block *arena_new_block(struct arena *a, size_t size)
{
	size_t cap = ARENA_FIRST_BLOCK;
	struct arena_block *b;
	size_t len;

	/* 4, 16, 64 KiB: a small arena maps no pages it never writes */
	for (b = a->head; b && cap < ARENA_BLOCK; b = b->next)
		cap *= 4;
	if (cap < size)
		cap = size;

	if (cap > SIZE_MAX - sizeof(*b) - ARENA_HUGE)
		return NULL;
	if (arena_is_big(a, size)) {
		len = (sizeof(*b) + cap + ARENA_HUGE - 1) & ~(ARENA_HUGE - 1);
		b = arena_huge_block(len);
		if (b) {
			b->huge = true;
			b->cap = len - sizeof(*b);
			return b;
		}
	}
	b = malloc(sizeof(*b) + cap);
	if (!b)
		return NULL;
	/* blocks fill from the start up: the pages will be written */
	prefault(b, sizeof(*b) + cap);
	b->huge = false;
	b->cap = cap;
	return b;
}

/* size bytes at a multiple of align (a power of two, at most max_align_t) */
static void *arena_take(struct arena *a, size_t size, size_t align)
{
	struct arena_block *b = a->head;
	size_t at = b ? (b->used + align - 1) & ~(align - 1) : 0;
	void *p;

	if (!b || at > b->cap || b->cap - at < size) {
		b = arena_new_block(a, size);
		if (!b)
			return NULL;
		b->used = 0;
		b->next = a->head;
		a->head = b;
		at = 0;
	}
	p = (char *)b->data + at;
	b->used = at + size;
	return p;
}

void *arena_alloc(struct arena *a, size_t size)
{
	return arena_take(a, size, sizeof(max_align_t));
}

/* Strings need no alignment: names packed, not 16 bytes apart. */
static char *arena_str(struct arena *a, size_t size)
{
	return arena_take(a, size, 1);
}

char *arena_chars(struct arena *a, size_t size)
{
	return arena_str(a, size);
}

void *arena_calloc(struct arena *a, size_t n, size_t size)
{
	void *p;

	if (size && n > SIZE_MAX / size)
		return NULL;
	p = arena_alloc(a, n * size);
	if (p)
		memset(p, 0, n * size);
	return p;
}

char *arena_strdup(struct arena *a, const char *s)
{
	size_t len = strlen(s) + 1;
	char *p = arena_str(a, len);

	if (p)
		memcpy(p, s, len);
	return p;
}

/*
 * Formats made of %s and %u (unsigned int) only, the names' formats,
 * without vsnprintf's parsing: the length, or -1 for any other
 * conversion. Only cap - 1 bytes and the NUL are written; a length of cap
 * or more did not fit (as vsnprintf).
 */
static int format_su(char *buf, size_t cap, const char *fmt, va_list ap)
{
	size_t len = 0;

	for (const char *p = fmt; *p; p++) {
		char num[10];
		const char *s = p;
		size_t n = 1;

		if (*p != '%') {
			if (len + 1 < cap)
				buf[len] = *p;
			len++;
			continue;
		}
		if (p[1] == 's') {
			s = va_arg(ap, const char *);
			s = s ? s : "(null)"; /* as glibc's printf */
			n = strlen(s);
			p++;
		} else if (p[1] == 'u') {
			unsigned int v = va_arg(ap, unsigned int);

			n = 0;
			do {
				num[sizeof(num) - ++n] = (char)('0' + v % 10);
				v /= 10;
			} while (v);
			s = num + sizeof(num) - n;
			p++;
		} else if (p[1] == '%') {
			p++;
		} else {
			return -1;
		}
		if (len + n < cap)
			memcpy(buf + len, s, n);
		len += n;
		if (len > INT_MAX)
			return -1;
	}
	if (len < cap)
		buf[len] = '\0';
	return (int)len;
}

/* printf into the arena, or into malloc'ed memory when a is NULL */
static char *vformat(struct arena *a, const char *fmt, va_list ap)
{
	char buf[256]; /* most names: formatted once, here */
	va_list again;
	char *p;
	int len;

	va_copy(again, ap);
	len = format_su(buf, sizeof(buf), fmt, again);
	va_end(again);
	if (len < 0) {
		va_copy(again, ap);
		len = vsnprintf(buf, sizeof(buf), fmt, again);
		va_end(again);
	}
	if (len < 0)
		return NULL;
	p = a ? arena_str(a, (size_t)len + 1) : malloc((size_t)len + 1);
	if (p && (size_t)len < sizeof(buf))
		memcpy(p, buf, (size_t)len + 1);
	else if (p)
		vsnprintf(p, (size_t)len + 1, fmt, ap);
	return p;
}

char *arena_printf(struct arena *a, const char *fmt, ...)
{
	va_list ap;
	char *p;

	va_start(ap, fmt);
	p = vformat(a, fmt, ap);
	va_end(ap);
	return p;
}

char *str_printf(const char *fmt, ...)
{
	va_list ap;
	char *p;

	va_start(ap, fmt);
	p = vformat(NULL, fmt, ap);
	va_end(ap);
	return p;
}

void arena_free(struct arena *a)
{
	struct arena_block *b = a->head, *next;

	for (; b; b = next) {
		next = b->next;
		if (b->huge)
			munmap(b, sizeof(*b) + b->cap);
		else
			free(b);
	}
	a->head = NULL;
}

static int ptr_vec_grow(struct ptr_vec *v, uint32_t cap)
{
	void **items = reallocarray(v->items, cap, sizeof(*items));

	if (!items)
		return -ENOMEM;
	v->items = items;
	v->cap = cap;
	return 0;
}

int ptr_vec_reserve(struct ptr_vec *v, uint32_t n)
{
	int ret;

	if (n <= v->cap - v->len)
		return 0;
	if (n > UINT32_MAX - v->len)
		return -ENOMEM;
	ret = ptr_vec_grow(v, v->len + n);
	/* reserved items are pushed in order: map them in one call */
	if (!ret)
		prefault(v->items + v->len, (size_t)n * sizeof(*v->items));
	return ret;
}

int ptr_vec_push(struct ptr_vec *v, void *p)
{
	if (v->len == v->cap) {
		uint32_t cap = v->cap ? v->cap * 2 : 16;

		if (cap < v->cap || ptr_vec_grow(v, cap))
			return -ENOMEM;
	}
	v->items[v->len++] = p;
	return 0;
}

void ptr_vec_free(struct ptr_vec *v)
{
	free(v->items);
	v->items = NULL;
	v->len = v->cap = 0;
}

bool opts_valid(const void *opts, size_t sz, size_t known)
{
	const char *p = opts;

	if (sz < sizeof(size_t))
		return false;
	for (size_t i = known; i < sz; i++)
		if (p[i])
			return false;
	return true;
}
