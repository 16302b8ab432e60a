#!/bin/sh
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# unit.mk_templates: scripts/mk-templates (argument: its path) makes C of
# a good file, and refuses each malformed one with exit 1 and one line
# naming the file and line, leaving no output behind.
set -u
mk=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

printf '@ok a b:u\n${a} ${b}\n@end\n' >"$tmp/good.tpl"
if ! sh "$mk" "$tmp/good.tpl" "$tmp/good.h" ||
	! grep -q 'static inline void tpl_ok(struct out \*o, const char \*a, uint64_t b)' "$tmp/good.h"; then
	echo "mk_templates: a good file made no tpl_ok()"
	fail=1
fi

bad() { # name, file text, what the message must say
	printf '%b' "$2" >"$tmp/$1.tpl"
	sh "$mk" "$tmp/$1.tpl" "$tmp/$1.h" 2>"$tmp/err" >/dev/null
	rc=$?
	if [ $rc -ne 1 ] || [ "$(wc -l <"$tmp/err")" -ne 1 ] ||
		! grep -q "^mk-templates: $tmp/$1.tpl:[0-9EOF]*: .*$3" "$tmp/err" ||
		[ -e "$tmp/$1.h" ]; then
		echo "mk_templates: $1: exit $rc, said: $(cat "$tmp/err")"
		fail=1
	fi
}
bad unknown_arg '@t a\n${b}\n@end\n' 'not an argument'
bad unused_arg '@t a b\n${a}\n@end\n' 'unused'
bad unknown_kind '@t a:x\n${a}\n@end\n' 'unknown kind'
bad bare_dollar '@t\ncosts $5\n@end\n' 'not'
bad no_end '@t\ntext\n' 'without @end'
bad twice '@t\nx\n@end\n@t\ny\n@end\n' 'twice'
bad stray_end '@end\n' 'outside'
bad empty '# nothing\n' 'no template'
bad bad_name '@T-1\nx\n@end\n' 'bad template name'
bad next_before_end '@t\nx\n@u\ny\n@end\n' 'without @end'
bad keyword '@t union\n${union}\n@end\n' 'C keyword'
bad local '@t o\n${o}\n@end\n' 'C keyword'
exit $fail
