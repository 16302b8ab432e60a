// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* Memory arena, pointer vectors, error values and identifier helpers. */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

struct arena_block {
	struct arena_block *next;
	size_t used;
	size_t cap;
	max_align_t data[];
};

#define ARENA_BLOCK (64 * 1024)

void *arena_alloc(struct arena *a, size_t size)
{
	struct arena_block *b = a->head;
	size_t need =
		(size + sizeof(max_align_t) - 1) & ~(sizeof(max_align_t) - 1);
	void *p;

	if (need < size)
		return NULL;
	if (!b || b->cap - b->used < need) {
		size_t cap = need > ARENA_BLOCK ? need : ARENA_BLOCK;

		if (cap > SIZE_MAX - sizeof(*b))
			return NULL;
		b = malloc(sizeof(*b) + cap);
		if (!b)
			return NULL;
		b->used = 0;
		b->cap = cap;
		b->next = a->head;
		a->head = b;
	}
	p = (char *)b->data + b->used;
	b->used += need;
	return p;
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
	char *p = arena_alloc(a, len);

	if (p)
		memcpy(p, s, len);
	return p;
}

/* printf into the arena, or into malloc'ed memory when a is NULL */
static char *vformat(struct arena *a, const char *fmt, va_list ap)
{
	va_list again;
	char *p;
	int len;

	va_copy(again, ap);
	len = vsnprintf(NULL, 0, fmt, again);
	va_end(again);
	if (len < 0)
		return NULL;
	p = a ? arena_alloc(a, (size_t)len + 1) : malloc((size_t)len + 1);
	if (p)
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
		free(b);
	}
	a->head = NULL;
}

int ptr_vec_push(struct ptr_vec *v, void *p)
{
	if (v->len == v->cap) {
		uint32_t cap = v->cap ? v->cap * 2 : 16;
		void **items;

		if (cap < v->cap)
			return -ENOMEM;
		items = realloc(v->items, (size_t)cap * sizeof(*items));
		if (!items)
			return -ENOMEM;
		v->items = items;
		v->cap = cap;
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

static uint32_t str_hash(const char *s)
{
	uint32_t h = 2166136261u;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

static int name_set_grow(struct name_set *set)
{
	uint32_t cap = set->cap ? set->cap * 2 : 64;
	const char **slots = calloc(cap, sizeof(*slots));

	if (!slots)
		return -ENOMEM;
	for (uint32_t i = 0; i < set->cap; i++) {
		uint32_t h;

		if (!set->slots[i])
			continue;
		for (h = str_hash(set->slots[i]) & (cap - 1); slots[h];
		     h = (h + 1) & (cap - 1))
			;
		slots[h] = set->slots[i];
	}
	free(set->slots);
	set->slots = slots;
	set->cap = cap;
	return 0;
}

/* 0 when added, -EEXIST when name is already in the set. */
int name_set_add(struct name_set *set, const char *name)
{
	uint32_t h;

	if (set->len * 2 >= set->cap && name_set_grow(set))
		return -ENOMEM;
	for (h = str_hash(name) & (set->cap - 1); set->slots[h];
	     h = (h + 1) & (set->cap - 1))
		if (!strcmp(set->slots[h], name))
			return -EEXIST;
	set->slots[h] = name;
	set->len++;
	return 0;
}

void name_set_free(struct name_set *set)
{
	free(set->slots);
	memset(set, 0, sizeof(*set));
}

static uint32_t id_hash(uint32_t id)
{
	return id * 2654435761u; /* Knuth: ids are dense, spread them */
}

static int id_map_grow(struct id_map *map)
{
	uint32_t cap = map->cap ? map->cap * 2 : 16;
	struct id_map_slot *slots = calloc(cap, sizeof(*slots));

	if (!slots)
		return -ENOMEM;
	for (uint32_t i = 0; i < map->cap; i++) {
		uint32_t h;

		if (!map->slots[i].val)
			continue;
		for (h = id_hash(map->slots[i].id) & (cap - 1); slots[h].val;
		     h = (h + 1) & (cap - 1))
			;
		slots[h] = map->slots[i];
	}
	free(map->slots);
	map->slots = slots;
	map->cap = cap;
	return 0;
}

void *id_map_get(const struct id_map *map, uint32_t id)
{
	if (!map->cap)
		return NULL;
	for (uint32_t h = id_hash(id) & (map->cap - 1); map->slots[h].val;
	     h = (h + 1) & (map->cap - 1))
		if (map->slots[h].id == id)
			return map->slots[h].val;
	return NULL;
}

/* val must not be NULL; an id already present keeps its value. */
int id_map_put(struct id_map *map, uint32_t id, void *val)
{
	uint32_t h;

	if (map->len * 2 >= map->cap && id_map_grow(map))
		return -ENOMEM;
	for (h = id_hash(id) & (map->cap - 1); map->slots[h].val;
	     h = (h + 1) & (map->cap - 1))
		if (map->slots[h].id == id)
			return 0;
	map->slots[h].id = id;
	map->slots[h].val = val;
	map->len++;
	return 0;
}

void id_map_free(struct id_map *map)
{
	free(map->slots);
	memset(map, 0, sizeof(*map));
}

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

bool is_c_ident(const char *s)
{
	if (!s[0] || isdigit((unsigned char)s[0]))
		return false;
	for (; *s; s++)
		if (!(isalnum((unsigned char)*s) || *s == '_'))
			return false;
	return true;
}

/* Printable, one line, and cannot end a C comment. */
bool is_comment_safe(const char *s)
{
	for (const char *p = s; *p; p++)
		if (*p < 0x20 || *p > 0x7e || (p[0] == '*' && p[1] == '/'))
			return false;
	return true;
}

/* Non-identifier characters become '_'; a leading digit gets a '_'. */
char *c_ident(struct arena *a, const char *s)
{
	size_t len = strlen(s);
	char *p = arena_alloc(a, len + 2), *q;

	if (!p)
		return NULL;
	q = p;
	if (isdigit((unsigned char)s[0]) || !s[0])
		*q++ = '_';
	for (; *s; s++)
		*q++ = (isalnum((unsigned char)*s) || *s == '_') ? *s : '_';
	*q = '\0';
	return p;
}

static bool has_suffix(const char *s, size_t len, const char *suf)
{
	size_t n = strlen(suf);

	return len > n && !strcmp(s + len - n, suf);
}

char *stops_obj_name_from_path(const char *path)
{
	const char *base = strrchr(path, '/');
	struct arena a = {0};
	char *name, *ret;
	size_t len;

	base = base ? base + 1 : path;
	len = strlen(base);
	if (has_suffix(base, len, ".bpf.o"))
		len -= 6;
	else if (has_suffix(base, len, ".o"))
		len -= 2;
	name = strndup(base, len);
	if (!name)
		return NULL;
	ret = c_ident(&a, name);
	free(name);
	if (ret)
		ret = strdup(ret);
	arena_free(&a);
	return ret;
}
