/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * Run-time code: bpftool's name of a map's type, in either include order.
 * Every shadow header carries the lines between the emit markers
 * (scripts/mk-runtime turns them into the emitter's code at build time);
 * the lines above them let this file compile on its own (tests/runtime).
 */
/* stops-shadow: emit begin */
#ifndef STOPS_SHADOW__SKEL
/*
 * bpftool's name of a map's type (<obj>__<map>__<type>) names the shadow
 * until the object's skeleton is included, and the skeleton's own struct
 * from there on: the skeleton defines its guard empty, which pastes
 * STOPS_SHADOW__SKEL_ (the name itself, not expanded again); undefined,
 * the guard pastes the object's STOPS_SHADOW__SKEL_<guard> (the shadow).
 * Either include order compiles.
 */
#define STOPS_SHADOW__SKEL(shadow, skel, guard) STOPS_SHADOW__SKEL_1(shadow, skel, guard)
#define STOPS_SHADOW__SKEL_1(shadow, skel, guard) STOPS_SHADOW__SKEL_##guard(shadow, skel)
#define STOPS_SHADOW__SKEL_(shadow, skel) skel
#endif

/* stops-shadow: emit end */
