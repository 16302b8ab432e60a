// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * libFuzzer harness of gen/dwarf.c, the DWARF reader check uses (check
 * needs kernel BTF, so fuzz_elf never reaches it). The input is a DWARF
 * container mkseeds.py writes from the build's objects:
 *
 *   u32 len[4]   (little-endian) .debug_abbrev, .debug_str,
 *                .debug_str_offsets, .debug_line_str
 *   those sections, in that order, then .debug_info (the rest)
 *
 * A length past the input is cut to what is left, so mutated lengths still
 * reach the reader. Each section gets an exactly sized copy: ASan sees any
 * read past its end.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dwarf.h"

static const enum elf_debug_sec order[4] = {
	ELF_DEBUG_ABBREV,
	ELF_DEBUG_STR,
	ELF_DEBUG_STR_OFFSETS,
	ELF_DEBUG_LINE_STR,
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct elf_blob secs[NR_ELF_DEBUG_SECS] = {0};
	uint8_t *copies[NR_ELF_DEBUG_SECS] = {0};
	struct dwarf_protos p;
	struct arena a = {0};
	size_t off = 16, len[5];

	if (size < 16)
		return 0;
	for (int i = 0; i < 4; i++)
		len[i] = data[4 * i] | data[4 * i + 1] << 8 |
			 data[4 * i + 2] << 16 | (size_t)data[4 * i + 3] << 24;
	for (int i = 0; i < 5; i++) {
		enum elf_debug_sec s = i < 4 ? order[i] : ELF_DEBUG_INFO;
		size_t n = i < 4 ? len[i] : size - off;

		if (n > size - off)
			n = size - off;
		if (!n)
			continue;
		copies[s] = malloc(n);
		if (!copies[s])
			abort();
		memcpy(copies[s], data + off, n);
		secs[s] = (struct elf_blob){copies[s], (uint32_t)n};
		off += n;
	}
	if (dwarf_protos__read(&p, &a, secs) == 0 && p.complete &&
	    dwarf_protos__params(&p, "____x") > DWARF_MAX_PARAMS)
		abort();
	dwarf_protos__free(&p);
	arena_free(&a);
	for (int i = 0; i < NR_ELF_DEBUG_SECS; i++)
		free(copies[i]);
	return 0;
}
