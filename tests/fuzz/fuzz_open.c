// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * libFuzzer harness: open an object from memory and run every emitter.
 *
 * Built twice (tests/fuzz/CMakeLists.txt):
 * - fuzz_elf: the input is a whole BPF ELF object.
 * - fuzz_btf (-DFUZZ_BTF): the input is the contents of the .BTF section of
 *   a valid template object (env STOPS_FUZZ_TEMPLATE, written by
 *   mkseeds.py with .BTF as the last bytes of the file), so mutations reach
 *   the BTF model instead of dying in the ELF framing.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <bpf/libbpf.h>

#include "stops_shadow.h"

static FILE *devnull;

#ifdef FUZZ_BTF
static uint8_t *tmpl;	  /* template object, .BTF contents last */
static size_t btf_off;	  /* file offset of .BTF */
static size_t btf_size_at; /* file offset of .BTF's sh_size field */

static uint64_t rd(const uint8_t *p, int n)
{
	uint64_t v = 0;

	for (int i = n - 1; i >= 0; i--)
		v = v << 8 | p[i];
	return v;
}

__attribute__((noreturn)) static void die(const char *what)
{
	fprintf(stderr, "fuzz_btf: %s\n", what);
	exit(2);
}

/* Find .BTF in the (trusted, valid) template. */
static void load_template(void)
{
	const char *path = getenv("STOPS_FUZZ_TEMPLATE");
	FILE *f;
	long len;

	if (!path)
		die("set STOPS_FUZZ_TEMPLATE to the template object");
	f = fopen(path, "rb");
	if (!f || fseek(f, 0, SEEK_END) || (len = ftell(f)) < 64)
		die("cannot read the template");
	rewind(f);
	tmpl = malloc(len);
	if (!tmpl || fread(tmpl, 1, len, f) != (size_t)len)
		die("cannot read the template");
	fclose(f);

	uint64_t shoff = rd(tmpl + 0x28, 8);
	unsigned shnum = rd(tmpl + 0x3c, 2), shstrndx = rd(tmpl + 0x3e, 2);
	const uint8_t *strs = tmpl + rd(tmpl + shoff + shstrndx * 64 + 24, 8);

	for (unsigned i = 0; i < shnum; i++) {
		const uint8_t *sh = tmpl + shoff + i * 64;

		if (strcmp((const char *)strs + rd(sh, 4), ".BTF"))
			continue;
		btf_off = rd(sh + 24, 8);
		btf_size_at = shoff + i * 64 + 32;
		if (btf_off + rd(sh + 32, 8) != (uint64_t)len)
			die(".BTF is not the end of the template");
		return;
	}
	die("no .BTF in the template");
}
#endif

/* libbpf warns on stderr about each bad BTF: slow and noisy here. */
static int quiet(enum libbpf_print_level level, const char *fmt, va_list ap)
{
	(void)level;
	(void)fmt;
	(void)ap;
	return 0;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	libbpf_set_print(quiet);
	devnull = fopen("/dev/null", "w");
	if (!devnull)
		abort();
#ifdef FUZZ_BTF
	load_template();
#endif
	return 0;
}

static void run(const void *data, size_t size)
{
	STOPS_OPTS(stops_open_opts, opts, .name = "fuzz");
	STOPS_OPTS(stops_write_opts, json, .format = STOPS_FORMAT_JSON);
	struct stops_object *obj = NULL;
	struct stops_err err;
	const struct stops_model *m;

	memset(&err, 0, sizeof(err));
	if (stops_object__open_mem(data, size, &opts, &obj, &err)) {
#ifndef FUZZ_LAX /* -DFUZZ_LAX: look past this while it is being fixed */
		/* A failure must say why, in one printable line. */
		if (!memchr(err.msg, '\0', sizeof(err.msg)) || !err.msg[0])
			abort();
		for (const char *p = err.msg; *p; p++)
			if ((unsigned char)*p < 0x20 || *p == 0x7f)
				abort();
#endif
		return;
	}
	m = stops_object__model(obj);
	if (!m)
		abort();
	stops_model__emit_c(m, devnull, NULL, &err);
	stops_model__emit_dump(m, devnull, &json, &err);
	stops_model__emit_dump(m, devnull, NULL, &err);
	stops_model__emit_plan(m, devnull, NULL, &err);
	fflush(devnull);
	stops_object__free(obj);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
#ifdef FUZZ_BTF
	/* Exactly the object's size, so ASan sees any read past its end. */
	uint8_t *buf = malloc(btf_off + size);

	if (!buf)
		abort();
	memcpy(buf, tmpl, btf_off);
	memcpy(buf + btf_off, data, size);
	for (int i = 0; i < 8; i++)
		buf[btf_size_at + i] = (uint64_t)size >> (8 * i);
	run(buf, btf_off + size);
	free(buf);
#else
	/* libFuzzer's buffer is exactly size bytes already. */
	run(data, size);
#endif
	return 0;
}
