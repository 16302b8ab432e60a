// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * floor OBJ BYTES: the least a generator can do. Reads OBJ whole, as
 * stops-shadow does, and writes BYTES bytes (the size of its header) to
 * stdout in 64 KiB writes, copied from the object so the pages are touched.
 * bench/run links it statically (-O2 -static): no dynamic loader, no
 * libraries, so its time is process start-up plus the I/O. The buffers'
 * pages are mapped in one call before they are written, as stops-shadow
 * maps its own (MADV_POPULATE_WRITE; a fault per page costs more).
 */
#define _DEFAULT_SOURCE
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define CHUNK (64 * 1024)

static char out[CHUNK];

static void prefault(void *buf, size_t len)
{
#ifdef MADV_POPULATE_WRITE
	uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
	uintptr_t lo = ((uintptr_t)buf + page - 1) & ~(page - 1);
	uintptr_t hi = ((uintptr_t)buf + len) & ~(page - 1);

	if (hi > lo)
		madvise((void *)lo, hi - lo, MADV_POPULATE_WRITE);
#endif
}

int main(int argc, char **argv)
{
	unsigned long long left;
	struct stat st;
	size_t at = 0;
	char *img;
	int fd;

	if (argc != 3) {
		fprintf(stderr, "usage: floor OBJ BYTES\n");
		return 2;
	}
	left = strtoull(argv[2], NULL, 10);
	fd = open(argv[1], O_RDONLY);
	if (fd < 0 || fstat(fd, &st) || st.st_size <= 0) {
		perror(argv[1]);
		return 1;
	}
	img = malloc(st.st_size);
	if (img)
		prefault(img, st.st_size);
	prefault(out, sizeof(out));
	if (!img || read(fd, img, st.st_size) != st.st_size) {
		perror(argv[1]);
		return 1;
	}
	close(fd);
	while (left) {
		size_t n = left < CHUNK ? left : CHUNK;
		size_t i, k;

		for (i = 0; i < n; i += k, at = (at + k) % st.st_size) {
			k = n - i < st.st_size - at ? n - i : st.st_size - at;
			memcpy(out + i, img + at, k);
		}
		if (write(1, out, n) != (ssize_t)n) {
			perror("write");
			return 1;
		}
		left -= n;
	}
	free(img);
	return 0;
}
