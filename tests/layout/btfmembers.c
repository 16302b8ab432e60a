/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * Lists the members of a struct in an object's BTF, anonymous members
 * flattened: "<name> <kind> <bitfield 0|1>" per line, for bpftool_diff.sh.
 * Kinds: int float enum struct union ptr fnptr other, array-<element kind>,
 * empty (zero bytes, e.g. int z[0]).
 *
 * usage: btfmembers OBJ.bpf.o STRUCT
 */
#include <bpf/btf.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

static const char *kind_of(const struct btf *btf, int id)
{
	const struct btf_type *t = btf__type_by_id(btf, id);

	switch (btf_kind(t)) {
	case BTF_KIND_INT:
		return "int";
	case BTF_KIND_FLOAT:
		return "float";
	case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64:
		return "enum";
	case BTF_KIND_ARRAY: {
		static char buf[64];
		const char *elem;

		while (btf_is_array(t)) {
			id = btf__resolve_type(btf, btf_array(t)->type);
			t = btf__type_by_id(btf, id);
		}
		elem = kind_of(btf, id);
		snprintf(buf, sizeof(buf), "array-%s", elem);
		return buf;
	}
	case BTF_KIND_STRUCT:
		return "struct";
	case BTF_KIND_UNION:
		return "union";
	case BTF_KIND_PTR: {
		int p = btf__resolve_type(btf, t->type);

		if (p > 0 && btf_is_func_proto(btf__type_by_id(btf, p)))
			return "fnptr";
		return "ptr";
	}
	default:
		return "other";
	}
}

static int list(const struct btf *btf, int id)
{
	const struct btf_type *t = btf__type_by_id(btf, id);
	const struct btf_member *m = btf_members(t);
	int i;

	for (i = 0; i < btf_vlen(t); i++, m++) {
		const char *name = btf__name_by_offset(btf, m->name_off);
		int mid = btf__resolve_type(btf, m->type);

		if (mid < 0)
			return mid;
		if (!name || !*name) {
			list(btf, mid);
			continue;
		}
		printf("%s %s %d\n", name,
		       btf__resolve_size(btf, mid) == 0 ? "empty"
							: kind_of(btf, mid),
		       btf_member_bitfield_size(t, i) ? 1 : 0);
	}
	return 0;
}

int main(int argc, char **argv)
{
	struct btf *btf;
	int id;

	if (argc != 3) {
		fprintf(stderr, "usage: %s OBJ STRUCT\n", argv[0]);
		return 2;
	}
	btf = btf__parse_elf(argv[1], NULL);
	if (!btf) {
		fprintf(stderr, "%s: no BTF: %s\n", argv[1], strerror(errno));
		return 1;
	}
	id = btf__find_by_name_kind(btf, argv[2], BTF_KIND_STRUCT);
	if (id <= 0) {
		fprintf(stderr, "%s: no struct %s\n", argv[1], argv[2]);
		return 1;
	}
	id = list(btf, id);
	btf__free(btf);
	return id ? 1 : 0;
}
