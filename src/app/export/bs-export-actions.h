/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-export-actions.h: the window's Export (win.export), Print (win.print)
 * and Copy Image (win.copy-image) actions, kept out of bs-window.c; the
 * window is their host (bs-export-host.h). */

#pragma once

#include "bs-export-dialog.h"
#include "bs-export-host.h"

G_BEGIN_DECLS

/* Adds the three actions to the window (disabled until a game is on). */
void            bs_export_actions_install     (BsExportHost  *host);
/* Enables them while a game is being played. */
void            bs_export_actions_set_enabled (BsExportHost  *host,
                                               gboolean       enabled);

/* What the actions do, for the tests. */
BsExportDialog *bs_export_actions_show_dialog (BsExportHost  *host);
gboolean        bs_export_actions_copy_image  (BsExportHost  *host,
                                               GError       **error);

G_END_DECLS
