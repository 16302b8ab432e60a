/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/* Kernel compatibility check: findings shared by analysis and report. */
#ifndef STOPS_CHECK_H
#define STOPS_CHECK_H

#include <stdint.h>
#include <stdio.h>

#include "stops_shadow.h"

enum check_sev {
	CHECK_NOTE,
	CHECK_ERROR,
};

/*
 * One difference between a map's type in the object and the kernel's.
 * expected is the kernel side, actual the object side; either may be NULL.
 */
struct check_finding {
	enum check_sev sev;
	const char *member; /* NULL: about the map's type as a whole */
	const char *what;   /* stable code, e.g. "member-missing" */
	const char *expected;
	const char *actual;
	const char *msg; /* one readable line, without the member prefix */
};

struct check_map {
	const struct stops_map *map;
	const char *kernel_type; /* ___flavor stripped */
	const char *kernel_btf;	 /* file the type was found in, or NULL */
	uint32_t nr_errors;
	uint32_t nr_notes;
	uint32_t nr_findings;
	uint32_t cap_findings;
	struct check_finding *findings;
};

struct check_result {
	const char *obj_name;
	/* the kernel BTF files, base first */
	uint32_t nr_kernel_btf;
	const char **kernel_btf;
	/* one entry per struct_ops map, in the model's order */
	uint32_t nr_maps;
	struct check_map *maps;
	uint32_t nr_errors;
	uint32_t nr_notes;
};

/* check_report.c */
int check_report_text(const struct check_result *res, FILE *out);
int check_report_json(const struct check_result *res, FILE *out);

#endif /* STOPS_CHECK_H */
