// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* get_info is in bpf_tcp_ca's unsupported_ops: load fails with -ENOTSUPP (524). */
#include "rules_common.h"
CHECK_CA_PROGS
SEC("struct_ops")
unsigned long BPF_PROG(ca_get_info, struct sock *sk, u32 ext, int *attr,
		       union tcp_cc_info *info) { return 0; }
RULE_MAP(info_ca) = { RULE_REQUIRED, .get_info = (void *)ca_get_info,
		      .name = "stx_get_info" };
