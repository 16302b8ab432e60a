// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* Embed emitter: the object's bytes and an opener, for one-file loaders. */
#include <stdlib.h>
#include <string.h>

#include "out.h"
#include "util.h"
#include "writer.h"

#include "tpl_embed.h"

/* Bytes per line of the initializer: lines stay short for diffs and editors. */
#define BYTES_PER_LINE 24

/*
 * The bytes go out as a decimal initializer list, not a string literal:
 * C11 promises string literals of only 4095 characters and gcc -pedantic
 * warns beyond that, while an initializer list has no such limit.
 */
static void emit_bytes(struct out *o, const uint8_t *p, size_t n)
{
	/* a line at a time: "\t\t", up to "255," a byte, "\n" */
	char line[2 + 4 * BYTES_PER_LINE + 1] = "\t\t";

	for (size_t at = 0; at < n; at += BYTES_PER_LINE) {
		size_t end = n - at < BYTES_PER_LINE ? n : at + BYTES_PER_LINE;
		char *q = line + 2;

		for (size_t i = at; i < end; i++) {
			unsigned int v = p[i];

			if (v >= 100)
				*q++ = (char)('0' + v / 100);
			if (v >= 10)
				*q++ = (char)('0' + v / 10 % 10);
			*q++ = (char)('0' + v % 10);
			*q++ = ',';
		}
		*q++ = '\n';
		out_mem(o, line, (size_t)(q - line));
	}
}

static void emit_embed(struct out *o, const char *obj, const uint8_t *image,
		       size_t size)
{
	tpl_embed_head(o, obj, size);
	tpl_embed_bytes_open(o, obj);
	if (size)
		emit_bytes(o, image, size);
	else
		tpl_embed_bytes_none(o);
	tpl_embed_bytes_close(o, size ? "sizeof(data)" : "0");
	tpl_embed_opener(o, obj);
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
