/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * The struct_ops program section names, against libbpf's rules
 * (SEC_DEF("struct_ops+") and SEC_DEF("struct_ops.s+"), '?' for no
 * autoload), and the map sections' autocreate and link traits.
 */
#include <string.h>

#include "bpf_elf.h"
#include "expect.h"

static const struct {
	const char *sec;
	bool ok, autoload, sleepable;
} cases[] = {
	{"struct_ops", true, true, false},
	{"struct_ops/x", true, true, false},
	{"struct_ops/", true, true, false},
	{"struct_ops.s", true, true, true},
	{"struct_ops.s/x", true, true, true},
	{"?struct_ops", true, false, false},
	{"?struct_ops/test_1", true, false, false},
	{"?struct_ops.s", true, false, true},
	{"?struct_ops.s/a/b", true, false, true},
	/* not libbpf's struct_ops type */
	{"struct_opsx/x", false, false, false},
	{"struct_ops.sleep/x", false, false, false},
	{"struct_ops.s.x", false, false, false},
	{"struct_ops.", false, false, false},
	{"??struct_ops/x", false, false, false},
	{"?", false, false, false},
	{"", false, false, false},
	{"struct_op", false, false, false},
	{"xstruct_ops", false, false, false},
	{".struct_ops", false, false, false},
	{"tp/struct_ops", false, false, false},
};

int main(void)
{
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		bool autoload = !cases[i].autoload, sleepable = !cases[i].sleepable;
		bool ok = bpf_elf__is_st_ops_prog_sec(cases[i].sec, &autoload,
						      &sleepable);

		if (ok != cases[i].ok)
			fprintf(stderr, "section \"%s\"\n", cases[i].sec);
		EXPECT(ok == cases[i].ok);
		if (!ok || !cases[i].ok)
			continue;
		EXPECT(autoload == cases[i].autoload);
		EXPECT(sleepable == cases[i].sleepable);
	}
	EXPECT(!strcmp(st_ops_sec_names[ST_OPS_OPT_SEC], "?.struct_ops"));
	EXPECT(!strcmp(st_ops_sec_names[ST_OPS_OPT_LINK_SEC],
		       "?.struct_ops.link"));
	EXPECT(st_ops_sec_is_link(ST_OPS_LINK_SEC));
	EXPECT(st_ops_sec_is_link(ST_OPS_OPT_LINK_SEC));
	EXPECT(!st_ops_sec_is_link(ST_OPS_SEC));
	EXPECT(!st_ops_sec_is_link(ST_OPS_OPT_SEC));
	EXPECT(st_ops_sec_is_optional(ST_OPS_OPT_SEC));
	EXPECT(!st_ops_sec_is_optional(ST_OPS_LINK_SEC));
	if (failures)
		fprintf(stderr, "unit.sections: %d failures\n", failures);
	else
		printf("unit.sections: ok\n");
	return failures ? 1 : 0;
}
