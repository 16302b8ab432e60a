/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * btf_raw_header_check(), the one header check of object and kernel BTF
 * (gen/btf_util.c): each fault in the order it is read, and what passes.
 */
#include <string.h>

#include <linux/btf.h>

#include "btf_util.h"
#include "expect.h"

static const struct {
	const char *what;
	uint16_t magic;
	uint8_t version, flags;
	uint32_t hdr_len, type_off;
	size_t size;
	enum btf_hdr_fault fault;
} cases[] = {
	{"whole", BTF_MAGIC, 1, 0, 24, 0, 64, BTF_HDR_OK},
	{"longer header", BTF_MAGIC, 1, 0, 32, 4, 64, BTF_HDR_OK},
	{"23 bytes", BTF_MAGIC, 1, 0, 24, 0, 23, BTF_HDR_SHORT},
	{"empty", BTF_MAGIC, 1, 0, 24, 0, 0, BTF_HDR_SHORT},
	{"bad magic", 0x1234, 1, 0, 24, 0, 64, BTF_HDR_MAGIC},
	{"other endian", 0x9feb, 1, 0, 24, 0, 64, BTF_HDR_MAGIC},
	{"version 2", BTF_MAGIC, 2, 0, 24, 0, 64, BTF_HDR_VERSION},
	{"flags", BTF_MAGIC, 1, 1, 24, 0, 64, BTF_HDR_VERSION},
	{"hdr_len 8", BTF_MAGIC, 1, 0, 8, 0, 64, BTF_HDR_LAYOUT},
	{"hdr_len 26", BTF_MAGIC, 1, 0, 26, 0, 64, BTF_HDR_LAYOUT},
	{"type_off 2", BTF_MAGIC, 1, 0, 24, 2, 64, BTF_HDR_LAYOUT},
	/* read in order: a bad magic is said before a bad version */
	{"magic and version", 0x1234, 2, 0, 24, 0, 64, BTF_HDR_MAGIC},
};

int main(void)
{
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct btf_header in = {
			.magic = cases[i].magic,
			.version = cases[i].version,
			.flags = cases[i].flags,
			.hdr_len = cases[i].hdr_len,
			.type_off = cases[i].type_off,
		};
		unsigned char blob[64] = {0};
		struct btf_header out;
		const char *why = "unset";
		enum btf_hdr_fault f;

		memcpy(blob, &in, BTF_HDR_BASE_LEN);
		f = btf_raw_header_check(blob, cases[i].size, &out, &why);
		if (f != cases[i].fault)
			fprintf(stderr, "case '%s': fault %d, want %d\n",
				cases[i].what, f, cases[i].fault);
		EXPECT(f == cases[i].fault);
		/* a reason only for a layout fault */
		EXPECT((why != NULL) == (f == BTF_HDR_LAYOUT));
		/* the header as read, zeros when the blob is short */
		if (f == BTF_HDR_SHORT)
			EXPECT(out.magic == 0 && out.hdr_len == 0);
		else
			EXPECT(out.magic == in.magic &&
			       out.hdr_len == in.hdr_len &&
			       out.type_off == in.type_off);
	}
	return failures ? 1 : 0;
}
