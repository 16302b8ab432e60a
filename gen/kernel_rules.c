// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * Kernel rules BTF does not show, per struct_ops type: one table, each row
 * naming the kernels it holds for and the kernel code it mirrors. A row
 * whose kernels are only a range has a probe that finds from the kernel's
 * own BTF whether that kernel is in the range (distribution kernels carry
 * backports, so a version number would lie more often than a type does).
 * To add a rule: add a row; check_rules.c knows each kind; doc/check.md
 * lists the rows (tests/check keeps the two in step).
 */
#include <string.h>

#include <bpf/btf.h>

#include "check_int.h"

static bool struct_has_member(const struct btf *btf, const char *type,
			      const char *member)
{
	int32_t id = btf__find_by_name_kind(btf, type, BTF_KIND_STRUCT);
	const struct btf_type *t =
		id > 0 ? btf__type_by_id(btf, (uint32_t)id) : NULL;

	for (uint16_t i = 0; t && i < btf_vlen(t); i++) {
		const char *n =
			btf__name_by_offset(btf, btf_members(t)[i].name_off);

		if (n && !strcmp(n, member))
			return true;
	}
	return false;
}

/* 6.18 added AccECN and its congestion-control flags (TCP_CONG_MASK 0x1f). */
static bool tcp_accecn(const struct btf *btf)
{
	return struct_has_member(btf, "tcp_sock", "accecn_opt_tstamp");
}

static bool tcp_pre_accecn(const struct btf *btf)
{
	return !tcp_accecn(btf);
}

static const struct kernel_rule rules[] = {
	/* --- tcp_congestion_ops: net/ipv4/bpf_tcp_ca.c, tcp_cong.c --- */
	{"tcp_congestion_ops", KR_REQUIRED, "ssthresh", 0, "5.6+", NULL,
	 "attach: EINVAL",
	 "tcp_validate_congestion_control(): all algorithms must implement ssthresh"},
	{"tcp_congestion_ops", KR_REQUIRED, "undo_cwnd", 0, "5.6+", NULL,
	 "attach: EINVAL",
	 "tcp_validate_congestion_control(): all algorithms must implement undo_cwnd"},
	{"tcp_congestion_ops", KR_REQUIRED, "cong_avoid|cong_control", 0,
	 "5.6+", NULL, "attach: EINVAL",
	 "tcp_validate_congestion_control(): cong_avoid or cong_control"},
	{"tcp_congestion_ops", KR_REFUSED, "get_info", 0, "5.6+", NULL,
	 "load: ENOTSUPP (-524)",
	 "bpf_tcp_ca_check_member(): unsupported_ops[]"},
	{"tcp_congestion_ops", KR_DATA, "flags|name", 0, "5.6+", NULL,
	 "attach: EINVAL",
	 "bpf_tcp_ca_init_member() takes flags and name; bpf_struct_ops_map_update_elem(): other data members must be zero"},
	{"tcp_congestion_ops", KR_FLAGS, "flags", 0x3, "5.6 - 6.17",
	 tcp_pre_accecn, "attach: EINVAL",
	 "bpf_tcp_ca_init_member(): flags & ~TCP_CONG_MASK (NON_RESTRICTED | NEEDS_ECN)"},
	{"tcp_congestion_ops", KR_FLAGS, "flags", 0x1f, "6.18+", tcp_accecn,
	 "attach: EINVAL",
	 "bpf_tcp_ca_init_member(): flags & ~TCP_CONG_MASK (+ NEEDS_ACCECN, ECT_1_NEGOTIATION, NO_FALLBACK_RFC3168)"},
	{"tcp_congestion_ops", KR_NAME, "name", 0, "5.6+", NULL,
	 "attach: EINVAL",
	 "bpf_tcp_ca_init_member(): bpf_obj_name_cpy(name) <= 0"},
	/* --- bpf_dummy_ops: net/bpf/bpf_dummy_struct_ops.c --- */
	{"bpf_dummy_ops", KR_NOT_REGISTRABLE, "", 0, "5.17+", NULL,
	 "attach: EOPNOTSUPP",
	 "bpf_dummy_init_member() and bpf_dummy_reg() return -EOPNOTSUPP: test-only, run with BPF_PROG_TEST_RUN"},
	{"bpf_dummy_ops", KR_SLEEPABLE, "test_sleepable", 0, "6.2+", NULL,
	 "load: EINVAL",
	 "bpf_dummy_ops_check_member(): sleepable programs only in test_sleepable"},
	/* --- Qdisc_ops: net/sched/bpf_qdisc.c --- */
	{"Qdisc_ops", KR_REQUIRED, "enqueue", 0, "6.16+", NULL,
	 "attach: EINVAL",
	 "bpf_qdisc_validate(): enqueue, dequeue, init, reset and destroy"},
	{"Qdisc_ops", KR_REQUIRED, "dequeue", 0, "6.16+", NULL,
	 "attach: EINVAL",
	 "bpf_qdisc_validate(): enqueue, dequeue, init, reset and destroy"},
	{"Qdisc_ops", KR_REQUIRED, "init", 0, "6.16+", NULL, "attach: EINVAL",
	 "bpf_qdisc_validate(): enqueue, dequeue, init, reset and destroy"},
	{"Qdisc_ops", KR_REQUIRED, "reset", 0, "6.16+", NULL, "attach: EINVAL",
	 "bpf_qdisc_validate(): enqueue, dequeue, init, reset and destroy"},
	{"Qdisc_ops", KR_REQUIRED, "destroy", 0, "6.16+", NULL,
	 "attach: EINVAL",
	 "bpf_qdisc_validate(): enqueue, dequeue, init, reset and destroy"},
	{"Qdisc_ops", KR_REFUSED,
	 "peek|change|attach|change_tx_queue_len|change_real_num_tx|dump|dump_stats|ingress_block_set|egress_block_set|ingress_block_get|egress_block_get",
	 0, "6.16+", NULL, "load: ENOTSUPP (-524)",
	 "bpf_struct_ops_supported(): __bpf_ops_qdisc_ops has no cfi stub for it"},
	{"Qdisc_ops", KR_DATA, "id", 0, "6.16+", NULL, "attach: EINVAL",
	 "bpf_qdisc_init_member() takes id (priv_size only as 0); bpf_struct_ops_map_update_elem(): other data members must be zero"},
	{"Qdisc_ops", KR_NAME, "id", 0, "6.16+", NULL, "attach: EINVAL",
	 "bpf_qdisc_init_member(): bpf_obj_name_cpy(id) <= 0"},
	/* --- bpf_testmod_ops: the BPF selftests' module
	   (test_kmods/bpf_testmod.c) --- */
	{"bpf_testmod_ops", KR_REFUSED, "unsupported_ops", 0, "6.9+", NULL,
	 "load: ENOTSUPP (-524)",
	 "bpf_struct_ops_supported(): __bpf_testmod_ops has no cfi stub for it"},
	{"bpf_testmod_st_ops", KR_SINGLE, "", 0, "7.2 (bpf_testmod)", NULL,
	 "attach of the second: EEXIST",
	 "st_ops_reg(): one bpf_testmod_st_ops registered at a time"},
	{"bpf_testmod_ops3", KR_SINGLE, "", 0, "7.2 (bpf_testmod)", NULL,
	 "attach of the second: EEXIST",
	 "st_ops3_reg(): one bpf_testmod_ops3 registered at a time"},
	/* --- sched_ext_ops: kernel/sched/ext.c --- */
	{"sched_ext_ops", KR_SLEEPABLE,
	 "init_task|cgroup_init|cgroup_exit|cgroup_prep_move|cpu_online|cpu_offline|init|exit",
	 0, "6.12+", NULL, "load: EINVAL",
	 "bpf_scx_check_member(): sleepable programs only in these members"},
	{"sched_ext_ops", KR_DATA,
	 "dispatch_max_batch|flags|name|timeout_ms|exit_dump_len|hotplug_seq|sub_cgroup_id",
	 0, "6.12+", NULL, "attach: EINVAL",
	 "bpf_scx_init_member() takes these; bpf_struct_ops_map_update_elem(): other data members must be zero"},
	{"sched_ext_ops", KR_NAME, "name", 0, "6.12+", NULL, "attach: EINVAL",
	 "bpf_scx_init_member(): bpf_obj_name_cpy(name) <= 0"},
};

#define NR_RULES (sizeof(rules) / sizeof(rules[0]))

const struct kernel_rule *kernel_rules__find(const char *type, uint32_t *n)
{
	uint32_t i, j;

	for (i = 0; i < NR_RULES && strcmp(rules[i].type, type); i++)
		;
	for (j = i; j < NR_RULES && !strcmp(rules[j].type, type); j++)
		;
	*n = j - i;
	return *n ? &rules[i] : NULL;
}

const struct kernel_rule *kernel_rules__all(uint32_t *n)
{
	*n = NR_RULES;
	return rules;
}
