// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* Check report writers: a stops_check_result as text or as JSON. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "json.h"
#include "util.h"

#define stops_write_opts__last_field format

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

/* --- text ------------------------------------------------------------ */

static void text_finding(const struct stops_check_finding *f, FILE *out)
{
	fprintf(out, "  %s:%s ", sev_name(f->severity), sev_pad(f->severity));
	if (f->member)
		fprintf(out, "member '%s': ", f->member);
	fprintf(out, "%s\n", f->msg);
}

static void text_map(const struct stops_check_result *res,
		     const struct stops_check_map *cm, FILE *out)
{
	const struct stops_map *map = cm->map;

	fprintf(out, "%s: map %s (struct %s -> kernel struct %s", res->obj_name,
		map->name, map->type_name, cm->kernel_type);
	if (cm->kernel_btf && res->nr_kernel_btf &&
	    cm->kernel_btf != res->kernel_btf[0])
		fprintf(out, " in %s", cm->kernel_btf);
	fprintf(out, "): %s\n",
		cm->incompatible ? "incompatible" : "compatible");
	for (uint32_t i = 0; i < cm->nr_findings; i++)
		text_finding(&cm->findings[i], out);
}

static int write_text(const struct stops_check_result *res, FILE *out)
{
	for (uint32_t i = 0; i < res->nr_maps; i++)
		text_map(res, &res->maps[i], out);
	if (!res->nr_maps)
		fprintf(out, "%s: no struct_ops maps\n", res->obj_name);
	fprintf(out,
		"%s: %s: %u error%s, %u warning%s, %u note%s (%skernel BTF",
		res->obj_name,
		res->incompatible ? "incompatible" : "compatible",
		res->nr_errors, plural(res->nr_errors), res->nr_warnings,
		plural(res->nr_warnings), res->nr_notes, plural(res->nr_notes),
		res->strict ? "strict, " : "");
	for (uint32_t i = 0; i < res->nr_kernel_btf; i++)
		fprintf(out, "%s%s", i ? ", " : " ", res->kernel_btf[i]);
	fprintf(out, ")\n");
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

static void json_map(const struct stops_check_map *cm, bool last, FILE *out)
{
	const char *in = "      ";

	fputs("    {\n", out);
	json_key(in, "name", cm->map->name, false, out);
	json_key(in, "type", cm->map->type_name, false, out);
	json_key(in, "kernel_type", cm->kernel_type, false, out);
	json_key(in, "kernel_btf", cm->kernel_btf, false, out);
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
		json_map(&res->maps[i], i + 1 == res->nr_maps, out);
	fprintf(out, "%s]\n}\n", res->nr_maps ? "  " : "");
	return out_status(out);
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
