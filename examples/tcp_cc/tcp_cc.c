// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* tcp_cc: loads tcp_cc.bpf.o with its ops table edited through the shadow type. */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "tcp_cc.h"
#include "tcp_cc.shadow.h"

/*
 * Built with the rules' embed option (TCP_CC_BPF_EMBEDDED), the header
 * carries the object and the loader needs no file: one binary to ship.
 */
#ifdef TCP_CC_BPF_EMBEDDED
#undef TCP_CC_BPF_OBJECT
#define TCP_CC_BPF_OBJECT "embedded tcp_cc.bpf.o"
#elif !defined(TCP_CC_BPF_OBJECT)
#define TCP_CC_BPF_OBJECT "tcp_cc.bpf.o"
#endif

/* include/net/tcp.h: the only flag a BPF congestion control usually sets. */
#define SS_TCP_CONG_NON_RESTRICTED 0x1

#define AVAILABLE "/proc/sys/net/ipv4/tcp_available_congestion_control"
#define ALLOWED "/proc/sys/net/ipv4/tcp_allowed_congestion_control"

typedef struct tcp_cc_shadow_cc_tcp_congestion_ops shadow_t;

struct opts {
	const char *obj_path;
	bool embedded; /* open the header's copy of the object, not obj_path */
	char name[64];
	unsigned long flags;
	unsigned long key; /* the kernel computes key itself: nonzero is refused */
	bool keep_slots; /* leave init and release as compiled */
	const char *clear[8]; /* slots to empty */
	int nr_clear;
	size_t bytes;	/* sent over the loopback connection */
	bool verbose;	/* libbpf debug output */
	unsigned long hold_ms; /* wait while registered (tests kill it there) */
};

/* Everything that must be undone, whatever happened. */
struct state {
	struct bpf_object *obj;
	struct bpf_link *link;
	int lfd, cfd, afd;
	bool attached; /* the name was registered at some point */
};

static bool verbose;

static int print_libbpf(enum libbpf_print_level level, const char *fmt,
			va_list ap)
{
	if (level == LIBBPF_DEBUG && !verbose)
		return 0;
	fputs("  ", stderr);
	return vfprintf(stderr, fmt, ap);
}

static void usage(FILE *f)
{
	fprintf(f,
		"usage: tcp_cc [--name NAME] [--flags N] [--key N] [--keep-slots]\n"
		"              [--clear SLOT]... [--bytes N] [--hold MS] [-v] [OBJ.bpf.o]\n"
		"  Loads OBJ (default " TCP_CC_BPF_OBJECT ") as TCP congestion control NAME\n"
		"  (default ss_cc_<pid>, flags default 0x1), with the init slot swapped to\n"
		"  init_alt and the release slot emptied unless --keep-slots, and SLOT\n"
		"  (init, release, ssthresh, undo_cwnd, cong_avoid) emptied for each --clear;\n"
		"  runs a loopback connection on it, reports the counters, and unregisters it.\n"
		"  Exit 0 ok, 1 failure (the congestion control is unregistered either way).\n");
}

static int parse_opts(int argc, char **argv, struct opts *o)
{
	static const struct option lopts[] = {
		{ "name", required_argument, NULL, 'n' },
		{ "flags", required_argument, NULL, 'f' },
		{ "key", required_argument, NULL, 'K' },
		{ "keep-slots", no_argument, NULL, 'k' },
		{ "clear", required_argument, NULL, 'c' },
		{ "bytes", required_argument, NULL, 'b' },
		{ "hold", required_argument, NULL, 'H' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	char *end;
	int c;

	memset(o, 0, sizeof(*o));
	o->obj_path = TCP_CC_BPF_OBJECT;
#ifdef TCP_CC_BPF_EMBEDDED
	o->embedded = true;
#endif
	o->flags = SS_TCP_CONG_NON_RESTRICTED;
	o->bytes = 4 << 20;
	/* tcp_congestion_ops.name is char[16]: at most 15 characters. */
	snprintf(o->name, sizeof(o->name), "ss_cc_%ld", (long)getpid());
	o->name[15] = '\0';

	while ((c = getopt_long(argc, argv, "n:f:K:kc:b:H:vh", lopts, NULL)) != -1) {
		switch (c) {
		case 'n':
			if (strlen(optarg) >= sizeof(o->name)) {
				fprintf(stderr, "tcp_cc: --name too long\n");
				return -1;
			}
			strcpy(o->name, optarg);
			break;
		case 'f':
			errno = 0;
			o->flags = strtoul(optarg, &end, 0);
			if (errno || *end || o->flags > UINT_MAX) {
				fprintf(stderr, "tcp_cc: bad --flags '%s'\n", optarg);
				return -1;
			}
			break;
		case 'K':
			errno = 0;
			o->key = strtoul(optarg, &end, 0);
			if (errno || *end || o->key > UINT_MAX) {
				fprintf(stderr, "tcp_cc: bad --key '%s'\n", optarg);
				return -1;
			}
			break;
		case 'k':
			o->keep_slots = true;
			break;
		case 'c':
			if (o->nr_clear == (int)(sizeof(o->clear) / sizeof(o->clear[0]))) {
				fprintf(stderr, "tcp_cc: too many --clear\n");
				return -1;
			}
			o->clear[o->nr_clear++] = optarg;
			break;
		case 'b':
			errno = 0;
			o->bytes = strtoul(optarg, &end, 0);
			if (errno || *end) {
				fprintf(stderr, "tcp_cc: bad --bytes '%s'\n", optarg);
				return -1;
			}
			break;
		case 'H':
			errno = 0;
			o->hold_ms = strtoul(optarg, &end, 0);
			if (errno || *end) {
				fprintf(stderr, "tcp_cc: bad --hold '%s'\n", optarg);
				return -1;
			}
			break;
		case 'v':
			o->verbose = true;
			break;
		case 'h':
			usage(stdout);
			exit(0);
		default:
			usage(stderr);
			return -1;
		}
	}
	if (optind < argc) {
		o->obj_path = argv[optind++];
		o->embedded = false;
	}
	if (optind < argc) {
		usage(stderr);
		return -1;
	}
	return 0;
}

/* Whether word appears in a space-separated /proc list; -1 on error. */
static int proc_list_has(const char *path, const char *word)
{
	char buf[4096], *tok, *save;
	FILE *f = fopen(path, "r");
	size_t n;

	if (!f)
		return -1;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	for (tok = strtok_r(buf, " \n", &save); tok;
	     tok = strtok_r(NULL, " \n", &save))
		if (!strcmp(tok, word))
			return 1;
	return 0;
}

/* Unregistration is synchronous; allow the list a moment all the same. */
static int wait_listed(const char *name, int want)
{
	int i, r = -1;

	for (i = 0; i < 100; i++) {
		r = proc_list_has(AVAILABLE, name);
		if (r == want || r < 0)
			return r;
		usleep(10000);
	}
	return r;
}

static const char *prog_name(const struct bpf_program *p)
{
	return p ? bpf_program__name(p) : "NULL";
}

static void print_value(const char *what, const shadow_t *s)
{
	printf("  %-9s name \"%.*s\" flags %#x%s\n", what, (int)sizeof(s->name),
	       s->name, s->flags, s->key ? " key set" : "");
	printf("  %-9s init=%s release=%s ssthresh=%s undo_cwnd=%s cong_avoid=%s\n",
	       "", prog_name(s->init), prog_name(s->release),
	       prog_name(s->ssthresh), prog_name(s->undo_cwnd),
	       prog_name(s->cong_avoid));
}

/* The slot named slot in the shadow struct, NULL if there is none. */
static struct bpf_program **slot_of(shadow_t *s, const char *slot)
{
	if (!strcmp(slot, "init"))
		return &s->init;
	if (!strcmp(slot, "release"))
		return &s->release;
	if (!strcmp(slot, "ssthresh"))
		return &s->ssthresh;
	if (!strcmp(slot, "undo_cwnd"))
		return &s->undo_cwnd;
	if (!strcmp(slot, "cong_avoid"))
		return &s->cong_avoid;
	return NULL;
}

/* Empties a slot; its program, if in no other slot, is not loaded. */
static int clear_slot(struct bpf_object *obj, shadow_t *s, const char *slot)
{
	struct bpf_program **p = slot_of(s, slot), *prog;

	if (!p) {
		fprintf(stderr, "tcp_cc: error: no slot '%s' (init, release, ssthresh, undo_cwnd, cong_avoid)\n",
			slot);
		return -1;
	}
	*p = NULL;
	bpf_object__for_each_program(prog, obj) {
		const char *slots[] = { "init", "release", "ssthresh",
					"undo_cwnd", "cong_avoid" };
		bool used = false;
		size_t i;

		for (i = 0; i < sizeof(slots) / sizeof(slots[0]); i++)
			used |= *slot_of(s, slots[i]) == prog;
		if (!used)
			bpf_program__set_autoload(prog, false);
	}
	return 0;
}

static int read_counters(struct bpf_object *obj, struct tcp_cc_counters *c)
{
	unsigned char buf[256];
	struct bpf_map *map;
	int zero = 0;

	bpf_object__for_each_map(map, obj) {
		const char *n = bpf_map__name(map);
		size_t len = strlen(n);

		if (len < 4 || strcmp(n + len - 4, ".bss"))
			continue;
		if (bpf_map__value_size(map) < sizeof(*c) ||
		    bpf_map__value_size(map) > sizeof(buf)) {
			fprintf(stderr, "tcp_cc: error: .bss is %u bytes, expected %zu\n",
				bpf_map__value_size(map), sizeof(*c));
			return -1;
		}
		if (bpf_map_lookup_elem(bpf_map__fd(map), &zero, buf)) {
			fprintf(stderr, "tcp_cc: error: reading .bss: %s\n",
				strerror(errno));
			return -1;
		}
		memcpy(c, buf, sizeof(*c));
		return 0;
	}
	fprintf(stderr, "tcp_cc: error: no .bss map in the object\n");
	return -1;
}

/* A loopback connection on congestion control name; bytes sent client->server. */
static int run_connection(struct state *st, const char *name, size_t bytes)
{
	struct sockaddr_in addr = { .sin_family = AF_INET };
	socklen_t alen = sizeof(addr);
	char got[16] = "";
	socklen_t glen = sizeof(got);
	static char buf[65536], rbuf[65536];
	size_t sent = 0, recvd = 0;
	int one = 1;

	addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	st->lfd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (st->lfd < 0 || bind(st->lfd, (void *)&addr, sizeof(addr)) ||
	    listen(st->lfd, 1) ||
	    getsockname(st->lfd, (void *)&addr, &alen)) {
		fprintf(stderr, "tcp_cc: error: listen on 127.0.0.1: %s\n",
			strerror(errno));
		return -1;
	}
	st->cfd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (st->cfd < 0) {
		fprintf(stderr, "tcp_cc: error: socket: %s\n", strerror(errno));
		return -1;
	}
	if (setsockopt(st->cfd, IPPROTO_TCP, TCP_CONGESTION, name,
		       strlen(name))) {
		fprintf(stderr, "tcp_cc: error: setsockopt(TCP_CONGESTION, \"%s\"): %s\n",
			name, strerror(errno));
		return -1;
	}
	setsockopt(st->cfd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
	if (connect(st->cfd, (void *)&addr, sizeof(addr))) {
		fprintf(stderr, "tcp_cc: error: connect: %s\n", strerror(errno));
		return -1;
	}
	st->afd = accept4(st->lfd, NULL, NULL, SOCK_CLOEXEC);
	if (st->afd < 0) {
		fprintf(stderr, "tcp_cc: error: accept: %s\n", strerror(errno));
		return -1;
	}
	if (getsockopt(st->cfd, IPPROTO_TCP, TCP_CONGESTION, got, &glen) ||
	    strncmp(got, name, sizeof(got))) {
		fprintf(stderr, "tcp_cc: error: socket uses \"%.16s\", not \"%s\"\n",
			got, name);
		return -1;
	}
	memset(buf, 'x', sizeof(buf));
	/* One thread, both ends: poll so neither blocks on a full buffer. */
	while (recvd < bytes) {
		struct pollfd p[2] = {
			{ .fd = st->cfd, .events = sent < bytes ? POLLOUT : 0 },
			{ .fd = st->afd, .events = POLLIN },
		};
		int n = poll(p, 2, 10000);
		ssize_t r;

		if (n <= 0) {
			fprintf(stderr, "tcp_cc: error: connection stalled: %s\n",
				n ? strerror(errno) : "nothing for 10 s");
			return -1;
		}
		if (p[0].revents & POLLOUT) {
			size_t len = bytes - sent < sizeof(buf) ? bytes - sent
								: sizeof(buf);

			r = send(st->cfd, buf, len, MSG_DONTWAIT);
			if (r < 0 && errno != EAGAIN) {
				fprintf(stderr, "tcp_cc: error: send: %s\n",
					strerror(errno));
				return -1;
			}
			if (r > 0)
				sent += r;
		}
		if (p[1].revents) {
			r = recv(st->afd, rbuf, sizeof(rbuf), MSG_DONTWAIT);
			if (r == 0 || (r < 0 && errno != EAGAIN)) {
				fprintf(stderr, "tcp_cc: error: recv: %s\n",
					r ? strerror(errno) : "connection closed");
				return -1;
			}
			if (r > 0)
				recvd += r;
		}
	}
	printf("  connection 127.0.0.1:%u on \"%s\": sent and received %zu bytes\n",
	       ntohs(addr.sin_port), got, recvd);
	return 0;
}

static void close_fd(int *fd)
{
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
}

static const char *hint(int err)
{
	switch (err) {
	case EINVAL:
		return " (the kernel rejected the ops table: the name must be 1-15 "
		       "characters of [A-Za-z0-9_.], the flags within TCP_CONG_MASK, "
		       "ssthresh, undo_cwnd and cong_avoid or cong_control set, "
		       "and members the kernel does not copy, like key, zero)";
	case EEXIST:
		return " (a congestion control of that name is already registered)";
	case EPERM:
		return " (needs CAP_BPF and CAP_NET_ADMIN)";
	default:
		return "";
	}
}

/* Each program ran if and only if its slot held it. */
static int check_counters(const shadow_t *s, const struct tcp_cc_counters *c)
{
	const char *init = s->init ? bpf_program__name(s->init) : NULL;
	bool ok = true;

	if (init && !strcmp(init, "init_alt"))
		ok &= c->init_alt >= 1 && c->init == 0;
	else if (init && !strcmp(init, "cc_init"))
		ok &= c->init >= 1 && c->init_alt == 0;
	else
		ok &= c->init == 0 && c->init_alt == 0;
	ok &= s->release ? c->release >= 1 : c->release == 0;
	if (!ok) {
		fprintf(stderr, "tcp_cc: error: counters do not match the slots loaded\n");
		return -1;
	}
	printf("  result    %s ran in the init slot; release %s\n",
	       init ? init : "nothing",
	       s->release ? "ran on leaving the congestion control"
			  : "was emptied and did not run");
	return 0;
}

static int run(const struct opts *o, struct state *st)
{
	struct bpf_program *cc_init, *init_alt, *cc_release;
	struct tcp_cc_counters c;
	shadow_t *s;
	size_t len = strlen(o->name);
	int err;

#ifdef TCP_CC_BPF_EMBEDDED
	if (o->embedded)
		st->obj = tcp_cc__open_embedded(NULL);
	else
#endif
		st->obj = bpf_object__open_file(o->obj_path, NULL);
	if (!st->obj) {
		fprintf(stderr, "tcp_cc: error: opening %s: %s\n", o->obj_path,
			strerror(errno));
		return -1;
	}
	s = tcp_cc_shadow_cc_tcp_congestion_ops__from_object(st->obj);
	if (!s) {
		fprintf(stderr, "tcp_cc: error: %s: %s\n", o->obj_path,
			errno == ENOENT ? "no struct_ops map shadow_cc"
					: "map shadow_cc differs from the shadow type (header from another object?)");
		return -1;
	}
	cc_init = bpf_object__find_program_by_name(st->obj, "cc_init");
	init_alt = bpf_object__find_program_by_name(st->obj, "init_alt");
	cc_release = bpf_object__find_program_by_name(st->obj, "cc_release");
	if (!cc_init || !init_alt || !cc_release) {
		fprintf(stderr, "tcp_cc: error: %s lacks cc_init, init_alt or cc_release\n",
			o->obj_path);
		return -1;
	}
	printf("tcp_cc: %s, map shadow_cc (%zu-byte shadow struct)\n",
	       o->obj_path, sizeof(*s));
	print_value("compiled", s);

	/* The edits: all through the shadow type, before load. */
	if (len > sizeof(s->name)) {
		fprintf(stderr, "tcp_cc: error: name \"%s\" is %zu bytes; the name field holds %zu\n",
			o->name, len, sizeof(s->name));
		return -1;
	}
	memset(s->name, 0, sizeof(s->name));
	memcpy(s->name, o->name, len); /* 16 bytes: no NUL, the kernel decides */
	s->flags = (unsigned int)o->flags;
	s->key = (unsigned int)o->key;
	if (!o->keep_slots) {
		s->init = init_alt;
		bpf_program__set_autoload(cc_init, false);
		s->release = NULL;
		bpf_program__set_autoload(cc_release, false);
	} else {
		/* libbpf 1.4 refuses to load a struct_ops program in no slot. */
		bpf_program__set_autoload(init_alt, false);
	}
	for (int i = 0; i < o->nr_clear; i++)
		if (clear_slot(st->obj, s, o->clear[i]))
			return -1;
	print_value("to load", s);

	err = bpf_object__load(st->obj);
	if (err) {
		fprintf(stderr, "tcp_cc: error: loading %s: %s (libbpf said why above)\n",
			o->obj_path, strerror(-err));
		return -1;
	}
	st->link = bpf_map__attach_struct_ops(
		bpf_object__find_map_by_name(st->obj, "shadow_cc"));
	if (!st->link) {
		err = errno;
		fprintf(stderr, "tcp_cc: error: registering \"%s\" (flags %#lx): %s%s\n",
			o->name, o->flags, strerror(err), hint(err));
		st->link = NULL;
		return -1;
	}
	st->attached = true;
	if (wait_listed(o->name, 1) != 1) {
		fprintf(stderr, "tcp_cc: error: \"%s\" not in %s after attach\n",
			o->name, AVAILABLE);
		return -1;
	}
	printf("  kernel    registered \"%s\": listed in tcp_available_congestion_control%s\n",
	       o->name,
	       proc_list_has(ALLOWED, o->name) == 1 ? " and tcp_allowed_congestion_control"
						    : "");

	if (o->hold_ms) {
		printf("  holding   %lu ms\n", o->hold_ms);
		usleep(o->hold_ms * 1000);
	}
	if (run_connection(st, o->name, o->bytes))
		return -1;
	/* Leaving a congestion control calls its release, if it has one. */
	if (setsockopt(st->cfd, IPPROTO_TCP, TCP_CONGESTION, "reno", 4)) {
		fprintf(stderr, "tcp_cc: error: setsockopt(TCP_CONGESTION, \"reno\"): %s\n",
			strerror(errno));
		return -1;
	}
	close_fd(&st->cfd);
	close_fd(&st->afd);
	close_fd(&st->lfd);

	if (read_counters(st->obj, &c))
		return -1;
	printf("  counters  init_alt=%llu cc_init=%llu release=%llu cong_avoid=%llu ssthresh=%llu undo_cwnd=%llu\n",
	       c.init_alt, c.init, c.release, c.cong_avoid, c.ssthresh,
	       c.undo_cwnd);

	bpf_link__destroy(st->link);
	st->link = NULL;
	if (wait_listed(o->name, 0) != 0) {
		fprintf(stderr, "tcp_cc: error: \"%s\" still listed after detach\n",
			o->name);
		return -1;
	}
	printf("  detached  \"%s\" no longer listed\n", o->name);

	return check_counters(s, &c);
}

int main(int argc, char **argv)
{
	struct state st = { .lfd = -1, .cfd = -1, .afd = -1 };
	struct opts o;
	int ret;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (parse_opts(argc, argv, &o))
		return 1;
	verbose = o.verbose;
	libbpf_set_print(print_libbpf);

	ret = run(&o, &st);

	/* Never leave a congestion control registered. */
	close_fd(&st.cfd);
	close_fd(&st.afd);
	close_fd(&st.lfd);
	bpf_link__destroy(st.link);
	bpf_object__close(st.obj);
	if (st.attached && wait_listed(o.name, 0) != 0) {
		fprintf(stderr, "tcp_cc: error: \"%s\" still registered at exit\n",
			o.name);
		ret = -1;
	}
	printf("tcp_cc: %s\n", ret ? "FAILED" : "ok");
	return ret ? 1 : 0;
}
