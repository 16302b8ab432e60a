#!/bin/sh
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# cli_options.py must fail, naming the option and the place it is missing
# from, on copies of the man page, doc/cli.md and the CLI's --help with one
# difference planted each, and pass on the unchanged copies: a check that
# cannot fail proves nothing.
# Usage: cli_options_neg.sh PYTHON CLI_OPTIONS_PY CLI MAN_PAGE CLI_DOC
set -eu
py=$1 checker=$2 cli=$3 man=$4 doc=$5
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0

# fresh copies; $tmp/cli is a CLI whose --help is the real one's, filtered
# by $tmp/help.sed (empty: unchanged)
mk() {
	cp "$man" "$tmp/stops-shadow.1"
	cp "$doc" "$tmp/cli.md"
	: >"$tmp/help.sed"
	cat >"$tmp/cli" <<EOF
#!/bin/sh
"$cli" "\$@" | sed -f "$tmp/help.sed"
EOF
	chmod +x "$tmp/cli"
}

# expect WANT_EXIT WHAT [TEXT...]: the checker's exit, and each TEXT in
# one line of its output
expect() {
	want=$1 what=$2
	shift 2
	if "$py" "$checker" "$tmp/cli" "$tmp/stops-shadow.1" "$tmp/cli.md" \
		>"$tmp/out" 2>&1; then got=0; else got=$?; fi
	ok=1
	[ "$got" = "$want" ] || ok=0
	line=$(cat "$tmp/out")
	for t in "$@"; do
		line=$(printf '%s\n' "$line" | grep -F -e "$t") || ok=0
	done
	if [ "$ok" = 1 ]; then
		echo "ok: $what"
	else
		echo "FAIL: $what: exit $got, want $want; output:" >&2
		cat "$tmp/out" >&2
		fails=$((fails + 1))
	fi
}

mk
expect 0 "the unchanged copies agree"

# the man page: --kernel-btf's entry in OPTIONS removed (its tag line)
mk
grep -q '^\.BI \\-\\-kernel\\-btf ' "$tmp/stops-shadow.1"
sed -i '/^\.BI \\-\\-kernel\\-btf /d' "$tmp/stops-shadow.1"
expect 1 "man page without --kernel-btf in OPTIONS" \
	"option --kernel-btf:" "missing from stops-shadow.1 OPTIONS"

# the man page: an option no one else names
mk
awk '/^\.SH EXIT STATUS/ { print ".TP"; print ".B \\-\\-bogus"; print "Nothing." }
	{ print }' "$man" >"$tmp/stops-shadow.1"
grep -q '^\.B \\-\\-bogus$' "$tmp/stops-shadow.1"
expect 1 "man page with an extra option" \
	"option --bogus:" "missing from --help"

# doc/cli.md: the --depfile row of the options table removed
mk
grep -q '^| `--depfile' "$tmp/cli.md"
sed -i '/^| `--depfile/d' "$tmp/cli.md"
expect 1 "cli.md without its --depfile row" \
	"option --depfile:" "missing from cli.md Options"

# doc/cli.md: --json listed for gen as well (a per-command difference only)
mk
sed -i 's/^| `--json` | check, dump |/| `--json` | gen, check, dump |/' "$tmp/cli.md"
grep -q '^| `--json` | gen, check' "$tmp/cli.md"
expect 1 "cli.md naming --json for gen" \
	"option --json of gen:" "missing from --help"

# doc/cli.md: the options heading renamed, so nothing is read from it
mk
sed -i 's/^## Options$/## Flags/' "$tmp/cli.md"
expect 1 "cli.md without an Options section" "no options found in cli.md Options"

# doc/cli.md: an example using an option --help does not give that command
mk
printf '\n    $ stops-shadow dump x.bpf.o --strict\n' >>"$tmp/cli.md"
expect 1 "cli.md example with --strict for dump" \
	"example in cli.md uses --strict with dump"

# --help: --strict gone from it entirely
mk
echo 's/ *\[--strict\]//g; s/--strict//g' >"$tmp/help.sed"
expect 1 "--help without --strict" \
	"option --strict:" "missing from --help"

# --help: dump's usage line without [--json] (--json stays for check)
mk
echo 's/dump OBJ\.bpf\.o \[--json | --plan\]/dump OBJ.bpf.o [--plan]/' >"$tmp/help.sed"
expect 1 "--help without dump's --json" \
	"option --json of dump:" "missing from --help"

# --help that fails
mk
printf '#!/bin/sh\nexit 1\n' >"$tmp/cli"
expect 1 "a --help that exits 1" "--help: exit 1"

if [ "$fails" != 0 ]; then
	echo "$fails planted differences not caught" >&2
	exit 1
fi
echo "cli_options negative cases: all caught"
