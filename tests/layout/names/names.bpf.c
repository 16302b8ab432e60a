/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * Hostile but legal names: members spelled like macros of the headers a
 * shadow header or a loader includes (this file includes none, so they
 * are plain names here), kw_<keyword> members that mkobj.py renames to
 * the keyword itself in the BTF, a member in the generator's own slot
 * namespace, enumerators whose prefixed macros collide, and a program in
 * a section whose name holds a comment opener.
 */
#define SEC(s) __attribute__((section(s), used))

enum names_a {
	FOO = 1,
	m__names_ops = 5,
	AT = 6,
	/* the macros would be --embed's names__open_embedded, ... */
	open_embedded = 7,
	embedded_bytes = 8,
	/* with --name STOPS_SHADOW: the guard of the fit helpers */
	FIT = 10,
};
enum names_b { FOOB = 2, FOO_B_DUMMY = 9 };
enum names_c { names_c__FOO = 3, names_b__FOO = 4 };
/* names_b's FOO: clang refuses two FOO in one unit; mkobj.py renames FOOB */

struct names_ops {
	int (*init)(void *ctx);
	unsigned long long __slot_init; /* next to init's own slot */
	int __padding_0;
	int errno;
	int NULL;
	int EINVAL;
	int EOF;
	int bool;
	int true;
	int INT32_MAX;
	int LIBBPF_API;
	int linux;
	int unix;
	int i386;
	int kw_int;
	int kw_if;
	int kw_sizeof;
	int kw__Bool;
	int kw_restrict;
	int kw_class;
	int int_; /* the name int is renamed to: takes int__2 then */
	enum names_a ea;
	enum names_b eb;
	enum names_c ec;
	enum { ANON_X = 11 } anon_e;
	struct {
		int kw_while;
		int btf__slot_init;
	} nest;
};

SEC("struct_ops/a/*b??/\\")
int names_init(void *ctx)
{
	return ANON_X;
}

SEC(".struct_ops")
struct names_ops m = {
	.init = (void *)names_init,
	.__slot_init = 0x1122334455667788ULL,
	.__padding_0 = 1,
	.errno = 2,
	.NULL = 3,
	.EINVAL = 4,
	.EOF = 5,
	.bool = 6,
	.true = 7,
	.INT32_MAX = 8,
	.LIBBPF_API = 9,
	.linux = 10,
	.unix = 11,
	.i386 = 12,
	.kw_int = 13,
	.kw_if = 14,
	.kw_sizeof = 15,
	.kw__Bool = 16,
	.kw_restrict = 17,
	.kw_class = 18,
	.int_ = 19,
	.ea = AT,
	.eb = FOO_B_DUMMY,
	.ec = names_b__FOO,
	.anon_e = ANON_X,
	.nest = {.kw_while = 20, .btf__slot_init = 21},
};

char _license[] SEC("license") = "GPL";
