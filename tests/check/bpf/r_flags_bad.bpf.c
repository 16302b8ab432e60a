// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* A flag no kernel knows: bpf_tcp_ca_init_member() refuses (attach EINVAL). */
#include "rules_common.h"
CHECK_CA_PROGS
RULE_MAP(flags_ca) = { RULE_REQUIRED, .name = "stx_flags_bad", .flags = 0x100 };
