// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* Opens hello.bpf.o and reads its ops table through the shadow type. */
#include <stdio.h>
#include <string.h>

#include "hello.shadow.h"
#include "ops.h"

/* The loader's own struct demo_ops must match the object's. */
hello_hello_ops_demo_ops__ASSERT_MATCHES(struct demo_ops);

int main(int argc, char **argv)
{
	const char *path = argc > 1 ? argv[1] : HELLO_BPF_OBJECT;
	struct hello_hello_ops_demo_ops *ops;
	struct bpf_object *obj;

	obj = bpf_object__open_file(path, NULL);
	if (!obj) {
		perror(path);
		return 1;
	}
	ops = hello_hello_ops_demo_ops__from_object(obj);
	if (!ops || ops->knob != 42 || ops->flags != 7 ||
	    strcmp(ops->label, "hello") || !ops->init ||
	    strcmp(bpf_program__name(ops->init), "demo_init")) {
		fprintf(stderr, "%s: unexpected ops table\n", path);
		bpf_object__close(obj);
		return 1;
	}
	printf("knob=%u label=%s init=%s\n", ops->knob, ops->label,
	       bpf_program__name(ops->init));
	bpf_object__close(obj);
	return 0;
}
