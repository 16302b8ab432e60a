// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* sched_ext: loads sched_ext.bpf.o with its ops table edited through the shadow type. */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "sched_ext.h"
#include "sched_ext.shadow.h"

#ifndef SCHED_EXT_BPF_OBJECT
#define SCHED_EXT_BPF_OBJECT "sched_ext.bpf.o"
#endif

/*
 * include/linux/sched/ext.h (enum scx_ops_flags): only tasks whose policy is
 * SCHED_EXT run under the BPF scheduler; the rest of the system stays on
 * the fair class. The header has no constant for it: the member is a u64.
 */
#define SS_SCX_OPS_SWITCH_PARTIAL (1ULL << 3)
/* include/uapi/linux/sched.h, absent from older libc headers. */
#define SS_SCHED_EXT 7

#define SCX_STATE "/sys/kernel/sched_ext/state"
#define SCX_OPS "/sys/kernel/sched_ext/root/ops"

typedef struct sched_ext_fifo_sched_ext_ops shadow_t;

static bool verbose;

static int print_libbpf(enum libbpf_print_level level, const char *fmt,
			va_list ap)
{
	if (level == LIBBPF_DEBUG && !verbose)
		return 0;
	fputs("  ", stderr);
	return vfprintf(stderr, fmt, ap);
}

/* The first line of path into buf; -errno if it cannot be read. */
static int read_line(const char *path, char *buf, size_t sz)
{
	FILE *f = fopen(path, "r");
	int err = 0;

	if (!f)
		return -errno;
	if (!fgets(buf, (int)sz, f))
		err = -EIO;
	else
		buf[strcspn(buf, "\n")] = 0;
	fclose(f);
	return err;
}

/* X__fit_kernel()'s report: each member the kernel's sched_ext_ops lacks. */
static void report_fit(void *ctx, const char *member, struct bpf_program *prog, int err)
{
	++*(int *)ctx;
	printf("  fit       %s (%s): %s\n", member, prog ? bpf_program__name(prog) : "data",
	       err ? strerror(-err) : "dropped, this kernel has no such member");
}

static const char *prog_name(const struct bpf_program *p)
{
	return p ? bpf_program__name(p) : "NULL";
}

static void print_value(const char *what, const shadow_t *s)
{
	printf("  %-9s name \"%.*s\" flags %#llx timeout_ms %u dispatch_max_batch %u\n",
	       what, (int)sizeof(s->name), s->name, s->flags, s->timeout_ms,
	       s->dispatch_max_batch);
	printf("  %-9s init=%s enqueue=%s dispatch=%s exit=%s\n", "",
	       prog_name(s->init), prog_name(s->enqueue), prog_name(s->dispatch),
	       prog_name(s->exit));
}

static int read_counters(struct bpf_object *obj, struct sched_ext_counters *c)
{
	struct bpf_map *map;
	int zero = 0;

	bpf_object__for_each_map(map, obj) {
		const char *n = bpf_map__name(map);
		size_t len = strlen(n);

		if (len < 4 || strcmp(n + len - 4, ".bss"))
			continue;
		if (bpf_map__value_size(map) != sizeof(*c)) {
			fprintf(stderr, "sched_ext: error: .bss is %u bytes, expected %zu\n",
				bpf_map__value_size(map), sizeof(*c));
			return -1;
		}
		if (bpf_map_lookup_elem(bpf_map__fd(map), &zero, c)) {
			fprintf(stderr, "sched_ext: error: reading .bss: %s\n",
				strerror(errno));
			return -1;
		}
		return 0;
	}
	fprintf(stderr, "sched_ext: error: no .bss map in the object\n");
	return -1;
}

/*
 * A child switches itself to SCHED_EXT and sleeps and wakes a few times, so
 * the BPF scheduler enqueues it. Returns the policy the child saw, or -1.
 */
static int run_task(void)
{
	struct sched_param sp = { 0 };
	int status, i;
	pid_t pid = fork();

	if (pid < 0) {
		fprintf(stderr, "sched_ext: error: fork: %s\n", strerror(errno));
		return -1;
	}
	if (pid == 0) {
		if (sched_setscheduler(0, SS_SCHED_EXT, &sp)) {
			fprintf(stderr, "sched_ext: error: sched_setscheduler(SCHED_EXT): %s\n",
				strerror(errno));
			_exit(255);
		}
		for (i = 0; i < 20; i++)
			usleep(1000);
		_exit(sched_getscheduler(0) & 0xff);
	}
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status)) {
		fprintf(stderr, "sched_ext: error: the SCHED_EXT child did not exit\n");
		return -1;
	}
	return WEXITSTATUS(status) == 255 ? -1 : WEXITSTATUS(status);
}

/* Waits up to 2 s for the scheduler state to read want. */
static int wait_state(const char *want, char *buf, size_t sz)
{
	for (int i = 0; i < 200; i++) {
		if (!read_line(SCX_STATE, buf, sz) && !strcmp(buf, want))
			return 0;
		usleep(10000);
	}
	return -1;
}

int main(int argc, char **argv)
{
	const char *path = SCHED_EXT_BPF_OBJECT, *name = "user_named_fifo";
	struct bpf_program *enqueue, *enqueue_alt;
	struct sched_ext_counters c;
	struct bpf_object *obj = NULL;
	struct bpf_link *link = NULL;
	char state[64], ops[160];
	int i, err, policy, dropped = 0, ret = 1;
	shadow_t *s;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-v")) {
			verbose = true;
		} else if (!strcmp(argv[i], "--name") && i + 1 < argc) {
			name = argv[++i];
		} else if (argv[i][0] == '-') {
			fprintf(!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help") ? stdout : stderr,
				"usage: sched_ext [--name NAME] [-v] [OBJ.bpf.o]\n"
				"  Loads OBJ (default " SCHED_EXT_BPF_OBJECT ") as a global FIFO\n"
				"  scheduler NAME for SCHED_EXT tasks only, runs a task under it,\n"
				"  reports the counters, and detaches it. Needs root and a kernel\n"
				"  with sched_ext.\n");
			return strcmp(argv[i], "-h") && strcmp(argv[i], "--help") ? 2 : 0;
		} else {
			path = argv[i];
		}
	}
	libbpf_set_print(print_libbpf);
	/* Lines in order with libbpf's stderr when both go to one file. */
	setvbuf(stdout, NULL, _IOLBF, 0);

	obj = bpf_object__open_file(path, NULL);
	if (!obj) {
		fprintf(stderr, "sched_ext: error: opening %s: %s\n", path,
			strerror(errno));
		return 1;
	}
	s = sched_ext_fifo_sched_ext_ops__from_object(obj);
	enqueue = bpf_object__find_program_by_name(obj, "fifo_enqueue");
	enqueue_alt = bpf_object__find_program_by_name(obj, "fifo_enqueue_alt");
	if (!s || !enqueue || !enqueue_alt) {
		fprintf(stderr, "sched_ext: error: %s: no map fifo of the shadow type, or no fifo_enqueue(_alt)\n",
			path);
		goto out;
	}
	if (strlen(name) >= sizeof(s->name)) {
		fprintf(stderr, "sched_ext: error: name \"%s\" does not fit %zu bytes\n",
			name, sizeof(s->name));
		goto out;
	}
	printf("sched_ext: %s, map fifo (%zu-byte shadow struct)\n", path,
	       sizeof(*s));
	print_value("compiled", s);

	/* The edits: all through the shadow type, before load. */
	memset(s->name, 0, sizeof(s->name));
	memcpy(s->name, name, strlen(name));
	s->flags = SS_SCX_OPS_SWITCH_PARTIAL;
	s->timeout_ms = 3000;
	s->dispatch_max_batch = 8;
	s->enqueue = enqueue_alt;
	/* libbpf 1.4 refuses to load a struct_ops program in no slot. */
	bpf_program__set_autoload(enqueue, false);
	print_value("to load", s);

	/*
	 * Fit the table to the running kernel instead of keeping a table of
	 * which kernel has which member (SCX_OPS_OPEN's compat checks).
	 */
	err = sched_ext_fifo_sched_ext_ops__fit_kernel(s, NULL, report_fit, &dropped);
	if (err == -ENOENT) {
		fprintf(stderr, "sched_ext: error: struct sched_ext_ops is not found in kernel BTF: no sched_ext in this kernel\n");
		goto out;
	} else if (err) {
		fprintf(stderr, "sched_ext: error: the ops table does not fit this kernel: %s\n",
			strerror(-err));
		goto out;
	}
	printf("  fit       %d member(s) dropped for this kernel's sched_ext_ops\n", dropped);

	err = bpf_object__load(obj);
	if (err) {
		fprintf(stderr, "sched_ext: error: loading %s: %s (libbpf said why above)\n",
			path, strerror(-err));
		goto out;
	}
	link = bpf_map__attach_struct_ops(bpf_object__find_map_by_name(obj, "fifo"));
	if (!link) {
		fprintf(stderr, "sched_ext: error: attaching \"%s\": %s\n", name,
			strerror(errno));
		goto out;
	}
	if (wait_state("enabled", state, sizeof(state)) ||
	    read_line(SCX_OPS, ops, sizeof(ops))) {
		fprintf(stderr, "sched_ext: error: attached, but %s is not enabled or %s unreadable\n",
			SCX_STATE, SCX_OPS);
		goto out;
	}
	printf("  kernel    state: %s, root/ops: %s\n", state, ops);
	if (strcmp(ops, name)) {
		fprintf(stderr, "sched_ext: error: the kernel runs \"%s\", not \"%s\"\n",
			ops, name);
		goto out;
	}

	policy = run_task();
	if (policy < 0)
		goto out;
	printf("  child     sched_setscheduler(SCHED_EXT) ok, sched_getscheduler = %d%s\n",
	       policy, policy == SS_SCHED_EXT ? " (SCHED_EXT)" : "");
	if (policy != SS_SCHED_EXT) {
		fprintf(stderr, "sched_ext: error: the child ran with policy %d\n", policy);
		goto out;
	}

	bpf_link__destroy(link);
	link = NULL;
	if (wait_state("disabled", state, sizeof(state))) {
		fprintf(stderr, "sched_ext: error: %s still \"%s\" after detach\n",
			SCX_STATE, state);
		goto out;
	}
	err = read_line(SCX_OPS, ops, sizeof(ops));
	if (err != -ENOENT) {
		fprintf(stderr, "sched_ext: error: %s still there after detach\n", SCX_OPS);
		goto out;
	}
	printf("  kernel    after detach: state disabled, root/ops gone\n");

	if (read_counters(obj, &c))
		goto out;
	printf("  counters  init=%llu enqueue=%llu enqueue_alt=%llu dispatch=%llu exit=%llu\n",
	       c.init, c.enqueue, c.enqueue_alt, c.dispatch, c.exit);
	if (c.init != 1 || c.enqueue || !c.enqueue_alt || c.exit != 1) {
		fprintf(stderr, "sched_ext: error: counters do not match the slots loaded\n");
		goto out;
	}
	printf("  result    fifo_enqueue_alt ran in the enqueue slot; fifo_enqueue did not\n");
	ret = 0;
out:
	bpf_link__destroy(link);
	bpf_object__close(obj);
	printf("sched_ext: %s\n", ret ? "FAILED" : "ok");
	return ret;
}
