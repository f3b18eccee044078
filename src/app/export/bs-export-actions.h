/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-export-actions.h: the window's Export (win.export), Print (win.print)
 * and Copy Image (win.copy-image) actions, kept out of bs-window.c. */

#pragma once

#include "bs-export-dialog.h"
#include "bs-window.h"

G_BEGIN_DECLS

/* Adds the three actions to the window (disabled until a game is on). */
void            bs_export_actions_install     (BsWindow  *window);
/* Enables them while a game is being played. */
void            bs_export_actions_set_enabled (BsWindow  *window,
                                               gboolean   enabled);

/* What the actions do, for the tests. */
BsExportDialog *bs_export_actions_show_dialog (BsWindow  *window);
gboolean        bs_export_actions_copy_image  (BsWindow  *window,
                                               GError   **error);

G_END_DECLS
