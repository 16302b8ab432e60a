#!/bin/sh
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# An object linked from two units (bpftool gen object) whose BTF has two
# enums with a constant DUP (values 1 and 2) and two different struct
# la_ops: the header must compile, keep both types apart, and give every
# enum value a constant (a second DUP must not be dropped or take the
# first one's value).
# usage: linked.sh STOPS_SHADOW CC LINKED.bpf.o WORKDIR
set -u
gen=$1 cc=$2 obj=$3 work=$4
mkdir -p "$work" || exit 1
h=$work/linked.shadow.h
fail=0
bad() { printf "FAIL: %s\n" "$*"; fail=1; }
"$gen" "$obj" -o "$h" || { echo "FAIL: gen $obj"; exit 1; }
for m in "" "-m32 -DSTOPS_SHADOW_NO_LIBBPF"; do
	# shellcheck disable=SC2086
	printf '#include <linked.shadow.h>\ntypedef int x;\n' |
		"$cc" -std=c11 -Wall -Wextra -Werror -pedantic $m -x c -c -o /dev/null \
			-I"$work" - || bad "linked.shadow.h does not compile ($cc $m)"
done
cat >"$work/use.c" <<'EOC'
#include <stdio.h>
#include "linked.shadow.h"
#define LA struct linked__la__la_ops
#define LB struct linked__lb__la_ops
int main(void)
{
	int fail = 0;

	if (sizeof(LA) != 8 || sizeof(LB) != 16 || offsetof(LB, x) != 8) {
		printf("FAIL: la_ops of la: %zu bytes, of lb: %zu bytes (x at %zu), want 8, 16 (8)\n",
		       sizeof(LA), sizeof(LB), offsetof(LB, x));
		fail = 1;
	}
	if (linked__ONLY_A != 5 || linked__ONLY_B != 6) {
		printf("FAIL: ONLY_A %lld ONLY_B %lld\n", (long long)linked__ONLY_A,
		       (long long)linked__ONLY_B);
		fail = 1;
	}
	return fail;
}
EOC
if "$cc" -std=c11 -Wall -Wextra -Werror -I"$work" "$work/use.c" \
	-o "$work/use" -lbpf; then
	"$work/use" || fail=1
else
	bad "use.c does not compile against linked.shadow.h"
fi
# every value of DUP has a constant
vals=$(sed -n 's/^#define linked__[A-Za-z0-9_]*DUP[A-Za-z0-9_]* \(.*\)$/\1/p' "$h" |
	tr -d '()ULl ' | sort -n | tr '\n' ' ')
[ "$vals" = "1 2 " ] ||
	bad "constants for DUP have values '$vals', want '1 2 ' (enum link_b_e's DUP = 2 lost): $(grep -n 'DUP' "$h" | tr '\n' ' ')"
[ $fail = 0 ] && echo "linked: ok"
exit $fail
