# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# The C header's proofs and ways in, per type (gen/emit_lists.c): member
# lists, layout asserts, ASSERT_MATCHES, bitfield and map accessors,
# nested aliases. Format: gen/templates/README.md. A line ending in \\
# and an empty line after it: a macro's line continuation (" \" and a
# newline).

# A member list: X(S, what, member, offset, size) for each member, under
# parameter names no member has (X, S, what or X_2, S_2, what_2 ...).
@li_list_open which name list x:m s:m what:m
/* ${which} members, their offsets and sizes in the BPF object */
#define ${name}__${list}(${x}, ${s}, ${what})\
@end

@li_list_entry x:m s:m what:m prefix:m name:m off:u size:u
 \\

	${x}(${s}, ${what}, ${prefix}${name}, ${off}, ${size});\
@end

@li_list_close

@end

@li_assert_members name kw:m obj:m path
${name}__MEMBERS(STOPS_SHADOW__AT, ${kw} ${name}, "${obj}: ${path}")
@end

@li_assert_size kw:m name:m obj:m path:m size:m
STOPS_SHADOW__SIZE(${kw} ${name}, "${obj}: ${path}", ${size});

@end

# get and set of a bitfield kept in STOPS_BITS bytes (get: get_bits or
# get_sbits)
@li_bit_accessors type x name kw get storage at:u bits:u
static inline ${type} ${x}__get_${name}(const ${kw} ${x} *s)
{
	return (${type})stops_shadow__${get}(s->${storage}, ${at}, ${bits});
}

static inline void ${x}__set_${name}(${kw} ${x} *s, ${type} v)
{
	stops_shadow__set_bits(s->${storage}, ${at}, ${bits}, (unsigned long long)v);
}

@end

@li_matches_note type:m
/* Use where your own definition of struct ${type} is visible. */
@end

# list: the owner's MEMBERS, or BTF_MEMBERS when the BTF names differ
@li_matches shadow:m owner:m list:m obj:m name:m size:m
#define ${shadow}__ASSERT_MATCHES(T) \\

	${owner}__${list}(STOPS_SHADOW__MATCH, T, "${obj}: map ${name}") \\

	STOPS_SHADOW__MATCH_SIZE(T, "${obj}: map ${name}", ${size})

@end

# Macros, not functions: 1,000 inline definitions for 500 maps cost
# users' builds a tenth of their compile time. Each argument is used
# once and the helper's parameter type still checks it. from_map,
# from_object and layout: emit_verify.h's names. A bpftool skeleton's
# object: libbpf has no public map-to-object.
@li_accessors shadow:m name:m from_map from_object layout
#define ${shadow}__from_map(map) \\

	((struct ${shadow} *)${from_map}((map), "${name}", sizeof(struct ${shadow}), ${shadow}${layout}()))
#define ${shadow}__from_object(obj) \\

	((struct ${shadow} *)${from_object}((obj), "${name}", sizeof(struct ${shadow}), ${shadow}${layout}()))
#define ${shadow}__from_skel(skel) \\

	${shadow}__from_object((skel)->obj)
@end

# Another map's name for a nested type of the layout's first map.
@li_nested_alias shadow:m tail:m type:m
#define ${shadow}${tail} ${type}
@end
