// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* Go's and Rust's identifiers for the plan's fields and types. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "plan_names.h"

/* Rust's strict and reserved keywords; kept sorted. */
static const char *const rust_keywords[] = {
	"Self", "abstract", "as",     "async",	  "await",  "become",
	"box",	"break",    "const",  "continue", "crate",  "do",
	"dyn",	"else",	    "enum",   "extern",	  "false",  "final",
	"fn",	"for",	    "gen",    "if",	  "impl",   "in",
	"let",	"loop",	    "macro",  "match",	  "mod",    "move",
	"mut",	"override", "priv",   "pub",	  "ref",    "return",
	"self", "static",   "struct", "super",	  "trait",  "true",
	"try",	"type",	    "typeof", "union",	  "unsafe", "unsized",
	"use",	"virtual",  "where",  "while",	  "yield",
};

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static bool in_sorted(const char *const *set, size_t n, const char *name)
{
	return bsearch(&name, set, n, sizeof(*set), cmp_str) != NULL;
}

/* Rust keywords a raw identifier cannot spell (r#self is an error). */
static bool rust_raw_refused(const char *name)
{
	return !strcmp(name, "self") || !strcmp(name, "Self") ||
	       !strcmp(name, "crate") || !strcmp(name, "super") ||
	       !strcmp(name, "_");
}

/*
 * Every keyword is 2 to 8 lower-case letters, or "Self": a cheap test
 * before the search, which most names (snake case, long) fail.
 */
static bool may_be_rust_keyword(const char *s)
{
	size_t n;

	for (n = 0; s[n]; n++)
		if (n == 8 ||
		    !((s[n] >= 'a' && s[n] <= 'z') || (!n && s[n] == 'S')))
			return false;
	return n >= 2;
}

bool plan_names__is_reserved(enum plan_lang lang, const char *name)
{
	switch (lang) {
	case PLAN_GO:
		/*
		 * Exported names are no keywords (those are lower case), and
		 * the methods the Go backend adds (bitfield setters, a map
		 * view's slots) it claims in each type's own scope.
		 */
		return false;
	case PLAN_RUST:
		return may_be_rust_keyword(name) &&
		       in_sorted(rust_keywords,
				 sizeof(rust_keywords) / sizeof(*rust_keywords),
				 name);
	default:
		return false;
	}
}

/* An ASCII letter: ctype's calls were half of the cost of a name. */
static bool is_ascii_alpha(unsigned char c)
{
	return (unsigned char)((c | 0x20) - 'a') < 26;
}

/*
 * s as Go spells it at p, not terminated; the end. Go: exported, so upper
 * camel case ("cong_avoid" -> "CongAvoid"), since a loader in another
 * package reads the fields; a name that starts with no letter gets an "X".
 */
static char *go_case(char *p, const char *s)
{
	unsigned char c;

	while (*s == '_')
		s++;
	if (!is_ascii_alpha((unsigned char)*s))
		*p++ = 'X'; /* also for a name of underscores only */
	/* each word's first letter in upper case, its others copied as
	 * they are, underscores dropped */
	while ((c = (unsigned char)*s)) {
		*p++ = (unsigned char)(c - 'a') < 26 ? (char)(c - 32) : (char)c;
		while ((c = (unsigned char)*++s) && c != '_')
			*p++ = (char)c;
		while (*s == '_')
			s++;
	}
	return p;
}

char *plan_names__go(struct arena *a, const char *s)
{
	char *out = arena_chars(a, strlen(s) + 2);

	if (out)
		*go_case(out, s) = 0;
	return out;
}

/* The whole name in one piece (per map: no join, no second copy). */
char *plan_names__go_join(struct arena *a, const char *prefix, const char *s,
			  const char *suffix)
{
	size_t np = strlen(prefix), nx = strlen(suffix);
	char *out = arena_chars(a, np + strlen(s) + nx + 2), *p;

	if (!out)
		return NULL;
	memcpy(out, prefix, np);
	p = go_case(out + np, s);
	memcpy(p, suffix, nx + 1);
	return out;
}

void plan_scope__free(struct plan_scope *scope)
{
	name_set_free(&scope->taken);
	htab_free(&scope->next);
}

const char *plan_names__claim(struct arena *a, struct plan_scope *scope,
			      enum plan_lang lang, const char *name)
{
	uint32_t *next;
	const char *try;
	int ret;

	if (!name)
		return NULL;
	if (!plan_names__is_reserved(lang, name)) {
		ret = name_set_add(&scope->taken, name);
		if (ret != -EEXIST)
			return ret ? NULL : name;
	}
	next = htab_get(&scope->next, (uintptr_t)name, true);
	if (!next) {
		next = arena_alloc(a, sizeof(*next));
		if (!next ||
		    htab_add(&scope->next, (uintptr_t)name, next, true))
			return NULL;
		*next = 2;
	}
	for (; *next; ++*next) {
		try = arena_printf(a, "%s_%u", name, *next);
		if (!try)
			return NULL;
		if (plan_names__is_reserved(lang, try))
			continue;
		ret = name_set_add(&scope->taken, try);
		if (!ret) {
			++*next;
			return try;
		}
		if (ret != -EEXIST)
			return NULL;
	}
	return NULL;
}

/*
 * Rust: the object's own spelling (fields are snake case there too); a
 * keyword as a raw identifier where Rust has one (r#type), else with an
 * underscore (self_).
 */
static const char *rust_ident(struct arena *a, struct plan_scope *scope,
			      const char *name)
{
	const char *raw;
	int ret;

	if (!plan_names__is_reserved(PLAN_RUST, name))
		return plan_names__claim(a, scope, PLAN_RUST, name);
	if (!rust_raw_refused(name)) {
		raw = arena_printf(a, "r#%s", name);
		if (!raw)
			return NULL;
		ret = name_set_add(&scope->taken, raw);
		if (!ret)
			return raw;
		if (ret != -EEXIST)
			return NULL;
	}
	return plan_names__claim(a, scope, PLAN_RUST,
				 arena_printf(a, "%s_", name));
}

/*
 * Rust types: upper camel case, as rustc's lint wants them (the Go
 * spelling: "tcp_cc_shadow_cc_tcp_congestion_ops" ->
 * "TcpCcShadowCcTcpCongestionOps"), a clash numbered without an
 * underscore ("Foo2"), which the lint would refuse.
 */
static const char *rust_type(struct arena *a, struct plan_scope *scope,
			     const char *base)
{
	const char *s = plan_names__go(a, base), *try = s;
	int ret;

	for (unsigned int n = 2; try && n; n++) {
		if (!plan_names__is_reserved(PLAN_RUST, try)) {
			ret = name_set_add(&scope->taken, try);
			if (!ret)
				return try;
			if (ret != -EEXIST)
				return NULL;
		}
		try = arena_printf(a, "%s%u", s, n);
	}
	return NULL;
}

const char *plan_names__ident(struct arena *a, struct plan_scope *scope,
			      enum plan_lang lang, enum plan_ident what,
			      enum plan_range range, const char *btf_name,
			      const char *gen)
{
	const char *base = btf_name ? btf_name : gen;
	char *s;

	if (!base)
		return NULL;
	switch (lang) {
	case PLAN_GO:
		if (what == PLAN_IDENT_FIELD && range == PLAN_PADDING)
			return "_";
		s = plan_names__go(a, base);
		return s ? plan_names__claim(a, scope, PLAN_GO, s) : NULL;
	case PLAN_RUST:
		if (what == PLAN_IDENT_TYPE)
			return rust_type(a, scope, base);
		return rust_ident(a, scope, base);
	default:
		return plan_names__claim(a, scope, lang, base);
	}
}

/* Go's keywords: a package clause cannot name one. Kept sorted. */
static const char *const go_keywords[] = {
	"break",     "case",   "chan",	  "const",	 "continue",
	"default",   "defer",  "else",	  "fallthrough", "for",
	"func",	     "go",     "goto",	  "if",		 "import",
	"interface", "map",    "package", "range",	 "return",
	"select",    "struct", "switch",  "type",	 "var",
};

bool plan_names__is_go_package(const char *name)
{
	if (!name || !(isalpha((unsigned char)name[0]) || name[0] == '_') ||
	    !strcmp(name, "_"))
		return false;
	for (const char *p = name; *p; p++)
		if (!isalnum((unsigned char)*p) && *p != '_')
			return false;
	return !in_sorted(go_keywords,
			  sizeof(go_keywords) / sizeof(*go_keywords), name);
}

/*
 * An object's default Go package: its name in lower case, bytes Go
 * cannot spell as "_", an "x" before a leading digit, a keyword with "_".
 */
const char *plan_names__go_package(struct arena *a, const char *obj)
{
	size_t len = strlen(obj);
	char *out = arena_chars(a, len + 3), *p = out;

	if (!out)
		return NULL;
	if (!isalpha((unsigned char)obj[0]) && obj[0] != '_')
		*p++ = 'x';
	for (; *obj; obj++)
		*p++ = isalnum((unsigned char)*obj)
			       ? (char)tolower((unsigned char)*obj)
			       : '_';
	*p = 0;
	if (!plan_names__is_go_package(out))
		strcat(out, "_");
	return out;
}
