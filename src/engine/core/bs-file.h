/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-file.h: writing a user's file so that nothing is ever lost.
 *
 * Every file Boardsmith writes (variants, records, studies, exports,
 * autosaves) goes through bs_file_write_atomic(): the whole content into a
 * temporary file beside the target, then renamed over it, so a full disk,
 * a crash or a power cut leaves either the old file or the new one, never
 * half of one. Around that:
 *   - a symlink is followed: the file it points to is replaced and the link
 *     stays a link (a chain of links too; a dangling one creates its file);
 *   - the target's permissions (and, where allowed, its owner) are kept; a
 *     new file gets 0666 less the umask;
 *   - a target that is a folder, a device or a FIFO, or a file the user may
 *     not write, is refused before anything is written;
 *   - errors are G_FILE_ERROR and name the path as the caller gave it
 *     ("PATH: cannot save: No space left on device"), never the temporary
 *     file. */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum {
  BS_FILE_WRITE_NONE = 0,
  /* fsync the file before the rename and the folder after it: for
   * every file the user would miss after a power cut: documents, studies
   * and exported images alike. */
  BS_FILE_WRITE_SYNC = 1 << 0,
} BsFileWriteFlags;

gboolean bs_file_write_atomic (const char        *path,
                               const void        *data,
                               gsize              length,
                               BsFileWriteFlags   flags,
                               GError           **error);

/* The same, written piece by piece (a study of any size): new checks the
 * target and makes the temporary file; write appends; finish renames it
 * over the target (on failure the target is untouched and the temporary
 * file removed; the writer is freed either way); abort drops it. Errors
 * name the path as given, as above. */
typedef struct _BsFileWriter BsFileWriter;

BsFileWriter *bs_file_writer_new      (const char        *path,
                                       BsFileWriteFlags   flags,
                                       GError           **error);
gboolean      bs_file_writer_write    (BsFileWriter      *writer,
                                       const void        *data,
                                       gsize              length,
                                       GError           **error);
gboolean      bs_file_writer_finish   (BsFileWriter      *writer,
                                       GError           **error);
void          bs_file_writer_abort    (BsFileWriter      *writer);
const char   *bs_file_writer_get_path (BsFileWriter      *writer);

/* Whether bs_file_write_atomic (path) would be allowed to replace or
 * create the file (the same checks, and a folder it may write in),
 * without writing anything: to refuse early, before long work. */
gboolean      bs_file_check_writable  (const char        *path,
                                       GError           **error);

/* The file a path finally names once its symlinks are followed (relative
 * link targets are resolved from the link's folder); the path itself when
 * it is no link. Newly allocated; NULL with an error for a loop. */
char    *bs_file_resolve_links (const char        *path,
                                GError           **error);

G_END_DECLS
