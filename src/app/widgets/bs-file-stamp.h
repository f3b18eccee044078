/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-file-stamp.h: what a document's file held when it was read or saved,
 * to tell whether someone else has written it since.
 *
 * Two windows (or another program) may have one file open: before a save
 * writes over it, the app asks whether the file still is what this window
 * read or last wrote. A stamp keeps the file's identity and time (device,
 * inode, modification time, size: a save through bs_file_write_atomic
 * always makes a new inode) and a checksum of its bytes, so that a file
 * merely touched, or saved with the very same content, is no conflict. */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _BsFileStamp BsFileStamp;

/* The file at `path` as it is now (read before the document reads it: a
 * write in between then shows as a change, never the other way round).
 * A missing or unreadable file gives a stamp of "no file". */
BsFileStamp *bs_file_stamp_new_for_path     (const char         *path);
/* The file at `path` just written with these bytes. */
BsFileStamp *bs_file_stamp_new_for_contents (const char         *path,
                                             const void         *data,
                                             gsize               length);
/* Another stamp of the same file as it was then (a game made again from
 * another keeps what its file held). */
BsFileStamp *bs_file_stamp_copy             (const BsFileStamp  *stamp);
void         bs_file_stamp_free             (BsFileStamp        *stamp);

/* Whether the file at `path` now holds other bytes than the stamp says.
 * A file that is gone is no change (saving makes it again); neither is a
 * stamp of no file that now exists… unless it has content (a new file
 * made by someone else at the path the document was going to write). */
gboolean     bs_file_stamp_changed          (const BsFileStamp  *stamp,
                                             const char         *path);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BsFileStamp, bs_file_stamp_free)

G_END_DECLS
