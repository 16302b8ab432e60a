// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * As the kernel selftest tcp_ca_update: a map first (ca_no_link), then two
 * with one congestion control name. The error belongs to ca_update_2 (whose
 * attach fails), a note to ca_update_1; nothing to ca_no_link.
 */
#include "rules_common.h"
CHECK_CA_PROGS
RULE_MAP(ca_no_link) = { RULE_REQUIRED, .name = "stx_ca_no_link" };
RULE_MAP(ca_update_1) = { RULE_REQUIRED, .name = "stx_ca_update" };
RULE_MAP(ca_update_2) = { RULE_REQUIRED, .name = "stx_ca_update" };
