/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * The shadow header before bpftool's skeleton (issue 31): bpftool's name of
 * the map's type is the shadow until the skeleton is included, then the
 * skeleton's own struct, which it defines without a clash.
 */
#include "tcp_cc.h"
#include "tcp_cc.shadow.h"
/* before the skeleton: bpftool's name is the shadow */
static inline struct tcp_cc__shadow_cc__tcp_congestion_ops *before(struct bpf_object *o)
{
	return tcp_cc_shadow_cc_tcp_congestion_ops__from_object(o);
}
#include "tcp_cc.skel.h"
/* after it: the skeleton's own struct */
int main(void)
{
	struct tcp_cc *skel = 0;
#ifndef __cplusplus /* C++ scopes it: tcp_cc::tcp_cc__shadow_cc__... */
	struct tcp_cc__shadow_cc__tcp_congestion_ops *mine = skel ? skel->struct_ops.shadow_cc : 0;

	(void)before;
	return mine != 0;
#else
	(void)before;
	return skel != 0;
#endif
}
