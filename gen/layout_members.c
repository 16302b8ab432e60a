// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* Members: each new one, its name in the C scope, padding between them. */
#include <stdlib.h>
#include <string.h>

#include "layout_int.h"
#include "names.h"

const char *int_c_type(uint32_t size, bool is_signed)
{
	switch (size) {
	case 1:
		return is_signed ? "signed char" : "unsigned char";
	case 2:
		return is_signed ? "short" : "unsigned short";
	case 4:
		return is_signed ? "int" : "unsigned int";
	case 8:
		return is_signed ? "long long" : "unsigned long long";
	case 16:
		/* emitted with a byte-array fallback for hosts without it */
		return is_signed ? "__int128" : "unsigned __int128";
	default:
		return NULL;
	}
}

/*
 * The value type of a bitfield's get/set accessors: the smallest C integer
 * of at least its type's bytes, at most 8. BTF lets an int (and, in files
 * the kernel would refuse, an enum) be 3, 5, 6 or 7 bytes, which no C type
 * spells; the width never exceeds the type's bits, so it still fits.
 */
const char *bits_value_c_type(uint32_t size, bool is_signed)
{
	uint32_t bytes = 1;

	while (bytes < size && bytes < 8)
		bytes *= 2;
	return int_c_type(bytes, is_signed);
}

/* A zeroed member at the end of the list; valid until the next one. */
int new_member(struct layout *l, struct stops_member **out)
{
	struct layout_ctx *ctx = l->ctx;
	struct stops_member *m;

	/* A constant return, so gcc -O3 sees *out set whenever 0 is returned;
	 * the reason first: a hostile path may fill the message. */
	if (ctx->nr_members >= ctx->max_members) {
		stops_errf(ctx->err, -E2BIG,
			   "more than %u shadow members (the cap for an object of this size: %u + bytes/%u): nested types expand too far at %s",
			   ctx->max_members, LAYOUT_MEMBERS_BASE,
			   LAYOUT_BYTES_PER_MEMBER, l->aggr->path);
		return -E2BIG;
	}
	if (ctx->text_bytes > ctx->max_text_bytes ||
	    l->text > ctx->max_text_bytes - ctx->text_bytes) {
		stops_errf(ctx->err, -E2BIG,
			   "shadow type names and paths exceed %llu bytes (the cap for an object of this size: %llu + %u x bytes): nested types expand too far at %s",
			   (unsigned long long)ctx->max_text_bytes,
			   (unsigned long long)LAYOUT_TEXT_BASE,
			   LAYOUT_TEXT_PER_BYTE, l->aggr->path);
		return -E2BIG;
	}
	ctx->text_bytes += l->text;
	if (l->nr_mem == l->cap_mem) {
		uint32_t cap = l->cap_mem ? l->cap_mem * 2 : 16;

		m = realloc(l->mem, (size_t)cap * sizeof(*m));
		if (!m)
			return -ENOMEM;
		l->mem = m;
		l->cap_mem = cap;
	}
	m = &l->mem[l->nr_mem++];
	memset(m, 0, sizeof(*m));
	ctx->nr_members++;
	*out = m;
	return 0;
}

static int name_err(struct layout *l, int ret, const char *name)
{
	if (ret == -EEXIST)
		return stops_errf(l->ctx->err, -EINVAL,
				  "%s: duplicate member name %s", l->aggr->path,
				  name);
	return ret;
}

/*
 * A BTF name that is a keyword or a macro (int, errno, NULL, linux) gets
 * a trailing '_' (int_), one in the generator's own prefixes (__slot_x) a
 * leading "btf" (btf__slot_x); if that is taken too, _2, _3, ... follow.
 * BTF order decides, so the result is deterministic.
 */
static int rename_member(struct layout *l, const char *name, const char **out)
{
	struct arena *a = l->ctx->arena;
	bool reserved = names__is_reserved(name);
	const char *base, *c;
	int ret;

	base = reserved ? arena_printf(a, "%s_", name)
			: arena_printf(a, "btf%s", name);
	c = base;
	for (uint32_t n = 2; c; n++) {
		if (!names__is_reserved(c)) {
			ret = name_set_add(&l->names->used, c);
			if (!ret)
				break;
			if (ret != -EEXIST)
				return ret;
		}
		c = arena_printf(a, "%s_%u", base, n);
	}
	if (!c || name_set_add(&l->names->renamed, c))
		return -ENOMEM;
	*out = c;
	return 0;
}

/*
 * Names are claimed in the C scope; a clash of two BTF names is an error,
 * a BTF name that a renamed one took first is renamed in turn.
 */
int scope_name(struct layout *l, const char *name, const char **out)
{
	int ret;

	if (names__is_reserved(name) || names__is_generated(name))
		return rename_member(l, name, out);
	ret = name_set_add(&l->names->used, name);
	if (ret == -EEXIST &&
	    htab_get(&l->names->renamed.h, (uintptr_t)name, true))
		return rename_member(l, name, out);
	if (ret)
		return name_err(l, ret, name);
	*out = name;
	return 0;
}

/* base_<n> in the arena, without vsnprintf: a few per type */
static const char *name_u32(struct arena *a, const char *base, uint32_t n)
{
	size_t len = strlen(base), k = 0;
	char d[10], *s;

	do
		d[sizeof(d) - ++k] = (char)('0' + n % 10);
	while (n /= 10);
	s = arena_chars(a, len + 1 + k + 1);
	if (!s)
		return NULL;
	memcpy(s, base, len);
	s[len] = '_';
	memcpy(s + len + 1, d + sizeof(d) - k, k);
	s[len + 1 + k] = '\0';
	return s;
}

/* base_<n>, the first n from *counter on that is free in the scope. */
int gen_name(struct layout *l, const char *base, uint32_t *counter,
	     const char **out)
{
	const char *name;
	int ret;

	do {
		name = name_u32(l->ctx->arena, base, (*counter)++);
		if (!name)
			return -ENOMEM;
		ret = name_set_add(&l->names->used, name);
	} while (ret == -EEXIST);
	if (ret)
		return ret;
	*out = name;
	return 0;
}

/* A padding member at the current position. */
static int new_padding(struct layout *l, struct stops_member **out)
{
	int ret = new_member(l, out);

	if (ret)
		return ret;
	(*out)->kind = STOPS_PADDING;
	(*out)->bit_offset = l->cur_bit;
	return 0;
}

int add_padding_bytes(struct layout *l, uint32_t bytes, bool tail)
{
	struct stops_member *m;
	int ret;

	if (!bytes)
		return 0;
	ret = new_padding(l, &m);
	if (ret)
		return ret;
	m->size = bytes;
	m->c_type = "char";
	/* Inline anonymous members share their parent's name space. */
	if (tail && l->aggr->c_name)
		/* free: BTF names in the generator's prefixes are renamed */
		ret = name_set_add(&l->names->used,
				   (m->c_name = "__padding_end"));
	else
		ret = gen_name(l, "__padding", &l->names->pad, &m->c_name);
	if (ret)
		return ret;
	l->cur_bit += bytes * 8;
	return 0;
}

static int add_padding_bits(struct layout *l, uint32_t bits)
{
	struct stops_member *m;
	int ret;

	if (!bits)
		return 0;
	ret = new_padding(l, &m);
	if (ret)
		return ret;
	m->bit_size = bits;
	m->c_type = "unsigned char";
	l->cur_bit += bits;
	return 0;
}

/* Fill from the current position to bit; sub-byte parts as bitfields. */
int pad_to(struct layout *l, uint32_t bit, bool bitfield)
{
	uint32_t head;
	int ret;

	if (l->aggr->is_union || bit == l->cur_bit)
		return 0;
	if (l->cur_bit % 8) {
		head = 8 - l->cur_bit % 8;
		if (!bitfield || bit - l->cur_bit < head) {
			/* A non-bitfield starts on the next byte by itself. */
			if (!bitfield)
				l->cur_bit += head;
			else
				return add_padding_bits(l, bit - l->cur_bit);
		} else {
			ret = add_padding_bits(l, head);
			if (ret)
				return ret;
		}
	}
	if (l->cur_bit > bit)
		return 0;
	ret = add_padding_bytes(l, (bit - l->cur_bit) / 8, false);
	if (ret)
		return ret;
	return bitfield ? add_padding_bits(l, bit - l->cur_bit) : 0;
}

/*
 * Path names can meet: member m.in and member m__in both give X__m__in.
 * The second one gets a numbered name; order keeps it deterministic.
 */
const char *child_c_name(struct layout *l, const char *name)
{
	struct layout_ctx *ctx = l->ctx;
	const char *c_name;
	int ret;

	c_name = arena_printf(ctx->arena, "%s__%s", l->scope, name);
	for (uint32_t i = 2; c_name; i++) {
		ret = name_set_add(&ctx->names, c_name);
		if (ret != -EEXIST)
			return ret ? NULL : c_name;
		c_name = arena_printf(ctx->arena, "%s__%s_%u", l->scope, name,
				      i);
	}
	return NULL;
}
