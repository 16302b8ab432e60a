/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/* stops-shadow CLI internals: output files, depfiles, messages. */
#ifndef STOPS_CLI_H
#define STOPS_CLI_H

#include <stdbool.h>
#include <stdio.h>
#include <sys/types.h>

/*
 * One output file. A regular file (or a new one) is written to a
 * temporary file in the same directory and renamed over it at commit; a
 * symlink's final target is replaced that way, the link kept; a
 * character device, FIFO or socket is written through, never replaced.
 * An unchanged regular file is left alone (builds stay no-op), a
 * rewritten one keeps its mode.
 */
struct cli_out {
	const char *path; /* as given: for messages */
	char *dest;	  /* what is written: path, or a symlink's target */
	char *tmp; /* temporary file beside dest; NULL: written through */
	FILE *f;
	mode_t mode; /* of the file committed */
	bool through;
};

/* Remove temporary files on SIGTERM, SIGINT, SIGHUP; ignore SIGPIPE. */
void cli_signals_init(void);
/* 0, or a negative errno and *why (a static string, or strerror). */
int cli_out_open(struct cli_out *o, const char *path, const char **why);
/* Flush what was written; the temporary file stays for cli_out_commit. */
int cli_out_finish(struct cli_out *o, const char **why);
/* Rename the temporary file over dest, unless dest has the same bytes. */
int cli_out_commit(struct cli_out *o, const char **why);
/* Close and remove the temporary file, if any; o may be zeroed. */
void cli_out_discard(struct cli_out *o);
/*
 * Whether two paths name one file: the same inode when both exist,
 * else the same place once symlinks and the directory are resolved.
 */
bool cli_same_file(const char *a, const char *b);

/*
 * A path as one line of text for messages: control bytes, DEL, C1
 * controls, invalid UTF-8 and backslashes as C escapes (\n, \x1b, \\).
 */
void cli_put_escaped(FILE *f, const char *s);

/*
 * "OUT: OBJ\n" escaped for both GNU make and Ninja: space as "\ ", '#'
 * as "\#", '$' as "$$". A byte neither can read back (newline, ';', ':',
 * '=', '\\', wildcards, ...) is refused: -EINVAL, *bad the path that has
 * it and *why says which. The text is malloc'ed.
 */
int cli_depfile_text(const char *out, const char *obj, char **text,
		     const char **bad, char *why, size_t why_len);

#endif /* STOPS_CLI_H */
