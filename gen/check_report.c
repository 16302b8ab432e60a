// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* Check report writers: a stops_check_result as text or as JSON. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "escape.h"
#include "json.h"
#include "util.h"

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

static int out_status(FILE *out)
{
	return ferror(out) ? -EIO : 0;
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

static void text_finding(const struct stops_check_finding *f, FILE *out)
{
	esc_fprintf(out, "  %s:%s ", sev_name(f->severity),
		    sev_pad(f->severity));
	if (f->member)
		esc_fprintf(out, "member '%s': ", f->member);
	esc_fprintf(out, "%s\n", f->msg);
}

static void text_map(const struct stops_check_result *res,
		     const struct stops_check_map *cm, FILE *out)
{
	const struct stops_map *map = cm->map;

	esc_fprintf(out, "%s: map %s (struct %s -> kernel struct %s",
		    res->obj_name, map->name, map->type_name, cm->kernel_type);
	if (module_of(res, cm))
		esc_fprintf(out, " in %s, module %s", cm->kernel_btf,
			    module_of(res, cm));
	esc_fprintf(out, "): %s\n",
		    cm->incompatible ? "incompatible" : "compatible");
	for (uint32_t i = 0; i < cm->nr_findings; i++)
		text_finding(&cm->findings[i], out);
}

static int write_text(const struct stops_check_result *res, FILE *out)
{
	for (uint32_t i = 0; i < res->nr_maps; i++)
		text_map(res, &res->maps[i], out);
	if (!res->nr_maps)
		esc_fprintf(out, "%s: no struct_ops maps\n", res->obj_name);
	esc_fprintf(out,
		    "%s: %s: %u error%s, %u warning%s, %u note%s (%skernel BTF",
		    res->obj_name,
		    res->incompatible ? "incompatible" : "compatible",
		    res->nr_errors, plural(res->nr_errors), res->nr_warnings,
		    plural(res->nr_warnings), res->nr_notes,
		    plural(res->nr_notes), res->strict ? "strict, " : "");
	for (uint32_t i = 0; i < res->nr_kernel_btf; i++)
		esc_fprintf(out, "%s%s", i ? ", " : " ", res->kernel_btf[i]);
	esc_fprintf(out, ")\n");
	return out_status(out);
}

/* --- JSON ------------------------------------------------------------ */

static void json_key(const char *indent, const char *key, const char *val,
		     bool last, FILE *out)
{
	fprintf(out, "%s\"%s\": ", indent, key);
	json_str(out, val);
	fputs(last ? "\n" : ",\n", out);
}

static void json_finding(const struct stops_check_finding *f, bool last,
			 FILE *out)
{
	const char *in = "          ";

	fputs("        {\n", out);
	json_key(in, "severity", sev_name(f->severity), false, out);
	json_key(in, "member", f->member, false, out);
	json_key(in, "what", f->what, false, out);
	json_key(in, "expected", f->expected, false, out);
	json_key(in, "actual", f->actual, false, out);
	json_key(in, "message", f->msg, true, out);
	fprintf(out, "        }%s\n", last ? "" : ",");
}

static void json_map(const struct stops_check_result *res,
		     const struct stops_check_map *cm, bool last, FILE *out)
{
	const char *in = "      ";

	fputs("    {\n", out);
	json_key(in, "name", cm->map->name, false, out);
	json_key(in, "type", cm->map->type_name, false, out);
	json_key(in, "kernel_type", cm->kernel_type, false, out);
	json_key(in, "kernel_btf", cm->kernel_btf, false, out);
	json_key(in, "kernel_module", module_of(res, cm), false, out);
	fprintf(out, "%s\"compatible\": %s,\n", in,
		cm->incompatible ? "false" : "true");
	fprintf(out,
		"%s\"errors\": %u,\n%s\"warnings\": %u,\n%s\"notes\": %u,\n",
		in, cm->nr_errors, in, cm->nr_warnings, in, cm->nr_notes);
	fprintf(out, "%s\"findings\": [%s", in, cm->nr_findings ? "\n" : "");
	for (uint32_t i = 0; i < cm->nr_findings; i++)
		json_finding(&cm->findings[i], i + 1 == cm->nr_findings, out);
	fprintf(out, "%s]\n", cm->nr_findings ? in : "");
	fprintf(out, "    }%s\n", last ? "" : ",");
}

static int write_json(const struct stops_check_result *res, FILE *out)
{
	fputs("{\n", out);
	json_key("  ", "object", res->obj_name, false, out);
	fputs("  \"kernel_btf\": [", out);
	for (uint32_t i = 0; i < res->nr_kernel_btf; i++) {
		fputs(i ? ", " : "", out);
		json_str(out, res->kernel_btf[i]);
	}
	fputs("],\n", out);
	fprintf(out, "  \"strict\": %s,\n", res->strict ? "true" : "false");
	fprintf(out, "  \"compatible\": %s,\n",
		res->incompatible ? "false" : "true");
	fprintf(out,
		"  \"errors\": %u,\n  \"warnings\": %u,\n  \"notes\": %u,\n",
		res->nr_errors, res->nr_warnings, res->nr_notes);
	fprintf(out, "  \"maps\": [%s", res->nr_maps ? "\n" : "");
	for (uint32_t i = 0; i < res->nr_maps; i++)
		json_map(res, &res->maps[i], i + 1 == res->nr_maps, out);
	fprintf(out, "%s]\n}\n", res->nr_maps ? "  " : "");
	return out_status(out);
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
static void matrix_member_missing(const struct stops_check_result *const *res,
				  const char *const *labels, size_t nr,
				  uint32_t j, FILE *out)
{
	for (size_t k = 0; k < nr; k++) {
		const struct stops_check_map *cm = &res[k]->maps[j];

		for (uint32_t f = 0; f < cm->nr_findings; f++) {
			const char *name = cm->findings[f].member;
			bool seen = false;
			const char *sep = "";

			if (strcmp(cm->findings[f].what, "member-missing") ||
			    !name)
				continue;
			for (size_t e = 0; e < k && !seen; e++)
				seen = lacks_member(&res[e]->maps[j], name);
			if (seen)
				continue;
			esc_fprintf(out, "  member '%s': missing on", name);
			for (size_t e = k; e < nr; e++) {
				if (!lacks_member(&res[e]->maps[j], name))
					continue;
				esc_fprintf(out, "%s %s", sep,
					    label_of(res[e], labels, e));
				sep = ",";
			}
			fputc('\n', out);
		}
	}
}

static int write_matrix_text(const struct stops_check_result *const *res,
			     const char *const *labels, size_t nr, FILE *out)
{
	const struct stops_check_result *r0 = res[0];
	uint32_t ok = 0;

	for (uint32_t j = 0; j < r0->nr_maps; j++) {
		const struct stops_map *map = r0->maps[j].map;

		esc_fprintf(out, "%s: map %s (struct %s -> kernel struct %s)\n",
			    r0->obj_name, map->name, map->type_name,
			    r0->maps[j].kernel_type);
		for (size_t k = 0; k < nr; k++) {
			const struct stops_check_map *cm = &res[k]->maps[j];

			esc_fprintf(out,
				    "  %s: %s (%u error%s, %u warning%s)\n",
				    label_of(res[k], labels, k),
				    cm->incompatible ? "incompatible"
						     : "compatible",
				    cm->nr_errors, plural(cm->nr_errors),
				    cm->nr_warnings, plural(cm->nr_warnings));
			for (uint32_t f = 0; f < cm->nr_findings; f++) {
				if (cm->findings[f].severity ==
				    STOPS_CHECK_NOTE)
					continue;
				fputs("  ", out);
				text_finding(&cm->findings[f], out);
			}
		}
		matrix_member_missing(res, labels, nr, j, out);
	}
	if (!r0->nr_maps)
		esc_fprintf(out, "%s: no struct_ops maps\n", r0->obj_name);
	for (size_t k = 0; k < nr; k++)
		ok += !res[k]->incompatible;
	esc_fprintf(out,
		    "%s: compatible with %u of %zu kernel%s:", r0->obj_name, ok,
		    nr, nr == 1 ? "" : "s");
	for (size_t k = 0; k < nr; k++)
		esc_fprintf(out, " %s %s%s", label_of(res[k], labels, k),
			    res[k]->incompatible ? "no" : "yes",
			    k + 1 < nr ? "," : "");
	fputc('\n', out);
	return out_status(out);
}

static void json_findings(const struct stops_check_map *cm, const char *in,
			  FILE *out)
{
	fprintf(out, "%s\"findings\": [%s", in, cm->nr_findings ? "\n" : "");
	for (uint32_t i = 0; i < cm->nr_findings; i++)
		json_finding(&cm->findings[i], i + 1 == cm->nr_findings, out);
	fprintf(out, "%s]\n", cm->nr_findings ? in : "");
}

static int write_matrix_json(const struct stops_check_result *const *res,
			     const char *const *labels, size_t nr, FILE *out)
{
	const struct stops_check_result *r0 = res[0];
	bool all = true;

	for (size_t k = 0; k < nr; k++)
		all &= !res[k]->incompatible;
	fputs("{\n", out);
	json_key("  ", "object", r0->obj_name, false, out);
	fprintf(out, "  \"compatible\": %s,\n", all ? "true" : "false");
	fputs("  \"kernels\": [\n", out);
	for (size_t k = 0; k < nr; k++) {
		fputs("    {", out);
		fputs("\"label\": ", out);
		json_str(out, label_of(res[k], labels, k));
		fputs(", \"kernel_btf\": [", out);
		for (uint32_t i = 0; i < res[k]->nr_kernel_btf; i++) {
			fputs(i ? ", " : "", out);
			json_str(out, res[k]->kernel_btf[i]);
		}
		fprintf(out,
			"], \"compatible\": %s, \"errors\": %u, \"warnings\": %u, \"notes\": %u}%s\n",
			res[k]->incompatible ? "false" : "true",
			res[k]->nr_errors, res[k]->nr_warnings,
			res[k]->nr_notes, k + 1 < nr ? "," : "");
	}
	fprintf(out, "  ],\n  \"maps\": [%s", r0->nr_maps ? "\n" : "");
	for (uint32_t j = 0; j < r0->nr_maps; j++) {
		const char *in = "      ", *in2 = "          ";

		fputs("    {\n", out);
		json_key(in, "name", r0->maps[j].map->name, false, out);
		json_key(in, "type", r0->maps[j].map->type_name, false, out);
		json_key(in, "kernel_type", r0->maps[j].kernel_type, false,
			 out);
		fprintf(out, "%s\"kernels\": [\n", in);
		for (size_t k = 0; k < nr; k++) {
			const struct stops_check_map *cm = &res[k]->maps[j];

			fputs("        {\n", out);
			json_key(in2, "label", label_of(res[k], labels, k),
				 false, out);
			json_key(in2, "kernel_btf", cm->kernel_btf, false, out);
			json_key(in2, "kernel_module", module_of(res[k], cm),
				 false, out);
			fprintf(out, "%s\"compatible\": %s,\n", in2,
				cm->incompatible ? "false" : "true");
			fprintf(out,
				"%s\"errors\": %u,\n%s\"warnings\": %u,\n%s\"notes\": %u,\n",
				in2, cm->nr_errors, in2, cm->nr_warnings, in2,
				cm->nr_notes);
			json_findings(cm, in2, out);
			fprintf(out, "        }%s\n", k + 1 < nr ? "," : "");
		}
		fprintf(out, "%s]\n    }%s\n", in,
			j + 1 < r0->nr_maps ? "," : "");
	}
	fprintf(out, "%s]\n}\n", r0->nr_maps ? "  " : "");
	return out_status(out);
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
	if (OPTS_GET(opts, format, STOPS_FORMAT_TEXT) == STOPS_FORMAT_JSON)
		ret = write_matrix_json(res, labels, nr, out);
	else
		ret = write_matrix_text(res, labels, nr, out);
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
	if (OPTS_GET(opts, format, STOPS_FORMAT_TEXT) == STOPS_FORMAT_JSON)
		ret = write_json(res, out);
	else
		ret = write_text(res, out);
	if (ret)
		return stops_errf(err, ret, "cannot write report: %s",
				  strerror(-ret));
	return 0;
}
