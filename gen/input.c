// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* Inputs: files opened without blocking, regular files only, size-capped. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "input.h"

static const char *not_regular(mode_t mode)
{
	if (S_ISFIFO(mode))
		return "is a FIFO, not a regular file";
	if (S_ISCHR(mode))
		return "is a character device, not a regular file";
	if (S_ISBLK(mode))
		return "is a block device, not a regular file";
	if (S_ISSOCK(mode))
		return "is a socket, not a regular file";
	return "not a regular file";
}

int input_open(const char *path, uint64_t max_size, uint64_t *size,
	       const char **why)
{
	struct stat st;
	int fd, ret;

	/* A FIFO without a writer would block open() and read() forever. */
	fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd < 0) {
		ret = -errno;
		*why = strerror(errno);
		return ret;
	}
	if (fstat(fd, &st)) {
		ret = -errno;
		*why = strerror(errno);
		goto err;
	}
	if (S_ISDIR(st.st_mode)) {
		ret = -EISDIR;
		*why = "is a directory";
		goto err;
	}
	if (!S_ISREG(st.st_mode)) {
		ret = -EINVAL;
		*why = not_regular(st.st_mode);
		goto err;
	}
	if ((uint64_t)st.st_size > max_size) {
		ret = -EFBIG;
		*why = "file too large"; /* callers name their limit */
		goto err;
	}
	*size = (uint64_t)st.st_size;
	return fd;
err:
	close(fd);
	return ret;
}

int input_read_into(int fd, uint64_t size, uint8_t *buf, const char **why)
{
	size_t done = 0;

	while (done < size) {
		ssize_t n =
			pread(fd, buf + done, (size_t)size - done, (off_t)done);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			*why = n ? strerror(errno) : "file shrank while read";
			return n ? -errno : -EIO;
		}
		done += (size_t)n;
	}
	return 0;
}

int input_read(int fd, uint64_t size, uint8_t **buf, const char **why)
{
	int ret;

	*buf = malloc(size ? (size_t)size : 1);
	if (!*buf) {
		*why = "out of memory";
		return -ENOMEM;
	}
	/* read() would fault in each page of the copy on its own */
	prefault(*buf, (size_t)size);
	ret = input_read_into(fd, size, *buf, why);
	if (ret) {
		free(*buf);
		*buf = NULL;
	}
	return ret;
}
