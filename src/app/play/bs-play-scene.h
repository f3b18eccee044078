/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-play-scene.h: between the game model and the board view — the selection,
 * the keyboard cursor, the piece kind and direction chosen, the highlights,
 * multi-step input (a piece then its target, a follow-up choice after the
 * cell) and the secret order entry of simultaneous games. Clicks and Enter
 * both end up in bs_play_scene_activate_cell(), so tests drive exactly what a
 * user does.
 *
 * The interaction is built from the module's declaration (BsPlaySpec in
 * bs-module.h) and the legal moves taken apart by decode_move, never from
 * which game it is: a kind chooser when more than one kind can be placed, a
 * direction when a kind is directed, piece-then-target when steps exist, a
 * follow-up chooser when the spec has follow-ups, orders when it says
 * ORDERS. A click is matched against the legal moves; a refused one is
 * explained with the engine's own reason (encode_move, then explain). */

#pragma once

#include "bs-game.h"
#include "bs-render.h"

G_BEGIN_DECLS

typedef enum {
  BS_ROUND_PHASE_HANDOVER,    /* the board is hidden until the next player is ready */
  BS_ROUND_PHASE_ORDERS,      /* a player gives orders */
  BS_ROUND_PHASE_REVEAL,      /* both players' orders and their outcome */
} BsRoundPhase;

#define BS_TYPE_PLAY_SCENE (bs_play_scene_get_type ())
G_DECLARE_FINAL_TYPE (BsPlayScene, bs_play_scene, BS, PLAY_SCENE, GObject)

BsPlayScene      *bs_play_scene_new              (BsGame          *game);
BsGame           *bs_play_scene_get_game         (BsPlayScene     *self);
/* The module's declaration of how its moves are made. */
const BsPlaySpec *bs_play_scene_get_play_spec    (BsPlayScene     *self);
/* Every piece gets a secret order each round (BS_PLAY_ORDERS): hand-over,
 * orders, reveal. Otherwise one player moves at a time. */
gboolean          bs_play_scene_gives_orders     (BsPlayScene     *self);

/* The kinds the player chooses from (indices into the module's kinds, in
 * its order) into kinds[BS_MAX_KINDS]: those a player can place in this
 * game. The chooser is shown when there are two or more. */
guint             bs_play_scene_get_kind_choices (BsPlayScene     *self,
                                                  int             *kinds);
/* Whether a kind that can be placed is directed: a direction is chosen
 * too (0 N, 1 E, 2 S, 3 W). */
gboolean          bs_play_scene_has_direction_choice (BsPlayScene *self);
int               bs_play_scene_get_kind         (BsPlayScene     *self);
void              bs_play_scene_set_kind         (BsPlayScene     *self,
                                                  int              kind);
int               bs_play_scene_get_direction    (BsPlayScene     *self);
void              bs_play_scene_set_direction    (BsPlayScene     *self,
                                                  int              direction);
gboolean          bs_play_scene_get_show_legal   (BsPlayScene     *self);
void              bs_play_scene_set_show_legal   (BsPlayScene     *self,
                                                  gboolean         show_legal);

int               bs_play_scene_get_cursor       (BsPlayScene     *self);
void              bs_play_scene_set_cursor       (BsPlayScene     *self,
                                                  int              cell);
int               bs_play_scene_get_selected     (BsPlayScene     *self);
/* The cell waiting for its follow-up choice (BS_PLAY_FOLLOW_UP), or
 * BS_NO_CELL. */
int               bs_play_scene_get_pending_cell (BsPlayScene     *self);
/* While a cell waits: which follow-ups are legal, into
 * legal[play spec's n_follow_ups]; FALSE when nothing waits. */
gboolean          bs_play_scene_get_legal_follow_ups (BsPlayScene *self,
                                                      gboolean    *legal);
/* What the pointer marks: whether a click on this cell would do something
 * now (play, select, deselect, give an order). With the legal moves hidden
 * (show-legal off), any cell while the player may act, so that the mark
 * gives nothing away. */
gboolean          bs_play_scene_can_act_on       (BsPlayScene     *self,
                                                  int              cell);
/* The piece a placement waiting for its follow-up (a push chooser) will put
 * on its cell, to show it there while the chooser is open. */
gboolean          bs_play_scene_get_pending_piece (BsPlayScene    *self,
                                                   int            *cell,
                                                   guint8         *value);

/* What a click on a cell (or Enter on the cursor) does. */
void              bs_play_scene_activate_cell    (BsPlayScene     *self,
                                                  int              cell);
/* Plays the pending cell's move with follow-up `index` (into the play
 * spec's follow_ups). */
gboolean          bs_play_scene_choose_follow_up (BsPlayScene     *self,
                                                  int              index);
/* Drops the selection or the pending cell (Escape). */
void              bs_play_scene_cancel           (BsPlayScene     *self);

/* Moves without a cell (the play spec's words, by id: "pass", "end"),
 * when legal now. */
gboolean          bs_play_scene_can_play_word    (BsPlayScene     *self,
                                                  const char      *word);
gboolean          bs_play_scene_play_word        (BsPlayScene     *self,
                                                  const char      *word);
/* For a legal word that ends the game (BsWordSpec.ends_game): what it would
 * give if played now, before it is — the word played on a copy of the
 * position: the result (BsResult), the outcome in words ("White would
 * win") and the module's measures of the position it leaves ("Groups:
 * White 3, Black 5", one line each). FALSE, nothing set, otherwise. */
gboolean          bs_play_scene_predict_word     (BsPlayScene     *self,
                                                  const char      *word,
                                                  int             *result,
                                                  char           **outcome,
                                                  char           **figures);
/* A move of `pos` in words, from its decoded parts and the play
 * declaration: "place a stone on d4", "move the stone on h7 to g6". */
char             *bs_play_scene_describe_move    (BsPlayScene     *self,
                                                  const BsPosition *pos,
                                                  BsMove           move);
/* A human is to act now (the game is not over; simultaneous: a human
 * enters orders or sees the reveal): the choosers can be used. */
gboolean          bs_play_scene_is_human_turn    (BsPlayScene     *self);

/* Simultaneous games. */
BsRoundPhase      bs_play_scene_get_phase        (BsPlayScene     *self);
/* The player whose orders are (about to be) entered. */
int               bs_play_scene_get_entering     (BsPlayScene     *self);
/* HANDOVER → ORDERS; ORDERS → HANDOVER (player 1 done) or plays the round
 * and shows REVEAL (player 2 done); REVEAL → HANDOVER for the next round. */
gboolean          bs_play_scene_advance_round    (BsPlayScene     *self,
                                                  GError         **error);
/* The order given to the piece on cell (its target; the cell itself to
 * stay), or BS_NO_CELL when none was given (it will stay). */
int               bs_play_scene_get_order        (BsPlayScene     *self,
                                                  int              cell);
/* How many of the entering player's pieces have an explicit order. */
guint             bs_play_scene_count_orders     (BsPlayScene     *self,
                                                  guint           *n_pieces);
/* Whether leaving the round now (another position, another game) would
 * throw away orders a human has given in it. */
gboolean          bs_play_scene_has_orders_given (BsPlayScene    *self);
/* Shows the reveal of the round that led to the current position (after
 * opening a record, say); FALSE when there is none. */
gboolean          bs_play_scene_reveal_last_round (BsPlayScene    *self);
/* REVEAL: n_cells flags, the pieces that the round removed; else NULL. */
const guint8     *bs_play_scene_get_doomed       (BsPlayScene     *self);
/* REVEAL: what the round did, one line per event. */
const char       *bs_play_scene_get_reveal_text  (BsPlayScene     *self);

/* What the board shows: the current position, or the round being revealed,
 * or nothing (NULL) while the board is hidden for a hand-over. */
const BsPosition *bs_play_scene_get_display_position (BsPlayScene  *self);
/* Fills the scene's part of the options (highlights, selection, cursor,
 * last move, orders); pointers stay valid until the next "changed". */
void              bs_play_scene_fill_render_options  (BsPlayScene     *self,
                                                      BsRenderOptions *options);
/* "Light to move", "Dark gives orders"… */
char             *bs_play_scene_describe_turn        (BsPlayScene     *self);

/* Simultaneous games: enters the whole round's orders of `player` at once
 * (a computer seat): targets[n_cells] like bs_play_scene_get_order(). The
 * hand-over before a human who follows a computer is skipped. */
gboolean          bs_play_scene_submit_orders        (BsPlayScene     *self,
                                                      int              player,
                                                      const gint16    *targets,
                                                      GError         **error);
/* Marks a suggested move (a hint) on the board until the position or the
 * phase changes, or a cell is clicked: the cells of the turn `steps` (from
 * the current position), drawn as the renderer's hint, or (simultaneous)
 * `orders` drawn as arrows; both NULL clears it. */
void              bs_play_scene_show_hint            (BsPlayScene     *self,
                                                      const BsMove    *steps,
                                                      guint            n_steps,
                                                      const gint16    *orders);
gboolean          bs_play_scene_get_hint_shown       (BsPlayScene     *self);
/* n_cells flags of the cells the hint marks (simultaneous: the pieces it
 * moves), or NULL. */
const guint8     *bs_play_scene_get_hint_cells       (BsPlayScene     *self);
/* Marks the move a computer seat (player) is about to play, for a moment
 * before it plays it — its own mark, never a hint's — until the position
 * or the phase changes; NULL clears it (the computer paused or cancelled).
 * Turn-based games only: a simultaneous round's orders stay secret. */
void              bs_play_scene_show_computer_move   (BsPlayScene     *self,
                                                      int              player,
                                                      const BsMove    *steps,
                                                      guint            n_steps);
/* Whether the computer's move is marked, and its cells (BS_NO_CELL for
 * none: a placement has no `from`). */
gboolean          bs_play_scene_get_computer_move    (BsPlayScene     *self,
                                                      int             *from,
                                                      int             *to);
/* The computer is paused: on its turn the status line says so. */
void              bs_play_scene_set_computer_paused  (BsPlayScene     *self,
                                                      gboolean         paused);
gboolean          bs_play_scene_get_computer_paused  (BsPlayScene     *self);

G_END_DECLS
