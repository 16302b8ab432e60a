// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* deps_test: the values bzl_deps.bpf.c took from its deps are in the object. */
#include <stdio.h>

#include <bpf/libbpf.h>

#include "bzl_deps.shadow.h"

int main(void)
{
	struct bpf_object *obj = bpf_object__open_file(BZL_DEPS_BPF_OBJECT, NULL);
	struct bzl_deps_deps_tbl_demo_ops *t;
	int ok;

	if (!obj) {
		perror(BZL_DEPS_BPF_OBJECT);
		return 1;
	}
	t = bzl_deps_deps_tbl_demo_ops__from_object(obj);
	ok = t && t->flags == 0x5a && t->knob == 4242;
	printf("flags %#x knob %llu\n", t ? t->flags : 0,
	       t ? (unsigned long long)t->knob : 0);
	bpf_object__close(obj);
	return !ok;
}
