// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* The same programs in the same members of two maps: allowed. */
#include "rules_common.h"
CHECK_CA_PROGS
RULE_MAP(first_ca) = { RULE_REQUIRED, .name = "stx_reuse_a" };
RULE_MAP(second_ca) = { RULE_REQUIRED, .name = "stx_reuse_b" };
