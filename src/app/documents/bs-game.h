/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-game.h: the game model — the engine's match (bs-match.h: the ruleset,
 * the turns played, the positions reached and a cursor in them) as a
 * GObject with signals and properties, plus what only the app knows: who
 * sits in each seat, the file and whether it changed. It keeps no history
 * of its own and knows nothing of pixels; views listen to its signals. */

#pragma once

#include <gio/gio.h>

#include "bs-file-stamp.h"
#include "bs-match.h"
#include "bs-ruleset.h"
#include "bs-variant.h"

G_BEGIN_DECLS

typedef enum {
  BS_SEAT_HUMAN,
  BS_SEAT_COMPUTER,
} BsSeat;

#define BS_TYPE_GAME (bs_game_get_type ())
G_DECLARE_FINAL_TYPE (BsGame, bs_game, BS, GAME, GObject)

BsGame           *bs_game_new               (const BsVariant  *variant,
                                             guint64           seed,
                                             GError          **error);

/* A game on match (a reference is taken), its cursor where it is. */
BsGame           *bs_game_new_for_match     (BsMatch          *match);

/* The game itself: what is saved, replayed and shown. Change it through
 * the game, so that views hear of it. */
BsMatch          *bs_game_get_match         (BsGame           *self);
BsRuleset        *bs_game_get_ruleset       (BsGame           *self);
const BsVariant  *bs_game_get_variant       (BsGame           *self);
guint64           bs_game_get_seed          (BsGame           *self);
gboolean          bs_game_is_simultaneous   (BsGame           *self);
const char       *bs_game_get_player_name   (BsGame           *self,
                                             int               player);

/* The position shown and played from: after `current` turns. */
const BsPosition *bs_game_get_position      (BsGame           *self);
/* The position after `n_played` turns (0: the start), n_played <= n_turns. */
const BsPosition *bs_game_get_position_at   (BsGame           *self,
                                             guint             n_played);
/* Turns recorded, the redo tail included. */
guint             bs_game_get_n_turns       (BsGame           *self);
guint             bs_game_get_current       (BsGame           *self);
const char       *bs_game_get_notation      (BsGame           *self,
                                             guint             turn);
const BsMove     *bs_game_get_turn_steps    (BsGame           *self,
                                             guint             turn,
                                             guint            *n_steps);
/* What turn `turn` (0-based) did, in the engine's words
 * (bs_ruleset_explain_turn): the reveal, the move list. */
BsExplanation    *bs_game_explain_turn      (BsGame           *self,
                                             guint             turn);

int               bs_game_get_to_move       (BsGame           *self);
gboolean          bs_game_get_can_undo      (BsGame           *self);
gboolean          bs_game_get_can_redo      (BsGame           *self);
BsResult          bs_game_get_result        (BsGame           *self);
void              bs_game_get_scores        (BsGame           *self,
                                             int               scores[2]);
/* "Light wins", "Draw"… for the current position; NULL while ongoing. */
char             *bs_game_describe_result   (BsGame           *self);
/* Why the game ended (BS_ENDING_NONE while it goes on), and the engine's
 * sentence for it in the game's own terms (NULL while it goes on). */
BsEnding          bs_game_get_ending        (BsGame           *self);
char             *bs_game_describe_ending   (BsGame           *self);

/* Plays a whole turn (one step, or every order of a simultaneous round)
 * from the current position; the redo tail is dropped. */
gboolean          bs_game_play_turn         (BsGame           *self,
                                             const BsMove     *steps,
                                             guint             n_steps,
                                             GError          **error);
/* Plays a turn given in the game's notation. */
gboolean          bs_game_play_notation     (BsGame           *self,
                                             const char       *text,
                                             GError          **error);
gboolean          bs_game_undo              (BsGame           *self);
/* Drops the turns that could be redone, the position staying as it is:
 * new input from here replaces them ("history-changed"). FALSE when there
 * were none. */
gboolean          bs_game_drop_redo         (BsGame           *self);
gboolean          bs_game_redo              (BsGame           *self);
/* Shows the position after `n_played` turns (the move list, Alt+←/→). */
void              bs_game_go_to             (BsGame           *self,
                                             guint             n_played);

/* Whether turns were played since the game was loaded or saved. */
gboolean          bs_game_get_modified      (BsGame           *self);
void              bs_game_set_modified      (BsGame           *self,
                                             gboolean          modified);
/* Where the game was loaded from or last saved, or NULL. Another file
 * forgets the stamp of the one before. */
GFile            *bs_game_get_file          (BsGame           *self);
void              bs_game_set_file          (BsGame           *self,
                                             GFile            *file);
/* What the file held when the game was read from it or saved to it
 * (bs-file-stamp.h; takes the stamp), to tell whether another window or
 * program has written it since: then a save in place asks first. */
void              bs_game_set_file_stamp    (BsGame           *self,
                                             BsFileStamp      *stamp);
/* The game's stamp (NULL: none, as for a game never read or saved). */
const BsFileStamp *bs_game_get_file_stamp   (BsGame           *self);
gboolean          bs_game_changed_on_disk   (BsGame           *self);

BsSeat            bs_game_get_seat          (BsGame           *self,
                                             int               player);
void              bs_game_set_seat          (BsGame           *self,
                                             int               player,
                                             BsSeat            seat);

G_END_DECLS
