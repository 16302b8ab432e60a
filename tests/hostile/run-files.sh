#!/usr/bin/env bash
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# Hostile files and processes around the CLI (issue 12): FIFOs and devices
# as inputs and outputs, outputs that are inputs, symlinks, depfiles that
# make or Ninja would misread, signals, file modes, write errors.
#
#   run-files.sh CLI CASE WORKDIR [sanitize|valgrind]
#
# Every case states the contract it checks; a case fails with a message.
set -u
here=$(cd "$(dirname "$0")" && pwd)
cli=$1 case=$2 work=$3 mode=${4:-}
limit=5
runner=()
case $mode in
sanitize) limit=30 ;;
valgrind)
	limit=120
	runner=(valgrind -q --error-exitcode=99 --leak-check=full
		--errors-for-leak-kinds=definite)
	;;
esac

rm -rf "$work"
mkdir -p "$work"
cd "$work" || exit 1
python3 "$here/mkhostile.py" check_members obj.bpf.o 4 || exit 1

# a part left out for want of a tool: exit 77 at the end, once the rest
# passed (a skip, which fails CI), never a quiet pass
left_out=

fail() {
	echo "FAIL ($case): $*"
	for f in stdout stderr; do
		[ -s "$work/$f" ] && { echo "--- $f"; head -c 1500 "$work/$f"; }
	done
	exit 1
}

# run EXPECTED_RC ARGS...: the CLI with a time limit; stdout/stderr kept
run() {
	local want=$1
	shift
	timeout -k 2 "$limit" "${runner[@]}" "$cli" "$@" >stdout 2>stderr
	rc=$?
	[ $rc -eq 124 ] || [ $rc -eq 137 ] && fail "timed out (blocked?): $*"
	[ $rc -eq "$want" ] || fail "exit $rc, want $want: $*"
	if [ "$want" -eq 1 ]; then
		[ "$(wc -l <stderr)" -eq 1 ] || fail "want one stderr line"
		[ -z "$(tail -c 1 stderr)" ] || fail "stderr line not ended"
	fi
	return 0
}

no_tmp() {
	local left
	left=$(find "${1:-.}" -name '*.tmp.*' | head -n 3)
	[ -z "$left" ] || fail "temporary files left: $left"
}

want_err() {
	grep -qF -- "$1" stderr || fail "stderr lacks '$1'"
}

case $case in
fifo_obj) # a FIFO as OBJ is refused, not read (open would block)
	mkfifo f.bpf.o
	run 1 f.bpf.o -o out.h
	want_err "f.bpf.o: is a FIFO, not a regular file"
	[ ! -e out.h ] || fail "out.h written"
	;;
fifo_out) # a FIFO as -o: written through when read, refused when not
	mkfifo out.h
	run 1 obj.bpf.o -o out.h
	want_err "out.h: is a FIFO with no reader"
	no_tmp
	run 0 obj.bpf.o -o ref.h
	cat out.h >read.h &
	reader=$!
	# the reader counts once it is in open(): retry until then
	for _ in $(seq 50); do
		timeout -k 2 "$limit" "${runner[@]}" "$cli" obj.bpf.o -o out.h \
			>stdout 2>stderr && break
		sleep 0.1
	done
	wait $reader
	cmp -s ref.h read.h || fail "the FIFO's reader did not get the header"
	[ -p out.h ] || fail "the FIFO was replaced"
	no_tmp
	;;
fifo_depfile) # a FIFO as --depfile without reader: nothing changes
	mkfifo out.d
	run 1 obj.bpf.o -o out.h --depfile out.d
	want_err "out.d: is a FIFO with no reader"
	[ ! -e out.h ] || fail "the header was written although the depfile failed"
	no_tmp
	;;
fifo_kernel_btf) # a FIFO as --kernel-btf, and among a directory's modules
	mkfifo k.btf
	run 1 check obj.bpf.o --kernel-btf k.btf
	want_err "k.btf: is a FIFO, not a regular file"
	mkdir kdir
	python3 "$here/mkhostile.py" other_type other.bpf.o 1 || exit 1
	cp obj.bpf.o.kbtf kdir/vmlinux
	mkfifo kdir/mod
	# the other object's type is not in vmlinux: modules are read
	run 1 check other.bpf.o --kernel-btf kdir
	want_err "kdir/mod: is a FIFO, not a regular file"
	;;
symlink_out) # -o a symlink: its target is replaced, the link stays
	mkdir d
	echo old >d/target.h
	ln -s d/target.h link.h
	run 0 obj.bpf.o -o link.h
	[ -L link.h ] || fail "the symlink was replaced by a file"
	grep -q struct d/target.h || fail "the target was not written"
	ln -s d/new.h dangling.h
	run 0 obj.bpf.o -o dangling.h
	[ -L dangling.h ] && [ -f d/new.h ] || fail "dangling link not followed"
	no_tmp
	;;
devices) # -o a character device is written through, never replaced
	# Own nodes when we may (root): a broken CLI must not replace the
	# machine's /dev/null. Without root, /dev cannot be written anyway.
	null=/dev/null full=/dev/full
	if mknod null c 1 3 2>/dev/null && mknod full c 1 7 2>/dev/null; then
		null=$work/null full=$work/full
	fi
	run 0 obj.bpf.o -o "$null"
	[ -c "$null" ] || fail "$null is no longer a device"
	run 1 obj.bpf.o -o "$full"
	want_err "stops-shadow: $full: No space left on device"
	[ -c "$full" ] || fail "$full is no longer a device"
	ln -s /proc/self/fd/1 out
	run 0 obj.bpf.o -o out
	grep -q struct stdout || fail "-o a link to fd 1 wrote nothing to stdout"
	[ -L out ] || fail "the link to fd 1 was replaced"
	no_tmp
	;;
out_is_input) # -o the object (by name, link or hard link) is refused
	cp obj.bpf.o keep.o
	run 1 obj.bpf.o -o obj.bpf.o
	want_err "-o names the input object"
	ln -s obj.bpf.o objlink.h
	run 1 obj.bpf.o -o objlink.h
	ln obj.bpf.o hard.h
	run 1 obj.bpf.o -o hard.h
	run 1 obj.bpf.o -o ./obj.bpf.o
	cmp -s keep.o obj.bpf.o || fail "the object was overwritten"
	run 1 obj.bpf.o -o out.h --depfile out.h
	want_err "--depfile names the -o output"
	run 1 obj.bpf.o -o out.h --depfile ./out.h
	run 1 obj.bpf.o -o out.h --depfile obj.bpf.o
	[ ! -e out.h ] || fail "out.h written on a refused run"
	cmp -s keep.o obj.bpf.o || fail "the object was overwritten"
	no_tmp
	;;
depfile_atomic) # the depfile cannot be written: the header stays as it was
	run 0 obj.bpf.o -o out.h --depfile out.d
	python3 "$here/mkhostile.py" check_members obj.bpf.o 5 || exit 1
	cp -p out.h before.h
	run 1 obj.bpf.o -o out.h --depfile nodir/out.d
	cmp -s before.h out.h || fail "the header changed although the depfile failed"
	[ out.h -nt before.h ] && fail "the header was rewritten"
	run 0 obj.bpf.o -o out.h --depfile out.d
	cmp -s before.h out.h && fail "the header was not regenerated"
	no_tmp
	;;
depfile_escape) # make and Ninja read back what the depfile names
	dir='a dir#1$x'
	mkdir "$dir"
	cp obj.bpf.o "$dir/o b#\$.bpf.o"
	run 0 "$dir/o b#\$.bpf.o" -o "$dir/h 1.h" --depfile dep.d
	grep -qF 'a\ dir\#1$$x/h\ 1.h: a\ dir\#1$$x/o\ b\#$$.bpf.o' dep.d ||
		fail "depfile spelled $(cat dep.d)"
	# make: the header is out of date exactly when the object is newer
	printf 'include dep.d\n%%.h:\n\t@true\n' >Makefile
	touch -d '2001-01-01' "$dir/h 1.h"
	make -q -f Makefile "$dir/h 1.h" 2>make.err
	[ $? -eq 1 ] || fail "make does not see the object as newer: $(cat make.err)"
	touch -d '2001-01-01' "$dir/o b#\$.bpf.o"
	touch "$dir/h 1.h"
	make -q -f Makefile "$dir/h 1.h" 2>make.err ||
		fail "make does not find the object: $(cat make.err)"
	if ! command -v ninja >/dev/null; then
		left_out="ninja's reading of the depfile (no ninja)"
	else
		cat >build.ninja <<-EOF
			rule gen
			  command = '$cli' 'a dir#1\$\$x/o b#\$\$.bpf.o' -o \$out --depfile \$out.d
			  depfile = \$out.d
			  deps = gcc
			build a$ dir#1\$\$x/h$ 1.h: gen
		EOF
		ninja -v >ninja.out 2>&1 || fail "ninja: $(cat ninja.out)"
		ninja -t deps >deps.out 2>&1
		grep -qF "    a dir#1\$x/o b#\$.bpf.o" deps.out ||
			fail "ninja read the depfile as: $(cat deps.out)"
	fi
	# bytes neither reads back: refused before anything is written
	cp obj.bpf.o 't1.bpf.o;touch${IFS}PWNED;.bpf.o'
	run 1 't1.bpf.o;touch${IFS}PWNED;.bpf.o' -o t1.h --depfile t1.d
	want_err "cannot be named in a depfile: ';'"
	[ ! -e t1.h ] && [ ! -e t1.d ] || fail "refused run wrote files"
	cp obj.bpf.o 'nl
x.bpf.o'
	run 1 'nl
x.bpf.o' -o nl.h --depfile nl.d
	want_err 'nl\nx.bpf.o: cannot be named in a depfile: a newline'
	no_tmp
	;;
newline_path) # a path with a newline or escape stays one line in errors
	run 1 "$(printf 'no\nsuch\033[31m.bpf.o')" -o out.h
	want_err 'stops-shadow: no\nsuch\x1b[31m.bpf.o: No such file or directory'
	run 2 obj.bpf.o "$(printf 'two\nlines')"
	[ "$(wc -l <stderr)" -eq 1 ] || fail "usage error split: $(cat stderr)"
	;;
signals) # SIGTERM/SIGINT/SIGHUP while writing leave no temporary file
	python3 "$here/mkhostile.py" placement big.bpf.o 65000 || exit 1
	caught=0
	for sig in TERM INT HUP TERM INT HUP TERM INT HUP TERM INT HUP; do
		rm -f out.h
		# a background job of a script ignores SIGINT: exec the CLI
		# with every signal at its default
		python3 -c 'import os, signal, sys
for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
    signal.signal(s, signal.SIG_DFL)
os.execv(sys.argv[1], sys.argv[1:])' "$cli" big.bpf.o -o out.h 2>/dev/null &
		pid=$!
		t=
		for _ in $(seq 20000); do
			t=$(compgen -G 'out.h.tmp.*') && break
			kill -0 $pid 2>/dev/null || break
		done
		stopped=
		if [ -n "$t" ] && kill -STOP $pid 2>/dev/null; then
			[ -e "$t" ] && stopped=1
			kill -$sig $pid
			kill -CONT $pid
		fi
		wait $pid
		rc=$?
		if [ -n "$stopped" ]; then
			# it must have died of the signal, not finished
			[ $rc -eq $((128 + $(kill -l $sig))) ] ||
				fail "SIG$sig: exit $rc, not killed by the signal"
			caught=$((caught + 1))
		fi
		no_tmp
	done
	[ $caught -gt 0 ] || fail "never caught a run while it wrote"
	echo "caught $caught of 12 runs mid-write"
	;;
name_max) # a 250-byte output name works: the temporary name is cut
	name=$(printf 'h%.0s' $(seq 248)).h
	run 0 obj.bpf.o -o "$name"
	[ -f "$name" ] || fail "the 250-byte name was not written"
	no_tmp
	;;
mode) # a rewritten output keeps its mode
	run 0 obj.bpf.o -o out.h
	chmod 600 out.h
	python3 "$here/mkhostile.py" check_members obj.bpf.o 5 || exit 1
	cp out.h before.h
	run 0 obj.bpf.o -o out.h
	cmp -s before.h out.h && fail "the header did not change"
	[ "$(stat -c %a out.h)" = 600 ] || fail "mode became $(stat -c %a out.h)"
	;;
stdout_errors) # --help >/dev/full, a closed pipe: exit 1 with a message
	timeout "$limit" "${runner[@]}" "$cli" --help >/dev/full 2>stderr
	[ $? -eq 1 ] || fail "--help >/dev/full exits $?"
	want_err "<stdout>: No space left on device"
	timeout "$limit" "${runner[@]}" "$cli" --version >/dev/full 2>stderr
	[ $? -eq 1 ] || fail "--version >/dev/full exits $?"
	python3 "$here/mkhostile.py" placement big.bpf.o 20000 || exit 1
	timeout "$limit" "${runner[@]}" "$cli" dump big.bpf.o 2>stderr | head -c 1 >/dev/null
	rc=${PIPESTATUS[0]}
	[ "$rc" -eq 1 ] || fail "dump | head -c1 exits $rc, want 1"
	want_err "<stdout>: Broken pipe"
	[ "$(wc -l <stderr)" -eq 1 ] || fail "want one stderr line"
	;;
stdout_cut_back) # gen > file: a failure late in the header leaves no part of it
	# 2,000 maps' text (0.5 MB) is out before the last map is refused
	python3 "$here/mkhostile.py" late_error late.bpf.o 2000 || exit 1
	run 1 late.bpf.o -o out.h
	want_err "name longer than 1000 characters"
	[ ! -e out.h ] || fail "-o out.h written"
	timeout -k 2 "$limit" "${runner[@]}" "$cli" late.bpf.o >cut.h 2>stderr
	[ $? -eq 1 ] || fail "gen >cut.h exits $?, want 1"
	[ "$(wc -l <stderr)" -eq 1 ] || fail "want one stderr line"
	[ ! -s cut.h ] || fail "gen >cut.h left $(wc -c <cut.h) bytes"
	# 2>&1: the offset is shared; the message lands at the start
	timeout -k 2 "$limit" "${runner[@]}" "$cli" late.bpf.o >both.txt 2>&1
	[ $? -eq 1 ] || fail "gen >both.txt 2>&1 exits $?"
	[ "$(wc -l <both.txt)" -eq 1 ] &&
		grep -q '^stops-shadow: late.bpf.o: member x*\.\.\.: name longer' both.txt ||
		fail "2>&1 left more than the error: $(head -c 200 both.txt)"
	# appended to: other writers may share the file, nothing is cut
	echo old >log.txt
	timeout -k 2 "$limit" "${runner[@]}" "$cli" late.bpf.o >>log.txt 2>stderr
	[ $? -eq 1 ] || fail "gen >>log.txt exits $?"
	[ "$(head -n 1 log.txt)" = old ] || fail "appended file lost its start"
	# success through the same path: the same bytes as -o
	run 0 obj.bpf.o -o ref.h
	timeout -k 2 "$limit" "${runner[@]}" "$cli" obj.bpf.o >ok.h 2>stderr ||
		fail "gen >ok.h failed"
	cmp -s ref.h ok.h || fail "gen >ok.h differs from -o"
	;;
disk_full) # a full disk while writing -o: the output is named, nothing left
	python3 "$here/mkhostile.py" placement big.bpf.o 20000 || exit 1
	mkdir mnt
	# a private mount namespace: nothing outlives the test
	unshare -m sh -c 'mount -t tmpfs -o size=64k none mnt' 2>/dev/null ||
		{ echo "skip: no tmpfs mount (needs root and unshare)"; exit 77; }
	unshare -m sh -c 'mount -t tmpfs -o size=64k none mnt &&
		echo old >mnt/out.h &&
		timeout -k 2 "$0" "$@" big.bpf.o -o mnt/out.h >stdout 2>stderr
		echo $? >rc; cat mnt/out.h >left.h; ls -a mnt >ls' \
		"$limit" "${runner[@]}" "$cli"
	[ "$(cat rc)" = 1 ] || fail "exit $(cat rc), want 1"
	want_err "stops-shadow: mnt/out.h: No space left on device"
	[ "$(cat left.h)" = old ] || fail "the old header was not kept"
	grep -q tmp ls && fail "temporary file left: $(cat ls)"
	;;
escape_report) # names with escapes stay one escaped name; JSON stays valid
	python3 "$here/mkhostile.py" evil_names evil.bpf.o 1 || exit 1
	run 0 check evil.bpf.o --kernel-btf evil.bpf.o.kbtf
	python3 - stdout <<-'EOF' || fail "text report not escaped"
		import sys
		raw = open(sys.argv[1], 'rb').read()
		text = raw.decode('utf-8')  # invalid UTF-8 would raise
		bad = [c for c in text if (ord(c) < 0x20 and c != '\n') or
		       0x7f <= ord(c) < 0xa0]
		assert not bad, bad
		lines = text.splitlines()
		# every line is the report's own: a summary or an indented finding
		assert all(l.startswith(('evil:', '  ')) for l in lines), lines
		assert not any(l.startswith(('ops:', 'fake:')) for l in lines), lines
		assert 'k\\x1b]0;owned\\x07\\nops: compatible\\\\' in text, text
	EOF
	run 0 check evil.bpf.o --kernel-btf evil.bpf.o.kbtf --json
	python3 - stdout <<-'EOF' || fail "JSON report invalid or names changed"
		import json, sys
		d = json.load(open(sys.argv[1]))
		msg = d['maps'][0]['findings'][0]['message']
		assert 'k\x1b]0;owned\x07\nops: compatible\\' in msg, msg
		assert 'o\x1b[2J\r\nfake: compatible' in msg, msg
	EOF
	run 0 dump evil.bpf.o
	python3 - stdout <<-'EOF' || fail "dump not escaped"
		import sys
		text = open(sys.argv[1], 'rb').read().decode('utf-8')
		assert not [c for c in text if (ord(c) < 0x20 and c != '\n')
		            or 0x7f <= ord(c) < 0xa0]
	EOF
	;;
*)
	echo "unknown case $case"
	exit 2
	;;
esac
cd / && rm -rf "$work"
[ -z "$left_out" ] || { echo "SKIP: everything else passed; left out: $left_out"; exit 77; }
