// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * cxx_loader --name NAME: a C++ loader of tcp_cc on its shadow header (built with
 * the object embedded). Through the shadow type it renames the table, sets
 * its flags, swaps init for init_alt and empties release; the kernel then
 * runs init_alt on a loopback connection, never cc_init or cc_release.
 * Built as C++11..C++20 with -Wall -Wextra -Werror -pedantic.
 * Exit 0 ok, 1 failure.
 */
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "tcp_cc.h"
#include "tcp_cc.shadow.h"

namespace {

using shadow_t = tcp_cc_shadow_cc_tcp_congestion_ops;

static_assert(sizeof(shadow_t) == 192, "the shadow of tcp_congestion_ops");

int fail(const std::string &what)
{
	std::fprintf(stderr, "FAIL: %s\n", what.c_str());
	return 1;
}

/* Closes a file descriptor on every way out. */
struct fd {
	int n;
	explicit fd(int v) : n(v) {}
	~fd()
	{
		if (n >= 0)
			close(n);
	}
	fd(const fd &) = delete;
	fd &operator=(const fd &) = delete;
};

bool connect_with(const std::string &name)
{
	sockaddr_in a{};
	socklen_t alen = sizeof(a);
	char byte = 'x';

	a.sin_family = AF_INET;
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	fd l(socket(AF_INET, SOCK_STREAM, 0));
	if (l.n < 0 || bind(l.n, reinterpret_cast<sockaddr *>(&a), sizeof(a)) ||
	    listen(l.n, 1) ||
	    getsockname(l.n, reinterpret_cast<sockaddr *>(&a), &alen))
		return false;
	fd c(socket(AF_INET, SOCK_STREAM, 0));
	if (c.n < 0 ||
	    setsockopt(c.n, IPPROTO_TCP, TCP_CONGESTION, name.c_str(),
		       static_cast<socklen_t>(name.size())) ||
	    connect(c.n, reinterpret_cast<sockaddr *>(&a), sizeof(a)))
		return false;
	fd s(accept(l.n, nullptr, nullptr));
	return s.n >= 0 && write(c.n, &byte, 1) == 1 && read(s.n, &byte, 1) == 1;
}

bool read_counters(bpf_object *obj, tcp_cc_counters *c)
{
	bpf_map *map;
	int zero = 0;

	bpf_object__for_each_map(map, obj) {
		std::string n = bpf_map__name(map);

		if (n.size() >= 4 && n.compare(n.size() - 4, 4, ".bss") == 0 &&
		    bpf_map__value_size(map) == sizeof(*c))
			return !bpf_map_lookup_elem(bpf_map__fd(map), &zero, c);
	}
	return false;
}

int run(bpf_object *obj, const std::string &name)
{
	shadow_t *s = tcp_cc_shadow_cc_tcp_congestion_ops__from_object(obj);
	bpf_program *init_alt, *cc_init, *cc_release;
	tcp_cc_counters c{};
	bpf_link *link;
	int err;

	if (!s)
		return fail(std::string("shadow accessor: ") + std::strerror(errno));
	init_alt = bpf_object__find_program_by_name(obj, "init_alt");
	cc_init = bpf_object__find_program_by_name(obj, "cc_init");
	cc_release = bpf_object__find_program_by_name(obj, "cc_release");
	if (!init_alt || s->init != cc_init || s->release != cc_release ||
	    std::strcmp(s->name, "ss_demo"))
		return fail("the shadow does not show the compiled table");

	std::memset(s->name, 0, sizeof(s->name));
	name.copy(s->name, sizeof(s->name) - 1);
	s->flags = 1; /* TCP_CONG_NON_RESTRICTED */
	s->init = init_alt;
	s->release = nullptr;
	bpf_program__set_autoload(cc_init, false);
	bpf_program__set_autoload(cc_release, false);

	err = bpf_object__load(obj);
	if (err)
		return fail(std::string("load: ") + std::strerror(-err));
	link = bpf_map__attach_struct_ops(
		bpf_object__find_map_by_name(obj, "shadow_cc"));
	if (!link)
		return fail("attach as " + name + ": " + std::strerror(errno));
	bool ok = connect_with(name);
	bpf_link__destroy(link);
	if (!ok)
		return fail(std::string("connection: ") + std::strerror(errno));
	if (!read_counters(obj, &c))
		return fail("reading .bss");
	std::printf("counters: init_alt=%llu cc_init=%llu release=%llu\n",
		    c.init_alt, c.init, c.release);
	if (c.init_alt < 1 || c.init || c.release)
		return fail("the kernel did not run the table edited through the shadow");
	return 0;
}

} // namespace

int main(int argc, char **argv)
{
	if (argc != 3 || std::strcmp(argv[1], "--name"))
		return fail("usage: cxx_loader --name NAME");
	bpf_object *obj = tcp_cc__open_embedded(nullptr);
	if (!obj)
		return fail(std::string("open_embedded: ") + std::strerror(errno));
	int ret = run(obj, argv[2]);
	bpf_object__close(obj);
	if (!ret)
		std::printf("ok (C++ %ld)\n", static_cast<long>(__cplusplus));
	return ret;
}
