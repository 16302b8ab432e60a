// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* stale_drift: a drifted copy of demo_ops must break the build, naming knob. */
#define STOPS_SHADOW_NO_LIBBPF
#include "bzl_demo.shadow.h"
#include "demo_ops_drifted.h"

bzl_demo_tbl_demo_ops__ASSERT_MATCHES(struct demo_ops);
