/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/* Inputs: files opened without blocking, regular files only, size-capped. */
#ifndef STOPS_INPUT_H
#define STOPS_INPUT_H

#include <stddef.h>
#include <stdint.h>

#include "util.h"

/* Kernel BTF: 7.2's vmlinux has 5.4 MB; a bigger one is not worth parsing. */
#define KERNEL_BTF_MAX_SIZE (64ul << 20)

/*
 * Open path for reading: a FIFO or device must not block the run (open
 * with O_NONBLOCK), and only a regular file is accepted. Returns the fd,
 * its size in *size, or a negative errno with *why saying what is wrong
 * ("is a FIFO, not a regular file", ...; -EFBIG over max_size).
 */
int input_open(const char *path, uint64_t max_size, uint64_t *size,
	       const char **why);
/* Read size bytes from fd into a malloc'ed buffer; *why as above. */
int input_read(int fd, uint64_t size, uint8_t **buf, const char **why);
/* Read size bytes from fd into buf; *why as above. */
int input_read_into(int fd, uint64_t size, uint8_t *buf, const char **why);

#endif /* STOPS_INPUT_H */
