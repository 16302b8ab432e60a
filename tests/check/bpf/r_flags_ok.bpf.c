// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* TCP_CONG_NON_RESTRICTED (0x1): in every kernel's mask, attaches. */
#include "rules_common.h"
CHECK_CA_PROGS
RULE_MAP(flags_ca) = { RULE_REQUIRED, .name = "stx_flags_ok", .flags = 0x1 };
