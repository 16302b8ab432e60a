/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * The templates' writer: gen/templates/<emitter>.tpl, turned into C at
 * build time by scripts/mk-templates (tpl_<emitter>.h), calls these for
 * each argument of a kind: wr_len_<kind>() is the bytes it takes, and
 * wr_put_<kind>() writes exactly that many at p and returns p after them.
 * The template sums the lengths, takes one out_span() of the sum and
 * copies each piece once: no format is parsed when the generator runs.
 */
#ifndef STOPS_WRITER_H
#define STOPS_WRITER_H

#include <stdint.h>
#include <string.h>

#include "escape.h"
#include "json.h"
#include "out.h"

/* s: a string as it is */
static inline size_t wr_len_s(const char *s)
{
	return strlen(s);
}

static inline char *wr_put_s(char *p, const char *s, size_t n)
{
	return span_put(p, s, n);
}

/*
 * u: a number in decimal. Most of a header's are one digit (a layout
 * table's classes, depths and kinds), the rest a few: two digits a step.
 */
static inline size_t wr_len_u(uint64_t v)
{
	size_t n = 1;

	if (v < 10)
		return 1;
	if (v < 100)
		return 2;
	for (; v >= 10000; v /= 10000)
		n += 4;
	return n + (v >= 10) + (v >= 100) + (v >= 1000);
}

/* two digits a division: most numbers are offsets and sizes below 10,000 */
static inline char *wr_put_u(char *p, uint64_t v, size_t n)
{
	static const char pairs[] = "00010203040506070809"
				    "10111213141516171819"
				    "20212223242526272829"
				    "30313233343536373839"
				    "40414243444546474849"
				    "50515253545556575859"
				    "60616263646566676869"
				    "70717273747576777879"
				    "80818283848586878889"
				    "90919293949596979899";
	char *d = p + n;

	if (n == 1) {
		*p = (char)('0' + v);
		return p + 1;
	}
	for (; v >= 100; v /= 100) {
		d -= 2;
		memcpy(d, pairs + 2 * (v % 100), 2);
	}
	if (v >= 10)
		memcpy(d - 2, pairs + 2 * v, 2);
	else
		d[-1] = (char)('0' + v);
	return p + n;
}

/* sp: that many spaces (gofmt's columns) */
static inline size_t wr_len_sp(uint32_t n)
{
	return n;
}

static inline char *wr_put_sp(char *p, uint32_t v, size_t n)
{
	(void)v;
	memset(p, ' ', n);
	return p + n;
}

/* tab: that many tabs (a C body's depth) */
static inline size_t wr_len_tab(uint32_t n)
{
	return n;
}

static inline char *wr_put_tab(char *p, uint32_t v, size_t n)
{
	static const char tabs[] = "\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t"
				   "\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t";

	(void)v;
	if (n > sizeof(tabs) - 1) {
		memset(p, '\t', n);
		return p + n;
	}
	return span_put(p, tabs, n);
}

/*
 * m: a string measured once (struct wr_str), for names that every map
 * repeats: no strlen() per piece
 */
struct wr_str {
	const char *s;
	size_t len;
};

static inline struct wr_str wr_str(const char *s)
{
	return (struct wr_str){s, strlen(s)};
}

static inline size_t wr_len_m(struct wr_str v)
{
	return v.len;
}

static inline char *wr_put_m(char *p, struct wr_str v, size_t n)
{
	return span_put(p, v.s, n);
}

/* s as an m argument, measured unless it is memo's string (kept in memo) */
static inline struct wr_str wr_str_memo(struct wr_str *memo, const char *s)
{
	if (memo->s != s) {
		memo->s = s;
		memo->len = strlen(s);
	}
	return *memo;
}

/*
 * rs: inside a Rust string literal: quotes and backslashes
 * escaped, other ASCII controls as \xHH, bytes past ASCII as U+FFFD (not
 * UTF-8 we vouch for).
 */
static inline size_t wr_rs_byte(unsigned char c)
{
	if (c == '"' || c == '\\')
		return 2;
	if (c >= 0x20 && c < 0x7f)
		return 1;
	return c < 0x80 ? 4 : 8;
}

static inline size_t wr_len_rs(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += wr_rs_byte((unsigned char)*s);
	return n;
}

static inline char *wr_put_rs(char *p, const char *s, size_t n)
{
	static const char hex[] = "0123456789abcdef";

	(void)n;
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		switch (wr_rs_byte(c)) {
		case 1:
			*p++ = (char)c;
			break;
		case 2:
			*p++ = '\\';
			*p++ = (char)c;
			break;
		case 4:
			memcpy(p, "\\x", 2);
			p[2] = hex[c >> 4];
			p[3] = hex[c & 15];
			p += 4;
			break;
		default:
			memcpy(p, "\\u{fffd}", 8);
			p += 8;
		}
	}
	return p;
}

/* doc: text for a comment, printable ASCII and '?' for any other byte */
static inline size_t wr_len_doc(const char *s)
{
	return strlen(s);
}

static inline char *wr_put_doc(char *p, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		p[i] = s[i] >= 0x20 && s[i] < 0x7f ? s[i] : '?';
	return p + n;
}

/* json: a JSON string (escaped, invalid UTF-8 byte by byte), null for NULL */
static inline size_t wr_len_json(const char *s)
{
	return json_len(s);
}

static inline char *wr_put_json(char *p, const char *s, size_t n)
{
	(void)n;
	return json_put(p, s);
}

/* esc: text for a report, escaped (escape.h), "(null)" for NULL */
static inline size_t wr_len_esc(const char *s)
{
	return esc_len(s);
}

static inline char *wr_put_esc(char *p, const char *s, size_t n)
{
	(void)n;
	return esc_put(p, s);
}

#endif /* STOPS_WRITER_H */
