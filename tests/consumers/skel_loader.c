// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * skel_loader NAME: tcp_cc through bpftool's skeleton and the shadow header
 * together. The shadow accessor works on skel->maps.shadow_cc (the very
 * buffer of skel->struct_ops.shadow_cc); the edits made through it (name,
 * flags, init slot swapped to init_alt, release emptied) are what the
 * kernel registers and runs: a loopback connection runs init_alt, never
 * cc_init or cc_release. Exit 0 ok, 1 failure. Also valid C++ (bpftool's
 * skeletons are), so the pair is built as both.
 */
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "tcp_cc.h"
/* The skeleton first: it keeps its own tcp_cc__shadow_cc__... type. */
#include "tcp_cc.skel.h"
#include "tcp_cc.shadow.h"

#define FAIL(...) (fprintf(stderr, "FAIL: " __VA_ARGS__), 1)

/* One loopback connection on congestion control name. */
static int connect_with(const char *name)
{
	struct sockaddr_in a;
	socklen_t alen = sizeof(a);
	int l, c = -1, s = -1, ret = -1;
	char byte = 'x';

	memset(&a, 0, sizeof(a));
	a.sin_family = AF_INET;
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	l = socket(AF_INET, SOCK_STREAM, 0);
	if (l < 0 || bind(l, (struct sockaddr *)&a, sizeof(a)) ||
	    listen(l, 1) || getsockname(l, (struct sockaddr *)&a, &alen))
		goto out;
	c = socket(AF_INET, SOCK_STREAM, 0);
	if (c < 0 ||
	    setsockopt(c, IPPROTO_TCP, TCP_CONGESTION, name, strlen(name)) ||
	    connect(c, (struct sockaddr *)&a, sizeof(a)))
		goto out;
	s = accept(l, NULL, NULL);
	if (s >= 0 && write(c, &byte, 1) == 1 && read(s, &byte, 1) == 1)
		ret = 0;
out:
	if (ret)
		perror("skel_loader: connection");
	if (s >= 0)
		close(s);
	if (c >= 0)
		close(c);
	if (l >= 0)
		close(l);
	return ret;
}

/* Whether a socket can use congestion control name: it is registered. */
static bool registered(const char *name)
{
	int fd = socket(AF_INET, SOCK_STREAM, 0);
	bool ok = fd >= 0 && !setsockopt(fd, IPPROTO_TCP, TCP_CONGESTION, name,
					 strlen(name));

	if (fd >= 0)
		close(fd);
	return ok;
}

static int run(struct tcp_cc *skel, const char *name)
{
	struct tcp_cc_shadow_cc_tcp_congestion_ops *s;
	struct bpf_link *link;
	int err;

	s = tcp_cc_shadow_cc_tcp_congestion_ops__from_skel(skel);
	if (!s)
		return FAIL("shadow accessor on the skeleton: %s\n",
			    strerror(errno));
	if ((void *)s != (void *)skel->struct_ops.shadow_cc)
		return FAIL(
			"the shadow is not the skeleton's struct_ops buffer\n");
	if (s->init != skel->progs.cc_init ||
	    s->release != skel->progs.cc_release || strcmp(s->name, "ss_demo"))
		return FAIL("the shadow does not show the compiled table\n");
	printf("shadow on skel->maps.shadow_cc: name \"%s\", init %s\n",
	       s->name, bpf_program__name(s->init));

	memset(s->name, 0, sizeof(s->name));
	strncpy(s->name, name, sizeof(s->name) - 1);
	s->flags = 1; /* TCP_CONG_NON_RESTRICTED */
	s->init = skel->progs.init_alt;
	s->release = NULL;
	bpf_program__set_autoload(skel->progs.cc_init, false);
	bpf_program__set_autoload(skel->progs.cc_release, false);

	err = tcp_cc__load(skel);
	if (err)
		return FAIL("tcp_cc__load: %s\n", strerror(-err));
	err = tcp_cc__attach(skel);
	if (err)
		return FAIL("tcp_cc__attach: %s\n", strerror(-err));
#if LIBBPF_MAJOR_VERSION == 1 && LIBBPF_MINOR_VERSION < 5
	/*
	 * libbpf 1.4: tcp_cc__attach() attaches no struct_ops map (1.5 does,
	 * through the map->link lines 1.4 cannot compile): the loader does.
	 */
	if (registered(name))
		return FAIL("tcp_cc__attach() registered \"%s\" on libbpf 1.4\n",
			    name);
	link = bpf_map__attach_struct_ops(skel->maps.shadow_cc);
	if (!link)
		return FAIL("attaching shadow_cc as \"%s\": %s\n", name,
			    strerror(errno));
	printf("tcp_cc__attach() left shadow_cc to the loader (libbpf 1.4)\n");
#else
	/* skel->links.shadow_cc: tcp_cc__destroy() detaches it */
	link = NULL;
	if (!skel->links.shadow_cc || !registered(name))
		return FAIL("tcp_cc__attach() did not register \"%s\"\n", name);
#endif
	err = connect_with(name);
	bpf_link__destroy(link);
	if (err)
		return 1;
	printf("counters: init_alt=%llu cc_init=%llu release=%llu\n",
	       skel->bss->counters.init_alt, skel->bss->counters.init,
	       skel->bss->counters.release);
	if (skel->bss->counters.init_alt < 1 || skel->bss->counters.init ||
	    skel->bss->counters.release)
		return FAIL(
			"the kernel did not run the table edited through the shadow\n");
	return 0;
}

int main(int argc, char **argv)
{
	struct tcp_cc *skel;
	int ret;

	if (argc != 2)
		return FAIL("usage: skel_loader NAME\n");
	skel = tcp_cc__open();
	if (!skel)
		return FAIL("tcp_cc__open: %s\n", strerror(errno));
	ret = run(skel, argv[1]);
	tcp_cc__destroy(skel);
	if (!ret)
		printf("ok\n");
	return ret;
}
