#!/bin/sh
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# deprecated.sh INCLUDE_DIR COMPILER FLAGS...: X__from_map() is deprecated
# (runtime.deprecated.*). deprecated.c, with kinds.shadow.h from
# INCLUDE_DIR, compiled with COMPILER and FLAGS:
#   - using X__from_object() and X__from_skel(): clean under -Werror;
#   - using X__from_map(): one warning, -Wdeprecated-declarations, whose
#     text tells what to use instead, on the user's line, in the
#     expansion of the map's own macro;
#   - the same with -Werror: the build fails.
set -eu
inc=$1
cc=$2
shift 2
here=$(cd "$(dirname "$0")" && pwd)
log=$(mktemp)
trap 'rm -f "$log"' EXIT
fail() { echo "FAIL: $cc $*: $msg" >&2; cat "$log" >&2; exit 1; }
compile() { "$cc" "$@" -I"$inc" -c "$here/deprecated.c" -o /dev/null >"$log" 2>&1; }

msg="from_object and from_skel do not compile cleanly"
compile "$@" -Werror || fail "$@" -Werror
msg="X__from_map() does not compile without -Werror"
compile "$@" -DUSE_FROM_MAP || fail "$@" -DUSE_FROM_MAP
msg="no deprecation warning naming the replacements"
grep -q "deprecated: use X__from_object() or X__from_skel()" "$log" || fail "$@"
msg="the warning is not -Wdeprecated-declarations"
grep -q "Wdeprecated-declarations" "$log" || fail "$@"
msg="the warning does not point at the map's own macro"
grep -q "kinds_kinds_kinds_ops__from_map" "$log" || fail "$@"
msg="want one warning"
[ "$(grep -c 'warning:' "$log")" = 1 ] || fail "$@"
msg="X__from_map() compiles under -Werror"
! compile "$@" -DUSE_FROM_MAP -Werror || fail "$@" -Werror
echo "ok: $cc $*: X__from_map() warns (deprecated, replacements named), fails with -Werror; from_object and from_skel clean"
