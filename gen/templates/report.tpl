# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# The check's report (gen/check_report.c, stops-shadow check [--json]
# [--kernel K]...): each map's verdict and findings, as text or JSON, for
# one kernel or as a matrix of several. Format: gen/templates/README.md.
# Names from the object and the kernel BTF are escaped (esc, json).

# --- text ------------------------------------------------------------

# "<obj>: map <name> (struct <type> -> kernel struct <ktype>", then the
# module the type is in, if not vmlinux, then the verdict.
@report_map object:esc name:esc type:esc kernel_type:esc
${object}: map ${name} (struct ${type} -> kernel struct ${kernel_type}\
@end

@report_map_module kernel_btf:esc module:esc
 in ${kernel_btf}, module ${module}\
@end

@report_map_verdict verdict
): ${verdict}
@end

# A finding: "  error: ", "  warning: ", "  note:  " (pad), under indent.
@report_finding indent severity pad msg:esc
${indent}  ${severity}:${pad} ${msg}
@end

@report_finding_member indent severity pad member:esc msg:esc
${indent}  ${severity}:${pad} member '${member}': ${msg}
@end

@report_no_maps object:esc
${object}: no struct_ops maps
@end

@report_summary object:esc verdict errors:u s_errors warnings:u s_warnings notes:u s_notes strict
${object}: ${verdict}: ${errors} error${s_errors}, ${warnings} warning${s_warnings}, ${notes} note${s_notes} (${strict}kernel BTF\
@end

# One of a list on the line: sep before it.
@report_item sep item:esc
${sep}${item}\
@end

@report_summary_close
)
@end

@report_eol

@end

# --- several kernels (text) ------------------------------------------

@report_matrix_map object:esc name:esc type:esc kernel_type:esc
${object}: map ${name} (struct ${type} -> kernel struct ${kernel_type})
@end

@report_matrix_kernel label:esc verdict errors:u s_errors warnings:u s_warnings
  ${label}: ${verdict} (${errors} error${s_errors}, ${warnings} warning${s_warnings})
@end

# Followed by " <kernel>" for each kernel that lacks it, ", " between.
@report_matrix_missing member:esc
  member '${member}': missing on\
@end

@report_matrix_summary object:esc ok:u nr:u s_nr
${object}: compatible with ${ok} of ${nr} kernel${s_nr}:\
@end

@report_matrix_verdict label:esc yes comma
 ${label} ${yes}${comma}\
@end

# --- JSON ------------------------------------------------------------

@report_json_open object:json
{
  "object": ${object},
  "kernel_btf": [\
@end

@report_json_item sep item:json
${sep}${item}\
@end

# nl: a newline when maps follow
@report_json_totals strict compatible errors:u warnings:u notes:u nl
],
  "strict": ${strict},
  "compatible": ${compatible},
  "errors": ${errors},
  "warnings": ${warnings},
  "notes": ${notes},
  "maps": [${nl}\
@end

@report_json_map name:json type:json kernel_type:json kernel_btf:json kernel_module:json compatible errors:u warnings:u notes:u nl
    {
      "name": ${name},
      "type": ${type},
      "kernel_type": ${kernel_type},
      "kernel_btf": ${kernel_btf},
      "kernel_module": ${kernel_module},
      "compatible": ${compatible},
      "errors": ${errors},
      "warnings": ${warnings},
      "notes": ${notes},
      "findings": [${nl}\
@end

@report_json_finding severity member:json what:json expected:json actual:json message:json comma
        {
          "severity": "${severity}",
          "member": ${member},
          "what": ${what},
          "expected": ${expected},
          "actual": ${actual},
          "message": ${message}
        }${comma}
@end

# The end of a list: indent is the list's when it had items, else "".
@report_json_list_close indent
${indent}]
@end

@report_json_map_close comma
    }${comma}
@end

@report_json_close indent
${indent}]
}
@end

# --- several kernels (JSON) ------------------------------------------

@report_matrix_json_open object:json compatible
{
  "object": ${object},
  "compatible": ${compatible},
  "kernels": [
@end

# Followed by the kernel's BTF files (report_json_item).
@report_matrix_json_kernel label:json
    {"label": ${label}, "kernel_btf": [\
@end

@report_matrix_json_kernel_close compatible errors:u warnings:u notes:u comma
], "compatible": ${compatible}, "errors": ${errors}, "warnings": ${warnings}, "notes": ${notes}}${comma}
@end

@report_matrix_json_maps nl
  ],
  "maps": [${nl}\
@end

@report_matrix_json_map name:json type:json kernel_type:json
    {
      "name": ${name},
      "type": ${type},
      "kernel_type": ${kernel_type},
      "kernels": [
@end

@report_matrix_json_map_kernel label:json kernel_btf:json kernel_module:json compatible errors:u warnings:u notes:u nl
        {
          "label": ${label},
          "kernel_btf": ${kernel_btf},
          "kernel_module": ${kernel_module},
          "compatible": ${compatible},
          "errors": ${errors},
          "warnings": ${warnings},
          "notes": ${notes},
          "findings": [${nl}\
@end

@report_matrix_json_map_kernel_close comma
        }${comma}
@end

@report_matrix_json_map_close comma
      ]
    }${comma}
@end
