// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* '-' is not a character bpf_obj_name_cpy() takes: attach EINVAL. */
#include "rules_common.h"
CHECK_CA_PROGS
RULE_MAP(name_ca) = { RULE_REQUIRED, .name = "stx-name-bad" };
