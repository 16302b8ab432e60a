// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * names__is_reserved() (gen/names.c, its perfect hash from
 * gen/reserved_hash.inc) answers as a plain search of gen/reserved_names.inc
 * does: yes for every name listed, no for every near miss (a byte changed,
 * added or taken away at either end or in the middle) that is not listed,
 * and no for long and empty names.
 */
#include <stdlib.h>
#include <string.h>

#include "expect.h"
#include "names.h"

static const char *const listed[] = {
#define R(s) s,
#include "reserved_names.inc"
#undef R
};

#define NR_LISTED (sizeof(listed) / sizeof(listed[0]))

static int cmp(const void *key, const void *elem)
{
	return strcmp(key, *(const char *const *)elem);
}

static bool is_listed(const char *name)
{
	return bsearch(name, listed, NR_LISTED, sizeof(listed[0]), cmp);
}

static unsigned long asked;

static void expect_as_listed(const char *name)
{
	if (names__is_reserved(name) != is_listed(name)) {
		fprintf(stderr, "names__is_reserved(\"%s\") is %d\n", name,
			names__is_reserved(name));
		failures++;
	}
	asked++;
}

/* the near misses of one listed name */
static void near_misses(const char *name)
{
	size_t len = strlen(name);
	char buf[128];

	if (len + 2 > sizeof(buf))
		return;
	for (size_t at = 0; at < len; at++) {
		/* one byte changed */
		memcpy(buf, name, len + 1);
		buf[at] ^= 0x20;
		expect_as_listed(buf);
		buf[at] = '_';
		expect_as_listed(buf);
	}
	/* one byte more, at the end and in front */
	memcpy(buf, name, len);
	memcpy(buf + len, "_", 2);
	expect_as_listed(buf);
	buf[0] = 'x';
	memcpy(buf + 1, name, len + 1);
	expect_as_listed(buf);
	/* one byte fewer, at the end and in front */
	memcpy(buf, name, len + 1);
	buf[len - 1] = 0;
	expect_as_listed(buf);
	expect_as_listed(name + 1);
}

int main(void)
{
	char longer[2000];

	EXPECT(NR_LISTED > 3000);
	for (size_t i = 0; i < NR_LISTED; i++) {
		EXPECT(names__is_reserved(listed[i]));
		EXPECT(i == 0 || strcmp(listed[i - 1], listed[i]) < 0);
		near_misses(listed[i]);
	}
	/* a listed name as the start of a longer one, up to 1,999 bytes */
	memset(longer, 'a', sizeof(longer) - 1);
	longer[sizeof(longer) - 1] = 0;
	memcpy(longer, "int", 3);
	for (size_t len = 3; len < sizeof(longer); len = len * 2 + 1) {
		char keep = longer[len];

		longer[len] = 0;
		expect_as_listed(longer);
		longer[len] = keep;
	}
	expect_as_listed(longer);
	expect_as_listed("");
	EXPECT(names__is_reserved("int") && names__is_reserved("errno") &&
	       names__is_reserved("LIBBPF_MAJOR_VERSION") &&
	       !names__is_reserved("LIBBPF_MAJOR_VERSIONS") &&
	       !names__is_reserved("knob"));
	if (failures)
		return 1;
	printf("ok: %zu reserved names, %lu other questions answered as listed\n",
	       NR_LISTED, asked);
	return 0;
}
