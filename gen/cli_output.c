// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* stops-shadow CLI: output files written atomically, or through devices. */
#define _GNU_SOURCE /* O_CLOEXEC in mkostemp */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

#define TMP_SUFFIX    ".tmp.XXXXXX"
#define MAX_LINK_HOPS 40 /* the kernel's own limit */

/*
 * Temporary files a signal must remove. Written with the signals
 * blocked; the handler only reads them and calls unlink(), which is
 * async-signal-safe.
 */
static char *volatile tmp_files[4];
static const int cleanup_sigs[] = {SIGTERM, SIGINT, SIGHUP};

static void on_signal(int sig)
{
	for (size_t i = 0; i < sizeof(tmp_files) / sizeof(tmp_files[0]); i++)
		if (tmp_files[i])
			unlink(tmp_files[i]);
	/* then die of the signal, as the caller expects */
	signal(sig, SIG_DFL);
	raise(sig);
}

void cli_signals_init(void)
{
	struct sigaction sa = {.sa_handler = on_signal};

	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < sizeof(cleanup_sigs) / sizeof(cleanup_sigs[0]);
	     i++) {
		struct sigaction old;

		/* a signal ignored by the parent (nohup) stays ignored */
		if (!sigaction(cleanup_sigs[i], NULL, &old) &&
		    old.sa_handler == SIG_IGN)
			continue;
		sigaddset(&sa.sa_mask, cleanup_sigs[i]);
		sigaction(cleanup_sigs[i], &sa, NULL);
	}
	/* a closed pipe is a write error with a message, not a silent death */
	signal(SIGPIPE, SIG_IGN);
}

static void block_signals(sigset_t *old)
{
	sigset_t set;

	sigemptyset(&set);
	for (size_t i = 0; i < sizeof(cleanup_sigs) / sizeof(cleanup_sigs[0]);
	     i++)
		sigaddset(&set, cleanup_sigs[i]);
	sigprocmask(SIG_BLOCK, &set, old);
}

static void track_tmp(char *path, bool on)
{
	for (size_t i = 0; i < sizeof(tmp_files) / sizeof(tmp_files[0]); i++) {
		if (on && !tmp_files[i]) {
			tmp_files[i] = path;
			return;
		}
		if (!on && tmp_files[i] == path) {
			tmp_files[i] = NULL;
			return;
		}
	}
}

/* Directory part of path ("." when none) and the name after it. */
static char *dir_of(const char *path, const char **base)
{
	const char *slash = strrchr(path, '/');

	if (!slash) {
		*base = path;
		return strdup(".");
	}
	*base = slash + 1;
	if (slash == path)
		return strdup("/");
	return strndup(path, (size_t)(slash - path));
}

/* Follow symlinks to the file they end at, which may not exist yet. */
static char *resolve_links(const char *path)
{
	char *cur = strdup(path), *link, *dir, *next;
	const char *base;
	struct stat st;
	ssize_t n;

	for (int hops = 0; cur && hops <= MAX_LINK_HOPS; hops++) {
		if (lstat(cur, &st) || !S_ISLNK(st.st_mode))
			return cur;
		link = malloc(PATH_MAX);
		n = link ? readlink(cur, link, PATH_MAX - 1) : -1;
		if (n < 0) {
			free(link);
			free(cur);
			return NULL;
		}
		link[n] = '\0';
		dir = link[0] == '/' ? NULL : dir_of(cur, &base);
		if (link[0] != '/' && !dir) {
			free(link);
			free(cur);
			return NULL;
		}
		next = link;
		if (dir) {
			next = malloc(strlen(dir) + strlen(link) + 2);
			if (next)
				sprintf(next, "%s/%s", dir, link);
			free(link);
			free(dir);
		}
		free(cur);
		cur = next;
	}
	if (cur)
		errno = ELOOP;
	free(cur);
	return NULL;
}

/*
 * dest.tmp.XXXXXX in dest's directory, the name cut so that it stays
 * within NAME_MAX: a valid 250-byte output name must not fail.
 */
static char *tmp_template(const char *dest)
{
	const char *base;
	char *dir = dir_of(dest, &base), *t;
	size_t keep = strlen(base), max = NAME_MAX - strlen(TMP_SUFFIX);

	if (!dir)
		return NULL;
	if (keep > max)
		keep = max;
	t = malloc(strlen(dir) + keep + sizeof(TMP_SUFFIX) + 1);
	if (t)
		sprintf(t, "%s/%.*s%s", dir, (int)keep, base, TMP_SUFFIX);
	free(dir);
	return t;
}

static int open_tmp(struct cli_out *o, const struct stat *old, const char **why)
{
	sigset_t mask;
	mode_t um;
	int fd, ret;

	o->tmp = tmp_template(o->dest);
	if (!o->tmp) {
		*why = strerror(ENOMEM);
		return -ENOMEM;
	}
	block_signals(&mask);
	fd = mkostemp(o->tmp, O_CLOEXEC);
	ret = -errno;
	if (fd >= 0)
		track_tmp(o->tmp, true);
	sigprocmask(SIG_SETMASK, &mask, NULL);
	if (fd < 0) {
		*why = strerror(-ret);
		free(o->tmp);
		o->tmp = NULL;
		return ret;
	}
	if (old) {
		/* a rewrite keeps the file's mode, and its owner if we may */
		o->mode = old->st_mode & 07777;
		if (fchown(fd, old->st_uid, old->st_gid))
			(void)0; /* not ours to give away: new owner */
	} else {
		um = umask(0);
		umask(um);
		o->mode = 0666 & ~um;
	}
	if (fchmod(fd, o->mode) || !(o->f = fdopen(fd, "w+"))) {
		ret = -errno;
		*why = strerror(errno);
		close(fd);
		cli_out_discard(o);
		return ret;
	}
	return 0;
}

/* A device, FIFO or socket: write into it, never replace the node. */
static int open_through(struct cli_out *o, const struct stat *st,
			const char **why)
{
	struct stat now;
	int fd, ret;

	if (S_ISSOCK(st->st_mode)) {
		*why = "is a socket";
		return -EINVAL;
	}
	/* a FIFO with no reader fails at once (ENXIO) instead of blocking */
	fd = open(o->dest, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd < 0) {
		ret = -errno;
		*why = errno == ENXIO && S_ISFIFO(st->st_mode)
			       ? "is a FIFO with no reader"
			       : strerror(errno);
		return ret;
	}
	if (fstat(fd, &now) ||
	    (now.st_mode & S_IFMT) != (st->st_mode & S_IFMT)) {
		close(fd);
		*why = "changed while being opened";
		return -EAGAIN;
	}
	fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
	o->f = fdopen(fd, "w");
	if (!o->f) {
		ret = -errno;
		*why = strerror(errno);
		close(fd);
		return ret;
	}
	o->through = true;
	return 0;
}

int cli_out_open(struct cli_out *o, const char *path, const char **why)
{
	struct stat st, dst;

	memset(o, 0, sizeof(*o));
	o->path = path;
	/* stat() follows links as open() would, /proc's magic ones too */
	if (stat(path, &st)) {
		if (errno != ENOENT) {
			*why = strerror(errno);
			return -errno;
		}
		/* new file, or a dangling link: create what it points to */
		o->dest = resolve_links(path);
		if (!o->dest) {
			*why = strerror(errno);
			return -errno;
		}
		return open_tmp(o, NULL, why);
	}
	if (S_ISDIR(st.st_mode)) {
		*why = "is a directory";
		return -EISDIR;
	}
	if (S_ISBLK(st.st_mode)) {
		*why = "is a block device";
		return -EINVAL;
	}
	if (!S_ISREG(st.st_mode)) {
		o->dest = strdup(path);
		if (!o->dest) {
			*why = strerror(ENOMEM);
			return -ENOMEM;
		}
		return open_through(o, &st, why);
	}
	o->dest = resolve_links(path);
	if (!o->dest || stat(o->dest, &dst) || dst.st_dev != st.st_dev ||
	    dst.st_ino != st.st_ino) {
		*why = "cannot follow its symbolic links to the file";
		return -EINVAL;
	}
	return open_tmp(o, &st, why);
}

int cli_out_finish(struct cli_out *o, const char **why)
{
	errno = 0;
	if (fflush(o->f) || ferror(o->f)) {
		int err = errno ? errno : EIO;

		*why = strerror(err);
		return -err;
	}
	return 0;
}

/* Compared in chunks: a big header is never held in memory. */
static bool same_content(FILE *f, const char *path)
{
	static char a[64 * 1024], b[sizeof(a)];
	struct stat sa, sb;
	bool same = false;
	FILE *old;
	size_t n;
	int fd;

	fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd < 0)
		return false;
	old = fdopen(fd, "rb");
	if (!old) {
		close(fd);
		return false;
	}
	if (fstat(fileno(f), &sa) || fstat(fd, &sb) || !S_ISREG(sb.st_mode) ||
	    sa.st_size != sb.st_size)
		goto out;
	rewind(f);
	do {
		n = fread(a, 1, sizeof(a), f);
		same = fread(b, 1, sizeof(b), old) == n && !memcmp(a, b, n);
	} while (same && n == sizeof(a));
	same = same && !ferror(f) && !ferror(old);
out:
	fclose(old);
	return same;
}

int cli_out_commit(struct cli_out *o, const char **why)
{
	sigset_t mask;
	int ret = 0;

	if (o->through) {
		ret = fclose(o->f) ? -errno : 0;
		o->f = NULL;
		if (ret)
			*why = strerror(-ret);
		return ret;
	}
	if (!o->tmp)
		return 0;
	if (same_content(o->f, o->dest)) {
		cli_out_discard(o);
		return 0;
	}
	if (o->f && fclose(o->f)) {
		o->f = NULL;
		ret = -errno;
		*why = strerror(errno);
		cli_out_discard(o);
		return ret;
	}
	o->f = NULL;
	block_signals(&mask);
	if (rename(o->tmp, o->dest)) {
		ret = -errno;
		*why = strerror(errno);
	} else {
		track_tmp(o->tmp, false);
		free(o->tmp);
		o->tmp = NULL;
	}
	sigprocmask(SIG_SETMASK, &mask, NULL);
	if (ret)
		cli_out_discard(o);
	return ret;
}

void cli_out_discard(struct cli_out *o)
{
	sigset_t mask;

	if (o->f)
		fclose(o->f);
	o->f = NULL;
	if (o->tmp) {
		block_signals(&mask);
		unlink(o->tmp);
		track_tmp(o->tmp, false);
		sigprocmask(SIG_SETMASK, &mask, NULL);
		free(o->tmp);
		o->tmp = NULL;
	}
	free(o->dest);
	o->dest = NULL;
}

/* The place a path names: its directory resolved, links followed. */
static char *place_of(const char *path)
{
	char *dest = resolve_links(path), *dir, *real, *p = NULL;
	const char *base;

	if (!dest)
		return NULL;
	dir = dir_of(dest, &base);
	real = dir ? realpath(dir, NULL) : NULL;
	if (real) {
		p = malloc(strlen(real) + strlen(base) + 2);
		if (p)
			sprintf(p, "%s/%s", real, base);
	}
	free(real);
	free(dir);
	free(dest);
	return p;
}

bool cli_same_file(const char *a, const char *b)
{
	struct stat sa, sb;
	char *pa, *pb;
	bool same;

	if (!stat(a, &sa) && !stat(b, &sb))
		return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
	pa = place_of(a);
	pb = place_of(b);
	same = pa && pb && !strcmp(pa, pb);
	free(pa);
	free(pb);
	return same;
}

/* Length of the well-formed UTF-8 sequence at p (2 to 4 bytes), or 0. */
static int utf8_len(const unsigned char *p)
{
	int n = p[0] >= 0xf0 && p[0] <= 0xf4   ? 4
		: p[0] >= 0xe0 && p[0] <= 0xef ? 3
		: p[0] >= 0xc2 && p[0] <= 0xdf ? 2
					       : 0;

	for (int i = 1; i < n; i++)
		if ((p[i] & 0xc0) != 0x80)
			return 0;
	if ((n == 3 && p[0] == 0xe0 && p[1] < 0xa0) ||
	    (n == 3 && p[0] == 0xed && p[1] >= 0xa0) ||
	    (n == 4 && p[0] == 0xf0 && p[1] < 0x90) ||
	    (n == 4 && p[0] == 0xf4 && p[1] >= 0x90) ||
	    (n == 2 && p[0] == 0xc2 && p[1] < 0xa0)) /* C1 controls */
		return 0;
	return n;
}

void cli_put_escaped(FILE *f, const char *s)
{
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		int n = *p >= 0x80 ? utf8_len(p) : 0;

		if (n) {
			fwrite(p, 1, (size_t)n, f);
			p += n - 1;
		} else if (*p == '\\') {
			fputs("\\\\", f);
		} else if (*p == '\n') {
			fputs("\\n", f);
		} else if (*p == '\t') {
			fputs("\\t", f);
		} else if (*p < 0x20 || *p >= 0x7f) {
			fprintf(f, "\\x%02x", *p);
		} else {
			fputc(*p, f);
		}
	}
}
