# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# Templates of unit.out (test_out.c): every kind, a line without its
# newline, a dollar sign, a template without arguments.

@t_kinds name n:u pad:sp lit:rs text:doc
${name}=${n};${pad}"${lit}" // ${text}
@end

@t_join a b n:u
$$${a}\
${b}-${n}\
@end

@t_fixed
fixed	text "quoted" \\ ??=
@end

@t_json v:json
[${v}]\
@end

@t_m2 name:m n:u
${name}(${name}, ${n})\
@end

@t_esc v:esc
<${v}>\
@end
