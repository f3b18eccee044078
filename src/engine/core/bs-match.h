/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-match.h: one game in progress — a ruleset, the seed of its start, the
 * names in its seats, every turn played (its steps, its notation and the
 * position after it) and a cursor in them for undo and redo. The turns
 * after the cursor are kept until a new turn replaces them, so the whole
 * game is always there to save, wherever the cursor stands.
 *
 * Plain GLib, reference counted; not for the search's inner loops (each
 * turn keeps a copy of its position). Files: formats/bs-match-file.h. */

#pragma once

#include <glib.h>

#include "bs-position.h"
#include "bs-ruleset.h"
#include "bs-types.h"

G_BEGIN_DECLS

typedef struct _BsMatch BsMatch;

/* The start from seed, no turn played; takes a reference on ruleset. */
BsMatch          *bs_match_new              (BsRuleset        *ruleset,
                                             guint64           seed);
BsMatch          *bs_match_ref              (BsMatch          *match);
void              bs_match_unref            (BsMatch          *match);

BsRuleset        *bs_match_get_ruleset      (const BsMatch    *match);
guint64           bs_match_get_seed         (const BsMatch    *match);
/* The name given to the player's seat, else the variant's
 * (bs_variant_display_player). */
const char       *bs_match_get_player_name  (const BsMatch    *match,
                                             int               player);
/* NULL: the variant's name again. */
void              bs_match_set_player_name  (BsMatch          *match,
                                             int               player,
                                             const char       *name);
/* When the game was recorded (ISO 8601, as a record has it), or NULL. */
const char       *bs_match_get_date         (const BsMatch    *match);
void              bs_match_set_date         (BsMatch          *match,
                                             const char       *date);

/* Turns kept, those after the cursor included. */
guint             bs_match_get_n_turns      (const BsMatch    *match);
/* The cursor: how many of them lead to the position shown. */
guint             bs_match_get_current      (const BsMatch    *match);
/* The position after `current` turns. */
const BsPosition *bs_match_get_position     (const BsMatch    *match);
/* The position after n_played turns (0: the start), n_played <= n_turns. */
const BsPosition *bs_match_get_position_at  (const BsMatch    *match,
                                             guint             n_played);
const char       *bs_match_get_notation     (const BsMatch    *match,
                                             guint             turn);
const BsMove     *bs_match_get_turn_steps   (const BsMatch    *match,
                                             guint             turn,
                                             guint            *n_steps);
/* What turn `turn` (0-based) did, in the engine's words. */
BsExplanation    *bs_match_explain_turn     (const BsMatch    *match,
                                             guint             turn);

/* The whole game's end — after its last kept turn, wherever the cursor
 * stands: what a record of it says. */
gboolean          bs_match_is_over          (const BsMatch    *match);
BsResult          bs_match_get_result       (const BsMatch    *match);
BsEnding          bs_match_get_ending       (const BsMatch    *match);

/* Plays a whole turn (one step, or every order of a simultaneous round)
 * from the cursor, which moves past it; the turns after the cursor are
 * dropped. BS_RULES_ERROR when a step is not legal or the turn is not
 * complete; the match is then unchanged. */
gboolean          bs_match_play_turn        (BsMatch          *match,
                                             const BsMove     *steps,
                                             guint             n_steps,
                                             GError          **error);
/* The same with a turn in the game's notation (bs_ruleset_parse_turn's
 * errors). */
gboolean          bs_match_play_notation    (BsMatch          *match,
                                             const char       *text,
                                             GError          **error);
/* Plays a line of turns in the notation, apart by white space; at an
 * illegal one "ply N: why" (N: the position's ply + 1), the turns before
 * it played. */
gboolean          bs_match_play_line        (BsMatch          *match,
                                             const char       *line,
                                             GError          **error);

/* Moves the cursor: n_played <= n_turns. The turns stay. */
void              bs_match_go_to            (BsMatch          *match,
                                             guint             n_played);
gboolean          bs_match_can_undo         (const BsMatch    *match);
gboolean          bs_match_can_redo         (const BsMatch    *match);
/* One turn back or forward; FALSE (and nothing done) at either end. */
gboolean          bs_match_undo             (BsMatch          *match);
gboolean          bs_match_redo             (BsMatch          *match);
/* Drops the turns after the cursor; FALSE when there were none. */
gboolean          bs_match_drop_redo        (BsMatch          *match);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BsMatch, bs_match_unref)

G_END_DECLS
