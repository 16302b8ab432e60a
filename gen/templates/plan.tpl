# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# The layout plan as JSON (gen/emit_plan.c, dump --plan): what every
# backend reads. Format: gen/templates/README.md. Pieces without a
# newline (a trailing backslash) join into one line of the document.

@plan_open object:json
{"object": ${object},
 "types": [
@end

@plan_maps
 ],
 "maps": [
@end

@plan_close
 ]}
@end

# A names object {"c": ..., "go": ..., "rust": ...}, one language a call.
@plan_name sep lang name:json
${sep}"${lang}": ${name}\
@end

@plan_brace_open
{\
@end

@plan_brace_close
}\
@end

@plan_type index:u btf_name:json
  {"index": ${index}, "btf_name": ${btf_name}, "names": \
@end

@plan_type_facts path:json is_union packed size:u align:u slots:u
, "path": ${path}, "union": ${is_union}, "packed": ${packed}, "size": ${size}, "align": ${align}, "slots": ${slots}\
@end

@plan_same_layout index:u
, "same_layout": ${index}\
@end

@plan_runs_open
,
    "runs": [\
@end

@plan_run sep offset:u size:u first:u nr:u native
${sep}{"offset": ${offset}, "size": ${size}, "first": ${first}, "nr": ${nr}, "native": ${native}, "names": \
@end

@plan_fields_open
],
    "fields": [
@end

@plan_type_close comma
    ]}${comma}
@end

@plan_field range btf_name:json
      {"range": "${range}", "btf_name": ${btf_name}, "names": \
@end

# prove: "offset", "size", both or neither (sep between them)
@plan_field_facts offset:u size:u align:u aligned prove_offset sep prove_size
, "offset": ${offset}, "size": ${size}, "align": ${align}, "aligned": ${aligned}, "prove": [${prove_offset}${sep}${prove_size}]\
@end

@plan_scalar scalar size:u is_signed
, "scalar": "${scalar}", "scalar_size": ${size}, "signed": ${is_signed}\
@end

@plan_enum name:json
, "enum": ${name}\
@end

@plan_dims_open
, "dims": [\
@end

@plan_dim sep dim:u
${sep}${dim}\
@end

@plan_dims_close elem_size:u
], "elem_size": ${elem_size}\
@end

@plan_fact key n:u
, "${key}": ${n}\
@end

@plan_why why:json
, "why": ${why}\
@end

@plan_bits run:u bit_offset:u bit_size:u
, "run": ${run}, "bit_offset": ${bit_offset}, "bit_size": ${bit_size}\
@end

@plan_storage name:json bit:u
, "storage": ${name}, "storage_bit": ${bit}\
@end

@plan_field_close comma
}${comma}
@end

@plan_map name:json btf_type:json section:json type:u size:u link autocreate
  {"name": ${name}, "btf_type": ${btf_type}, "section": ${section}, "type": ${type}, "size": ${size}, "link": ${link}, "autocreate": ${autocreate},
    "slots": [\
@end

@plan_slot sep name:json
${sep}${name}\
@end

@plan_checks_open
],
    "checks": [
@end

@plan_check name:json bit_offset:u size:u bit_size:u cls:u depth:u kind:u func comma
      {"name": ${name}, "bit_offset": ${bit_offset}, "size": ${size}, "bit_size": ${bit_size}, "cls": ${cls}, "depth": ${depth}, "kind": ${kind}, "func": ${func}}${comma}
@end

@plan_map_close comma
    ]}${comma}
@end
