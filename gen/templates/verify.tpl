# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# The layout emitter's text (gen/emit_verify.c): each map's X__layout(),
# the table the accessors compare the opened object's BTF with. layout is
# EMIT_VERIFY_SUFFIX. Format: gen/templates/README.md.

# A map of an earlier map's layout: its table.
@verify_alias name layout owner:m
#define ${name}${layout} ${owner}${layout}

@end

@verify_open map name layout
/* Map ${map}'s layout, compared with the object's by the accessors. */
static inline const struct stops_shadow__layout *${name}${layout}(void)
{
@end

@verify_members_open
	static const struct stops_shadow__layout_member m[] = {
@end

# One plan_check: where the member is, its class and depth, and what
# X__fit_kernel() reads of it (its BTF kind, whether it is a slot).
@verify_member name:m off:u size:u bits:u cls:u depth:u kind:u func:u
		{"${name}", ${off}, ${size}, ${bits}, ${cls}, ${depth}, ${kind}, ${func}},
@end

@verify_members_close
	};
@end

# m: "m" with members, else "NULL".
@verify_close type size:u nr:u m
	static const struct stops_shadow__layout l = {"${type}", ${size}, ${nr}, ${m}};

	return &l;
}

@end
