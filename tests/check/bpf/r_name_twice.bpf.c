// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* Two maps with one congestion control name: the second attach fails (EEXIST). */
#include "rules_common.h"
CHECK_CA_PROGS
RULE_MAP(twice_a) = { RULE_REQUIRED, .name = "stx_name_twice" };
RULE_MAP(twice_b) = { RULE_REQUIRED, .name = "stx_name_twice" };
