/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * Run-time of the checkers gencheck writes (one function per corpus
 * object). With libbpf: the shadow is the accessor's view of libbpf's
 * buffer. With CORPUS_NO_LIBBPF (e.g. an i386 build, where there is no
 * libbpf to link): the shadow is a copy of the embedded initial value.
 */
#ifndef CORPUS_CHECKER_H
#define CORPUS_CHECKER_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef CORPUS_NO_LIBBPF
#include <bpf/libbpf.h>
#endif

struct corpus_counts {
	unsigned int maps, members, slots, skipped, checks, failures;
};

struct ck {
	struct corpus_counts *c;
	const char *obj;
	const char *map;
	void *shadow; /* the map's shadow (libbpf's buffer, or a copy) */
	size_t size;
#ifndef CORPUS_NO_LIBBPF
	struct bpf_object *bpf;
	uint8_t *buf; /* libbpf's initial value */
#endif
};

static inline void ck_fail(struct ck *k, const char *member, const char *fmt,
			   unsigned long long a, unsigned long long b)
{
	k->c->failures++;
	fprintf(stderr, "FAIL %s map %s member %s: ", k->obj,
		k->map ? k->map : "-", member);
	fprintf(stderr, fmt, a, b);
	fputc('\n', stderr);
}

static inline void ck_eq(struct ck *k, const char *member, const char *what,
			 unsigned long long got, unsigned long long want)
{
	char fmt[128];

	k->c->checks++;
	if (got == want)
		return;
	snprintf(fmt, sizeof(fmt), "%s %%llu, BTF says %%llu", what);
	ck_fail(k, member, fmt, got, want);
}

/* The member's bytes in the shadow equal libbpf's at the BTF offset. */
static inline void ck_val(struct ck *k, const char *member, const void *p,
			  size_t size, uint32_t off, const char *want)
{
	const uint8_t *q = p;

	k->c->checks++;
	if (memcmp(p, want, size)) {
		ck_fail(k, member, "value differs (shadow offset %llu, BTF %llu)",
			(unsigned long long)(q - (const uint8_t *)k->shadow),
			off);
		return;
	}
#ifndef CORPUS_NO_LIBBPF
	/* a write through the shadow lands exactly on the BTF bytes */
	{
		uint8_t *w = (uint8_t *)p, *before = malloc(k->size);
		size_t bad = k->size;

		if (!before)
			abort();
		memcpy(before, k->buf, k->size);
		for (size_t i = 0; i < size; i++)
			w[i] ^= 0xff;
		for (size_t i = 0; i < k->size && bad == k->size; i++) {
			uint8_t x = i >= off && i < off + size ? 0xff : 0;

			if (k->buf[i] != (uint8_t)(before[i] ^ x))
				bad = i;
		}
		for (size_t i = 0; i < size; i++)
			w[i] ^= 0xff;
		k->c->checks++;
		if (bad != k->size)
			ck_fail(k, member,
				"a write through the shadow changed byte %llu (BTF offset %llu)",
				bad, off);
		free(before);
	}
#endif
}

#define CK_AT(m, off, size)                                                    \
	do {                                                                   \
		ck_eq(&ck, #m, "offset", offsetof(S, m), off);                 \
		ck_eq(&ck, #m, "size", sizeof(((S *)0)->m), size);             \
	} while (0)
/* A struct bpf_program * at the BTF offset, in an 8-byte slot (the next
 * member's offset proves the 8 bytes). */
#define CK_SLOT_AT(m, off)                                                     \
	do {                                                                   \
		ck_eq(&ck, #m, "offset", offsetof(S, m), off);                 \
		ck_eq(&ck, #m, "size", sizeof(((S *)0)->m), sizeof(void *));   \
	} while (0)
#define CK_VAL(m, off, bytes)                                                  \
	ck_val(&ck, #m, (const void *)&s->m, sizeof(s->m), off, bytes)

#ifndef CORPUS_NO_LIBBPF
#define CK_OPEN(path)                                                          \
	struct ck ck = {.c = c, .obj = CORPUS_NAME};                           \
	ck.bpf = bpf_object__open_file(path, NULL);                            \
	if (!ck.bpf) {                                                         \
		c->failures++;                                                 \
		fprintf(stderr, "FAIL %s: libbpf cannot open %s\n", ck.obj,    \
			path);                                                 \
		return -1;                                                     \
	}
#define CK_CLOSE() bpf_object__close(ck.bpf)
#define CK_MAP(T, name, size, bytes)                                           \
	((S *)ck_map(&ck, name, sizeof(S), size, T##__from_object(ck.bpf)))
#define CK_SLOT(m, prog)                                                       \
	do {                                                                   \
		const char *want = prog;                                       \
		struct bpf_program *p =                                        \
			want ? bpf_object__find_program_by_name(ck.bpf, want)  \
			     : NULL;                                           \
		ck.c->checks++;                                                \
		if ((void *)s->m != (void *)p || (want && !p))                 \
			ck_fail(&ck, #m, "slot holds %#llx, want program %#llx", \
				(unsigned long long)(uintptr_t)s->m,           \
				(unsigned long long)(uintptr_t)p);             \
	} while (0)
#define CK_DONE() (void)0

static inline void *ck_map(struct ck *k, const char *name, size_t shadow_size,
			   size_t btf_size, void *shadow)
{
	struct bpf_map *m = bpf_object__find_map_by_name(k->bpf, name);
	size_t sz = 0;

	k->map = name;
	k->size = btf_size;
	ck_eq(k, "(sizeof)", "shadow size", shadow_size, btf_size);
	k->buf = m ? bpf_map__initial_value(m, &sz) : NULL;
	k->c->checks++;
	if (!shadow || !k->buf || (void *)k->buf != shadow || sz != btf_size) {
		ck_fail(k, "(accessor)", "accessor %#llx, libbpf buffer %#llx",
			(unsigned long long)(uintptr_t)shadow,
			(unsigned long long)(uintptr_t)k->buf);
		return NULL;
	}
	k->shadow = shadow;
	return shadow;
}
#else
#define CK_OPEN(path)                                                          \
	struct ck ck = {.c = c, .obj = CORPUS_NAME};                           \
	(void)path
#define CK_CLOSE() (void)0
#define CK_MAP(T, name, size, bytes)                                           \
	((S *)ck_map(&ck, name, sizeof(S), size, bytes))
/* no bpf_program on this side: the slot's place and size are checked */
#define CK_SLOT(m, prog) (void)0
#define CK_DONE() free(ck.shadow)

static inline void *ck_map(struct ck *k, const char *name, size_t shadow_size,
			   size_t btf_size, const char *bytes)
{
	k->map = name;
	k->size = btf_size;
	ck_eq(k, "(sizeof)", "shadow size", shadow_size, btf_size);
	if (shadow_size != btf_size)
		return NULL;
	k->shadow = malloc(btf_size ? btf_size : 1);
	if (!k->shadow)
		abort();
	memcpy(k->shadow, bytes, btf_size);
	return k->shadow;
}
#endif

#endif /* CORPUS_CHECKER_H */
