// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * embed_check OBJ: the bytes the --embed header carries are OBJ's, byte for
 * byte, and <obj>__open_embedded(NULL) opens them under the object's name.
 * Built against the header of `stops-shadow gen --embed OBJ`, -pedantic.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include EMBED_HEADER

int main(int argc, char **argv)
{
	static unsigned char file[16 << 20];
	const unsigned char *data;
	struct bpf_object *obj;
	size_t n, sz;
	FILE *f;

	if (argc != 2 || !(f = fopen(argv[1], "rb"))) {
		fprintf(stderr, "usage: embed_check OBJ (readable)\n");
		return 2;
	}
	n = fread(file, 1, sizeof(file), f);
	fclose(f);
	data = (const unsigned char *)tcp_cc__embedded_bytes(&sz);
	if (sz != n || memcmp(data, file, n)) {
		fprintf(stderr,
			"FAIL: embedded %zu bytes differ from %s (%zu bytes)\n",
			sz, argv[1], n);
		return 1;
	}
	if ((unsigned long)data % 8) {
		fprintf(stderr, "FAIL: embedded bytes not 8-aligned\n");
		return 1;
	}
	obj = tcp_cc__open_embedded(NULL);
	if (!obj || strcmp(bpf_object__name(obj), "tcp_cc") ||
	    !bpf_object__find_map_by_name(obj, "shadow_cc") ||
	    !tcp_cc_shadow_cc_tcp_congestion_ops__from_object(obj)) {
		fprintf(stderr, "FAIL: open_embedded: %s\n",
			obj ? "wrong name or no map shadow_cc"
			    : strerror(errno));
		return 1;
	}
	bpf_object__close(obj);
	printf("ok: %zu bytes embedded, opened as \"tcp_cc\"\n", sz);
	return 0;
}
