#!/bin/sh
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# remote-cache.sh SRC_DIR: bpf_skeleton is cacheable across checkouts, paths
# and PATHs, with a real HTTP remote cache and with --disk_cache.
#
# nginx (WebDAV PUT, as Bazel documents for an HTTP cache) serves a temporary
# directory on 127.0.0.1. Checkout A (a copy of SRC_DIR) builds //examples/...
# with a fresh output root, filling the remote and a disk cache. Checkout B, a
# copy at another path, with another fresh output root and another PATH:
#   1. remote cache: every BPF compile, generator and C++ action is a hit;
#   2. bazel clean, disk cache only: the same;
#   3. bazel clean, remote cache, BPF compiles forced to run: the generator
#      still hits, so B's objects are byte-identical to A's; the objects,
#      headers and check reports of A and B are compared too.
# Hits come from --execution_log_json_file (spawns.py). The kernel check
# against /sys/kernel/btf/vmlinux is no-cache by design (it is about this
# machine's kernel, now): it must run in 1, 2 and 3. Bazel 7 and later build
# the checkouts as modules (lib.sh). Exit 77 (skip) without bazel or kernel
# BTF; fails without nginx, which install-deps installs.
set -u
src=$(cd "$1" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"

skip() {
	echo "SKIP: $*"
	exit 77
}
fail() {
	echo "FAIL: $*" >&2
	exit 1
}

bazel=$(command -v bazel) || skip "bazel is not installed"
nginx=$(command -v nginx || ls /usr/sbin/nginx 2>/dev/null) ||
	fail "nginx is not installed (scripts/install-deps installs it)"
[ -r /sys/kernel/btf/vmlinux ] || skip "no /sys/kernel/btf/vmlinux"

tmp=$(mktemp -d /tmp/bazel-remote-cache.XXXXXX) || fail "mktemp"
ws_a=$tmp/a/stops-shadow
ws_b=$tmp/elsewhere/b/checkout-two
root_a=$tmp/root-a
root_b=$tmp/root-b
ng=$tmp/nginx
rc_file=$tmp/tests.bazelrc
stops_bazel_rc "$src" "$rc_file" || fail "cannot write $rc_file"

cleanup() {
	[ -f "$ng/nginx.pid" ] && kill "$(cat "$ng/nginx.pid")" 2>/dev/null
	for ws in "$ws_a:$root_a" "$ws_b:$root_b"; do
		[ -d "${ws#*:}" ] &&
			(cd "${ws%%:*}" && "$bazel" --nohome_rc --bazelrc="$rc_file" \
				--output_user_root="${ws#*:}" shutdown) 2>/dev/null
	done
	if [ -n "${KEEP_TMP:-}" ]; then
		echo "kept $tmp (KEEP_TMP)"
		return
	fi
	# Bazel makes its outputs read-only.
	chmod -R u+w "$tmp" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

# The source tree as a checkout would have it: tracked and untracked files,
# not the ignored ones (build trees, bazel-* links).
copy_checkout() {
	mkdir -p "$1" || fail "mkdir $1"
	if git -C "$src" rev-parse --git-dir >/dev/null 2>&1; then
		(cd "$src" && git ls-files -z -co --exclude-standard |
			xargs -0 sh -c 'for f; do [ -f "$f" ] && printf "%s\0" "$f"; done' sh |
			tar --null -T - -cf -) | tar -xf - -C "$1"
	else
		tar -C "$src" --exclude='./build*' --exclude='./bazel-*' -cf - . |
			tar -xf - -C "$1"
	fi
	[ -f "$1/WORKSPACE" ] || fail "copying $src to $1"
}
copy_checkout "$ws_a"
copy_checkout "$ws_b"

# nginx with a private configuration: its own pid, logs and temp paths.
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
mkdir -p "$ng/cache" "$ng/tmp" "$ng/logs"
cat >"$ng/nginx.conf" <<EOF
user $(id -un) $(id -gn);
worker_processes 1;
pid $ng/nginx.pid;
error_log $ng/logs/error.log;
events { worker_connections 64; }
http {
	access_log $ng/logs/access.log;
	client_body_temp_path $ng/tmp;
	server {
		listen 127.0.0.1:$port;
		root $ng/cache;
		location / {
			dav_methods PUT DELETE;
			create_full_put_path on;
			client_max_body_size 0;
		}
	}
}
EOF
"$nginx" -p "$ng" -c "$ng/nginx.conf" -e "$ng/logs/error.log" 2>"$ng/logs/start.log" ||
	{ cat "$ng/logs/start.log"; fail "nginx does not start"; }
remote=http://127.0.0.1:$port
curl_ok=$(python3 - "$remote" <<'EOF'
import sys, urllib.request
url = sys.argv[1] + '/probe/x'
urllib.request.urlopen(urllib.request.Request(url, data=b'ok', method='PUT'))
print(urllib.request.urlopen(url).read().decode())
EOF
)
[ "$curl_ok" = ok ] || { cat "$ng/logs/error.log"; fail "nginx WebDAV PUT/GET does not work"; }
echo "nginx WebDAV cache at $remote"

# Another PATH for B: a directory of its own first, sbin last. (Not /bin
# before /usr/bin: the C++ toolchain's autodetection would then pick /bin/gcc,
# another compiler path in every C++ action key; doc/bazel.md: pin CC.)
mkdir -p "$tmp/bin-b"
printf '#!/bin/sh\nexit 0\n' >"$tmp/bin-b/stops-unrelated-tool"
chmod +x "$tmp/bin-b/stops-unrelated-tool"
path_a=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
path_b=$tmp/bin-b:/usr/bin:/bin:/usr/sbin:/sbin

bzl() { # WS ROOT PATH CMD ARGS...
	ws=$1 root=$2 p=$3 cmd=$4
	shift 4
	(cd "$ws" && PATH=$p "$bazel" --nohome_rc --bazelrc="$rc_file" \
		--output_user_root="$root" --max_idle_secs=300 "$cmd" \
		--symlink_prefix=/ --color=no --curses=no "$@")
}
outputs() { # ROOT WS: sha256 of every object, header and report, by path
	bin=$(bzl "$2" "$1" "$PATH" info bazel-bin 2>/dev/null) || fail "bazel info"
	(cd "$bin" && find . -path '*/_bpf_skeleton/*' -type f | LC_ALL=C sort |
		xargs sha256sum)
}
check_log() { # LOG ARGS...: spawns.py, failing the test with its report
	log=$1
	shift
	python3 "$here/spawns.py" "$log" "$@" || fail "cache hits (above) in $log"
}
targets=//examples/...
cpp="--hit CppCompile --hit CppLink"

echo "== A: $ws_a, cold, fills the remote and the disk cache"
bzl "$ws_a" "$root_a" "$path_a" build --remote_cache="$remote" \
	--disk_cache="$tmp/disk" --execution_log_json_file="$tmp/a.json" $targets ||
	fail "build A"
check_log "$tmp/a.json" --ran BpfCompile --ran StopsShadowGen
outputs "$root_a" "$ws_a" >"$tmp/a.sha" && [ -s "$tmp/a.sha" ] || fail "no outputs in A"
(cd "$ws_a" && "$bazel" --nohome_rc --bazelrc="$rc_file" --output_user_root="$root_a" shutdown)

echo "== B1: $ws_b, fresh output root, another PATH, remote cache"
bzl "$ws_b" "$root_b" "$path_b" build --remote_cache="$remote" \
	--execution_log_json_file="$tmp/b1.json" $targets || fail "build B1"
check_log "$tmp/b1.json" --hit BpfCompile --hit StopsShadowGen $cpp \
	--ran StopsShadowCheck

echo "== B2: bazel clean, disk cache only"
bzl "$ws_b" "$root_b" "$path_b" clean || fail "clean"
bzl "$ws_b" "$root_b" "$path_b" build --disk_cache="$tmp/disk" \
	--execution_log_json_file="$tmp/b2.json" $targets || fail "build B2"
check_log "$tmp/b2.json" --hit BpfCompile --hit StopsShadowGen $cpp \
	--ran StopsShadowCheck

echo "== B3: bazel clean, remote cache, BPF compiles run in B"
bzl "$ws_b" "$root_b" "$path_b" clean || fail "clean"
bzl "$ws_b" "$root_b" "$path_b" build --remote_cache="$remote" \
	--modify_execution_info=BpfCompile=+no-remote-cache \
	--execution_log_json_file="$tmp/b3.json" $targets || fail "build B3"
check_log "$tmp/b3.json" --ran BpfCompile --hit StopsShadowGen
outputs "$root_b" "$ws_b" >"$tmp/b.sha" || fail "no outputs in B"
diff "$tmp/a.sha" "$tmp/b.sha" || fail "outputs differ between the checkouts (above)"
bin_b=$(bzl "$ws_b" "$root_b" "$path_b" info bazel-bin 2>/dev/null)
for f in $(sed 's|^[0-9a-f]*  \./||' "$tmp/b.sha"); do
	! grep -aq "$tmp" "$bin_b/$f" || fail "$f holds an absolute path of the build"
done
echo "OK: $(wc -l <"$tmp/a.sha") outputs byte-identical across checkouts; every BPF compile, generator and C++ action was a cache hit from another path and PATH, remote and disk"
