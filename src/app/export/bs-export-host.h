/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-export-host.h: what the export actions (bs-export-actions.h) need of
 * the window they are installed on — the game, the board showing it, a
 * place for a short message — without knowing the window. */

#pragma once

#include <gtk/gtk.h>

#include "bs-board-view.h"
#include "bs-game.h"

G_BEGIN_DECLS

#define BS_TYPE_EXPORT_HOST (bs_export_host_get_type ())
G_DECLARE_INTERFACE (BsExportHost, bs_export_host, BS, EXPORT_HOST, GtkApplicationWindow)

struct _BsExportHostInterface {
  GTypeInterface parent_iface;

  BsGame      *(*get_game)       (BsExportHost *self);
  BsBoardView *(*get_board_view) (BsExportHost *self);
  void         (*show_message)   (BsExportHost *self,
                                  const char   *message);
};

/* The game being played, or NULL. */
BsGame      *bs_export_host_get_game       (BsExportHost *self);
/* The board that shows it. */
BsBoardView *bs_export_host_get_board_view (BsExportHost *self);
/* Tells the user something that needs no answer. */
void         bs_export_host_show_message   (BsExportHost *self,
                                            const char   *message);

G_END_DECLS
