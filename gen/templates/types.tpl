# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# The C header's types (gen/emit_types.c): struct and union bodies, their
# members, the slot comments, the maps that share an earlier map's layout.
# Format: gen/templates/README.md. ind:tab is a member's depth in tabs.

@ty_open kw name
${kw} ${name} {
@end

# packed: " __attribute__((packed))" or nothing
@ty_close packed
}${packed};

@end

# A body's text built once per layout (emit_map_body), copied per map.
@ty_copy text:m
${text}\
@end

# A program slot: 8 bytes on every host, libbpf stores the pointer in it.
# The map's program comment goes after the first line's semicolon.
@ty_slot_open ind:tab name
${ind}union {
${ind}	struct bpf_program *${name};\
@end

@ty_slot_close ind:tab name

${ind}	uint64_t __slot_${name};
${ind}};
@end

# sec: the section as comment text (prog_text)
@ty_slot_comment sec:m name:m
 /* ${sec}: ${name} */\
@end

# __int128 is a GNU extension, and i386 has none: same bytes, same name.
# Each name is followed by its dimensions (ty_dim) and a _mid or _close.
@ty_int128_open ind:tab type name
#ifdef __SIZEOF_INT128__
${ind}__extension__ ${type} ${name}\
@end

@ty_int128_mid ind:tab name
;
#else
${ind}unsigned char ${name}\
@end

@ty_int128_close
[16];
#endif
@end

@ty_dim n:u
[${n}]\
@end

@ty_storage_note ind:tab name bits:u at:u storage
${ind}/* ${name}: ${bits} bits at bit ${at} of ${storage} */
@end

# The common members: a scalar, an array of one dimension, nothing more.
@ty_member ind:tab type name
${ind}${type} ${name};
@end

@ty_member_array ind:tab type name n:u
${ind}${type} ${name}[${n}];
@end

# Any other member: its head, dimensions (ty_dim), then the tail pieces.
@ty_member_head ind:tab type name
${ind}${type} ${name}\
@end

@ty_member_aggr_head ind:tab kw type name
${ind}${kw} ${type} ${name}\
@end

@ty_member_bits bits:u
 : ${bits}\
@end

@ty_member_semicolon
;\
@end

@ty_member_btf_name name
 /* BTF name: ${name} */\
@end

@ty_member_enum name
 /* enum ${name} */\
@end

@ty_member_end

@end

@ty_bits ind:tab name size:u
${ind}unsigned char ${name}[${size}]; /* bitfields, see accessors */
@end

@ty_pad_bits ind:tab type bits:u
${ind}${type} : ${bits};
@end

@ty_pad ind:tab name size:u
${ind}char ${name}[${size}];
@end

@ty_opaque ind:tab name size:u btf why
${ind}char ${name}[${size}]; /* ${btf}: ${why} */
@end

# ISO C++ has anonymous unions only: structs are GNU C++ (ext).
@ty_anon_open ind:tab ext kw
${ind}${ext}${kw} {
@end

@ty_anon_close ind:tab packed
${ind}}${packed};
@end

# A map whose type an earlier map laid out: its programs, then its name
# as a macro for the earlier one's.
@ty_same_open owner:m
/* the layout of struct ${owner}; programs:\
@end

@ty_same_prog slot:m sec:m prog:m

 *	${slot}: ${sec}: ${prog}\
@end

@ty_same_close name:m owner:m

 */
#define ${name} ${owner}

@end
