// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* stops-shadow command line: a thin front end over the generator library. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <bpf/libbpf.h>

#include "cli.h"
#include "stops_shadow.h"

#define EXIT_BAD_INPUT	  1
#define EXIT_USAGE	  2
#define EXIT_INCOMPATIBLE 3
#define MAX_KERNEL_BTF	  64

static const char usage_text[] =
	"Usage: stops-shadow [gen] OBJ.bpf.o [-o OUT.h] [--name NAME] [--depfile FILE] [--embed]\n"
	"       stops-shadow gen OBJ.bpf.o --lang go [--package PKG] [-o OUT.go] [--name NAME] [--depfile FILE]\n"
	"       stops-shadow gen OBJ.bpf.o --lang rust [-o OUT.rs] [--name NAME] [--depfile FILE]\n"
	"       stops-shadow check OBJ.bpf.o [--kernel-btf PATH]... [--strict] [--json]\n"
	"       stops-shadow check OBJ.bpf.o --kernel [LABEL=]PATH... [--strict] [--json]\n"
	"       stops-shadow dump OBJ.bpf.o [--json | --plan]\n"
	"       stops-shadow --help | --version\n"
	"\n"
	"gen    write a C header of shadow types for the object's struct_ops maps;\n"
	"       --embed adds the object's bytes and NAME__open_embedded();\n"
	"       --lang go writes Go for cilium/ebpf instead, in package PKG (default:\n"
	"       the object's name)\n"
	"       --lang rust writes a Rust module for libbpf-rs instead\n"
	"check  compare each map with the kernel's type (default /sys/kernel/btf/vmlinux)\n"
	"dump   print each map's layout and initial values; --plan: the layout plan\n"
	"       every output language is made from, as JSON\n"
	"\n"
	"Exit status: 0 ok, 1 bad input or error, 2 usage, 3 incompatible (check:\n"
	"loading or attaching fails on that kernel; with --strict, warnings too).\n";

struct args {
	const char *cmd;
	const char *obj;
	const char *out;
	const char *name;
	const char *depfile;
	const char *lang;    /* gen: "c" (NULL), "go" or "rust" */
	const char *package; /* gen --lang go */
	const char *kernel_btf[MAX_KERNEL_BTF];
	size_t nr_kernel_btf;
	/* --kernel: one check per kernel, a BTF file or a /sys/kernel/btf dir */
	const char *kernel[MAX_KERNEL_BTF];
	const char *kernel_label[MAX_KERNEL_BTF];
	size_t nr_kernel;
	bool json;
	bool strict;
	bool embed;
	bool plan;
};

static int usage_error(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "stops-shadow: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, " (see stops-shadow --help)\n");
	return EXIT_USAGE;
}

/* One line, whatever bytes the path has (a newline must not split it). */
static int fail(const char *file, const char *msg)
{
	fputs("stops-shadow: ", stderr);
	cli_put_escaped(stderr, file);
	fputs(": ", stderr);
	cli_put_escaped(stderr, msg);
	fputc('\n', stderr);
	return EXIT_BAD_INPUT;
}

/* A user's string in a usage message, escaped; "?" when out of memory. */
static const char *esc(char **buf, const char *s)
{
	size_t len;
	FILE *f = open_memstream(buf, &len);

	if (!f)
		return "?";
	cli_put_escaped(f, s);
	return fclose(f) ? "?" : *buf;
}

static bool takes_value(const char *opt)
{
	return !strcmp(opt, "-o") || !strcmp(opt, "--name") ||
	       !strcmp(opt, "--depfile") || !strcmp(opt, "--kernel-btf") ||
	       !strcmp(opt, "--lang") || !strcmp(opt, "--package") ||
	       !strcmp(opt, "--kernel");
}

static int set_option(struct args *a, const char *opt, char *val)
{
	if (!strcmp(opt, "-o") && !strcmp(a->cmd, "gen"))
		a->out = val;
	else if (!strcmp(opt, "--name") && !strcmp(a->cmd, "gen"))
		a->name = val;
	else if (!strcmp(opt, "--depfile") && !strcmp(a->cmd, "gen"))
		a->depfile = val;
	else if (!strcmp(opt, "--lang") && !strcmp(a->cmd, "gen")) {
		char *buf = NULL;
		int ret;

		if (!strcmp(val, "c") || !strcmp(val, "go") ||
		    !strcmp(val, "rust")) {
			a->lang = val;
			return 0;
		}
		ret = usage_error("--lang %s: not c, go or rust", esc(&buf, val));
		free(buf);
		return ret;
	} else if (!strcmp(opt, "--package") && !strcmp(a->cmd, "gen"))
		a->package = val;
	else if (!strcmp(opt, "--kernel-btf") && !strcmp(a->cmd, "check")) {
		if (a->nr_kernel_btf == MAX_KERNEL_BTF)
			return usage_error("too many --kernel-btf (at most %d)",
					   MAX_KERNEL_BTF);
		a->kernel_btf[a->nr_kernel_btf++] = val;
	} else if (!strcmp(opt, "--kernel") && !strcmp(a->cmd, "check")) {
		char *eq = strchr(val, '=');

		if (a->nr_kernel == MAX_KERNEL_BTF)
			return usage_error("too many --kernel (at most %d)",
					   MAX_KERNEL_BTF);
		/*
		 * LABEL=PATH: a label has no '/', a path may have '='. The
		 * label is cut off in place (argv strings are writable).
		 */
		if (eq && eq != val && !memchr(val, '/', (size_t)(eq - val))) {
			*eq = 0;
			a->kernel_label[a->nr_kernel] = val;
			val = eq + 1;
		}
		a->kernel[a->nr_kernel++] = val;
	} else if (!strcmp(opt, "--json") && strcmp(a->cmd, "gen"))
		a->json = true;
	else if (!strcmp(opt, "--strict") && !strcmp(a->cmd, "check"))
		a->strict = true;
	else if (!strcmp(opt, "--embed") && !strcmp(a->cmd, "gen"))
		a->embed = true;
	else if (!strcmp(opt, "--plan") && !strcmp(a->cmd, "dump"))
		a->plan = true;
	else {
		char *buf = NULL;
		int ret = usage_error("%s: option %s is not known", a->cmd,
				      esc(&buf, opt));

		free(buf);
		return ret;
	}
	return 0;
}

static bool is_go(const struct args *a)
{
	return a->lang && !strcmp(a->lang, "go");
}

static int parse_args(int argc, char **argv, struct args *a)
{
	int i = 1, ret;

	a->cmd = "gen";
	if (i < argc && (!strcmp(argv[i], "gen") || !strcmp(argv[i], "check") ||
			 !strcmp(argv[i], "dump")))
		a->cmd = argv[i++];
	for (; i < argc; i++) {
		const char *arg = argv[i];
		char *val = NULL;

		if (arg[0] != '-' || !strcmp(arg, "-")) {
			if (a->obj) {
				char *buf = NULL;

				ret = usage_error("more than one object: %s",
						  esc(&buf, arg));
				free(buf);
				return ret;
			}
			a->obj = arg;
			continue;
		}
		if (!strcmp(arg, "--")) {
			if (++i < argc && !a->obj)
				a->obj = argv[i];
			if (i + 1 < argc)
				return usage_error("more than one object");
			break;
		}
		if (takes_value(arg)) {
			/* arg is one of takes_value()'s: no escape */
			if (++i == argc)
				return usage_error("%s needs a value", arg);
			val = argv[i];
		}
		ret = set_option(a, arg, val);
		if (ret)
			return ret;
	}
	if (!a->obj)
		return usage_error("%s: no BPF object given", a->cmd);
	if (a->depfile && !a->out)
		return usage_error("--depfile needs -o");
	if (a->plan && a->json)
		return usage_error("--plan is JSON already: no --json");
	if (a->nr_kernel && a->nr_kernel_btf)
		return usage_error("--kernel and --kernel-btf do not mix");
	if (a->package && !is_go(a))
		return usage_error("--package needs --lang go");
	if (a->embed && is_go(a))
		return usage_error(
			"--embed is for C headers (cilium/ebpf reads the object itself)");
	if (a->embed && a->lang && !strcmp(a->lang, "rust"))
		return usage_error("--embed is for C headers only");
	return 0;
}

/* A generator's warning: one line, the object named. */
static void warn(void *ctx, const char *msg)
{
	fputs("stops-shadow: ", stderr);
	cli_put_escaped(stderr, ctx);
	fputs(": warning: ", stderr);
	cli_put_escaped(stderr, msg);
	fputc('\n', stderr);
}

static int emit(const struct stops_model *m, const struct args *a, FILE *f,
		struct stops_err *err)
{
	STOPS_OPTS(stops_write_opts, opts,
		   .format = a->json ? STOPS_FORMAT_JSON : STOPS_FORMAT_TEXT);
	int ret;

	if (a->plan)
		return stops_model__emit_plan(m, f, NULL, err);
	if (!strcmp(a->cmd, "dump"))
		return stops_model__emit_dump(m, f, &opts, err);
	if (is_go(a)) {
		STOPS_OPTS(stops_emit_go_opts, go, .package = a->package,
			   .warn = warn, .ctx = (void *)a->obj);

		return stops_model__emit_go(m, f, &go, err);
	}
	if (a->lang && !strcmp(a->lang, "rust"))
		return stops_model__emit_rust(m, f, NULL, err);
	ret = stops_model__emit_c(m, f, NULL, err);
	if (!ret && a->embed)
		ret = stops_model__emit_embed(m, f, NULL, err);
	return ret;
}

/*
 * An emitter's failure: a write error is the output's (disk full names
 * the output, not the object), anything else the object's. f is
 * unbuffered, so errno is still the failed write's.
 */
static int emit_failed(const struct args *a, const char *out, FILE *f, int ret,
		       int write_errno, const struct stops_err *err)
{
	if (ferror(f))
		return fail(out, strerror(write_errno ? write_errno : EIO));
	return fail(a->obj, err->msg[0] ? err->msg : strerror(-ret));
}

/*
 * Where this run's text begins when stdout is a regular file written at
 * its end (gen OBJ > x.h), so that a failed run leaves the file as it
 * found it, as -o does; -1 for a pipe or a terminal, and for a file
 * opened to append (others may add to it) or written in its middle.
 */
static off_t stdout_file_start(void)
{
	int flags = fcntl(STDOUT_FILENO, F_GETFL);
	struct stat st;

	if (flags < 0 || flags & O_APPEND || fstat(STDOUT_FILENO, &st) ||
	    !S_ISREG(st.st_mode))
		return -1;
	return lseek(STDOUT_FILENO, 0, SEEK_CUR) == st.st_size ? st.st_size
							       : -1;
}

/*
 * Stdout's text from start on goes: what stdio still holds is written
 * first (exit would write it after the cut), keeping ferror() as it was.
 */
static void stdout_cut_back(off_t start)
{
	bool failed = ferror(stdout);

	fflush(stdout);
	if (!failed)
		clearerr(stdout);
	if (!ftruncate(STDOUT_FILENO, start))
		lseek(STDOUT_FILENO, start, SEEK_SET);
}

/*
 * A pipe needs no atomic replace: stream, do not hold the whole output.
 * A regular file is cut back to where the run began if it fails; the
 * error (2>&1 shares the offset) then follows what was there before.
 */
static int emit_to_stdout(const struct stops_model *m, const struct args *a)
{
	struct stops_err err = {""};
	off_t start = stdout_file_start();
	int ret, write_errno;

	errno = 0;
	ret = emit(m, a, stdout, &err);
	if (ret) {
		write_errno = errno;
		if (start >= 0)
			stdout_cut_back(start);
		return emit_failed(a, "<stdout>", stdout, ret, write_errno,
				   &err);
	}
	if (fflush(stdout) || ferror(stdout))
		return fail("<stdout>", strerror(errno));
	return 0;
}

/*
 * The header and its depfile change together or not at all: both are
 * written to temporary files first and renamed only when both are
 * complete. An output that is an input is refused before anything is
 * written.
 */
static int run_emit(const struct stops_model *m, const struct args *a)
{
	struct cli_out hdr = {0}, dep = {0};
	struct stops_err err = {""};
	char *deptext = NULL, why_buf[160];
	const char *why = NULL, *bad;
	int ret, write_errno;

	if (!a->out)
		return emit_to_stdout(m, a);
	if (cli_same_file(a->out, a->obj))
		return fail(a->out, "-o names the input object");
	if (a->depfile) {
		if (cli_same_file(a->depfile, a->out))
			return fail(a->depfile,
				    "--depfile names the -o output");
		if (cli_same_file(a->depfile, a->obj))
			return fail(a->depfile,
				    "--depfile names the input object");
		ret = cli_depfile_text(a->out, a->obj, &deptext, &bad, why_buf,
				       sizeof(why_buf));
		if (ret)
			return fail(ret == -EINVAL ? bad : a->depfile,
				    ret == -EINVAL ? why_buf : strerror(-ret));
	}
	ret = cli_out_open(&hdr, a->out, &why);
	if (ret) {
		ret = fail(a->out, why);
		goto out;
	}
	/* unbuffered: the emitter writes 64 KiB blocks, errno stays exact */
	setvbuf(hdr.f, NULL, _IONBF, 0);
	errno = 0;
	ret = emit(m, a, hdr.f, &err);
	write_errno = errno;
	if (ret) {
		ret = emit_failed(a, a->out, hdr.f, ret, write_errno, &err);
		goto out;
	}
	if (cli_out_finish(&hdr, &why)) {
		ret = fail(a->out, why);
		goto out;
	}
	if (a->depfile) {
		if (cli_out_open(&dep, a->depfile, &why) ||
		    fputs(deptext, dep.f) < 0 || cli_out_finish(&dep, &why)) {
			ret = fail(a->depfile, why ? why : strerror(errno));
			goto out;
		}
		/* The depfile first: its text depends only on the paths,
		 * so if the header's rename fails, the pair still agrees. */
		if (cli_out_commit(&dep, &why)) {
			ret = fail(a->depfile, why);
			goto out;
		}
	}
	ret = cli_out_commit(&hdr, &why) ? fail(a->out, why) : 0;
out:
	cli_out_discard(&hdr);
	cli_out_discard(&dep);
	free(deptext);
	return ret;
}

/* --kernel K...: the object against each kernel, written as a matrix. */
static int run_matrix(const struct stops_model *m, const struct args *a)
{
	STOPS_OPTS(stops_write_opts, wopts,
		   .format = a->json ? STOPS_FORMAT_JSON : STOPS_FORMAT_TEXT);
	struct stops_check_result *res[MAX_KERNEL_BTF] = {NULL};
	struct stops_err err = {""};
	bool compatible = true;
	size_t n = 0;
	int ret = 0;

	for (; n < a->nr_kernel && !ret; n++) {
		STOPS_OPTS(stops_check_opts, opts, .kernel_btf = &a->kernel[n],
			   .nr_kernel_btf = 1, .strict = a->strict);

		ret = stops_model__check(m, &opts, &res[n], &err);
		if (!ret)
			compatible &= !res[n]->incompatible;
	}
	if (!ret)
		ret = stops_check_results__write((const struct stops_check_result
							  *const *)res,
						 a->kernel_label, n, stdout,
						 &wopts, &err);
	while (n)
		stops_check_result__free(res[--n]);
	if (fflush(stdout) && ret >= 0)
		return fail("<stdout>", strerror(errno));
	if (ret < 0)
		return fail(a->obj, err.msg[0] ? err.msg : strerror(-ret));
	return compatible ? 0 : EXIT_INCOMPATIBLE;
}

static int run_check(const struct stops_model *m, const struct args *a)
{
	STOPS_OPTS(stops_check_opts, opts, .kernel_btf = a->kernel_btf,
		   .nr_kernel_btf = a->nr_kernel_btf, .strict = a->strict);
	STOPS_OPTS(stops_write_opts, wopts,
		   .format = a->json ? STOPS_FORMAT_JSON : STOPS_FORMAT_TEXT);
	struct stops_check_result *res = NULL;
	struct stops_err err = {""};
	bool compatible = false;
	int ret;

	ret = stops_model__check(m, &opts, &res, &err);
	if (!ret) {
		compatible = !res->incompatible;
		ret = stops_check_result__write(res, stdout, &wopts, &err);
	}
	stops_check_result__free(res);
	if (fflush(stdout) && ret >= 0)
		return fail("<stdout>", strerror(errno));
	if (ret < 0)
		return fail(a->obj, err.msg[0] ? err.msg : strerror(-ret));
	return compatible ? 0 : EXIT_INCOMPATIBLE;
}

/* libbpf's BTF parser warns on stderr: the one-line error says it all. */
static int quiet(enum libbpf_print_level level, const char *fmt, va_list ap)
{
	(void)level;
	(void)fmt;
	(void)ap;
	return 0;
}

/* --help >/dev/full is an error too. */
static int flush_stdout(void)
{
	if (fflush(stdout) || ferror(stdout))
		return fail("<stdout>", strerror(errno));
	return 0;
}

int main(int argc, char **argv)
{
	STOPS_OPTS(stops_open_opts, opts);
	struct stops_object *obj = NULL;
	struct stops_err err = {""};
	struct args a = {0};
	int ret;

	cli_signals_init();
	if (argc == 2 &&
	    (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		fputs(usage_text, stdout);
		return flush_stdout();
	}
	if (argc == 2 && !strcmp(argv[1], "--version")) {
		printf("stops-shadow %s\n", STOPS_SHADOW_VERSION);
		return flush_stdout();
	}
	ret = parse_args(argc, argv, &a);
	if (ret)
		return ret;
#ifdef M_TRIM_THRESHOLD
	/*
	 * Freeing the model block by block gave the top of the heap back to
	 * the kernel each time (brk), and that was a third of a 300-type run
	 * (16.6 -> 11.0 ms CPU): this process exits right after.
	 */
	mallopt(M_TRIM_THRESHOLD, 64 << 20);
#endif
	if (!getenv("STOPS_SHADOW_DEBUG"))
		libbpf_set_print(quiet);
	opts.name = a.name;
	ret = stops_object__open_file(a.obj, &opts, &obj, &err);
	if (ret)
		return fail(a.obj, err.msg[0] ? err.msg : strerror(-ret));
	if (!strcmp(a.cmd, "check") && a.nr_kernel)
		ret = run_matrix(stops_object__model(obj), &a);
	else if (!strcmp(a.cmd, "check"))
		ret = run_check(stops_object__model(obj), &a);
	else
		ret = run_emit(stops_object__model(obj), &a);
	stops_object__free(obj);
	return ret;
}
