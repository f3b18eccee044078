/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-game-record.h: a game model to and from a game record file (the
 * engine's record format, src/engine/formats/bs-record.h). */

#pragma once

#include "bs-game.h"
#include "bs-match-file.h"
#include "bs-rules-game.h"

G_BEGIN_DECLS

/* Loads a record and replays its moves; the game is at its last position
 * and not modified. A <result> that the moves do not give is no error: the
 * moves are the game; *warning (if asked for) says so, else NULL. */
BsGame   *bs_game_load_record (GFile    *file,
                               char    **warning,
                               GError  **error);
/* Saves the whole game — every turn, the redo tail included, and the
 * result of its last position — whatever position is shown; atomically,
 * as bs_match_save_file() does. The game's file is then `file`, stamped
 * with what was written (bs_game_changed_on_disk()). */
gboolean  bs_game_save_record (BsGame   *game,
                               GFile    *file,
                               GError  **error);
/* Whether the file's root element is a game record (not a variant). */
gboolean  bs_file_is_record   (GFile    *file);

/* Opens what a user chose: a game record (replayed), a variant (a new
 * game from `seed`) or a rules file (a new game on its default board, its
 * game registered as a module: bs-rules-file.h). The file is read once, at
 * most the record size limit; *is_record says whether it was a record,
 * *rules (a reference, NULL for another file) the rules it held, *warning
 * what the user should know (a contradicting result). Blocking: call it
 * from a thread, as bs_game_open_file_async() does. */
BsGame   *bs_game_open_file   (GFile         *file,
                               guint64        seed,
                               gboolean      *is_record,
                               BsRulesGame  **rules,
                               char         **warning,
                               GError       **error);
/* The same in a GTask thread: a user's file is never parsed (nor a long
 * game replayed) on the main thread. A rules file's game is registered
 * by _finish, on the main thread, and only when it gives the game: an
 * open cancelled (by a newer one) registers nothing. */
void      bs_game_open_file_async  (GFile               *file,
                                    guint64              seed,
                                    GCancellable        *cancellable,
                                    GAsyncReadyCallback  callback,
                                    gpointer             user_data);
BsGame   *bs_game_open_file_finish (GAsyncResult        *result,
                                    gboolean            *is_record,
                                    BsRulesGame        **rules,
                                    char               **warning,
                                    GError             **error);

G_END_DECLS
