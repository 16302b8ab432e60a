// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* key is a data member the kernel does not take: non-zero, attach EINVAL. */
#include "rules_common.h"
CHECK_CA_PROGS
RULE_MAP(key_ca) = { RULE_REQUIRED, .name = "stx_data_key", .key = 5 };
