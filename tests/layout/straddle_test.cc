// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
// straddle_test.c as a C++ loader: the same checks through the same header.
#include "straddle_test.c"
