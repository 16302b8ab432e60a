// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * X__fit_kernel() (issue 13.5) and the accessors' EBUSY (13.6), on fit.bpf.o:
 *   - saved kernel BTFs (6.1, 6.12, 7.2, this one; btf__parse()): which
 *     members are reported, with which program and error, what is cleared,
 *     the return;
 *   - kernels built here with libbpf's BTF writer: no such type (-ENOENT),
 *     no bpf_struct_ops_ type (-ENOENT), a member of another size (-EINVAL);
 *   - a knob the kernel lacks set non-zero: -EOPNOTSUPP, shadow unchanged;
 *   - the running kernel (NULL): fitted, loaded and attached for real, where
 *     the same edits without the fit fail to load; after the load the
 *     accessors return NULL with errno EBUSY.
 * usage: fit_test OBJ   exit 0 ok, 1 failure, 77 skip: no CAP_BPF for the
 * running kernel's part, or a saved BTF missing (the rest runs anyway).
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "fit.shadow.h"

#define CAP_SYS_ADMIN 21
#define CAP_BPF 39

typedef struct fit_fit_ops_tcp_congestion_ops___fit ops_t;
typedef struct fit_fit_wide_tcp_congestion_ops___wide wide_t;

static int failed;

static void fail(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	printf("FAIL: ");
	vprintf(fmt, ap);
	printf("\n");
	va_end(ap);
	failed = 1;
}

static int libbpf_quiet(enum libbpf_print_level level, const char *fmt,
			va_list ap)
{
	if (level == LIBBPF_WARN)
		return vfprintf(stdout, fmt, ap);
	return 0;
}

/* The reports of one call: "member:program:err;..." in call order. */
struct log {
	char text[1024];
	int calls;
};

static void record(void *ctx, const char *member, struct bpf_program *prog,
		   int err)
{
	struct log *l = ctx;
	size_t n = strlen(l->text);

	snprintf(l->text + n, sizeof(l->text) - n, "%s:%s:%d;", member,
		 prog ? bpf_program__name(prog) : "-", err);
	l->calls++;
}

static const char *obj_path;

static struct bpf_object *open_obj(void)
{
	struct bpf_object *obj = bpf_object__open_file(obj_path, NULL);

	if (!obj) {
		printf("FAIL: cannot open %s: %s\n", obj_path, strerror(errno));
		exit(1);
	}
	return obj;
}

static struct bpf_program *prog(struct bpf_object *obj, const char *name)
{
	struct bpf_program *p = bpf_object__find_program_by_name(obj, name);

	if (!p) {
		printf("FAIL: no program %s\n", name);
		exit(1);
	}
	return p;
}

static ops_t *ops_of(struct bpf_object *obj)
{
	ops_t *s = fit_fit_ops_tcp_congestion_ops___fit__from_object(obj);

	if (!s) {
		printf("FAIL: fit_ops accessor: %s\n", strerror(errno));
		exit(1);
	}
	return s;
}

/* The edits of a loader written for 7.2: a program in the slot no kernel has. */
static void edit(struct bpf_object *obj, ops_t *s)
{
	s->fit_nokernel = prog(obj, "fit_spare");
	snprintf(s->name, sizeof(s->name), "stops_fit");
}

/* Whether kernel BTF k has member name in struct tcp_congestion_ops. */
static int has_member(const struct btf *k, const char *name)
{
	int id = btf__find_by_name_kind(k, "tcp_congestion_ops",
					BTF_KIND_STRUCT);
	const struct btf_type *t = id > 0 ? btf__type_by_id(k, id) : NULL;
	const struct btf_member *m = t ? btf_members(t) : NULL;

	for (int i = 0; t && i < btf_vlen(t); i++, m++)
		if (!strcmp(btf__name_by_offset(k, m->name_off), name))
			return 1;
	return 0;
}

/*
 * One kernel: the loader's edits, the fit, its reports and its changes. A
 * kernel with cwnd_event_tx_start keeps that slot; every kernel lacks
 * fit_nokernel (cleared, with fit_spare's autoload) and fit_knob (zero).
 */
static void fit_one(const char *label, const struct btf *k)
{
	struct bpf_object *obj = open_obj();
	ops_t *s = ops_of(obj);
	struct bpf_program *tx = prog(obj, "fit_tx_start");
	struct bpf_program *spare = prog(obj, "fit_spare");
	struct bpf_program *ssthresh = prog(obj, "ca_ssthresh");
	int tx_kept = has_member(k, "cwnd_event_tx_start");
	struct log l = {"", 0};
	char want[256];
	int err;

	edit(obj, s);
	err = fit_fit_ops_tcp_congestion_ops___fit__fit_kernel(s, k, record,
							       &l);
	snprintf(want, sizeof(want), "%sfit_nokernel:fit_spare:0;fit_knob:-:0;",
		 tx_kept ? "" : "cwnd_event_tx_start:fit_tx_start:0;");
	if (err)
		fail("%s: fit returned %d, want 0", label, err);
	if (strcmp(l.text, want))
		fail("%s: reported '%s', want '%s'", label, l.text, want);
	if (s->fit_nokernel || s->__slot_fit_nokernel)
		fail("%s: fit_nokernel not cleared", label);
	if (bpf_program__autoload(spare))
		fail("%s: fit_spare still autoloaded", label);
	if (tx_kept != (s->cwnd_event_tx_start == tx) ||
	    tx_kept != bpf_program__autoload(tx))
		fail("%s: cwnd_event_tx_start %s, autoload %d (kernel %s it)",
		     label, s->cwnd_event_tx_start ? "kept" : "cleared",
		     bpf_program__autoload(tx), tx_kept ? "has" : "lacks");
	if (s->ssthresh != ssthresh || !bpf_program__autoload(ssthresh) ||
	    strcmp(s->name, "stops_fit"))
		fail("%s: members the kernel has were changed", label);
	printf("ok: %s: %s -> %d\n", label, l.text, err);

	/* the same layout: the second map's function is the first's */
	memset(&l, 0, sizeof(l));
	err = fit_fit_ops2_tcp_congestion_ops___fit__fit_kernel(
		fit_fit_ops2_tcp_congestion_ops___fit__from_object(obj), k,
		record, &l);
	snprintf(want, sizeof(want), "%sfit_nokernel:-:0;fit_knob:-:0;",
		 tx_kept ? "" : "cwnd_event_tx_start:-:0;");
	if (err || strcmp(l.text, want))
		fail("%s: fit_ops2: %d '%s', want 0 '%s'", label, err, l.text,
		     want);
	bpf_object__close(obj);

	/* a knob the kernel lacks, set: nothing changes, EOPNOTSUPP */
	obj = open_obj();
	s = ops_of(obj);
	tx = prog(obj, "fit_tx_start");
	spare = prog(obj, "fit_spare");
	edit(obj, s);
	s->fit_knob = 7;
	memset(&l, 0, sizeof(l));
	err = fit_fit_ops_tcp_congestion_ops___fit__fit_kernel(s, k, record,
							       &l);
	snprintf(want, sizeof(want),
		 "%sfit_nokernel:fit_spare:0;fit_knob:-:%d;",
		 tx_kept ? "" : "cwnd_event_tx_start:fit_tx_start:0;",
		 -EOPNOTSUPP);
	if (err != -EOPNOTSUPP || strcmp(l.text, want))
		fail("%s: knob set: %d '%s', want %d '%s'", label, err, l.text,
		     -EOPNOTSUPP, want);
	if (s->fit_nokernel != spare || s->cwnd_event_tx_start != tx ||
	    !bpf_program__autoload(spare) || s->fit_knob != 7)
		fail("%s: knob set: the shadow changed on failure", label);
	else
		printf("ok: %s: knob set: %s -> %d\n", label, l.text, err);

	/* NULL report: the same verdict, silently */
	if (fit_fit_ops_tcp_congestion_ops___fit__fit_kernel(s, k, NULL,
							     NULL) !=
	    -EOPNOTSUPP)
		fail("%s: knob set, no report: not -EOPNOTSUPP", label);

	/* flags is 4 bytes in every kernel, 8 in fit_wide */
	{
		wide_t *w =
			fit_fit_wide_tcp_congestion_ops___wide__from_object(obj);

		memset(&l, 0, sizeof(l));
		err = fit_fit_wide_tcp_congestion_ops___wide__fit_kernel(
			w, k, record, &l);
		snprintf(want, sizeof(want), "flags:-:%d;", -EINVAL);
		if (err != -EINVAL || strcmp(l.text, want))
			fail("%s: fit_wide: %d '%s', want %d '%s'", label, err,
			     l.text, -EINVAL, want);
		else
			printf("ok: %s: fit_wide: %s -> %d\n", label, l.text,
			       err);
	}
	bpf_object__close(obj);
}

/* Kernels written here: what no saved kernel shows. */
static void fit_made(void)
{
	struct btf *k = btf__new_empty();
	struct bpf_object *obj = open_obj();
	ops_t *s = ops_of(obj);
	struct log l = {"", 0};
	int u32_id, err;

	edit(obj, s);
	/* no struct tcp_congestion_ops at all */
	u32_id = btf__add_int(k, "u32", 4, 0);
	err = fit_fit_ops_tcp_congestion_ops___fit__fit_kernel(s, k, record,
							       &l);
	if (err != -ENOENT || l.calls)
		fail("no type: %d, %d reports; want -ENOENT, none", err,
		     l.calls);
	/* the struct, but no bpf_struct_ops_tcp_congestion_ops: not ops */
	btf__add_struct(k, "tcp_congestion_ops", 8);
	btf__add_field(k, "flags", u32_id, 0, 0);
	btf__add_field(k, "fit_knob", u32_id, 32, 0);
	err = fit_fit_ops_tcp_congestion_ops___fit__fit_kernel(s, k, record,
							       &l);
	if (err != -ENOENT || l.calls)
		fail("no value type: %d, %d reports; want -ENOENT, none", err,
		     l.calls);
	btf__add_struct(k, "bpf_struct_ops_tcp_congestion_ops", 8);
	btf__add_field(k, "data", 2, 0, 0);
	/* a kernel with only flags and fit_knob: every slot can go, but the
	 * name is set and that kernel has none: -EOPNOTSUPP, s unchanged */
	err = fit_fit_ops_tcp_congestion_ops___fit__fit_kernel(s, k, record,
							       &l);
	if (err != -EOPNOTSUPP ||
	    strcmp(l.text, "ssthresh:ca_ssthresh:0;"
			   "cong_avoid:ca_cong_avoid:0;"
			   "cwnd_event_tx_start:fit_tx_start:0;"
			   "undo_cwnd:ca_undo_cwnd:0;"
			   "fit_nokernel:fit_spare:0;name:-:-95;") ||
	    !s->ssthresh || !s->fit_nokernel)
		fail("made kernel: %d '%s'", err, l.text);
	else
		printf("ok: made kernel: %s -> %d\n", l.text, err);
	/* without the name: every slot cleared, their programs off */
	memset(s->name, 0, sizeof(s->name));
	memset(&l, 0, sizeof(l));
	err = fit_fit_ops_tcp_congestion_ops___fit__fit_kernel(s, k, record,
							       &l);
	if (err || l.calls != 6 || s->ssthresh || s->cong_avoid ||
	    s->cwnd_event_tx_start || s->undo_cwnd || s->fit_nokernel ||
	    bpf_program__autoload(prog(obj, "ca_ssthresh")) ||
	    bpf_program__autoload(prog(obj, "fit_spare")))
		fail("made kernel, no name: %d '%s'", err, l.text);
	else
		printf("ok: made kernel, no name: %s -> %d\n", l.text, err);
	btf__free(k);
	bpf_object__close(obj);
}

/*
 * BTF whose header length is no multiple of 4 (issue 33): libbpf parses
 * it, the kernel would not, and its types sit at odd addresses. Fit must
 * refuse it and leave the table alone.
 */
static void fit_misaligned(const struct btf *host)
{
	struct bpf_object *obj;
	const unsigned char *raw;
	unsigned char *bad, before[sizeof(ops_t)];
	__u32 size = 0, hdr_len;
	struct btf *k;
	ops_t *s;
	int err;

	raw = btf__raw_data(host, &size);
	bad = raw ? malloc((size_t)size + 1) : NULL;
	if (!bad) {
		fail("misaligned: no raw BTF to derive from");
		return;
	}
	memcpy(&hdr_len, raw + 4, sizeof(hdr_len));
	memcpy(bad, raw, hdr_len);
	bad[hdr_len] = 0; /* one byte more of header: types at an odd offset */
	memcpy(bad + hdr_len + 1, raw + hdr_len, size - hdr_len);
	hdr_len++;
	memcpy(bad + 4, &hdr_len, sizeof(hdr_len));
	k = btf__new(bad, size + 1);
	free(bad);
	if (!k) {
		printf("note: misaligned: this libbpf refuses the BTF itself\n");
		return;
	}
	obj = open_obj();
	s = ops_of(obj);
	edit(obj, s);
	memcpy(before, s, sizeof(before));
	err = fit_fit_ops_tcp_congestion_ops___fit__fit_kernel(s, k, NULL,
								   NULL);
	if (err != -EINVAL)
		fail("misaligned: fit returned %d, want -EINVAL", err);
	if (memcmp(before, s, sizeof(before)))
		fail("misaligned: fit changed the table");
	bpf_object__close(obj);
	btf__free(k);
	printf("ok: misaligned kernel BTF refused\n");
}

static int privileged(void)
{
	unsigned long long caps = 0;
	char line[256];
	FILE *f = fopen("/proc/self/status", "r");

	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "CapEff: %llx", &caps) == 1)
			break;
	fclose(f);
	return !!(caps & (1ULL << CAP_BPF | 1ULL << CAP_SYS_ADMIN));
}

static struct bpf_link *attach(struct bpf_map *map)
{
	struct timespec ts = {0, 250 * 1000 * 1000};
	struct bpf_link *link = NULL;

	for (int i = 0; i < 20; i++) {
		link = bpf_map__attach_struct_ops(map);
		if (link || errno != EEXIST)
			break;
		nanosleep(&ts, NULL);
	}
	return link;
}

/* Whether congestion control name is registered. */
static int cc_listed(const char *name)
{
	char buf[4096], *tok, *save = NULL;
	FILE *f = fopen("/proc/sys/net/ipv4/tcp_available_congestion_control",
			"r");
	size_t n;

	if (!f)
		return 0;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = 0;
	for (tok = strtok_r(buf, " \n", &save); tok;
	     tok = strtok_r(NULL, " \n", &save))
		if (!strcmp(tok, name))
			return 1;
	return 0;
}

/* Only fit_ops is created: the other two maps are for the fit only. */
static void only_fit_ops(struct bpf_object *obj)
{
	bpf_map__set_autocreate(
		bpf_object__find_map_by_name(obj, "fit_ops2"), false);
	bpf_map__set_autocreate(
		bpf_object__find_map_by_name(obj, "fit_wide"), false);
}

/* The running kernel: the fit is what makes the load work. */
static int fit_running(void)
{
	struct bpf_object *obj;
	struct bpf_link *link;
	struct bpf_map *map;
	struct log l = {"", 0};
	struct btf *vmlinux;
	char want[256];
	ops_t *s;
	int err;

	if (!privileged()) {
		printf("skip: the running kernel's part needs CAP_BPF or root (CapEff has neither)\n");
		return 77;
	}
	/* control: the same edits, no fit: libbpf refuses the slot */
	obj = open_obj();
	s = ops_of(obj);
	edit(obj, s);
	only_fit_ops(obj);
	err = bpf_object__load(obj);
	bpf_object__close(obj);
	if (err == -EPERM) {
		printf("skip: the kernel refused with EPERM\n");
		return 77;
	}
	if (err != -EOPNOTSUPP)
		fail("running kernel, no fit: load returned %d, want %d", err,
		     -EOPNOTSUPP);
	else
		printf("ok: running kernel, no fit: load refused (%d)\n", err);

	obj = open_obj();
	s = ops_of(obj);
	edit(obj, s);
	only_fit_ops(obj);
	err = fit_fit_ops_tcp_congestion_ops___fit__fit_kernel(s, NULL, record,
							       &l);
	vmlinux = btf__load_vmlinux_btf();
	snprintf(want, sizeof(want), "%sfit_nokernel:fit_spare:0;fit_knob:-:0;",
		 vmlinux && has_member(vmlinux, "cwnd_event_tx_start")
			 ? ""
			 : "cwnd_event_tx_start:fit_tx_start:0;");
	btf__free(vmlinux);
	if (err || strcmp(l.text, want))
		fail("running kernel: fit: %d '%s', want 0 '%s'", err, l.text,
		     want);
	else
		printf("ok: running kernel: fit: %s -> %d\n", l.text, err);
	err = bpf_object__load(obj);
	if (err) {
		fail("running kernel: load after the fit: %d", err);
		bpf_object__close(obj);
		return 1;
	}
	map = bpf_object__find_map_by_name(obj, "fit_ops");
	link = attach(map);
	if (!link)
		fail("running kernel: attach: %s", strerror(errno));
	else if (!cc_listed("stops_fit"))
		fail("running kernel: attached, but stops_fit is not listed");
	else
		printf("ok: running kernel: loaded and attached (stops_fit listed)\n");
	if (bpf_program__fd(prog(obj, "fit_tx_start")) >= 0 ||
	    bpf_program__fd(prog(obj, "fit_spare")) >= 0 ||
	    bpf_program__fd(prog(obj, "ca_ssthresh")) < 0)
		fail("running kernel: cleared programs loaded, or a kept one not");
	bpf_link__destroy(link);

	/* 13.6: after the load, the shadow is libbpf's no more */
	errno = 0;
	if (fit_fit_ops_tcp_congestion_ops___fit__from_object(obj) ||
	    errno != EBUSY)
		fail("after load: from_object: errno %d, want EBUSY", errno);
	/* a map not created: libbpf ignores its buffer all the same */
	errno = 0;
	if (fit_fit_wide_tcp_congestion_ops___wide__from_object(obj) ||
	    errno != EBUSY)
		fail("after load: uncreated map: errno %d, want EBUSY", errno);
	errno = 0;
	if (fit_fit_ops_tcp_congestion_ops___fit__from_object(NULL) ||
	    errno != ENOENT)
		fail("no object: errno %d, want ENOENT", errno);
	if (!failed)
		printf("ok: after load: the accessors say EBUSY\n");
	bpf_object__close(obj);
	return 0;
}

/* Saved kernels' BTF: $STOPS_KERNELS_DIR or ~/.cache/stops-shadow/kernels. */
static int fit_saved(void)
{
	static const char *const series[] = {"6.1", "6.12", "7.2"};
	const char *dir = getenv("STOPS_KERNELS_DIR");
	const char *home = getenv("HOME");
	int missing = 0;
	char path[4096];

	for (size_t i = 0; i < sizeof(series) / sizeof(series[0]); i++) {
		struct btf *k;

		if (dir && *dir)
			snprintf(path, sizeof(path), "%s/%s/vmlinux.btf", dir,
				 series[i]);
		else
			snprintf(path, sizeof(path),
				 "%s/.cache/stops-shadow/kernels/%s/vmlinux.btf",
				 home ? home : "", series[i]);
		k = btf__parse(path, NULL);
		if (!k) {
			printf("note: %s: %s (tests/vm fetches the saved kernels)\n",
			       path, strerror(errno));
			missing++;
			continue;
		}
		fit_one(series[i], k);
		btf__free(k);
	}
	return missing;
}

int main(int argc, char **argv)
{
	struct btf *host;
	int missing, ret;

	if (argc != 2) {
		fprintf(stderr, "usage: fit_test OBJ\n");
		return 2;
	}
	obj_path = argv[1];
	libbpf_set_print(libbpf_quiet);
	missing = fit_saved();
	/* the running kernel's BTF as a file, whoever runs the test */
	host = btf__parse("/sys/kernel/btf/vmlinux", NULL);
	if (host) {
		fit_one("host", host);
		fit_misaligned(host);
	}
	else
		printf("note: /sys/kernel/btf/vmlinux: %s\n", strerror(errno));
	btf__free(host);
	fit_made();
	ret = fit_running();
	if (failed)
		return 1;
	if (!ret && missing) {
		printf("skip: %d saved kernel BTF(s) missing (everything else passed)\n",
		       missing);
		return 77;
	}
	return ret;
}
