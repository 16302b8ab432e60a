// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* A ?struct_ops program (not autoloaded) that no map uses: a note. */
#include "rules_common.h"
CHECK_CA_PROGS
SEC("?struct_ops")
void BPF_PROG(ca_optional, struct sock *sk) {}
RULE_MAP(opt_ca) = { RULE_REQUIRED, .name = "stx_optional" };
