/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * params.shadow.h: two maps share one layout, so one member list serves
 * both maps' asserts and ASSERT_MATCHES; members named X, S, what, X_2
 * must not be captured by the list macro's parameters.
 */
#include <bpf/libbpf.h>

#include "bpf/types.h"
#include "check.h"
#include "params.shadow.h"

#define P1 struct params_p1_params_ops
#define P2 struct params_p2_params_ops

params_p1_params_ops__ASSERT_MATCHES(struct params_ops);
params_p2_params_ops__ASSERT_MATCHES(struct params_ops);

int main(int argc, char **argv)
{
	const char *path = argc > 1 ? argv[1] : PARAMS_BPF_OBJECT;
	struct bpf_object *obj;
	P1 *p1;
	P2 *p2;

	CHECK_SIZE(P1, struct params_ops);
	CHECK_SIZE(P2, struct params_ops);
	CHECK_SAME(P1, struct params_ops, X);
	CHECK_SAME(P1, struct params_ops, S);
	CHECK_SAME(P1, struct params_ops, what);
	CHECK_SAME(P1, struct params_ops, X_2);
	CHECK_SAME(P2, struct params_ops, what);
	CHECK_SAME(P2, struct params_ops, name);
	CHECK(offsetof(P1, __unsupported_0) == offsetof(struct params_ops, S_2),
	      "opaque S_2 at %zu", offsetof(P1, __unsupported_0));

	libbpf_set_print(NULL);
	obj = bpf_object__open_file(path, NULL);
	if (!obj) {
		fprintf(stderr, "open %s: %s\n", path, strerror(errno));
		return 1;
	}
	p1 = params_p1_params_ops__from_object(obj);
	p2 = params_p2_params_ops__from_object(obj);
	CHECK(p1 && p2 && (void *)p1 != (void *)p2, "from_object: %p %p",
	      (void *)p1, (void *)p2);
	if (p1 && p2) {
		CHECK_PTR(p1->X, bpf_object__find_program_by_name(obj, "params_x"));
		CHECK_PTR(p2->X, NULL);
		CHECK_INT(p1->S, 1);
		CHECK_INT(p1->what, 2);
		CHECK_INT(p1->X_2, 3);
		CHECK_INT(p2->S, 4);
		CHECK_STR(p1->name, "p1");
		CHECK_STR(p2->name, "p2");
	}
	bpf_object__close(obj);
	return check_report("layout.runtime.params");
}
