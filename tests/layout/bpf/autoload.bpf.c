/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * Every section form libbpf gives struct_ops programs and maps: "?" (not
 * autoloaded / not autocreated), "struct_ops.s" (sleepable), a bare
 * "struct_ops", programs no map names, a program in two maps, and maps in
 * "?.struct_ops" (two: libbpf clears autocreate only for the first) and
 * "?.struct_ops.link".
 */
#include "common.bpf.h"

SEC("struct_ops/p_plain")
int BPF_PROG(p_plain, void *arg)
{
	return 1;
}

SEC("?struct_ops/p_opt")
int BPF_PROG(p_opt, void *arg)
{
	return 2;
}

SEC("struct_ops.s/p_sleep")
void BPF_PROG(p_sleep, void *arg)
{
}

SEC("?struct_ops.s/p_opt_sleep")
int BPF_PROG(p_opt_sleep, void *arg)
{
	return 3;
}

SEC("struct_ops")
int BPF_PROG(p_bare, void *arg)
{
	return 4;
}

SEC("struct_ops.s")
int BPF_PROG(p_bare_sleep, void *arg)
{
	return 5;
}

SEC("struct_ops/p_unused")
int BPF_PROG(p_unused, void *arg)
{
	return 6;
}

SEC("?struct_ops/p_unused_opt")
int BPF_PROG(p_unused_opt, void *arg)
{
	return 7;
}

SEC(".struct_ops")
struct multi_a_ops m_plain = {
	.init = (void *)p_opt,
	.flags = 11,
	.name = "plain",
};

SEC(".struct_ops.link")
struct multi_b_ops m_link = {
	.id = 12,
	.run = (void *)p_sleep,
	.stop = (void *)p_plain,
	.port = 1200,
};

SEC("?.struct_ops")
struct multi_a_ops m_opt_first = {
	.init = (void *)p_opt_sleep,
	.flags = 13,
	.name = "first",
};

SEC("?.struct_ops")
struct multi_a_ops m_opt_second = {
	.init = (void *)p_bare,
	.flags = 14,
	.name = "second",
};

SEC("?.struct_ops.link")
struct multi_b_ops m_opt_link = {
	.id = 15,
	.run = (void *)p_sleep,
	.stop = (void *)p_bare_sleep,
	.port = 1500,
};
