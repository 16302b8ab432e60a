// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* cc_test: the shadow header and the object reach a target outside. */
#include <stdio.h>
#include <string.h>

#include <bpf/libbpf.h>

#include "cc.shadow.h"

int main(void)
{
	struct bpf_object *obj = bpf_object__open_file(CC_BPF_OBJECT, NULL);
	struct cc_cc_tcp_congestion_ops *ops;
	int ok;

	if (!obj) {
		perror(CC_BPF_OBJECT);
		return 1;
	}
	ops = cc_cc_tcp_congestion_ops__from_object(obj);
	ok = ops && ops->ssthresh &&
	     strcmp(bpf_program__name(ops->ssthresh), "ssthresh") == 0 &&
	     ops->cong_control == NULL && strcmp(ops->name, "ss_outside") == 0;
	printf("%s: ssthresh -> %s\n", CC_BPF_OBJECT,
	       ops && ops->ssthresh ? bpf_program__name(ops->ssthresh) : "(none)");
	bpf_object__close(obj);
	return !ok;
}
