// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* Unit tests of the layout model, through the library's public API only. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "expect.h"
#include "stops_shadow.h"

static const struct stops_member *find(const struct stops_aggr *a,
				       const char *c_name)
{
	for (uint32_t i = 0; i < a->nr_members; i++) {
		const struct stops_member *m = &a->members[i];

		if (m->c_name && !strcmp(m->c_name, c_name))
			return m;
		if (!m->c_name && m->aggr && m->kind != STOPS_PADDING) {
			const struct stops_member *in = find(m->aggr, c_name);

			if (in)
				return in;
		}
	}
	return NULL;
}

/* Every byte accounted for: members and padding tile the aggregate. */
static void expect_tiled(const struct stops_aggr *a)
{
	uint32_t bit = 0;

	if (a->is_union)
		return;
	for (uint32_t i = 0; i < a->nr_members; i++) {
		const struct stops_member *m = &a->members[i];

		if (m->kind == STOPS_PADDING && !m->bit_size && bit % 8)
			bit += 8 - bit % 8;
		if (!m->bit_size && bit % 8)
			bit += 8 - bit % 8;
		EXPECT(m->bit_offset == bit);
		bit += m->bit_size ? m->bit_size : m->size * 8;
	}
	EXPECT(bit == a->size * 8);
}

static void test_shared(const struct stops_model *md)
{
	const struct stops_map *f1 = &md->maps[2], *f2 = &md->maps[3];
	const struct stops_member *a1, *b1;

	EXPECT(!strcmp(f1->name, "flat1") && !strcmp(f2->name, "flat2"));
	EXPECT(f1->type->members == f2->type->members);
	EXPECT(f1->type != f2->type);
	EXPECT(!f1->type->same_layout && f2->type->same_layout == f1->type);
	/* maps of one type share nested types too (the first map's names) */
	EXPECT(md->maps[1].type->same_layout == md->maps[0].type);
	EXPECT(!strcmp(f1->type->c_name, "unit_flat1_flat_ops"));
	EXPECT(!strcmp(f2->type->c_name, "unit_flat2_flat_ops"));
	EXPECT(!strcmp(f2->type->path, "flat2"));
	a1 = find(f1->type, "a");
	b1 = find(f1->type, "b");
	EXPECT(a1 && b1 && a1->slot == 0 && b1->slot == 1);
	if (!a1 || !b1)
		return;
	EXPECT(stops_map__prog(f1, a1)->name && !stops_map__prog(f1, b1)->name);
	EXPECT(!stops_map__prog(f2, a1)->name && stops_map__prog(f2, b1)->name);
	EXPECT(f1->data[8] == 1 && f2->data[8] == 2);
}

static void test_map_one(const struct stops_model *md)
{
	const struct stops_map *map = &md->maps[0];
	const struct stops_aggr *a = map->type;
	const struct stops_member *m;

	EXPECT(!strcmp(map->name, "one"));
	EXPECT(!strcmp(map->type_name, "unit_ops"));
	EXPECT(!strcmp(map->sec_name, ".struct_ops"));
	EXPECT(!strcmp(map->shadow_name, "unit_one_unit_ops"));
	EXPECT(map->size == 80 && a->size == 80);
	expect_tiled(a);

	m = find(a, "first");
	EXPECT(m && m->kind == STOPS_FUNC_PTR && m->bit_offset == 0);
	EXPECT(m && stops_map__prog(map, m)->name &&
	       !strcmp(stops_map__prog(map, m)->name, "first_prog"));
	EXPECT(m && stops_map__prog(map, m)->sec &&
	       !strcmp(stops_map__prog(map, m)->sec, "struct_ops/first_prog"));
	m = find(a, "empty");
	EXPECT(m && m->kind == STOPS_FUNC_PTR && !stops_map__prog(map, m)->name);
	EXPECT(a->nr_slots == 2);
	m = find(a, "tag");
	EXPECT(m && m->kind == STOPS_INT && !strcmp(m->c_type, "char"));
	EXPECT(map->data[8] == 'T');
	m = find(a, "lo");
	EXPECT(m && m->bit_offset == 72 && m->bit_size == 3);
	EXPECT(m && !strcmp(m->c_type, "unsigned char"));
	m = find(a, "hi");
	/* bits 75..83 cross a 2-byte boundary: a 4-byte unit holds them */
	EXPECT(m && m->bit_offset == 75 && m->bit_size == 9);
	EXPECT(m && !strcmp(m->c_type, "unsigned int"));
	m = find(a, "big");
	EXPECT(m && !strcmp(m->c_type, "long long") && m->bit_offset == 128);
	m = find(a, "c1");
	EXPECT(m && m->kind == STOPS_ENUM && m->enm && m->size == 4);
	m = find(a, "c2");
	EXPECT(m && m->kind == STOPS_ARRAY && m->elem_kind == STOPS_ENUM);
	EXPECT(m && m->nr_dims == 1 && m->dims[0] == 2);
	m = find(a, "__unsupported_0");
	EXPECT(m && m->kind == STOPS_OPAQUE && !strcmp(m->name, "data"));
	EXPECT(m && !strcmp(m->why, "pointer"));
	m = find(a, "named");
	EXPECT(m && m->kind == STOPS_STRUCT && m->aggr);
	EXPECT(m && !strcmp(m->aggr->c_name, "unit_one_unit_ops__named"));
	EXPECT(m && m->aggr && find(m->aggr, "ch"));
	m = find(a, "u64");
	EXPECT(m && m->bit_offset == 0); /* inside the inline union */
	m = find(a, "__unsupported_1");
	EXPECT(m && !strcmp(m->name, "nested_fn"));
	EXPECT(m && !strcmp(m->why, "function pointer in a nested aggregate"));
	m = find(a, "__padding_end");
	EXPECT(m && m->kind == STOPS_PADDING && m->size == 7);
	/* one enum type, used twice */
	EXPECT(md->nr_enums == 1);
	EXPECT(md->nr_enums && md->enums[0]->nr_vals == 2);
}

static void test_model(const char *path)
{
	struct stops_object *obj = NULL;
	struct stops_err err = { "" };
	const struct stops_model *md;
	char *a = NULL, *b = NULL;
	size_t alen = 0, blen = 0;
	FILE *f;

	EXPECT(!stops_object__open_file(path, NULL, &obj, &err));
	if (!obj) {
		fprintf(stderr, "open: %s\n", err.msg);
		failures++;
		return;
	}
	md = stops_object__model(obj);
	EXPECT(!strcmp(md->obj_name, "unit"));
	EXPECT(md->nr_maps == 4);
	if (md->nr_maps == 4) {
		test_map_one(md);
		EXPECT(!strcmp(md->maps[1].sec_name, ".struct_ops.link"));
		EXPECT(md->maps[1].data[8] == 'U');
		/* one layout, nested types included */
		EXPECT(md->maps[1].type->members == md->maps[0].type->members);
		test_shared(md);
	}
	/* nested types come before the map types that use them */
	EXPECT(md->nr_aggrs == 5);
	EXPECT(md->nr_aggrs == 5 && md->aggrs[1] == md->maps[0].type);

	f = open_memstream(&a, &alen);
	EXPECT(f && !stops_model__emit_c(md, f, NULL, &err));
	fclose(f);
	f = open_memstream(&b, &blen);
	EXPECT(f && !stops_model__emit_c(md, f, NULL, &err));
	fclose(f);
	EXPECT(alen == blen && !memcmp(a, b, alen));
	free(a);
	free(b);
	stops_object__free(obj);
}

static void test_names(const char *path)
{
	static const char *const cases[][2] = {
		{ "foo.bpf.o", "foo" },	      { "/x/a-b.o", "a_b" },
		{ "9lives.bpf.o", "_9lives" }, { "dir/y.z.bpf.o", "y_z" },
		{ "plain", "plain" },
	};
	STOPS_OPTS(stops_open_opts, opts, .name = "custom");
	struct stops_object *obj = NULL;
	struct stops_err err = { "" };

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *n = stops_object__name_from_path(cases[i][0]);

		EXPECT(n && !strcmp(n, cases[i][1]));
		free(n);
	}
	EXPECT(!stops_object__open_file(path, &opts, &obj, &err));
	EXPECT(obj && !strcmp(stops_object__model(obj)->maps[0].shadow_name,
			      "custom_one_unit_ops"));
	stops_object__free(obj);
	opts.name = "not-an-ident";
	EXPECT(stops_object__open_file(path, &opts, &obj, &err) == -EINVAL);
	EXPECT(!obj && strstr(err.msg, "not a C identifier"));
}

static void test_bad_mem(void)
{
	static const char junk[] = "\177ELF but not really";
	struct stops_object *obj = (void *)1;
	struct stops_err err = { "" };

	EXPECT(stops_object__open_mem(junk, sizeof(junk), NULL, &obj, &err) < 0);
	EXPECT(obj == NULL && err.msg[0] && !strchr(err.msg, '\n'));
	EXPECT(stops_object__open_mem("", 0, NULL, &obj, &err) == -EINVAL);
	EXPECT(!strcmp(err.msg, "not an ELF file"));
	stops_object__free(NULL);
}

/* Options grow at their end: sz says which fields a caller knows. */
static void test_opts(const char *path)
{
	struct {
		struct stops_open_opts o;
		char newer[16]; /* fields of a later version */
	} big;
	struct stops_open_opts old = { .sz = sizeof(size_t) }; /* sz only */
	struct stops_object *obj = NULL;
	struct stops_err err = { "" };

	memset(&big, 0, sizeof(big));
	big.o.sz = sizeof(big);
	big.o.name = "bigger";
	EXPECT(!stops_object__open_file(path, &big.o, &obj, &err));
	EXPECT(obj && !strcmp(stops_object__model(obj)->obj_name, "bigger"));
	stops_object__free(obj);
	big.newer[3] = 1; /* a field this library does not know is set */
	EXPECT(stops_object__open_file(path, &big.o, &obj, &err) == -EINVAL);
	EXPECT(!obj && strstr(err.msg, "options"));
	/* an older caller: name not covered by sz, so derived from the file */
	old.name = "ignored";
	EXPECT(!stops_object__open_file(path, &old, &obj, &err));
	EXPECT(obj && !strcmp(stops_object__model(obj)->obj_name, "unit"));
	stops_object__free(obj);
	old.sz = 0; /* not set at all */
	EXPECT(stops_object__open_file(path, &old, &obj, &err) == -EINVAL);
	EXPECT(!strcmp(stops_kind__str(STOPS_FUNC_PTR), "func_ptr"));
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: %s unit.bpf.o\n", argv[0]);
		return 2;
	}
	test_model(argv[1]);
	test_names(argv[1]);
	test_opts(argv[1]);
	test_bad_mem();
	if (failures)
		fprintf(stderr, "%d failure(s)\n", failures);
	return failures ? 1 : 0;
}
