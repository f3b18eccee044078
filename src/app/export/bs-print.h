/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-print.h: printing through GtkPrintOperation with the export
 * renderer — the position on show, or the whole game as the pages of a
 * game sheet — in the print theme unless the user picks another. */

#pragma once

#include <gtk/gtk.h>

#include "bs-game.h"

G_BEGIN_DECLS

/* An operation ready to run, reading its choices (print-whole-game,
 * print-theme, export-coordinates, export-last-move, export-caption,
 * export-per-page, export-rotation, export-flip) from settings; its
 * "Board" tab in the print dialog changes the first two. */
GtkPrintOperation *bs_print_operation_new (BsGame    *game,
                                           GSettings *settings);

/* Shows the print dialog and prints; failures are told in a dialog. */
void               bs_print_run           (GtkWindow *parent,
                                           BsGame    *game);

G_END_DECLS
