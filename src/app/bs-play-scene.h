/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-play-scene.h: between the game model and the board view — the selection,
 * the keyboard cursor, the piece kind and direction chosen, the highlights,
 * multi-step input (Astoria's push, Abrobad's "piece then target") and the
 * secret order entry of simultaneous games. Clicks and Enter both end up in
 * bs_play_scene_activate_cell(), so tests drive exactly what a user does.
 * Moves are built in the game's notation and checked against the legal
 * moves; an illegal one is explained with the engine's own reason. */

#pragma once

#include "bs-game.h"
#include "bs-render.h"

G_BEGIN_DECLS

typedef enum {
  BS_PLAY_STYLE_PLACE_KIND,   /* Agoraphobia: choose a kind, click a cell */
  BS_PLAY_STYLE_PLACE_PUSH,   /* Astoria: kind and direction, cell, then a push */
  BS_PLAY_STYLE_PLACE_MOVE,   /* Abrobad, Ikabegamá: click a cell, or a piece then a target */
  BS_PLAY_STYLE_ORDERS,       /* Tribes: orders for every piece, entered secretly */
} BsPlayStyle;

typedef enum {
  BS_ROUND_PHASE_HANDOVER,    /* the board is hidden until the next player is ready */
  BS_ROUND_PHASE_ORDERS,      /* a player gives orders */
  BS_ROUND_PHASE_REVEAL,      /* both players' orders and their outcome */
} BsRoundPhase;

#define BS_TYPE_PLAY_SCENE (bs_play_scene_get_type ())
G_DECLARE_FINAL_TYPE (BsPlayScene, bs_play_scene, BS, PLAY_SCENE, GObject)

BsPlayScene      *bs_play_scene_new              (BsGame          *game);
BsGame           *bs_play_scene_get_game         (BsPlayScene     *self);
BsPlayStyle       bs_play_scene_get_style        (BsPlayScene     *self);

/* Kinds the player chooses from (BS_PLAY_STYLE_PLACE_*): index into the
 * module's kinds, and the direction (0 N, 1 E, 2 S, 3 W) of directed kinds. */
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
/* Astoria: the cell waiting for its push direction, or BS_NO_CELL. */
int               bs_play_scene_get_pending_cell (BsPlayScene     *self);

/* What a click on a cell (or Enter on the cursor) does. */
void              bs_play_scene_activate_cell    (BsPlayScene     *self,
                                                  int              cell);
/* Astoria: plays the pending placement with this push (0 N … 3 W). */
gboolean          bs_play_scene_choose_push      (BsPlayScene     *self,
                                                  int              direction);
/* Drops the selection or the pending placement (Escape). */
void              bs_play_scene_cancel           (BsPlayScene     *self);

/* Moves without a cell, when legal now: "pass" and Abrobad's "end". */
gboolean          bs_play_scene_can_play_word    (BsPlayScene     *self,
                                                  const char      *word);
gboolean          bs_play_scene_play_word        (BsPlayScene     *self,
                                                  const char      *word);

/* Simultaneous games. */
BsRoundPhase      bs_play_scene_get_phase        (BsPlayScene     *self);
/* The player whose orders are (about to be) entered. */
int               bs_play_scene_get_entering     (BsPlayScene     *self);
/* HANDOVER → ORDERS; ORDERS → HANDOVER (player 1 done) or plays the round
 * and shows REVEAL (player 2 done); REVEAL → HANDOVER for the next round. */
gboolean          bs_play_scene_advance_round    (BsPlayScene     *self,
                                                  GError         **error);
/* The order given to the piece on cell (its target; the cell itself for
 * defend), or BS_NO_CELL when none was given (it will defend). */
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
/* REVEAL: n_cells flags, the pieces that die in the round; else NULL. */
const guint8     *bs_play_scene_get_doomed       (BsPlayScene     *self);
/* REVEAL: who died and why, one line per cause. */
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
/* Marks a suggested move on the board until the position or the phase
 * changes: the cells named in `notation`, or (simultaneous) `orders`
 * drawn as arrows; both NULL clears it. */
void              bs_play_scene_show_hint            (BsPlayScene     *self,
                                                      const char      *notation,
                                                      const gint16    *orders);
gboolean          bs_play_scene_get_hint_shown       (BsPlayScene     *self);
/* n_cells flags of the cells the hint marks, or NULL. */
const guint8     *bs_play_scene_get_hint_cells       (BsPlayScene     *self);

G_END_DECLS
