// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* Object: a BPF object opened into the model of its struct_ops maps. */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <bpf/btf.h>
#include <linux/btf.h>

#include "btf_util.h"
#include "input.h"
#include "names.h"
#include "object.h"

/* No real BPF object comes close; a bigger file is not worth reading. */
#define MAX_OBJECT_SIZE (1ul << 30)

/*
 * The DATASECs of the four section names, the first of each as
 * btf__find_by_name_kind() finds it, in one walk of the types instead of
 * one per name.
 */
static void find_datasecs(const struct btf *btf, uint32_t *ids)
{
	uint32_t n = btf__type_cnt(btf);

	for (uint32_t id = 1; id < n; id++) {
		const struct btf_type *t = btf__type_by_id(btf, id);
		const char *name;

		if (!btf_is_datasec(t))
			continue;
		name = btf__name_by_offset(btf, t->name_off);
		for (int i = 0; name && i < NR_ST_OPS_SECS; i++)
			if (!ids[i] && !strcmp(name, st_ops_sec_names[i]))
				ids[i] = id;
	}
}

static int var_offset(struct stops_object *obj, const struct elf_sec *sec,
		      const struct btf_type *ds,
		      const struct btf_var_secinfo *vsi, const char *name,
		      uint32_t *off, struct stops_err *err)
{
	int64_t v;

	/* clang leaves DATASEC sizes and offsets for libbpf to fill in. */
	if (ds->size) {
		*off = vsi->offset;
		return 0;
	}
	v = bpf_elf__sym_offset(&obj->elf, sec->idx, name);
	if (v < 0)
		return stops_errf(err, -EINVAL,
				  "map %s: no symbol in section %s", name,
				  sec->name);
	*off = (uint32_t)v;
	return 0;
}

static int map_layout(struct build *b, const struct stops_map *map,
		      const struct stops_aggr **out)
{
	struct layout_ctx *ctx = &b->layout;
	const struct stops_aggr *shared = NULL;
	const uint64_t *charge;
	struct stops_aggr *a = NULL;
	int ret;

	if (b->last_shared && b->last_tid == map->type_id)
		shared = b->last_shared;
	else
		shared = id_map_get(&b->shared, map->type_id);
	if (!shared) {
		uint64_t before = ctx->text_bytes, *text;

		ret = layout_struct(ctx, map->type_id, map->shadow_name,
				    map->name, &a);
		/*
		 * Later maps of the type share it, nested types included:
		 * those keep the first map's names (emit_c.c adds the other
		 * maps' names for them as macros).
		 */
		*out = a;
		if (ret)
			return ret;
		text = arena_alloc(ctx->arena, sizeof(*text));
		if (!text)
			return -ENOMEM;
		*text = ctx->text_bytes - before;
		ret = id_map_put(&b->shared, map->type_id, a);
		return ret ? ret
			   : id_map_put(&b->shared_text, map->type_id, text);
	}
	/* Each map prints its copy of the shared body: charged again. */
	if (shared != b->last_shared) {
		b->last_tid = map->type_id;
		b->last_shared = shared;
		b->last_charge = id_map_get(&b->shared_text, map->type_id);
	}
	charge = b->last_charge;
	if (charge && (ctx->text_bytes > ctx->max_text_bytes ||
		       *charge > ctx->max_text_bytes - ctx->text_bytes))
		return stops_errf(
			ctx->err, -E2BIG,
			"map %s: the maps' shadow types exceed %llu bytes of names (the cap for an object of this size: %llu + %u x bytes)",
			map->name, (unsigned long long)ctx->max_text_bytes,
			(unsigned long long)LAYOUT_TEXT_BASE,
			LAYOUT_TEXT_PER_BYTE);
	if (charge)
		ctx->text_bytes += *charge;
	a = arena_alloc(ctx->arena, sizeof(*a));
	if (!a)
		return -ENOMEM;
	*a = *shared;
	a->same_layout = shared;
	a->c_name = map->shadow_name;
	a->path = map->name;
	*out = a;
	return ptr_vec_push(&ctx->aggrs, a);
}

/* "<obj>_<map>_<type>" in the arena (obj: obj_len bytes) */
static char *join3(struct arena *a, const char *obj, size_t obj_len,
		   const char *map, const char *type)
{
	size_t m = strlen(map), t = strlen(type);
	char *s = arena_chars(a, obj_len + m + t + 3);

	if (s) {
		memcpy(s, obj, obj_len);
		s[obj_len] = '_';
		memcpy(s + obj_len + 1, map, m);
		s[obj_len + 1 + m] = '_';
		memcpy(s + obj_len + 2 + m, type, t + 1);
	}
	return s;
}

static int add_map(struct stops_object *obj, struct build *b,
		   const struct elf_sec *sec, const struct btf_type *ds,
		   const struct btf_var_secinfo *vsi, struct map_build *mb)
{
	struct layout_ctx *ctx = &b->layout;
	const struct btf *btf = obj->btf;
	const struct btf_type *vt = btf__type_by_id(btf, vsi->type), *t;
	struct stops_map *map = mb->map;
	struct stops_err *err = ctx->err;
	const char *name, *tname;
	uint32_t tid;
	int ret;

	if (!vt || !btf_is_var(vt))
		return stops_errf(err, -EINVAL,
				  "DATASEC %s: entry [%u] is not a VAR",
				  sec->name, vsi->type);
	name = btf__name_by_offset(btf, vt->name_off);
	t = btf_skip_mods(btf, vt->type, &tid);
	if (!name || !name[0] || !t)
		return stops_errf(err, -EINVAL,
				  "DATASEC %s: VAR [%u] has no name or type",
				  sec->name, vsi->type);
	if (!is_c_ident(name))
		return stops_errf(err, -EINVAL,
				  "DATASEC %s: map name is not a C identifier",
				  sec->name);
	if (!btf_is_struct(t))
		return stops_errf(err, -EINVAL, "map %s: type is not a struct",
				  name);
	tname = btf__name_by_offset(btf, t->name_off);
	if (!tname || !tname[0])
		return stops_errf(err, -EINVAL,
				  "map %s: anonymous struct type is not supported",
				  name);
	/* maps of one type: its name (one string) checked once */
	if (tname != b->type_ident && !is_c_ident(tname))
		return stops_errf(err, -EINVAL,
				  "map %s: type name is not a C identifier",
				  name);
	b->type_ident = tname;
	if (vsi->size != t->size)
		return stops_errf(
			err, -EINVAL,
			"map %s: DATASEC %s says %u bytes, its type has %u",
			name, sec->name, vsi->size, t->size);
	ret = var_offset(obj, sec, ds, vsi, name, &map->sec_off, err);
	if (ret)
		return ret;
	if (map->sec_off > sec->size || sec->size - map->sec_off < t->size)
		return stops_errf(
			err, -EINVAL,
			"map %s (offset %u, %u bytes) extends past the end of section %s (%u bytes)",
			name, map->sec_off, t->size, sec->name, sec->size);
	map->name = name;
	map->type_name = tname;
	map->sec_name = sec->name;
	map->type_id = tid;
	map->size = t->size;
	map->data = sec->data + map->sec_off;
	map->shadow_name =
		join3(&obj->arena, ctx->obj_name, b->obj_len, name, tname);
	/* obj UINT, map LEAST8, type MAX: a macro of <stdint.h> (no need
	 * to look when no reserved name starts with the object's name) */
	if (map->shadow_name && !b->obj_unreserved &&
	    names__is_reserved(map->shadow_name))
		map->shadow_name =
			arena_printf(&obj->arena, "%s_", map->shadow_name);
	if (!map->shadow_name)
		return -ENOMEM;
	ret = name_set_add(&ctx->names, map->shadow_name);
	if (ret == -EEXIST)
		return stops_errf(
			err, -EINVAL,
			"map %s: shadow type name %s is already taken by another map's type",
			name, map->shadow_name);
	if (ret)
		return ret;
	ret = map_layout(b, map, &mb->aggr);
	if (ret)
		return ret;
	map->type = mb->aggr;
	return 0;
}

static int add_section_maps(struct stops_object *obj, struct build *b,
			    enum st_ops_sec si, struct stops_map_state *state)
{
	const struct elf_sec *sec = &obj->elf.st_ops[si];
	struct layout_ctx *ctx = &b->layout;
	struct stops_model *m = &obj->model;
	const struct btf_type *ds;
	const struct btf_var_secinfo *vsi;
	struct map_build *mbs;
	uint32_t n;
	int ret;

	if (!b->datasec[si])
		return stops_errf(ctx->err, -EINVAL,
				  "section %s has no DATASEC in BTF",
				  sec->name);
	ds = btf__type_by_id(obj->btf, b->datasec[si]);
	if (ds->size && ds->size != sec->size)
		return stops_errf(
			ctx->err, -EINVAL,
			"DATASEC %s size %u does not match the section's %u bytes",
			sec->name, ds->size, sec->size);
	n = btf_vlen(ds);
	vsi = btf_var_secinfos(ds);
	mbs = arena_calloc(&obj->arena, n ? n : 1, sizeof(*mbs));
	if (!mbs)
		return -ENOMEM;
	for (uint32_t i = 0; i < n; i++) {
		struct stops_map_state *st = &state[m->nr_maps];

		mbs[i].map = &m->maps[m->nr_maps++];
		/*
		 * libbpf's init_struct_ops_maps() drops the '?' from the
		 * section name it loops with once it has cleared the first
		 * map's autocreate: later maps of the section are created.
		 */
		st->autocreate = !st_ops_sec_is_optional(si) || i > 0;
		st->link = st_ops_sec_is_link(si);
		ret = add_map(obj, b, sec, ds, &vsi[i], &mbs[i]);
		if (ret)
			return ret;
	}
	return place_progs(b, &obj->elf, sec, mbs, n, ctx->err);
}

static int check_orphan_datasecs(struct stops_object *obj, struct build *b,
				 struct stops_err *err)
{
	for (int i = 0; i < NR_ST_OPS_SECS; i++)
		if (!obj->elf.st_ops[i].name && b->datasec[i])
			return stops_errf(
				err, -EINVAL,
				"BTF has a DATASEC %s but the object has no such section",
				st_ops_sec_names[i]);
	return 0;
}

/* Room for every map the sections' DATASECs list, taken at once. */
static int alloc_maps(struct stops_object *obj, struct build *b,
		      struct stops_map_state **state)
{
	struct stops_model *m = &obj->model;
	size_t n = 0;

	for (int i = 0; i < NR_ST_OPS_SECS; i++)
		if (obj->elf.st_ops[i].name && b->datasec[i])
			n += btf_vlen(btf__type_by_id(obj->btf, b->datasec[i]));
	m->maps = arena_calloc(&obj->arena, n ? n : 1, sizeof(*m->maps));
	*state = arena_calloc(&obj->arena, n ? n : 1, sizeof(**state));
	m->map_state = *state;
	if (!m->maps || !*state)
		return -ENOMEM;
	/* a shadow name and type a map (n < 4 x 65,536): no growing */
	if (ptr_vec_reserve(&b->layout.aggrs, (uint32_t)n))
		return -ENOMEM;
	return name_set_reserve(&b->layout.names, (uint32_t)n + 16);
}

static int copy_vec(struct arena *a, struct ptr_vec *v, void ***out,
		    uint32_t *n)
{
	*out = arena_calloc(a, v->len ? v->len : 1, sizeof(void *));
	if (!*out)
		return -ENOMEM;
	if (v->len)
		memcpy(*out, v->items, v->len * sizeof(void *));
	*n = v->len;
	return 0;
}

static int build_model(struct stops_object *obj, const char *name,
		       struct stops_err *err)
{
	struct build b = {
		.layout =
			{
				.arena = &obj->arena,
				.btf = obj->btf,
				.obj_name = name,
				.max_members =
					layout_max_members(obj->elf.image_size),
				.max_text_bytes =
					layout_max_text(obj->elf.image_size),
				.err = err,
			},
	};
	struct stops_model *m = &obj->model;
	struct stops_map_state *state = NULL;
	void **items;
	int ret;

	m->obj_name = name;
	m->btf = obj->btf;
	b.obj_len = strlen(name);
	b.obj_unreserved = !names__reserved_prefix(name, b.obj_len);
	find_datasecs(obj->btf, b.datasec);
	ret = check_orphan_datasecs(obj, &b, err);
	if (!ret)
		ret = alloc_maps(obj, &b, &state);
	for (int i = 0; !ret && i < NR_ST_OPS_SECS; i++)
		if (obj->elf.st_ops[i].name)
			ret = add_section_maps(obj, &b, i, state);
	if (ret)
		goto out;
	ret = build_progs(obj, err);
	if (ret)
		goto out;
	ret = copy_vec(&obj->arena, &b.layout.enums, &items, &m->nr_enums);
	if (ret)
		goto out;
	m->enums = (struct stops_enum **)items;
	ret = copy_vec(&obj->arena, &b.layout.aggrs, &items, &m->nr_aggrs);
	if (ret)
		goto out;
	m->aggrs = (struct stops_aggr **)items;
out:
	layout_ctx_free(&b.layout);
	id_map_free(&b.shared);
	id_map_free(&b.shared_text);
	build_slots__free(&b.slots);
	return ret;
}

/* What libbpf's parser lets through but the kernel's would not. */
static int check_btf_header(const uint8_t *data, uint32_t size,
			    struct stops_err *err)
{
	struct btf_header hdr;
	const char *why;

	switch (btf_raw_header_check(data, size, &hdr, &why)) {
	case BTF_HDR_OK:
		return 0;
	case BTF_HDR_SHORT:
		return stops_errf(err, -EINVAL,
				  "corrupt BTF: %u-byte .BTF section", size);
	case BTF_HDR_MAGIC:
		return stops_errf(err, -EINVAL, "corrupt BTF: bad magic 0x%04x",
				  hdr.magic);
	case BTF_HDR_VERSION:
		return stops_errf(
			err, -EINVAL,
			"corrupt BTF: version %u, flags 0x%x (want version %u, no flags)",
			hdr.version, hdr.flags, BTF_VERSION);
	default:
		return stops_errf(err, -EINVAL,
				  "corrupt BTF: %s (hdr_len %u, type_off %u)",
				  why, hdr.hdr_len, hdr.type_off);
	}
}

static int load_btf(struct stops_object *obj, struct stops_err *err)
{
	int ret;

	if (!obj->elf.btf_data)
		return stops_errf(
			err, -ENOENT,
			"no BTF: the object has no .BTF section (compile with clang -g)");
	ret = check_btf_header(obj->elf.btf_data, obj->elf.btf_size, err);
	if (ret)
		return ret;
	obj->btf = btf__new(obj->elf.btf_data, obj->elf.btf_size);
	if (!obj->btf) {
		ret = -errno;
		return stops_errf(err, ret ? ret : -EINVAL, "corrupt BTF: %s",
				  strerror(ret ? -ret : EINVAL));
	}
	return 0;
}

/* Where an image's bytes come from: a caller's buffer, else a file. */
struct image_src {
	const void *buf;
	int fd;
};

/*
 * The image is the arena's first allocation: a big object's bytes and its
 * model then share the arena's huge pages (util.c), and the image lives
 * and dies with the object as its sections, which point into it, do.
 */
static int read_image(struct stops_object *obj, const struct image_src *src,
		      size_t size, struct stops_err *err)
{
	const char *why;
	int ret;

	obj->image = arena_alloc(&obj->arena, size ? size : 1);
	if (!obj->image)
		return -ENOMEM;
	if (src->buf) {
		memcpy(obj->image, src->buf, size);
		return 0;
	}
	ret = input_read_into(src->fd, size, obj->image, &why);
	return ret ? stops_errf(err, ret, "read: %s", why) : 0;
}

static int open_image(const struct image_src *src, size_t size,
		      const struct stops_open_opts *opts,
		      struct stops_object **objp, struct stops_err *err)
{
	const char *name = OPTS_GET(opts, name, NULL);
	struct stops_object *obj;
	int ret;

	*objp = NULL;
	if (!name)
		name = "object";
	if (!is_c_ident(name))
		return stops_errf(err, -EINVAL,
				  "object name '%s' is not a C identifier",
				  name);
	obj = calloc(1, sizeof(*obj));
	if (!obj)
		return stops_errf(err, -ENOMEM, "out of memory");
	ret = read_image(obj, src, size, err);
	if (ret)
		goto err;
	ret = -ENOMEM;
	name = arena_strdup(&obj->arena, name);
	if (!name)
		goto err;
	ret = bpf_elf__parse(&obj->elf, &obj->arena, obj->image, size, err);
	if (ret)
		goto err;
	ret = load_btf(obj, err);
	if (ret)
		goto err;
	ret = build_model(obj, name, err);
	if (ret)
		goto err;
	obj->model.image = obj->image;
	obj->model.image_size = size;
	*objp = obj;
	return 0;
err:
	if (ret == -ENOMEM)
		stops_errf(err, ret, "out of memory");
	stops_object__free(obj);
	return ret;
}

int stops_object__open_mem(const void *buf, size_t size,
			   const struct stops_open_opts *opts,
			   struct stops_object **objp, struct stops_err *err)
{
	struct image_src src = {.buf = buf ? buf : "", .fd = -1};

	*objp = NULL;
	if (!OPTS_VALID(opts, stops_open_opts))
		return stops_errf(err, -EINVAL, "invalid open options");
	if (!buf && size)
		return stops_errf(err, -EINVAL, "no buffer for %zu bytes",
				  size);
	return open_image(&src, size, opts, objp, err);
}

int stops_object__open_file(const char *path,
			    const struct stops_open_opts *opts,
			    struct stops_object **objp, struct stops_err *err)
{
	STOPS_OPTS(stops_open_opts, o);
	struct image_src src = {.fd = -1};
	char *name = NULL;
	const char *why;
	uint64_t size;
	int ret;

	*objp = NULL;
	if (!OPTS_VALID(opts, stops_open_opts))
		return stops_errf(err, -EINVAL, "invalid open options");
	o.name = OPTS_GET(opts, name, NULL);
	if (!o.name) {
		name = stops_object__name_from_path(path);
		if (!name)
			return stops_errf(err, -ENOMEM, "out of memory");
		o.name = name;
	}
	src.fd = input_open(path, MAX_OBJECT_SIZE, &size, &why);
	if (src.fd == -EFBIG)
		ret = stops_errf(err, src.fd, "file is larger than 1 GiB");
	else if (src.fd < 0)
		ret = stops_errf(err, src.fd, "%s", why);
	else
		ret = open_image(&src, (size_t)size, &o, objp, err);
	if (src.fd >= 0)
		close(src.fd);
	free(name);
	return ret;
}

void stops_object__free(struct stops_object *obj)
{
	if (!obj)
		return;
	btf__free(obj->btf);
	arena_free(&obj->arena);
	free(obj);
}

const struct stops_model *stops_object__model(const struct stops_object *obj)
{
	return &obj->model;
}

/*
 * The check reads programs' instructions and the license, which the model
 * does not keep. A model only ever lives inside its object (callers never
 * allocate one), so the object is found from it.
 */
const struct bpf_elf *model__elf(const struct stops_model *m)
{
	const struct stops_object *obj =
		(const struct stops_object
			 *)(const void *)((const char *)m -
					  offsetof(struct stops_object, model));

	return &obj->elf;
}

static bool has_suffix(const char *s, size_t len, const char *suf)
{
	size_t n = strlen(suf);

	return len > n && !strcmp(s + len - n, suf);
}

char *stops_object__name_from_path(const char *path)
{
	const char *base = strrchr(path, '/');
	struct arena a = {0};
	char *name, *ret;
	size_t len;

	base = base ? base + 1 : path;
	len = strlen(base);
	if (has_suffix(base, len, ".bpf.o"))
		len -= 6;
	else if (has_suffix(base, len, ".o"))
		len -= 2;
	name = strndup(base, len);
	if (!name)
		return NULL;
	ret = c_ident(&a, name);
	free(name);
	if (ret)
		ret = strdup(ret);
	arena_free(&a);
	return ret;
}
