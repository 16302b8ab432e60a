// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* dummy_test: the shadow header and the object reach a target outside. */
#include <stdio.h>
#include <string.h>

#include <bpf/libbpf.h>

#include "dummy.shadow.h"

int main(void)
{
	struct bpf_object *obj = bpf_object__open_file(DUMMY_BPF_OBJECT, NULL);
	struct dummy_dummy_bpf_dummy_ops *ops;
	int ok;

	if (!obj) {
		perror(DUMMY_BPF_OBJECT);
		return 1;
	}
	ops = dummy_dummy_bpf_dummy_ops__from_object(obj);
	ok = ops && ops->test_1 &&
	     strcmp(bpf_program__name(ops->test_1), "test_1") == 0 &&
	     ops->test_2 == NULL;
	printf("%s: test_1 -> %s\n", DUMMY_BPF_OBJECT,
	       ops && ops->test_1 ? bpf_program__name(ops->test_1) : "(none)");
	bpf_object__close(obj);
	return !ok;
}
