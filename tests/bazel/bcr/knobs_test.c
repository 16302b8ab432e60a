// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* knobs_test: the published module's header and object, used from outside. */
#include <stdio.h>
#include <string.h>

#include <bpf/libbpf.h>

#include "knobs.h"
#include "knobs.shadow.h"

knobs_knobs_knobs_ops__ASSERT_MATCHES(struct knobs_ops);

int main(void)
{
	struct bpf_object *obj = bpf_object__open_file(KNOBS_BPF_OBJECT, NULL);
	struct knobs_knobs_knobs_ops *k;
	int ok;

	if (!obj) {
		perror(KNOBS_BPF_OBJECT);
		return 1;
	}
	k = knobs_knobs_knobs_ops__from_object(obj);
	ok = k && k->level == 7 && k->limit == 1ULL << 40 &&
	     strcmp(k->name, "bcr_knobs") == 0 && k->run &&
	     strcmp(bpf_program__name(k->run), "knobs_run") == 0;
	printf("%s: level %u limit %llu\n", KNOBS_BPF_OBJECT, k ? k->level : 0,
	       k ? (unsigned long long)k->limit : 0);
	bpf_object__close(obj);
	return !ok;
}
