#!/bin/sh
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# spdx.sh must fail on a tree where one file lacks the identifier, one has
# another expression, or the license texts are missing, and pass on a
# tree where all is right: a check that cannot fail proves nothing.
# Usage: neg.sh SPDX_SH
set -eu
spdx=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
id='SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)'

mk() {
	rm -rf "$tmp/t"
	mkdir -p "$tmp/t/tests"
	printf 'LGPL-2.1 OR BSD-2-Clause\n' >"$tmp/t/LICENSE"
	echo text >"$tmp/t/LICENSE.LGPL-2.1"
	echo text >"$tmp/t/LICENSE.BSD-2-Clause"
	printf '// %s\nint x;\n' "$id" >"$tmp/t/a.c"
	printf '#!/bin/sh\n# %s\n' "$id" >"$tmp/t/run.sh"
	echo golden >"$tmp/t/tests/golden.txt"
	printf 'tests/*.txt\nLICENSE*\n' >"$tmp/exempt"
}
# spdx.sh lists what git tracks: stage the tree as it is now.
stage() {
	git -C "$tmp/t" init -q
	git -C "$tmp/t" add -A
}
expect() {
	want=$1 what=$2
	stage
	if "$spdx" "$tmp/t" "$tmp/exempt" >"$tmp/out" 2>&1; then got=0; else got=1; fi
	if [ "$got" != "$want" ]; then
		echo "FAIL: $what: exit $got, want $want" >&2
		cat "$tmp/out" >&2
		exit 1
	fi
}

mk
expect 0 "a correct tree"
mk
echo 'int y;' >"$tmp/t/b.c"
expect 1 "a file without an identifier"
mk
printf '/* SPDX-License-Identifier: GPL-2.0 */\n' >"$tmp/t/c.h"
expect 1 "a file under another license"
mk
printf '\n\n\n// %s\n' "$id" >"$tmp/t/late.c"
expect 1 "an identifier below the first lines"
mk
rm "$tmp/t/LICENSE.BSD-2-Clause"
expect 1 "a missing license text"
mk
echo 'tests/*.txt' >"$tmp/exempt"
printf 'MIT\n' >"$tmp/t/LICENSE"
expect 1 "LICENSE names another license"
echo "spdx negative cases: all caught"
