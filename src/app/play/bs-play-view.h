/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-play-view.h: the play page — the board, the piece chooser, the status
 * line, the players' supplies and scores, the move list, and the hand-over
 * and reveal of simultaneous games. */

#pragma once

#include <adwaita.h>

#include "bs-board-view.h"
#include "bs-play-scene.h"

G_BEGIN_DECLS

typedef enum {
  BS_EXPLANATION_REFUSAL,   /* why a click or a key did nothing */
  BS_EXPLANATION_INFO,      /* a hint, what the computer says */
} BsExplanationKind;

#define BS_TYPE_PLAY_VIEW (bs_play_view_get_type ())
G_DECLARE_FINAL_TYPE (BsPlayView, bs_play_view, BS, PLAY_VIEW, AdwBin)

BsPlayScene *bs_play_view_get_scene      (BsPlayView  *self);
void         bs_play_view_set_scene      (BsPlayView  *self,
                                          BsPlayScene *scene);
BsBoardView *bs_play_view_get_board_view (BsPlayView  *self);
/* Where the keyboard focus goes when the page is shown: the board, or the
 * hand-over's button while the board is hidden. */
GtkWidget   *bs_play_view_get_default_focus (BsPlayView *self);
/* The status line's text (for tests and the window title). */
const char  *bs_play_view_get_status     (BsPlayView  *self);
/* Shows a message in the status line's place until the position or the
 * round's phase changes, it is dismissed, or a few seconds pass. The scene's
 * own "message"s are shown this way. */
void         bs_play_view_explain        (BsPlayView  *self,
                                          const char  *message,
                                          BsExplanationKind kind);
void         bs_play_view_withdraw_explanation (BsPlayView *self);
/* The explanation shown now, or NULL. */
const char  *bs_play_view_get_explanation (BsPlayView *self);
/* What the Done / Start / Continue button of a simultaneous round does. */
void         bs_play_view_advance_round  (BsPlayView  *self);

G_END_DECLS
