# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# lib.sh: sourced by the Bazel test scripts (POSIX sh).
#
#   stops_bazel_major        the major version of `bazel` on PATH
#   stops_bazel_rc SRC FILE  writes FILE, the rc every test command reads
#                            (--bazelrc=FILE); sets stops_bzlmod to 1 or 0
#   stops_tree_mark SRC      remembers what `git status` says of SRC
#   stops_tree_same SRC      fails unless SRC has no new file (untracked,
#                            MODULE.bazel.lock, bazel-* link): no run may
#                            write into the source tree

# Debian's bazel-bootstrap prints "bazel no_version": then its package's.
stops_bazel_major() {
	_v=$(bazel --version 2>/dev/null | awk '{ print $2 }')
	case $_v in
	[0-9]*) ;;
	*) _v=$(dpkg-query -W -f='${Version}' bazel-bootstrap 2>/dev/null) ;;
	esac
	_v=${_v#*:}
	echo "${_v%%.*}"
}

# Bazel 7 and later build with bzlmod (MODULE.bazel), never write a lock
# file, and with Debian's Bazel (its system rc overrides the modules Debian
# packages) use the offline registry of bazel/offline. Bazel 4.2 reads
# WORKSPACE and needs nothing here.
stops_bazel_rc() {
	_major=$(stops_bazel_major)
	: >"$2" || return 1
	stops_bzlmod=0
	case $_major in
	[0-9]*) [ "$_major" -ge 7 ] && stops_bzlmod=1 ;;
	esac
	[ $stops_bzlmod = 1 ] || return 0
	echo "common --lockfile_mode=off" >>"$2"
	if grep -qs -- '--override_module=rules_cc=' /etc/bazel/bazelrc; then
		echo "common --registry=file://$1/bazel/offline/registry" >>"$2"
		echo "common --noenable_workspace" >>"$2"
	fi
}

# New files only, as git sees them, plus what .gitignore hides that Bazel
# might write (a lock file, convenience links): Bazel creates files, and an
# edit of a tracked file while the suite runs is not a test failure.
_stops_tree_status() {
	git -C "$1" --no-optional-locks status --porcelain --untracked-files=all 2>/dev/null |
		grep '^??'
	ls -d "$1"/MODULE.bazel.lock "$1"/bazel-* 2>/dev/null
}

stops_tree_mark() {
	_stops_tree_before=$(_stops_tree_status "$1")
	return 0
}

stops_tree_same() {
	_now=$(_stops_tree_status "$1")
	[ "$_now" = "$_stops_tree_before" ] && return 0
	echo "FAIL: the run wrote into the source tree $1; before:" >&2
	echo "$_stops_tree_before" >&2
	echo "after:" >&2
	echo "$_now" >&2
	return 1
}
