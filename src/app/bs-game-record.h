/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-game-record.h: a game model to and from a game record file (the
 * engine's record format, src/engine/bs-record.h). */

#pragma once

#include "bs-game.h"

G_BEGIN_DECLS

/* Loads a record and replays its moves; the game is at its last position
 * and not modified. */
BsGame   *bs_game_load_record (GFile    *file,
                               GError  **error);
/* Saves the turns played up to the current position (the redo tail is
 * not part of the game) with the result, atomically. */
gboolean  bs_game_save_record (BsGame   *game,
                               GFile    *file,
                               GError  **error);
/* Whether the file's root element is a game record (not a variant). */
gboolean  bs_file_is_record   (GFile    *file);

G_END_DECLS
