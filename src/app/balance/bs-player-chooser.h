/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-player-chooser.h: one computer player of the balance lab, chosen on three rows of a
 * preferences group: a combo row of levels (Random, Easy, Medium, Hard, alpha-beta at a
 * fixed depth, Custom…), a row with an entry (made here, named by the row) for a custom
 * player as the command line writes it ("mcts:cpu=0.1", "5000", "ab:nodes=20000"; shown
 * only for Custom…) and a row saying what the custom text is, or why it is refused. The
 * Balance page and Find a Fair Setting… share it, so both play the players the study file
 * and `boardsmith-cli` name the same way. */

#pragma once

#include <adwaita.h>

#include "bs-variant.h"

G_BEGIN_DECLS

#define BS_TYPE_PLAYER_CHOOSER (bs_player_chooser_get_type ())

G_DECLARE_FINAL_TYPE (BsPlayerChooser, bs_player_chooser, BS, PLAYER_CHOOSER, GObject)

/* Takes over the rows' contents (the combo row's model, the entry, the other two rows'
 * visibility);
 * the rows stay the group's. ::changed is emitted when the chosen player or its validity
 * changes. */
BsPlayerChooser *bs_player_chooser_new          (AdwComboRow      *row,
                                                 AdwActionRow     *entry_row,
                                                 AdwActionRow     *status);
/* The game the player is for: alpha-beta is not offered for a game of simultaneous rounds
 * (a custom "ab" says why it is refused). NULL: no game yet, nothing is refused. */
void             bs_player_chooser_set_variant  (BsPlayerChooser  *self,
                                                 const BsVariant  *variant);
/* Chooses the player text of a study file or the command line: a level of the list when
 * it is one of them, Custom… with the text otherwise. FALSE (nothing changed) when the
 * text is no player at all. */
gboolean         bs_player_chooser_set_spec     (BsPlayerChooser  *self,
                                                 const char       *text);
/* The chosen player as the study file will hold it ("random", "ab:depth=2",
 * "mcts:cpu=0.1"), or NULL when the custom text is refused. */
const char      *bs_player_chooser_get_spec     (BsPlayerChooser  *self);
/* Why the custom text is refused (translated), or NULL. */
const char      *bs_player_chooser_get_error    (BsPlayerChooser  *self);

G_END_DECLS
