// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* Kernel compatibility check: the readable report and the JSON document. */
#include <errno.h>
#include <stdio.h>

#include "check.h"

static const char *sev_name(enum check_sev sev)
{
	return sev == CHECK_ERROR ? "error" : "note";
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

static void text_finding(const struct check_finding *f, FILE *out)
{
	fprintf(out, "  %s:%s ", sev_name(f->sev),
		f->sev == CHECK_ERROR ? "" : " ");
	if (f->member)
		fprintf(out, "member '%s': ", f->member);
	fprintf(out, "%s\n", f->msg);
}

static void text_map(const struct check_result *res, const struct check_map *cm,
		     FILE *out)
{
	const struct stops_map *map = cm->map;

	fprintf(out, "%s: map %s (struct %s -> kernel struct %s", res->obj_name,
		map->name, map->type_name, cm->kernel_type);
	if (cm->kernel_btf && res->nr_kernel_btf &&
	    cm->kernel_btf != res->kernel_btf[0])
		fprintf(out, " in %s", cm->kernel_btf);
	fprintf(out, "): %s\n", cm->nr_errors ? "incompatible" : "compatible");
	for (uint32_t i = 0; i < cm->nr_findings; i++)
		text_finding(&cm->findings[i], out);
}

int check_report_text(const struct check_result *res, FILE *out)
{
	for (uint32_t i = 0; i < res->nr_maps; i++)
		text_map(res, &res->maps[i], out);
	if (!res->nr_maps)
		fprintf(out, "%s: no struct_ops maps\n", res->obj_name);
	fprintf(out, "%s: %s: %u error%s, %u note%s (kernel BTF", res->obj_name,
		res->nr_errors ? "incompatible" : "compatible", res->nr_errors,
		plural(res->nr_errors), res->nr_notes, plural(res->nr_notes));
	for (uint32_t i = 0; i < res->nr_kernel_btf; i++)
		fprintf(out, "%s%s", i ? ", " : " ", res->kernel_btf[i]);
	fprintf(out, ")\n");
	return out_status(out);
}

/* --- JSON ------------------------------------------------------------ */

/* Length of the well-formed UTF-8 sequence at p (2 to 4 bytes), or 0. */
static int utf8_len(const unsigned char *p)
{
	int n = p[0] >= 0xf0 && p[0] <= 0xf4   ? 4
		: p[0] >= 0xe0		       ? 3
		: p[0] >= 0xc2 && p[0] <= 0xdf ? 2
					       : 0;

	if (p[0] >= 0xf5)
		return 0;
	for (int i = 1; i < n; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return 0;
	}
	if ((n == 3 && p[0] == 0xe0 && p[1] < 0xa0) ||
	    (n == 3 && p[0] == 0xed && p[1] >= 0xa0) ||
	    (n == 4 && p[0] == 0xf0 && p[1] < 0x90) ||
	    (n == 4 && p[0] == 0xf4 && p[1] >= 0x90))
		return 0;
	return n;
}

static void json_str(const char *s, FILE *out)
{
	int n;

	if (!s) {
		fputs("null", out);
		return;
	}
	fputc('"', out);
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		switch (*p) {
		case '"':
			fputs("\\\"", out);
			break;
		case '\\':
			fputs("\\\\", out);
			break;
		case '\n':
			fputs("\\n", out);
			break;
		case '\t':
			fputs("\\t", out);
			break;
		default:
			/* a stray byte (hostile BTF names) is escaped, so the
			 * document stays valid UTF-8 */
			n = *p >= 0x80 ? utf8_len(p) : 0;
			if (n) {
				fwrite(p, 1, (size_t)n, out);
				p += n - 1;
			} else if (*p < 0x20 || *p >= 0x7f) {
				fprintf(out, "\\u%04x", *p);
			} else {
				fputc(*p, out);
			}
		}
	}
	fputc('"', out);
}

static void json_key(const char *indent, const char *key, const char *val,
		     bool last, FILE *out)
{
	fprintf(out, "%s\"%s\": ", indent, key);
	json_str(val, out);
	fputs(last ? "\n" : ",\n", out);
}

static void json_finding(const struct check_finding *f, bool last, FILE *out)
{
	const char *in = "          ";

	fputs("        {\n", out);
	json_key(in, "severity", sev_name(f->sev), false, out);
	json_key(in, "member", f->member, false, out);
	json_key(in, "what", f->what, false, out);
	json_key(in, "expected", f->expected, false, out);
	json_key(in, "actual", f->actual, false, out);
	json_key(in, "message", f->msg, true, out);
	fprintf(out, "        }%s\n", last ? "" : ",");
}

static void json_map(const struct check_map *cm, bool last, FILE *out)
{
	const char *in = "      ";

	fputs("    {\n", out);
	json_key(in, "name", cm->map->name, false, out);
	json_key(in, "type", cm->map->type_name, false, out);
	json_key(in, "kernel_type", cm->kernel_type, false, out);
	json_key(in, "kernel_btf", cm->kernel_btf, false, out);
	fprintf(out, "%s\"compatible\": %s,\n", in,
		cm->nr_errors ? "false" : "true");
	fprintf(out, "%s\"errors\": %u,\n%s\"notes\": %u,\n", in, cm->nr_errors,
		in, cm->nr_notes);
	fprintf(out, "%s\"findings\": [%s", in, cm->nr_findings ? "\n" : "");
	for (uint32_t i = 0; i < cm->nr_findings; i++)
		json_finding(&cm->findings[i], i + 1 == cm->nr_findings, out);
	fprintf(out, "%s]\n", cm->nr_findings ? in : "");
	fprintf(out, "    }%s\n", last ? "" : ",");
}

int check_report_json(const struct check_result *res, FILE *out)
{
	fputs("{\n", out);
	json_key("  ", "object", res->obj_name, false, out);
	fputs("  \"kernel_btf\": [", out);
	for (uint32_t i = 0; i < res->nr_kernel_btf; i++) {
		fputs(i ? ", " : "", out);
		json_str(res->kernel_btf[i], out);
	}
	fputs("],\n", out);
	fprintf(out, "  \"compatible\": %s,\n",
		res->nr_errors ? "false" : "true");
	fprintf(out, "  \"errors\": %u,\n  \"notes\": %u,\n", res->nr_errors,
		res->nr_notes);
	fprintf(out, "  \"maps\": [%s", res->nr_maps ? "\n" : "");
	for (uint32_t i = 0; i < res->nr_maps; i++)
		json_map(&res->maps[i], i + 1 == res->nr_maps, out);
	fprintf(out, "%s]\n}\n", res->nr_maps ? "  " : "");
	return out_status(out);
}
