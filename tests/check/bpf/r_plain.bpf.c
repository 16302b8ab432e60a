// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* A plain .struct_ops map (no link): loads on kernels before 6.4 too. */
#include "rules_common.h"
CHECK_CA_PROGS
SEC(".struct_ops")
struct tcp_congestion_ops___r plain_ca = { RULE_REQUIRED, .name = "stx_plain" };
