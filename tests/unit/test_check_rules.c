// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * The check's rules through the library, without the CLI: rules.bpf.o's
 * maps (one rule broken each) against kernel BTF written here with
 * libbpf's BTF writer, so each kernel fact is one line of this file:
 * struct_ops links or not (6.4), the TCP flags mask before and after 6.18
 * (struct tcp_sock's accecn_opt_tstamp), a member the kernel lacks.
 * Usage: test_check_rules RULES.bpf.o
 */
#define _POSIX_C_SOURCE 200809L
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <bpf/btf.h>

#include "expect.h"
#include "stops_shadow.h"

enum kernel_fact {
	K_LINKS = 1,  /* struct bpf_struct_ops_link: 6.4+ */
	K_ACCECN = 2, /* tcp_sock.accecn_opt_tstamp: 6.18+, flags mask 0x1f */
	K_NO_KEY = 4, /* tcp_congestion_ops without key */
};

static char dir[] = "/tmp/unit-check-rules-XXXXXX";

static int fn_ptr(struct btf *btf, int ret, const int *args, int n)
{
	int proto = btf__add_func_proto(btf, ret);

	for (int i = 0; proto > 0 && i < n; i++)
		if (btf__add_func_param(btf, "", args[i]))
			return -1;
	return proto > 0 ? btf__add_ptr(btf, proto) : -1;
}

/* A kernel's BTF with the facts asked for, written to a file: its path. */
static const char *kernel(unsigned int facts)
{
	static char path[64][sizeof(dir) + 16];
	static int nr;
	struct btf *btf = btf__new_empty();
	int u32, i32, ch, sock, sk, name, ca, tsk, off = 0;
	int sk1[1], sk3[3];
	const void *raw;
	__u32 size;
	FILE *f;

	if (!btf || nr == 64)
		exit(2);
	u32 = btf__add_int(btf, "unsigned int", 4, 0);
	i32 = btf__add_int(btf, "int", 4, BTF_INT_SIGNED);
	ch = btf__add_int(btf, "char", 1, BTF_INT_SIGNED);
	sock = btf__add_struct(btf, "sock", 0);
	sk = btf__add_ptr(btf, sock);
	sk1[0] = sk;
	sk3[0] = sk;
	sk3[1] = u32;
	sk3[2] = u32;
	name = btf__add_array(btf, u32, ch, 16);
	if (facts & K_LINKS)
		btf__add_struct(btf, "bpf_struct_ops_link", 0);
	tsk = btf__add_struct(btf, "tcp_sock", 4);
	if (facts & K_ACCECN)
		btf__add_field(btf, "accecn_opt_tstamp", u32, 0, 0);
	{
		int fn_u32 = fn_ptr(btf, u32, sk1, 1);
		int fn_avoid = fn_ptr(btf, 0, sk3, 3);

		ca = btf__add_struct(btf, "tcp_congestion_ops",
				     facts & K_NO_KEY ? 52 : 56);
		btf__add_field(btf, "ssthresh", fn_u32, off, 0);
		btf__add_field(btf, "cong_avoid", fn_avoid, off += 64, 0);
		btf__add_field(btf, "undo_cwnd", fn_u32, off += 64, 0);
		btf__add_field(btf, "get_info", fn_u32, off += 64, 0);
		btf__add_field(btf, "flags", u32, off += 64, 0);
		if (!(facts & K_NO_KEY))
			btf__add_field(btf, "key", u32, off += 32, 0);
		btf__add_field(btf, "name", name, off += 32, 0);
	}
	{
		int w = btf__add_struct(btf,
					"bpf_struct_ops_tcp_congestion_ops",
					8 + (facts & K_NO_KEY ? 52 : 56));

		btf__add_field(btf, "refcnt", i32, 0, 0);
		btf__add_field(btf, "data", ca, 64, 0);
		if (w < 0 || tsk < 0)
			exit(2);
	}
	raw = btf__raw_data(btf, &size);
	snprintf(path[nr], sizeof(path[nr]), "%s/k%u.btf", dir, facts);
	f = fopen(path[nr], "w");
	if (!raw || !f || fwrite(raw, 1, size, f) != size || fclose(f))
		exit(2);
	btf__free(btf);
	return path[nr++];
}

static const struct stops_check_result *check(const struct stops_model *md,
					      const char *kbtf)
{
	const char *paths[] = {kbtf};
	STOPS_OPTS(stops_check_opts, opts, .kernel_btf = paths,
		   .nr_kernel_btf = 1);
	struct stops_check_result *res = NULL;
	struct stops_err err = {""};

	if (stops_model__check(md, &opts, &res, &err)) {
		fprintf(stderr, "check against %s: %s\n", kbtf, err.msg);
		exit(1);
	}
	return res;
}

static const struct stops_check_map *map(const struct stops_check_result *r,
					 const char *name)
{
	for (uint32_t i = 0; i < r->nr_maps; i++)
		if (!strcmp(r->maps[i].map->name, name))
			return &r->maps[i];
	fprintf(stderr, "no map %s\n", name);
	exit(1);
}

/* The errors of a map: exactly the codes listed ("" for none), in order. */
static bool errors_are(const struct stops_check_map *m, const char *want)
{
	char got[512] = "";
	size_t len = 0;

	for (uint32_t i = 0; i < m->nr_findings; i++) {
		const struct stops_check_finding *f = &m->findings[i];

		if (f->severity != STOPS_CHECK_ERROR)
			continue;
		len += (size_t)snprintf(got + len, sizeof(got) - len, "%s%s",
					len ? " " : "", f->what);
		if (len >= sizeof(got))
			break;
	}
	if (strcmp(got, want))
		fprintf(stderr, "map %s: errors '%s', want '%s'\n",
			m->map->name, got, want);
	return !strcmp(got, want);
}

static const struct stops_check_finding *
finding(const struct stops_check_map *m, const char *what)
{
	for (uint32_t i = 0; i < m->nr_findings; i++)
		if (!strcmp(m->findings[i].what, what))
			return &m->findings[i];
	return NULL;
}

int main(int argc, char **argv)
{
	const struct stops_check_result *r;
	const struct stops_check_finding *f;
	struct stops_object *obj = NULL;
	struct stops_err err = {""};
	const struct stops_model *md;

	if (argc != 2) {
		fprintf(stderr, "usage: test_check_rules RULES.bpf.o\n");
		return 2;
	}
	if (!mkdtemp(dir) ||
	    stops_object__open_file(argv[1], NULL, &obj, &err)) {
		fprintf(stderr, "%s: %s\n", argv[1], err.msg);
		return 1;
	}
	md = stops_object__model(obj);

	/* 6.18+ with links: one rule broken per map, the first map none */
	r = check(md, kernel(K_LINKS | K_ACCECN));
	EXPECT(r->nr_maps == 6);
	EXPECT(errors_are(map(r, "ok"), ""));
	EXPECT(errors_are(map(r, "no_ssthresh"), "required"));
	f = finding(map(r, "no_ssthresh"), "required");
	EXPECT(f && !f->member && f->expected &&
	       !strcmp(f->expected, "ssthresh"));
	EXPECT(errors_are(map(r, "refused"), "refused"));
	f = finding(map(r, "refused"), "refused");
	EXPECT(f && f->member && !strcmp(f->member, "get_info"));
	EXPECT(errors_are(map(r, "data"), "data-member"));
	f = finding(map(r, "data"), "data-member");
	EXPECT(f && f->member && !strcmp(f->member, "key") && f->actual &&
	       !strcmp(f->actual, "0x5"));
	/* flags 4 is TCP_CONG_NEEDS_ACCECN: inside 6.18's mask */
	EXPECT(errors_are(map(r, "flags4"), ""));
	EXPECT(errors_are(map(r, "bad_name"), "name"));
	EXPECT(r->incompatible && !map(r, "ok")->incompatible);
	stops_check_result__free((struct stops_check_result *)r);

	/* before 6.18: flags 4 is outside the mask 0x3 */
	r = check(md, kernel(K_LINKS));
	EXPECT(errors_are(map(r, "flags4"), "flags"));
	f = finding(map(r, "flags4"), "flags");
	EXPECT(f && f->expected && !strcmp(f->expected, "0x3"));
	EXPECT(errors_are(map(r, "ok"), ""));
	stops_check_result__free((struct stops_check_result *)r);

	/* before 6.4: no .struct_ops.link map can be created */
	r = check(md, kernel(K_ACCECN));
	EXPECT(errors_are(map(r, "ok"), "link"));
	stops_check_result__free((struct stops_check_result *)r);

	/* a kernel without key: set, it fails the load; zero, libbpf skips it */
	r = check(md, kernel(K_LINKS | K_ACCECN | K_NO_KEY));
	EXPECT(errors_are(map(r, "data"), "member-missing"));
	EXPECT(errors_are(map(r, "ok"), ""));
	stops_check_result__free((struct stops_check_result *)r);

	stops_object__free(obj);
	for (unsigned int k = 0; k < 8; k++) {
		char p[sizeof(dir) + 16];

		snprintf(p, sizeof(p), "%s/k%u.btf", dir, k);
		unlink(p);
	}
	rmdir(dir);
	if (failures)
		fprintf(stderr, "%d failed\n", failures);
	else
		printf("ok\n");
	return failures ? 1 : 0;
}
