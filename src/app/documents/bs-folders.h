/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-folders.h: where a file chooser opens. Each kind of file remembers
 * the folder the user last chose for it (GSettings), else a folder of the
 * user's own (Documents, Pictures, the variants folder), else home —
 * never the process's working directory. */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

typedef enum {
  BS_FOLDER_RECORDS,   /* game records saved (and opened): record-folder, else Documents */
  BS_FOLDER_OPEN,      /* Open…, any Boardsmith file: open-folder, else Documents */
  BS_FOLDER_VARIANTS,  /* a variant file (the editor's Open and Save As, Compare
                        * With): variant-folder, else the user's variants folder,
                        * else Documents */
  BS_FOLDER_IMAGES,    /* exported images and charts: export-folder, else Pictures */
} BsFolderKind;

/* The folder to start in: an existing folder, never NULL. */
GFile *bs_folders_get_initial (BsFolderKind  kind);
/* The user chose `file` (to open or to write): its folder is remembered
 * for the kind. Open… and Save Game Record share theirs (a record saved
 * is found again by Open…, a record opened is saved beside it), and a
 * variant file opened is remembered for variants too. */
void   bs_folders_remember    (BsFolderKind  kind,
                               GFile        *file);

G_END_DECLS
