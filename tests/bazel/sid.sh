#!/bin/bash
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# sid.sh MODE SRC_DIR WORK_DIR: the Bazel tests with Debian sid's Bazel 7
# (bzlmod, offline: the only network is Debian's archive), in a sid root.
#
#   root          WORK_DIR/root: a sid root with Debian's Bazel, its rules
#                 packages, clang, libbpf, bpftool and nginx; unpacked from
#                 a tarball cached beside debroot's (made with debroot make
#                 + apt the first time, remade with its base or the package
#                 list), kept while that tarball is the same. SRC_DIR's
#                 files (tracked and untracked, as a checkout has them)
#                 then go to /src/stops-shadow inside, committed to a git
#                 repository of their own, so run-bazel.sh can check that
#                 no run writes into it.
#   all           run-bazel.sh all, stale, kernel_check, platforms and
#                 rules_cc inside, one after the other, then the server stops
#   consumer      run-bazel.sh consumer inside
#   remote_cache  remote-cache.sh inside
#
# Exit 77 (skip) where debroot cannot make a root (not root, no debootstrap,
# no Debian apt source).
set -euo pipefail
mode=$1 src=$(cd "$2" && pwd) work=$3
debroot=$src/tests/lib/debroot
root=$work/root
cache=${STOPS_ROOT_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/stops-shadow/roots}
# What the tests run inside; apt pulls Bazel's JDK.
pkgs="bazel-bootstrap bazel-rules-cc bazel-rules-java bazel-skylib
	bazel-platforms bazel-rules-python bazel-rules-proto bazel-rules-license
	bazel-features clang libbpf-dev libelf-dev zlib1g-dev gcc g++ bpftool
	nginx-light python3"

fail() {
	echo "FAIL: $*" >&2
	exit 1
}
# bazel.sid.root's reason to skip is the other tests' too.
skip() {
	mkdir -p "$work" && echo "$*" >"$work/skipped"
	echo "SKIP: $*"
	exit 77
}
need_root() {
	[ ! -f "$work/skipped" ] || { echo "SKIP: $(cat "$work/skipped")"; exit 77; }
	[ -f "$root/.stops-tarball" ] || fail "no sid root (bazel.sid.root)"
}

# The tarball of a prepared root, remade when the base is newer or the
# package list changes.
prepared_tarball() {
	local key tar=$cache/sid-bazel.tar base=$cache/sid.tar.gz tmp
	key=$(echo $pkgs | sha256sum | cut -c1-16)
	if [ -s "$tar" ] && [ "$(cat "$tar.key" 2>/dev/null)" = "$key" ] &&
		[ "$tar" -nt "$base" ] && [ -z "$(find "$tar" -mtime +7)" ]; then
		echo "$tar"
		return 0
	fi
	tmp=$work/make-root
	"$debroot" make sid "$tmp" >&2 || return $?
	# shellcheck disable=SC2086
	"$debroot" apt "$tmp" $pkgs >&2 || return $?
	"$debroot" run "$tmp" apt-get clean >&2
	mkdir -p "$cache"
	tar -C "$tmp" --one-file-system -cf "$tar.tmp" . || return 1
	mv "$tar.tmp" "$tar" && echo "$key" >"$tar.key"
	rm -rf "$tmp"
	echo "$tar"
}

# SRC_DIR's checkout files to DIR (as remote-cache.sh copies a checkout).
copy_checkout() {
	if git -C "$src" rev-parse --git-dir >/dev/null 2>&1; then
		(cd "$src" && git ls-files -z -co --exclude-standard |
			xargs -0 sh -c 'for f; do [ -f "$f" ] && printf "%s\0" "$f"; done' sh |
			tar --null -T - -cf -) | tar -xf - -C "$1"
	else
		tar -C "$src" --exclude='./build*' --exclude='./bazel-*' -cf - . |
			tar -xf - -C "$1"
	fi
}

inside() { # CMD...: in the root, as root, /proc /sys /dev bound
	"$debroot" run "$root" "$@"
}

case $mode in
root)
	rm -f "$work/skipped"
	[ "$(id -u)" = 0 ] || skip "making a root needs root"
	start=$(date +%s)
	tar=$(prepared_tarball) || { rc=$?; [ $rc = 77 ] && skip "debroot cannot make a root here (above)"; fail "preparing the sid root"; }
	if [ "$(cat "$root/.stops-tarball" 2>/dev/null)" != "$(stat -c %Y "$tar")" ]; then
		# Never rm -rf through a bound /dev or /sys left by a killed run.
		for m in dev sys proc; do
			if mountpoint -q "$root/$m"; then
				umount -R "$root/$m" || fail "cannot unmount $root/$m"
			fi
		done
		rm -rf "$root" && mkdir -p "$root"
		tar -C "$root" -xf "$tar" || fail "unpacking $tar"
		stat -c %Y "$tar" >"$root/.stops-tarball"
		echo "unpacked $tar"
	fi
	rm -rf "$root/src" && mkdir -p "$root/src/stops-shadow"
	copy_checkout "$root/src/stops-shadow" || fail "copying $src"
	inside sh -c 'cd /src/stops-shadow && git init -q && git add -A &&
		git -c user.name=stops -c user.email=stops@localhost commit -qm checkout' ||
		fail "committing the copy"
	inside bazel --version
	echo "sid root ready in $(($(date +%s) - start)) s: $root"
	;;
all | consumer)
	# all: every mode of the source tree with one Bazel server (each start
	# costs a JVM and the module resolution again).
	modes=$mode
	[ "$mode" = all ] && modes="all stale kernel_check platforms rules_cc"
	need_root
	# shellcheck disable=SC2016
	inside sh -c 'run=/src/stops-shadow/tests/bazel/run-bazel.sh out=/var/cache/stops-bazel
		bad=
		for m; do
			echo "=== run-bazel.sh $m"
			"$run" "$m" /src/stops-shadow "$out" || bad="$bad $m"
		done
		"$run" shutdown /src/stops-shadow "$out" >/dev/null 2>&1
		[ -z "$bad" ] || { echo "FAIL:$bad"; exit 1; }' sh $modes
	;;
remote_cache)
	need_root
	inside /src/stops-shadow/tests/bazel/remote-cache.sh /src/stops-shadow
	;;
*)
	echo "usage: $0 root|all|consumer|remote_cache SRC_DIR WORK_DIR" >&2
	exit 2
	;;
esac
