// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* Embed emitter: the object's bytes and an opener, for one-file loaders. */
#include <stdlib.h>
#include <string.h>

#include "out.h"
#include "util.h"

/* Bytes per line of the initializer: lines stay short for diffs and editors. */
#define BYTES_PER_LINE 24

/*
 * The bytes go out as a decimal initializer list, not a string literal:
 * C11 promises string literals of only 4095 characters and gcc -pedantic
 * warns beyond that, while an initializer list has no such limit.
 */
static void emit_bytes(struct out *o, const uint8_t *p, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		char d[5];
		size_t len = 0;
		unsigned int v = p[i];

		if (i % BYTES_PER_LINE == 0)
			out_mem(o, "\t\t", 2);
		if (v >= 100)
			d[len++] = (char)('0' + v / 100);
		if (v >= 10)
			d[len++] = (char)('0' + v / 10 % 10);
		d[len++] = (char)('0' + v % 10);
		d[len++] = ',';
		out_mem(o, d, len);
		if (i % BYTES_PER_LINE == BYTES_PER_LINE - 1 || i + 1 == n)
			out_char(o, '\n');
	}
}

static void emit_embed(struct out *o, const char *obj, const uint8_t *image,
		       size_t size)
{
	out_printf(o,
		   "\n/* The BPF object %s, embedded (stops-shadow gen --embed): %zu bytes. */\n"
		   "#ifndef __STOPS_SHADOW_EMBED_%s\n"
		   "#define __STOPS_SHADOW_EMBED_%s\n\n"
		   "#include <stddef.h>\n"
		   "#ifndef STOPS_SHADOW_NO_LIBBPF\n"
		   "#include <string.h>\n"
		   "#include <bpf/libbpf.h>\n"
		   "#endif\n\n",
		   obj, size, obj, obj);
	/* 8-aligned as bpftool's skeletons: libelf reads headers in place. */
	out_printf(o,
		   "/* The object's ELF bytes; *sz is set to their number. */\n"
		   "static inline const void *%s__embedded_bytes(size_t *sz)\n"
		   "{\n"
		   "\tstatic const unsigned char data[] __attribute__((__aligned__(8))) = {\n",
		   obj);
	/* An empty initializer list is not C: an empty object is one NUL. */
	if (size)
		emit_bytes(o, image, size);
	else
		out_str(o, "\t\t0,\n");
	out_printf(o,
		   "\t};\n\n"
		   "\t*sz = %s;\n"
		   "\treturn data;\n"
		   "}\n\n",
		   size ? "sizeof(data)" : "0");
	out_printf(o,
		   "#ifndef STOPS_SHADOW_NO_LIBBPF\n"
		   "/*\n"
		   " * bpf_object__open_mem() on the embedded bytes: NULL with errno set on\n"
		   " * failure. opts NULL names the object \"%s\", as its file would.\n"
		   " */\n"
		   "static inline struct bpf_object *%s__open_embedded(const struct bpf_object_open_opts *opts)\n"
		   "{\n"
		   "\tstruct bpf_object_open_opts named;\n"
		   "\tsize_t sz;\n"
		   "\tconst void *data = %s__embedded_bytes(&sz);\n\n"
		   "\tif (!opts) {\n"
		   "\t\tmemset(&named, 0, sizeof(named));\n"
		   "\t\tnamed.sz = sizeof(named);\n"
		   "\t\tnamed.object_name = \"%s\";\n"
		   "\t\topts = &named;\n"
		   "\t}\n"
		   "\treturn bpf_object__open_mem(data, sz, opts);\n"
		   "}\n"
		   "#endif /* STOPS_SHADOW_NO_LIBBPF */\n\n"
		   "#endif /* __STOPS_SHADOW_EMBED_%s */\n",
		   obj, obj, obj, obj, obj);
}

int stops_model__emit_embed(const struct stops_model *model, FILE *out,
			    const struct stops_emit_embed_opts *opts,
			    struct stops_err *err)
{
	struct out *o;
	int ret = 0;

	if (!model || !out || !OPTS_VALID(opts, stops_emit_embed_opts))
		return stops_errf(err, -EINVAL, "embed: invalid arguments");
	if (!model->image && model->image_size)
		return stops_errf(err, -EINVAL,
				  "embed: the model has no bytes");
	/* malloc, not calloc: untouched buffer pages cost no page faults */
	o = malloc(sizeof(*o));
	if (!o)
		return stops_errf(err, -ENOMEM, "out of memory");
	out_init(o, out);
	emit_embed(o, model->obj_name, model->image, model->image_size);
	if (out_flush(o) || ferror(out))
		ret = stops_errf(err, -EIO, "embed: write error");
	out_free(o);
	free(o);
	return ret;
}
