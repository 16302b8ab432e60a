#!/bin/sh
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# The compile-time proofs can fail: X__ASSERT_MATCHES rejects a stale
# definition of the original type, and the header's own _Static_asserts
# reject a header whose layout was tampered with. Each compile must fail
# with a message naming the member.
# usage: negative.sh CC SHADOW_INCDIR SRCDIR WORKDIR
set -u
cc=$1 inc=$2 src=$3 work=$4
mkdir -p "$work" || exit 1
fail=0
bad() { printf "FAIL: %s\n" "$*"; fail=1; }
must_fail() { # what file.c grep-pattern [cc flags]
	what=$1 file=$2 pat=$3
	shift 3
	if "$cc" -std=c11 -Wall -Wextra -Werror -pedantic -fsyntax-only \
		"$@" -I"$inc" -I"$src" "$file" 2>"$work/err.txt"; then
		bad "$what: compiled, must fail"
	elif ! grep -q "$pat" "$work/err.txt"; then
		bad "$what: error does not mention '$pat':"
		sed 's/^/  /' "$work/err.txt" | head -20
	else
		echo "ok: $what: $(grep -m1 "$pat" "$work/err.txt")"
	fi
}

# the positive control: the true definition is accepted
cat >"$work/match_ok.c" <<'EOC'
#include "multi.shadow.h"
struct multi_a_ops { int (*init)(void *arg); unsigned int flags; char name[8]; };
multi_one_multi_a_ops__ASSERT_MATCHES(struct multi_a_ops);
EOC
"$cc" -std=c11 -Wall -Wextra -Werror -pedantic -fsyntax-only -I"$inc" \
	"$work/match_ok.c" || bad "ASSERT_MATCHES rejects the right definition"

cat >"$work/match_moved.c" <<'EOC'
#include "multi.shadow.h"
struct stale { int (*init)(void *arg); unsigned short flags; char name[8]; };
multi_one_multi_a_ops__ASSERT_MATCHES(struct stale);
EOC
must_fail "ASSERT_MATCHES, member moved" "$work/match_moved.c" name

cat >"$work/match_size.c" <<'EOC'
#include "multi.shadow.h"
struct stale { int (*init)(void *arg); unsigned int flags; char name[8]; char more[8]; };
multi_one_multi_a_ops__ASSERT_MATCHES(struct stale);
EOC
must_fail "ASSERT_MATCHES, size changed" "$work/match_size.c" 'multi_one_multi_a_ops\|size'

cat >"$work/match_missing.c" <<'EOC'
#include "multi.shadow.h"
struct stale { int (*init)(void *arg); unsigned int flags; char label[8]; };
multi_one_multi_a_ops__ASSERT_MATCHES(struct stale);
EOC
must_fail "ASSERT_MATCHES, member missing" "$work/match_missing.c" name

# changed in place: offsets and the struct's size unchanged, only the
# member's own size says it
cat >"$work/match_widened_ok.c" <<'EOC'
#include "packed.shadow.h"
struct ok { int a; int b __attribute__((aligned(16))); char c; long long ll; char d; } __attribute__((aligned(32)));
packed_al_aligned_ops__ASSERT_MATCHES(struct ok);
EOC
"$cc" -std=c11 -Wall -Wextra -Werror -pedantic -fsyntax-only -I"$inc" \
	"$work/match_widened_ok.c" || bad "ASSERT_MATCHES rejects aligned_ops"
cat >"$work/match_widened.c" <<'EOC'
#include "packed.shadow.h"
struct stale { long a; int b __attribute__((aligned(16))); char c; long long ll; char d; } __attribute__((aligned(32)));
packed_al_aligned_ops__ASSERT_MATCHES(struct stale);
EOC
must_fail "ASSERT_MATCHES, int a -> long a in place" \
	"$work/match_widened.c" 'member a is not 4 bytes'
cat >"$work/match_int_long.c" <<'EOC'
#include "multi.shadow.h"
struct stale { int (*init)(void *arg); unsigned int flags; char name[4]; int pad; };
multi_one_multi_a_ops__ASSERT_MATCHES(struct stale);
EOC
must_fail "ASSERT_MATCHES, array shrunk in place (name[8] -> name[4])" \
	"$work/match_int_long.c" 'member name is not 8 bytes'
cat >"$work/match_wide.c" <<'EOC'
#include "multi.shadow.h"
struct stale { int (*init)(void *arg); unsigned short flags; unsigned short pad; char name[8]; };
multi_one_multi_a_ops__ASSERT_MATCHES(struct stale);
EOC
must_fail "ASSERT_MATCHES, member narrowed in place (int flags -> short)" \
	"$work/match_wide.c" 'member flags is not 4 bytes'

# tampered headers: the _Static_asserts fire
tamper() { # what header sed-expr pattern [flags]
	what=$1 h=$2 expr=$3 pat=$4
	shift 4
	mkdir -p "$work/t" && sed "$expr" "$inc/$h" >"$work/t/$h"
	if cmp -s "$inc/$h" "$work/t/$h"; then
		bad "$what: sed '$expr' did not change $h (member not spelled as expected)"
		return
	fi
	printf '#include <%s>\ntypedef int x;\n' "$h" >"$work/t/use.c"
	must_fail "$what" "$work/t/use.c" "$pat" -I"$work/t" "$@"
}
tamper "kinds.shadow.h, name[16] -> name[17]" kinds.shadow.h \
	's/\bname\[16\]/name[17]/' 'ints'
tamper "kinds.shadow.h, name[16] -> name[17], -m32" kinds.shadow.h \
	's/\bname\[16\]/name[17]/' 'ints' -m32 -DSTOPS_SHADOW_NO_LIBBPF
tamper "multi.shadow.h, port widened" multi.shadow.h \
	's/unsigned short port/unsigned int port/' 'multi\|link_b\|size'
exit $fail
