// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * gencheck: write the C checker of one BPF object's shadow header, from the
 * object's own BTF and libbpf's view of it, not from stops-shadow's model.
 *
 *   gencheck OBJ.bpf.o NAME OUT.c
 *
 * For every struct_ops map libbpf finds, the checker proves, for each named
 * member the shadow can type (scalars, arrays, function pointers, nested
 * aggregates; recursively): offsetof and sizeof in the shadow equal the BTF
 * offset and size; the value read through the shadow equals the bytes libbpf's
 * bpf_map__initial_value() held at the BTF offset when this ran (embedded);
 * with libbpf, a write through the shadow changes exactly those bytes of
 * libbpf's buffer; every function-pointer slot holds the bpf_program libbpf
 * placed there (or NULL). Compiled with -DCORPUS_NO_LIBBPF (e.g. -m32) the
 * checker copies the embedded bytes into a shadow and checks the values.
 *
 * The checker defines `int corpus_check_NAME(const char *path, struct
 * corpus_counts *c)`; corpus.py gathers them into one program. Members the
 * shadow cannot name (bitfields, opaque data pointers) are counted, not
 * checked here (the header's own _Static_asserts cover them).
 */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <bpf/btf.h>
#include <bpf/libbpf.h>

struct gen {
	FILE *out;
	const struct btf *btf;
	struct bpf_object *obj;
	const uint8_t *init; /* libbpf's initial value of the current map */
	uint32_t size;
	unsigned int nr_members, nr_slots, nr_skipped;
};

static const struct btf_type *skip_mods(const struct btf *btf, uint32_t id,
					uint32_t *out_id)
{
	const struct btf_type *t = btf__type_by_id(btf, id);

	while (t && (btf_is_mod(t) || btf_is_typedef(t) || btf_is_type_tag(t))) {
		id = t->type;
		t = btf__type_by_id(btf, id);
	}
	if (out_id)
		*out_id = id;
	return t;
}

static bool is_func_ptr(const struct btf *btf, const struct btf_type *t)
{
	if (!btf_is_ptr(t))
		return false;
	t = skip_mods(btf, t->type, NULL);
	return t && btf_is_func_proto(t);
}

static void emit_bytes(struct gen *g, uint32_t off, uint32_t size)
{
	fprintf(g->out, "\"");
	for (uint32_t i = 0; i < size; i++)
		fprintf(g->out, "\\x%02x", g->init[off + i]);
	fprintf(g->out, "\"");
}

/* A member the shadow types: offset, size, value; with libbpf, write-through. */
static void emit_member(struct gen *g, const char *path, uint32_t off,
			uint32_t size)
{
	g->nr_members++;
	fprintf(g->out, "\tCK_AT(%s, %u, %u);\n", path, off, size);
	fprintf(g->out, "\tCK_VAL(%s, %u, ", path, off);
	emit_bytes(g, off, size);
	fprintf(g->out, ");\n");
}

static void emit_slot(struct gen *g, const char *path, uint32_t off)
{
	struct bpf_program *prog;

	g->nr_slots++;
	memcpy(&prog, g->init + off, sizeof(prog));
	fprintf(g->out, "\tCK_SLOT_AT(%s, %u);\n", path, off);
	fprintf(g->out, "\tCK_SLOT(%s, %s%s%s);\n", path, prog ? "\"" : "",
		prog ? bpf_program__name(prog) : "NULL", prog ? "\"" : "");
}

/* zero_slots: only clear the function pointers of the raw copy in g->init */
static int walk(struct gen *g, const struct btf_type *t, const char *prefix,
		uint32_t base_bits, int depth, bool zero_slots)
{
	const struct btf_member *m = btf_members(t);
	char path[512];

	if (depth > 16)
		return -ELOOP;
	for (unsigned int i = 0; i < btf_vlen(t); i++, m++) {
		const char *name = btf__name_by_offset(g->btf, m->name_off);
		uint32_t bits = base_bits + btf_member_bit_offset(t, i);
		uint32_t off = bits / 8;
		const struct btf_type *mt = skip_mods(g->btf, m->type, NULL);
		int64_t size = btf__resolve_size(g->btf, m->type);
		int err;

		if (!mt || size < 0)
			return -EINVAL;
		if ((!name || !name[0]) && !zero_slots) {
			/* anonymous struct/union: its members are ours by name */
			if (btf_is_composite(mt)) {
				err = walk(g, mt, prefix, bits, depth + 1,
					   zero_slots);
				if (err)
					return err;
			} else {
				g->nr_skipped++;
			}
			continue;
		}
		snprintf(path, sizeof(path), "%s%s", prefix, name);
		if (zero_slots) {
			if (is_func_ptr(g->btf, mt) && !(bits % 8) &&
			    off + 8 <= g->size)
				memset((uint8_t *)g->init + off, 0, 8);
			else if (btf_is_composite(mt)) {
				char sub[520];

				snprintf(sub, sizeof(sub), "%s.", path);
				err = walk(g, mt, sub, bits, depth + 1, true);
				if (err)
					return err;
			}
			continue;
		}
		/* a zero-size member (char end[0]) has no bytes, and strict
		 * C11 no declaration of it: the shadow leaves it out */
		if (btf_member_bitfield_size(t, i) || bits % 8 || !size) {
			g->nr_skipped++;
			continue;
		}
		if (is_func_ptr(g->btf, mt)) {
			emit_slot(g, path, off);
		} else if (btf_is_int(mt) || btf_is_any_enum(mt) ||
			   btf_is_float(mt)) {
			emit_member(g, path, off, (uint32_t)size);
		} else if (btf_is_array(mt)) {
			const struct btf_type *et =
				skip_mods(g->btf, btf_array(mt)->type, NULL);

			/* arrays of scalars are typed arrays in the shadow */
			if (et && (btf_is_int(et) || btf_is_any_enum(et) ||
				   btf_is_float(et)))
				emit_member(g, path, off, (uint32_t)size);
			else
				g->nr_skipped++;
		} else if (btf_is_composite(mt)) {
			char sub[520];

			fprintf(g->out, "\tCK_AT(%s, %u, %u);\n", path, off,
				(uint32_t)size);
			snprintf(sub, sizeof(sub), "%s.", path);
			err = walk(g, mt, sub, bits, depth + 1, zero_slots);
			if (err)
				return err;
		} else {
			g->nr_skipped++; /* data pointer: opaque in the shadow */
		}
	}
	return 0;
}

static int gen_map(struct gen *g, const char *obj_name, struct bpf_map *map)
{
	const struct btf_type *t;
	uint32_t tid = bpf_map__btf_value_type_id(map);
	const char *tname;
	size_t sz = 0;
	char shadow[512];
	uint8_t *raw;

	t = btf__type_by_id(g->btf, tid);
	if (!t || !btf_is_struct(t))
		return -EINVAL;
	tname = btf__name_by_offset(g->btf, t->name_off);
	g->init = bpf_map__initial_value(map, &sz);
	if (!g->init || sz != t->size) {
		fprintf(stderr, "gencheck: map %s: initial value %zu bytes, BTF %u\n",
			bpf_map__name(map), sz, t->size);
		return -EINVAL;
	}
	g->size = t->size;
	raw = malloc(t->size ? t->size : 1);
	if (!raw)
		return -ENOMEM;
	/* the name the design gives the shadow type: <obj>_<map>_<type> */
	snprintf(shadow, sizeof(shadow), "%s_%s_%s", obj_name,
		 bpf_map__name(map), tname);
	fprintf(g->out, "\t/* map %s: struct %s, %u bytes */\n",
		bpf_map__name(map), tname, t->size);
	fprintf(g->out, "\t{\n\t#define S struct %s\n", shadow);
	g->nr_members = g->nr_slots = g->nr_skipped = 0;
	/* the whole value, function pointers zeroed, for the raw checker */
	memcpy(raw, g->init, t->size);
	g->init = raw;
	fprintf(g->out, "\tS *s = CK_MAP(%s, \"%s\", %u, ", shadow,
		bpf_map__name(map), t->size);
	if (walk(g, t, "", 0, 0, true))
		return -EINVAL;
	emit_bytes(g, 0, t->size);
	fprintf(g->out, ");\n\tif (s) {\n");
	g->init = bpf_map__initial_value(map, &sz);
	if (walk(g, t, "", 0, 0, false))
		return -EINVAL;
	fprintf(g->out, "\tCK_DONE();\n\t}\n\t#undef S\n\t}\n");
	free(raw);
	fprintf(g->out,
		"\tc->maps++; c->members += %u; c->slots += %u; c->skipped += %u;\n",
		g->nr_members, g->nr_slots, g->nr_skipped);
	return 0;
}

int main(int argc, char **argv)
{
	struct gen g = {0};
	struct bpf_program *prog;
	struct bpf_map *map;
	int err = 0;

	if (argc != 4) {
		fprintf(stderr, "usage: gencheck OBJ.bpf.o NAME OUT.c\n");
		return 2;
	}
	libbpf_set_print(NULL);
	g.obj = bpf_object__open_file(argv[1], NULL);
	if (!g.obj) {
		fprintf(stderr, "gencheck: %s: libbpf cannot open it: %s\n",
			argv[1], strerror(errno));
		return 1;
	}
	g.btf = bpf_object__btf(g.obj);
	g.out = fopen(argv[3], "w");
	if (!g.btf || !g.out) {
		fprintf(stderr, "gencheck: %s: no BTF or cannot write %s\n",
			argv[1], argv[3]);
		return 1;
	}
	fprintf(g.out,
		"/* Generated by tests/corpus/gencheck from %s's BTF. */\n"
		"int corpus_check_%s(const char *path, struct corpus_counts *c)\n"
		"{\n\tCK_OPEN(path);\n",
		argv[2], argv[2]);
	bpf_object__for_each_map(map, g.obj) {
		if (bpf_map__type(map) != BPF_MAP_TYPE_STRUCT_OPS)
			continue;
		err = gen_map(&g, argv[2], map);
		if (err) {
			fprintf(stderr, "gencheck: %s: map %s: cannot walk BTF\n",
				argv[1], bpf_map__name(map));
			break;
		}
	}
	fprintf(g.out, "\tCK_CLOSE();\n\treturn 0;\n}\n");
	/* libbpf's autocreate/autoload after open, for corpus.py to hold
	 * against the dump's */
	bpf_object__for_each_map(map, g.obj)
		if (bpf_map__type(map) == BPF_MAP_TYPE_STRUCT_OPS)
			fprintf(g.out, "/* @@MAP %s autocreate=%d link=%d */\n",
				bpf_map__name(map), bpf_map__autocreate(map),
				!!(bpf_map__map_flags(map) & BPF_F_LINK));
	bpf_object__for_each_program(prog, g.obj)
		if (bpf_program__type(prog) == BPF_PROG_TYPE_STRUCT_OPS)
			fprintf(g.out, "/* @@PROG %s autoload=%d */\n",
				bpf_program__name(prog),
				bpf_program__autoload(prog));
	if (fclose(g.out))
		err = -EIO;
	bpf_object__close(g.obj);
	return err ? 1 : 0;
}
