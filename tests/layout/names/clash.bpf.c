/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * Enumerators spelled like the names the header generates for the maps
 * (the bpftool alias, member lists, accessors): each yields with a _2.
 * With -DTWICE two maps' shadow names meet (_x_ and x): a one-line error.
 */
#define SEC(s) __attribute__((section(s), used))
char _license[] SEC("license") = "GPL";
enum clash_e {
	bench_m0__clash_ops = 1,
	clash_ops_v = 2,
	from_map = 3,
	errno = 5,
	x_clash_ops__MEMBERS = 6,
	x_clash_ops__from_map = 8,
};
enum clash_f { bench_m0__clash_ops_2 = 7 };
struct clash_ops {
	int (*op0)(void);
	enum clash_e e;
	enum clash_f f;
	int x;
};
SEC("struct_ops/p0")
int p0(unsigned long long *ctx)
{
	return 0;
}
SEC(".struct_ops.link")
struct clash_ops bench_m0 = { .op0 = (void *)p0, .e = clash_ops_v, .f = bench_m0__clash_ops_2 };
SEC(".struct_ops.link")
struct clash_ops m__from = { .op0 = (void *)p0 };
SEC(".struct_ops.link")
struct clash_ops _x = { .op0 = (void *)p0 };
#ifdef TWICE
SEC(".struct_ops.link")
struct clash_ops _x_ = { .op0 = (void *)p0 };
SEC(".struct_ops.link")
struct clash_ops x = { .op0 = (void *)p0 };
#endif
