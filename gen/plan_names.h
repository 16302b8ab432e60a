/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * Each language's identifiers for the plan: the object's names as that
 * language may spell them, its reserved words claimed, one name per
 * scope. C's names are the model's (names.c claimed C's words there).
 */
#ifndef STOPS_PLAN_NAMES_H
#define STOPS_PLAN_NAMES_H

#include "plan.h"

/* What a name belongs to: languages spell each in their own case. */
enum plan_ident {
	PLAN_IDENT_FIELD,
	PLAN_IDENT_TYPE,
};

void plan_scope__free(struct plan_scope *scope);

/*
 * lang's identifier for btf_name (NULL: a name the generator makes; gen
 * is the model's C name then, e.g. "__padding_1"), unique in scope and in
 * the arena. NULL: out of memory. A language with a blank identifier
 * (Go's "_") may return it for padding, unclaimed.
 */
const char *plan_names__ident(struct arena *a, struct plan_scope *scope,
			      enum plan_lang lang, enum plan_ident what,
			      enum plan_range range, const char *btf_name,
			      const char *gen);

/* Whether name is reserved in lang (a keyword, a generated method). */
bool plan_names__is_reserved(enum plan_lang lang, const char *name);

/* name, or name_2, name_3, ...: the first one free in scope, claimed. */
const char *plan_names__claim(struct arena *a, struct plan_scope *scope,
			      enum plan_lang lang, const char *name);

/* Go's exported spelling of a name: "cong_avoid" -> "CongAvoid". */
char *plan_names__go(struct arena *a, const char *s);
/* prefix, s as plan_names__go() spells it, suffix: one string. */
char *plan_names__go_join(struct arena *a, const char *prefix, const char *s,
			  const char *suffix);

/* Whether name can be a Go package clause's name. */
bool plan_names__is_go_package(const char *name);

/* An object's default Go package name ("tcp_cc"), always valid. */
const char *plan_names__go_package(struct arena *a, const char *obj);

#endif /* STOPS_PLAN_NAMES_H */
