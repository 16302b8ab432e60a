#!/bin/sh
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# layout.dump.* only compares (issue 42): on a copy of the golden files,
# dump_golden.sh passes with them as they are, and fails, leaving them as
# they were, when one is wrong, with STOPS_SHADOW_REGEN=1 in the
# environment (with a right golden or a wrong one), on invalid JSON that
# equals its golden, and without python3. The source tree's golden files
# are the same bytes afterwards.
# Usage: dump_only_compares.sh DUMP_GOLDEN CLI PYTHON3 OBJ GOLDEN_DIR WORK
set -u
script=$1 cli=$2 py=$3 obj=$4 src=$5 work=$6
name=$(basename "$obj" .bpf.o)
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
sums() { (cd "$1" && sha256sum -- *); }
rm -rf "$work" && mkdir -p "$work/golden" "$work/bin" || exit 1
cp "$src"/* "$work/golden/" || exit 1
before=$(sums "$src")
g=$work/golden

# WHAT WANT_RC SAYS [ENV...]: dump_golden.sh on the copy, with $rcli and
# $rpy, exits WANT_RC, its output has SAYS and the copy is unchanged
run() {
	what=$1 want=$2 says=$3
	shift 3
	copy=$(sums "$g")
	env "$@" sh "$script" "$rcli" "$rpy" "$obj" "$name" "$g" "$work/out" \
		>"$work/log" 2>&1
	rc=$?
	if [ $rc != "$want" ]; then
		cat "$work/log"
		fail "$what: exit $rc, not $want"
	elif ! grep -q "$says" "$work/log"; then
		cat "$work/log"
		fail "$what: does not say '$says'"
	elif [ "$(sums "$g")" != "$copy" ]; then
		fail "$what: the golden files changed"
	else
		echo "ok: $what (exit $rc)"
	fi
}
rcli=$cli rpy=$py
run "golden files as they are" 0 "^ok: $name" -u STOPS_SHADOW_REGEN
run "right goldens, STOPS_SHADOW_REGEN=1" 1 'STOPS_SHADOW_REGEN is set' \
	STOPS_SHADOW_REGEN=1

used=$(cat "$work/out/$name.golden" 2>/dev/null) || { fail "no $name.golden record"; used=$g/$name; }
echo "a line no dump has" >>"$used.txt"
run "a wrong golden" 1 '^FAIL: dump differs' -u STOPS_SHADOW_REGEN
run "a wrong golden, STOPS_SHADOW_REGEN=1" 1 'STOPS_SHADOW_REGEN is set' \
	STOPS_SHADOW_REGEN=1
grep -q 'a line no dump has' "$used.txt" || fail "the wrong golden was rewritten"

# invalid JSON that equals its golden: only the JSON check can fail it
cat >"$work/bin/cli" <<SH
#!/bin/sh
"$cli" "\$@" || exit
case "\$*" in *--json*) echo '{' ;; esac
SH
chmod +x "$work/bin/cli"
"$work/bin/cli" dump "$obj" >"$used.txt"
"$work/bin/cli" dump "$obj" --json >"$used.json"
rcli=$work/bin/cli
run "invalid JSON equal to its golden" 1 '^FAIL: invalid JSON' \
	-u STOPS_SHADOW_REGEN
rcli=$cli
"$cli" dump "$obj" >"$used.txt"
"$cli" dump "$obj" --json >"$used.json"
rpy=$work/bin/no-python3
run "no python3" 1 "^FAIL: no python3" -u STOPS_SHADOW_REGEN
rpy=$py
run "golden files restored" 0 "^ok: $name" -u STOPS_SHADOW_REGEN

[ "$(sums "$src")" = "$before" ] || fail "the source tree's golden files changed"
[ $fails = 0 ] || { echo "FAIL: $fails check(s)"; exit 1; }
echo "pass: dump_golden.sh only compares"
