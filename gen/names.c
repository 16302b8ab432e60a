// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* Names: reserved identifiers, the generator's own prefixes, guard hashes. */
#include <stdlib.h>
#include <string.h>

#include "names.h"

static const char *const reserved[] = {
#include "reserved_names.inc"
};

static int cmp_name(const void *key, const void *elem)
{
	return strcmp(key, *(const char *const *)elem);
}

bool names__is_reserved(const char *name)
{
	return bsearch(name, reserved, sizeof(reserved) / sizeof(reserved[0]),
		       sizeof(reserved[0]), cmp_name) != NULL;
}

/* Prefixes of the member names layout.c and emit_c.c generate. */
static const char *const generated[] = {
	"__bits_",
	"__padding_",
	"__slot_",
	"__unsupported_",
};

bool names__is_generated(const char *name)
{
	for (size_t i = 0; i < sizeof(generated) / sizeof(generated[0]); i++)
		if (!strncmp(name, generated[i], strlen(generated[i])))
			return true;
	return false;
}

uint64_t names__hash(const char *s)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	for (; *s; s++) {
		h ^= (unsigned char)*s;
		h *= 0x100000001b3ULL;
	}
	return h;
}
