#!/bin/sh
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# Every tracked file carries the project's SPDX identifier in its first
# lines, except the few data files named in exempt.txt (goldens, fuzz
# crashers, the license texts), whose format has no room for a comment.
# Usage: spdx.sh SOURCE_DIR [EXEMPT_FILE]
# Lists the tracked files with git; in a tree without git metadata (a
# release tarball), every file outside build trees.
set -eu
src=$1
exempt=${2:-$(dirname "$0")/exempt.txt}
want='SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)'
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cd "$src"
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
	git ls-files -z --cached | tr '\0' '\n' >"$tmp/files"
else
	find . -path './build*' -prune -o -path './bazel-*' -prune \
		-o -path ./.git -prune -o -type f -print |
		sed 's|^\./||' >"$tmp/files"
fi
if ! grep -q . "$tmp/files"; then
	echo "spdx: no files found in $src" >&2
	exit 1
fi

# exempt.txt: one shell pattern per line (case syntax), # comments.
sed 's/#.*//; s/[[:space:]]*$//; /^$/d' "$exempt" >"$tmp/patterns"

n=0 bad=0 skipped=0
while IFS= read -r f; do
	# A deleted but still tracked file (working tree edit) is not ours to judge.
	[ -f "$f" ] || continue
	skip=0
	while IFS= read -r p; do
		# shellcheck disable=SC2254
		case $f in $p) skip=1; break ;; esac
	done <"$tmp/patterns"
	if [ $skip = 1 ]; then
		skipped=$((skipped + 1))
		continue
	fi
	n=$((n + 1))
	# First line, or the second after a #! line.
	if ! head -n 2 "$f" | grep -qF "$want"; then
		if head -n 5 "$f" | grep -q 'SPDX-License-Identifier:'; then
			echo "spdx: $f: identifier is not '$want' or not in the first lines" >&2
		else
			echo "spdx: $f: no SPDX-License-Identifier" >&2
		fi
		bad=$((bad + 1))
	fi
done <"$tmp/files"

for l in LICENSE LICENSE.LGPL-2.1 LICENSE.BSD-2-Clause; do
	if [ ! -s "$l" ]; then
		echo "spdx: license text $l missing" >&2
		bad=$((bad + 1))
	fi
done
if [ -s LICENSE ] && [ "$(head -n 1 LICENSE)" != "LGPL-2.1 OR BSD-2-Clause" ]; then
	echo "spdx: LICENSE does not name LGPL-2.1 OR BSD-2-Clause" >&2
	bad=$((bad + 1))
fi

echo "spdx: $n files carry the identifier, $skipped exempt, $bad problems"
[ $bad = 0 ]
