// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* Builds only once the checked object's header exists. */
#include CC_SHADOW_H

int main(void)
{
	return 0;
}
