# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# The embed emitter's text (gen/emit_embed.c, gen --embed): the object's
# bytes and an opener, after the header. Format: gen/templates/README.md.

@embed_head obj size:u

/* The BPF object ${obj}, embedded (stops-shadow gen --embed): ${size} bytes. */
#ifndef __STOPS_SHADOW_EMBED_${obj}
#define __STOPS_SHADOW_EMBED_${obj}

#include <stddef.h>
#ifndef STOPS_SHADOW_NO_LIBBPF
#include <string.h>
#include <bpf/libbpf.h>
#endif

@end

# 8-aligned as bpftool's skeletons: libelf reads headers in place. The
# bytes (emit_bytes()) follow.
@embed_bytes_open obj
/* The object's ELF bytes; *sz is set to their number. */
static inline const void *${obj}__embedded_bytes(size_t *sz)
{
	static const unsigned char data[] __attribute__((__aligned__(8))) = {
@end

# An empty initializer list is not C: an empty object is one NUL.
@embed_bytes_none
		0,
@end

@embed_bytes_close size
	};

	*sz = ${size};
	return data;
}

@end

@embed_opener obj
#ifndef STOPS_SHADOW_NO_LIBBPF
/*
 * bpf_object__open_mem() on the embedded bytes: NULL with errno set on
 * failure. opts NULL names the object "${obj}", as its file would.
 */
static inline struct bpf_object *${obj}__open_embedded(const struct bpf_object_open_opts *opts)
{
	struct bpf_object_open_opts named;
	size_t sz;
	const void *data = ${obj}__embedded_bytes(&sz);

	if (!opts) {
		memset(&named, 0, sizeof(named));
		named.sz = sizeof(named);
		named.object_name = "${obj}";
		opts = &named;
	}
	return bpf_object__open_mem(data, sz, opts);
}
#endif /* STOPS_SHADOW_NO_LIBBPF */

#endif /* __STOPS_SHADOW_EMBED_${obj} */
@end
