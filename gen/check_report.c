// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* Check report writers: a stops_check_result as text or as JSON. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "out.h"
#include "util.h"
#include "writer.h"

#include "tpl_report.h"

static const char *sev_name(enum stops_check_severity sev)
{
	switch (sev) {
	case STOPS_CHECK_ERROR:
		return "error";
	case STOPS_CHECK_WARNING:
		return "warning";
	default:
		return "note";
	}
}

/* "error: ", "note:  " as before warnings existed, "warning: " */
static const char *sev_pad(enum stops_check_severity sev)
{
	return sev == STOPS_CHECK_NOTE ? " " : "";
}

static const char *plural(uint32_t n)
{
	return n == 1 ? "" : "s";
}

static const char *true_false(bool b)
{
	return b ? "true" : "false";
}

static const char *verdict(bool incompatible)
{
	return incompatible ? "incompatible" : "compatible";
}

/*
 * The module a map's type was found in, NULL for vmlinux: every kernel
 * BTF source after the first (the base) is a module's, and a module's
 * BTF file is named after it (/sys/kernel/btf/<module>).
 */
static const char *module_of(const struct stops_check_result *res,
			     const struct stops_check_map *cm)
{
	const char *slash;

	if (!cm->kernel_btf || !res->nr_kernel_btf ||
	    cm->kernel_btf == res->kernel_btf[0])
		return NULL;
	slash = strrchr(cm->kernel_btf, '/');
	return slash ? slash + 1 : cm->kernel_btf;
}

/* --- text ------------------------------------------------------------ */

static void text_finding(struct out *o, const char *indent,
			 const struct stops_check_finding *f)
{
	if (f->member)
		tpl_report_finding_member(o, indent, sev_name(f->severity),
					  sev_pad(f->severity), f->member,
					  f->msg);
	else
		tpl_report_finding(o, indent, sev_name(f->severity),
				   sev_pad(f->severity), f->msg);
}

static void text_map(struct out *o, const struct stops_check_result *res,
		     const struct stops_check_map *cm)
{
	const struct stops_map *map = cm->map;
	const char *module = module_of(res, cm);

	tpl_report_map(o, res->obj_name, map->name, map->type_name,
		       cm->kernel_type);
	if (module)
		tpl_report_map_module(o, cm->kernel_btf, module);
	tpl_report_map_verdict(o, verdict(cm->incompatible));
	for (uint32_t i = 0; i < cm->nr_findings; i++)
		text_finding(o, "", &cm->findings[i]);
}

static void write_text(struct out *o, const struct stops_check_result *res)
{
	for (uint32_t i = 0; i < res->nr_maps; i++)
		text_map(o, res, &res->maps[i]);
	if (!res->nr_maps)
		tpl_report_no_maps(o, res->obj_name);
	tpl_report_summary(o, res->obj_name, verdict(res->incompatible),
			   res->nr_errors, plural(res->nr_errors),
			   res->nr_warnings, plural(res->nr_warnings),
			   res->nr_notes, plural(res->nr_notes),
			   res->strict ? "strict, " : "");
	for (uint32_t i = 0; i < res->nr_kernel_btf; i++)
		tpl_report_item(o, i ? ", " : " ", res->kernel_btf[i]);
	tpl_report_summary_close(o);
}

/* --- JSON ------------------------------------------------------------ */

/* A map's findings, their list closed at indent. */
static void json_findings(struct out *o, const struct stops_check_map *cm,
			  const char *indent)
{
	for (uint32_t i = 0; i < cm->nr_findings; i++) {
		const struct stops_check_finding *f = &cm->findings[i];

		tpl_report_json_finding(o, sev_name(f->severity), f->member,
					f->what, f->expected, f->actual, f->msg,
					i + 1 == cm->nr_findings ? "" : ",");
	}
	tpl_report_json_list_close(o, cm->nr_findings ? indent : "");
}

static void json_map(struct out *o, const struct stops_check_result *res,
		     const struct stops_check_map *cm, bool last)
{
	tpl_report_json_map(o, cm->map->name, cm->map->type_name,
			    cm->kernel_type, cm->kernel_btf, module_of(res, cm),
			    true_false(!cm->incompatible), cm->nr_errors,
			    cm->nr_warnings, cm->nr_notes,
			    cm->nr_findings ? "\n" : "");
	json_findings(o, cm, "      ");
	tpl_report_json_map_close(o, last ? "" : ",");
}

static void json_btf_list(struct out *o, const struct stops_check_result *res)
{
	for (uint32_t i = 0; i < res->nr_kernel_btf; i++)
		tpl_report_json_item(o, i ? ", " : "", res->kernel_btf[i]);
}

static void write_json(struct out *o, const struct stops_check_result *res)
{
	tpl_report_json_open(o, res->obj_name);
	json_btf_list(o, res);
	tpl_report_json_totals(o, true_false(res->strict),
			       true_false(!res->incompatible), res->nr_errors,
			       res->nr_warnings, res->nr_notes,
			       res->nr_maps ? "\n" : "");
	for (uint32_t i = 0; i < res->nr_maps; i++)
		json_map(o, res, &res->maps[i], i + 1 == res->nr_maps);
	tpl_report_json_close(o, res->nr_maps ? "  " : "");
}

/* --- several kernels ------------------------------------------------ */

/*
 * res[i] checked the same object against kernel i: its maps are in the
 * same (the model's) order, so map j of every result is the same map.
 */
static const char *label_of(const struct stops_check_result *r,
			    const char *const *labels, size_t i)
{
	if (labels && labels[i])
		return labels[i];
	return r->nr_kernel_btf ? r->kernel_btf[0] : "?";
}

static bool lacks_member(const struct stops_check_map *cm, const char *name)
{
	for (uint32_t g = 0; g < cm->nr_findings; g++)
		if (!strcmp(cm->findings[g].what, "member-missing") &&
		    cm->findings[g].member &&
		    !strcmp(cm->findings[g].member, name))
			return true;
	return false;
}

/* Each member some kernel lacks, once, with every kernel that lacks it. */
static void matrix_member_missing(struct out *o,
				  const struct stops_check_result *const *res,
				  const char *const *labels, size_t nr,
				  uint32_t j)
{
	for (size_t k = 0; k < nr; k++) {
		const struct stops_check_map *cm = &res[k]->maps[j];

		for (uint32_t f = 0; f < cm->nr_findings; f++) {
			const char *name = cm->findings[f].member;
			bool seen = false;
			const char *sep = " ";

			if (strcmp(cm->findings[f].what, "member-missing") ||
			    !name)
				continue;
			for (size_t e = 0; e < k && !seen; e++)
				seen = lacks_member(&res[e]->maps[j], name);
			if (seen)
				continue;
			tpl_report_matrix_missing(o, name);
			for (size_t e = k; e < nr; e++) {
				if (!lacks_member(&res[e]->maps[j], name))
					continue;
				tpl_report_item(o, sep,
						label_of(res[e], labels, e));
				sep = ", ";
			}
			tpl_report_eol(o);
		}
	}
}

static void matrix_map_text(struct out *o,
			    const struct stops_check_result *const *res,
			    const char *const *labels, size_t nr, uint32_t j)
{
	const struct stops_check_result *r0 = res[0];
	const struct stops_map *map = r0->maps[j].map;

	tpl_report_matrix_map(o, r0->obj_name, map->name, map->type_name,
			      r0->maps[j].kernel_type);
	for (size_t k = 0; k < nr; k++) {
		const struct stops_check_map *cm = &res[k]->maps[j];

		tpl_report_matrix_kernel(o, label_of(res[k], labels, k),
					 verdict(cm->incompatible),
					 cm->nr_errors, plural(cm->nr_errors),
					 cm->nr_warnings,
					 plural(cm->nr_warnings));
		for (uint32_t f = 0; f < cm->nr_findings; f++)
			if (cm->findings[f].severity != STOPS_CHECK_NOTE)
				text_finding(o, "  ", &cm->findings[f]);
	}
	matrix_member_missing(o, res, labels, nr, j);
}

static void write_matrix_text(struct out *o,
			      const struct stops_check_result *const *res,
			      const char *const *labels, size_t nr)
{
	const struct stops_check_result *r0 = res[0];
	uint32_t ok = 0;

	for (uint32_t j = 0; j < r0->nr_maps; j++)
		matrix_map_text(o, res, labels, nr, j);
	if (!r0->nr_maps)
		tpl_report_no_maps(o, r0->obj_name);
	for (size_t k = 0; k < nr; k++)
		ok += !res[k]->incompatible;
	tpl_report_matrix_summary(o, r0->obj_name, ok, nr, nr == 1 ? "" : "s");
	for (size_t k = 0; k < nr; k++)
		tpl_report_matrix_verdict(o, label_of(res[k], labels, k),
					  res[k]->incompatible ? "no" : "yes",
					  k + 1 < nr ? "," : "");
	tpl_report_eol(o);
}

static void matrix_map_json(struct out *o,
			    const struct stops_check_result *const *res,
			    const char *const *labels, size_t nr, uint32_t j)
{
	const struct stops_check_map *m0 = &res[0]->maps[j];

	tpl_report_matrix_json_map(o, m0->map->name, m0->map->type_name,
				   m0->kernel_type);
	for (size_t k = 0; k < nr; k++) {
		const struct stops_check_map *cm = &res[k]->maps[j];

		tpl_report_matrix_json_map_kernel(o,
						  label_of(res[k], labels, k),
						  cm->kernel_btf,
						  module_of(res[k], cm),
						  true_false(!cm->incompatible),
						  cm->nr_errors,
						  cm->nr_warnings, cm->nr_notes,
						  cm->nr_findings ? "\n" : "");
		json_findings(o, cm, "          ");
		tpl_report_matrix_json_map_kernel_close(o,
							k + 1 < nr ? "," : "");
	}
	tpl_report_matrix_json_map_close(o, j + 1 < res[0]->nr_maps ? "," : "");
}

static void write_matrix_json(struct out *o,
			      const struct stops_check_result *const *res,
			      const char *const *labels, size_t nr)
{
	const struct stops_check_result *r0 = res[0];
	bool all = true;

	for (size_t k = 0; k < nr; k++)
		all &= !res[k]->incompatible;
	tpl_report_matrix_json_open(o, r0->obj_name, true_false(all));
	for (size_t k = 0; k < nr; k++) {
		tpl_report_matrix_json_kernel(o, label_of(res[k], labels, k));
		json_btf_list(o, res[k]);
		tpl_report_matrix_json_kernel_close(o,
						    true_false(
							    !res[k]->incompatible),
						    res[k]->nr_errors,
						    res[k]->nr_warnings,
						    res[k]->nr_notes,
						    k + 1 < nr ? "," : "");
	}
	tpl_report_matrix_json_maps(o, r0->nr_maps ? "\n" : "");
	for (uint32_t j = 0; j < r0->nr_maps; j++)
		matrix_map_json(o, res, labels, nr, j);
	tpl_report_json_close(o, r0->nr_maps ? "  " : "");
}

/*
 * The report into a buffer over out, flushed: 0 or a negative errno
 * (-EIO: out failed now or before).
 */
static int write_report(const struct stops_check_result *const *res,
			const char *const *labels, size_t nr, bool matrix,
			FILE *out, const struct stops_write_opts *opts)
{
	bool json =
		OPTS_GET(opts, format, STOPS_FORMAT_TEXT) == STOPS_FORMAT_JSON;
	struct out *o;
	int ret;

	/* malloc, not calloc: untouched buffer pages cost no page faults */
	o = malloc(sizeof(*o));
	if (!o)
		return -ENOMEM;
	out_init(o, out);
	if (matrix && json)
		write_matrix_json(o, res, labels, nr);
	else if (matrix)
		write_matrix_text(o, res, labels, nr);
	else if (json)
		write_json(o, res[0]);
	else
		write_text(o, res[0]);
	ret = out_flush(o);
	free(o);
	return ferror(out) ? -EIO : ret;
}

int stops_check_results__write(const struct stops_check_result *const *res,
			       const char *const *labels, size_t nr, FILE *out,
			       const struct stops_write_opts *opts,
			       struct stops_err *err)
{
	int ret;

	if (!res || !nr || !out || !OPTS_VALID(opts, stops_write_opts))
		return stops_errf(err, -EINVAL, "report: invalid arguments");
	for (size_t k = 0; k < nr; k++)
		if (!res[k] || res[k]->nr_maps != res[0]->nr_maps)
			return stops_errf(err, -EINVAL,
					  "report: results of different objects");
	ret = write_report(res, labels, nr, true, out, opts);
	if (ret)
		return stops_errf(err, ret, "cannot write report: %s",
				  strerror(-ret));
	return 0;
}

int stops_check_result__write(const struct stops_check_result *res, FILE *out,
			      const struct stops_write_opts *opts,
			      struct stops_err *err)
{
	int ret;

	if (!res || !out || !OPTS_VALID(opts, stops_write_opts))
		return stops_errf(err, -EINVAL, "report: invalid arguments");
	ret = write_report(&res, NULL, 1, false, out, opts);
	if (ret)
		return stops_errf(err, ret, "cannot write report: %s",
				  strerror(-ret));
	return 0;
}
