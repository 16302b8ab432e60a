# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# The dump (gen/emit_dump.c, stops-shadow dump [--json]): each map's
# members with their places and initial values, and the struct_ops
# programs. Format: gen/templates/README.md. The table's columns are
# printf's (%6u, %-24s): the emitter passes each column's padding (pad_*),
# counted on the escaped text.

# --- the table -------------------------------------------------------

@dump_head object:esc nr:u plural
object ${object}: ${nr} struct_ops map${plural}
@end

@dump_map name:esc type:esc sec:esc sec_off size:u shadow:esc autocreate link
map ${name}: struct ${type} in ${sec}+0x${sec_off}, ${size} bytes -> struct ${shadow}
  autocreate ${autocreate}, link ${link}
  offset   size bits   kind     member                   value
@end

# A row; a program's section follows its name ("(" sec ")"), an opaque
# member's reason ("[" why "]"), nothing ("", "", "") for the others.
@dump_row pad_offset:sp offset:u pad_size:sp size:u bits pad_bits:sp kind pad_kind:sp member:esc pad_member:sp value:esc open extra:esc close
  ${pad_offset}${offset} ${pad_size}${size} ${bits}${pad_bits} ${kind}${pad_kind} ${member}${pad_member} ${value}${open}${extra}${close}
@end

@dump_progs nr:u
programs: ${nr} struct_ops
@end

@dump_progs_head
  autoload sleepable loaded uses program                  section
@end

@dump_prog autoload pad_autoload:sp sleepable pad_sleepable:sp loaded pad_loaded:sp pad_uses:sp uses:u name:esc pad_name:sp sec:esc
  ${autoload}${pad_autoload} ${sleepable}${pad_sleepable} ${loaded}${pad_loaded} ${pad_uses}${uses} ${name}${pad_name} ${sec}
@end

# --- JSON (a missing name is "", null is for programs) ----------------

@dump_json_open object:json
{"object": ${object}, "maps": [
@end

@dump_json_map name:json type:json sec:json sec_off:u size:u autocreate link shadow:json
    {"name": ${name}, "type": ${type}, "section": ${sec}, "section_offset": ${sec_off}, "size": ${size}, "autocreate": ${autocreate}, "link": ${link}, "shadow": ${shadow},
      "members": [\
@end

@dump_json_map_close comma

      ]}${comma}
@end

@dump_json_row sep member:json c_name:json kind offset:u size:u bit_offset:u bit_size:u c_type:json value:json
${sep}
        {"member": ${member}, "c_name": ${c_name}, "kind": "${kind}", "offset": ${offset}, "size": ${size}, "bit_offset": ${bit_offset}, "bit_size": ${bit_size}, "c_type": ${c_type}, "value": ${value}\
@end

@dump_json_row_prog name:json sec:json
, "program": ${name}, "program_section": ${sec}\
@end

@dump_json_row_why why:json
, "why": ${why}\
@end

# read through accessors, in these bytes
@dump_json_row_storage storage:json bit:u
, "storage": ${storage}, "storage_bit": ${bit}\
@end

@dump_json_row_close
}\
@end

@dump_json_maps_close
],
  "programs": [\
@end

@dump_json_prog sep name:json sec:json autoload sleepable loaded uses:u
${sep}
    {"name": ${name}, "section": ${sec}, "autoload": ${autoload}, "sleepable": ${sleepable}, "loaded": ${loaded}, "uses": ${uses}}\
@end

# after the programs: a newline and indent when there were any
@dump_json_close end
${end}]}
@end
