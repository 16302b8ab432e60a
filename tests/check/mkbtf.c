// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * Writes raw BTF files that stand in for another kernel in the check tests:
 *   mkbtf minimal OUT       a "kernel" with only a small tcp_congestion_ops
 *                           (no set_state, no owner), and a stops_val_ops
 *                           whose scalars test value checks; with wrappers
 *                           and struct bpf_struct_ops_link (a 6.4+ kernel)
 *   mkbtf minimal-nolink OUT  the same without links (a kernel before 6.4)
 *   mkbtf module BASE OUT   a module's split BTF on top of BASE defining
 *                           struct stops_test_ops and its value wrapper
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include <bpf/btf.h>

/* Type ids the minimal "kernel" is built from. */
struct ids {
	int u32, u8, i32, ch, sock_ptr;
};

static int add_fn_ptr(struct btf *btf, int ret, const int *args, int n)
{
	int proto = btf__add_func_proto(btf, ret);

	for (int i = 0; proto > 0 && i < n; i++)
		if (btf__add_func_param(btf, "", args[i]))
			return -EINVAL;
	return proto > 0 ? btf__add_ptr(btf, proto) : proto;
}

/* struct bpf_struct_ops_<name> { int refcnt; struct <name> data; } */
static int add_wrapper(struct btf *btf, const char *name, int type, int size,
		       int i32)
{
	char wrapper[128];
	int id;

	snprintf(wrapper, sizeof(wrapper), "bpf_struct_ops_%s", name);
	id = btf__add_struct(btf, wrapper, 8 + size);
	if (id < 0 || btf__add_field(btf, "refcnt", i32, 0, 0) ||
	    btf__add_field(btf, "data", type, 64, 0))
		return -EINVAL;
	return id;
}

static int add_minimal_ca(struct btf *btf, const struct ids *t)
{
	int sk1[] = { t->sock_ptr };
	int sk3[] = { t->sock_ptr, t->u32, t->u32 };
	int fn_u32 = add_fn_ptr(btf, t->u32, sk1, 1);
	int fn_avoid = add_fn_ptr(btf, 0, sk3, 3);
	int fn_init = add_fn_ptr(btf, 0, sk1, 1);
	int name = btf__add_array(btf, t->u32, t->ch, 16);
	int ca;

	if (fn_u32 < 0 || fn_avoid < 0 || fn_init < 0 || name < 0)
		return -EINVAL;
	ca = btf__add_struct(btf, "tcp_congestion_ops", 56);
	if (ca < 0 || btf__add_field(btf, "ssthresh", fn_u32, 0, 0) ||
	    btf__add_field(btf, "cong_avoid", fn_avoid, 64, 0) ||
	    btf__add_field(btf, "undo_cwnd", fn_u32, 128, 0) ||
	    btf__add_field(btf, "name", name, 192, 0) ||
	    btf__add_field(btf, "flags", t->u32, 320, 0) ||
	    btf__add_field(btf, "init", fn_init, 384, 0))
		return -EINVAL;
	return add_wrapper(btf, "tcp_congestion_ops", ca, 56, t->i32);
}

/* enum stops_mode { A, B, C }, bool, int, char[4], u32: for value checks. */
static int add_val_ops(struct btf *btf, const struct ids *t)
{
	int sk1[] = { t->sock_ptr };
	int fn = add_fn_ptr(btf, t->i32, sk1, 1);
	int mode = btf__add_enum(btf, "stops_mode", 4);
	int on, tag, ops;

	if (fn < 0 || mode < 0 || btf__add_enum_value(btf, "STOPS_A", 0) ||
	    btf__add_enum_value(btf, "STOPS_B", 1) ||
	    btf__add_enum_value(btf, "STOPS_C", 2))
		return -EINVAL;
	on = btf__add_int(btf, "_Bool", 1, BTF_INT_BOOL);
	tag = btf__add_array(btf, t->u32, t->ch, 4);
	ops = btf__add_struct(btf, "stops_val_ops", 32);
	if (on < 0 || tag < 0 || ops < 0 ||
	    btf__add_field(btf, "test_1", fn, 0, 0) ||
	    btf__add_field(btf, "mode", mode, 64, 0) ||
	    btf__add_field(btf, "on", on, 96, 0) ||
	    btf__add_field(btf, "knob", t->i32, 128, 0) ||
	    btf__add_field(btf, "tag", tag, 160, 0) ||
	    btf__add_field(btf, "bits", t->u32, 192, 0))
		return -EINVAL;
	return add_wrapper(btf, "stops_val_ops", ops, 32, t->i32);
}

/* links: a kernel with struct_ops links (6.4+), else an older one */
static int build_minimal(struct btf *btf, bool links)
{
	struct ids t;
	int uint, sock, ret;

	if (links && btf__add_struct(btf, "bpf_struct_ops_link", 0) < 0)
		return -EINVAL;

	uint = btf__add_int(btf, "unsigned int", 4, 0);
	t.u32 = btf__add_typedef(btf, "u32", uint);
	t.u8 = btf__add_int(btf, "unsigned char", 1, 0);
	t.i32 = btf__add_int(btf, "int", 4, BTF_INT_SIGNED);
	t.ch = btf__add_int(btf, "char", 1, BTF_INT_SIGNED);
	sock = btf__add_struct(btf, "sock", 0);
	t.sock_ptr = btf__add_ptr(btf, sock);
	if (uint < 0 || t.u32 < 0 || t.u8 < 0 || t.i32 < 0 || t.ch < 0 ||
	    sock < 0 || t.sock_ptr < 0)
		return -EINVAL;
	ret = add_minimal_ca(btf, &t);
	return ret < 0 ? ret : add_val_ops(btf, &t);
}

static int build_module(struct btf *btf, const struct btf *base)
{
	int sock = btf__find_by_name_kind(base, "sock", BTF_KIND_STRUCT);
	int i32 = btf__find_by_name_kind(base, "int", BTF_KIND_INT);
	int uint = btf__find_by_name_kind(base, "unsigned int", BTF_KIND_INT);
	int sk1[1], fn, ops;

	if (sock < 0 || i32 < 0 || uint < 0)
		return -ENOENT;
	sk1[0] = btf__add_ptr(btf, sock);
	fn = add_fn_ptr(btf, i32, sk1, 1);
	ops = btf__add_struct(btf, "stops_test_ops", 16);
	if (sk1[0] < 0 || fn < 0 || ops < 0 ||
	    btf__add_field(btf, "test_1", fn, 0, 0) ||
	    btf__add_field(btf, "knob", uint, 64, 0))
		return -EINVAL;
	return add_wrapper(btf, "stops_test_ops", ops, 16, i32);
}

static int write_raw(const struct btf *btf, const char *path)
{
	__u32 size;
	const void *data = btf__raw_data(btf, &size);
	FILE *f;
	int ret = 0;

	if (!data)
		return -ENOMEM;
	f = fopen(path, "wb");
	if (!f)
		return -errno;
	if (fwrite(data, 1, size, f) != size)
		ret = -EIO;
	if (fclose(f) && !ret)
		ret = -errno;
	return ret;
}

int main(int argc, char **argv)
{
	struct btf *base = NULL, *btf = NULL;
	int ret = -EINVAL;

	if (argc == 3 && (!strcmp(argv[1], "minimal") ||
			  !strcmp(argv[1], "minimal-nolink"))) {
		btf = btf__new_empty();
		ret = btf ? build_minimal(btf, !strcmp(argv[1], "minimal"))
			  : -ENOMEM;
	} else if (argc == 4 && !strcmp(argv[1], "module")) {
		base = btf__parse(argv[2], NULL);
		btf = base ? btf__new_empty_split(base) : NULL;
		ret = btf ? build_module(btf, base) : -errno;
	} else {
		fprintf(stderr, "usage: mkbtf minimal|minimal-nolink OUT | mkbtf module BASE OUT\n");
		return 2;
	}
	if (ret >= 0)
		ret = write_raw(btf, argv[argc - 1]);
	if (ret < 0)
		fprintf(stderr, "mkbtf: %s: %s\n", argv[argc - 1], strerror(-ret));
	btf__free(btf);
	btf__free(base);
	return ret < 0;
}
