/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-export-dialog.h: the Export dialog — a live preview drawn by the
 * renderer beside the options of the export, remembered in GSettings; the
 * file is written in a thread after the file chooser. */

#pragma once

#include <adwaita.h>

#include "bs-export-request.h"
#include "bs-game.h"

G_BEGIN_DECLS

#define BS_TYPE_EXPORT_DIALOG (bs_export_dialog_get_type ())
G_DECLARE_FINAL_TYPE (BsExportDialog, bs_export_dialog, BS, EXPORT_DIALOG, AdwWindow)

/* The dialog exports the game as it stands now (the position on show, or
 * every turn for a whole-game format). */
BsExportDialog *bs_export_dialog_new          (GtkWindow             *parent,
                                               BsGame                *game);

/* The options as the widgets show them. */
void            bs_export_dialog_get_request  (BsExportDialog        *self,
                                               BsExportRequest       *request);
void            bs_export_dialog_set_request  (BsExportDialog        *self,
                                               const BsExportRequest *request);
/* Remembers the options and writes file in a thread (what the file
 * chooser's answer does); ::finished tells how it went. */
void            bs_export_dialog_export_to    (BsExportDialog        *self,
                                               GFile                 *file);
gboolean        bs_export_dialog_get_busy     (BsExportDialog        *self);
/* The line under the preview ("PNG · 800 × 800 pixels"). */
const char     *bs_export_dialog_get_summary  (BsExportDialog        *self);
/* The file name offered in the file chooser for the chosen format. */
char           *bs_export_dialog_suggest_name (BsExportDialog        *self);

G_END_DECLS
