/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-computer-controls.h: the header bar's part of the computer opponent —
 * a spinner and a progress bar while it thinks, Pause/Resume while a
 * computer plays, and the Players popover where each seat is chosen
 * (Human, or Computer at a level) with Strongest's time a move. */

#pragma once

#include <gtk/gtk.h>

#include "bs-computer-player.h"

G_BEGIN_DECLS

/* A box for the header bar; the popover names the players of the scene's
 * game when it opens. */
GtkWidget *bs_computer_controls_new          (BsComputerPlayer *computer);
/* The Players menu button inside the controls (for tests). */
GtkWidget *bs_computer_controls_get_players_button (GtkWidget *controls);

G_END_DECLS
