/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-play-scene-private.h: the play scene's state, shared by the files that
 * make it up: bs-play-scene.c (the state, the legal moves, the selection and
 * what the player has chosen), -input.c (what a click, Enter or a word
 * means), -marks.c (what the board draws: highlights, the last move, a hint,
 * the computer's move), -rounds.c (the secret orders of simultaneous games)
 * and -words.c (moves, turns and refusals in words, for the status line and
 * screen readers). Nothing outside the scene includes it.
 *
 * Included after bs-play-scene.h, which it completes: it does not include it
 * itself, or the scene's own .c and its header would include each other. */

#pragma once

G_BEGIN_DECLS

/* A legal move of the current position, taken apart. */
typedef struct {
  BsMove      move;
  BsMoveParts parts;
} BsLegalMove;

struct _BsPlayScene {
  GObject       parent_instance;

  BsGame       *game;
  GSignalGroup *game_signals;
  const BsPlaySpec *play;
  gboolean      orders_mode;
  int           n_cells;

  /* What the player chooses before a cell, from the declaration. */
  int           kind_choices[BS_MAX_KINDS];
  guint         n_kind_choices;
  gboolean      direction_choice;

  int           kind;
  int           kind_chosen[2];  /* each player's last choice: back on their turn */
  int           direction;
  gboolean      show_legal;
  int           cursor;
  int           selected;
  /* A move waiting for its follow-up: its piece (or BS_NO_CELL for a
   * placement) and its cell. */
  int           pending_from;
  int           pending_cell;

  /* Legal moves of the current position (turn-based games). */
  GArray       *legal;            /* BsLegalMove */
  guint8       *highlights;       /* n_cells */
  gint16       *render_orders;    /* n_cells, handed to the renderer */
  int           last_from;        /* the last turn's cells */
  int           last_to;

  /* Simultaneous games. */
  BsRoundPhase  phase;
  int           entering;
  gint16       *orders;           /* n_cells: target, BS_NO_CELL = none given */
  gboolean      resolving;        /* our own round is being played */
  gint16       *reveal_targets;   /* n_cells: both players' orders */
  char         *reveal_text;
  guint8       *reveal_doomed;    /* n_cells: pieces the round removes */
  char         *reveal_caption;
  guint         reveal_turn;      /* the round being revealed (history index) */

  /* A hint: cells to mark (or, simultaneous, orders to draw); NULL = none. */
  guint8       *hint_cells;       /* n_cells */
  gint16       *hint_orders;      /* n_cells */
  int           hint_from;
  int           hint_to;
  gboolean      hint_shown;

  /* The move a computer seat is about to play, marked for a moment. */
  int           computer_from;
  int           computer_to;
  int           computer_player;  /* 0: none shown */
  gboolean      computer_paused;
};

static inline const BsRuleset *
bs_play_scene_ruleset (BsPlayScene *self)
{
  return bs_game_get_ruleset (self->game);
}

static inline const BsLegalMove *
bs_play_scene_legal_at (BsPlayScene *self,
                        guint        i)
{
  return &g_array_index (self->legal, BsLegalMove, i);
}

/* bs-play-scene.c: signals, and questions about the legal moves. */
void         bs_play_scene_changed            (BsPlayScene       *self);
void         bs_play_scene_message            (BsPlayScene       *self,
                                               const char        *message);
void         bs_play_scene_request_follow_up  (BsPlayScene       *self,
                                               int                cell);
void         bs_play_scene_game_finished      (BsPlayScene       *self);
void         bs_play_scene_set_phase          (BsPlayScene       *self,
                                               BsRoundPhase       phase,
                                               int                entering);
const char  *bs_play_scene_cell_label         (BsPlayScene       *self,
                                               int                cell);
gboolean     bs_play_scene_kind_is_directed   (BsPlayScene       *self,
                                               int                kind);
gboolean     bs_play_scene_placement_matches  (BsPlayScene       *self,
                                               const BsMoveParts *parts);
int          bs_play_scene_find_legal         (BsPlayScene       *self,
                                               int                from,
                                               int                to,
                                               int                follow_up);
int          bs_play_scene_find_legal_word    (BsPlayScene       *self,
                                               int                word);
gboolean     bs_play_scene_piece_has_moves    (BsPlayScene       *self,
                                               int                cell);
/* Whether the seat to play (or to give orders) is a person's, the game
 * over or not. */
gboolean     bs_play_scene_human_to_play      (BsPlayScene       *self);

/* bs-play-scene-marks.c */
void         bs_play_scene_update_highlights  (BsPlayScene       *self);
void         bs_play_scene_update_last_move   (BsPlayScene       *self);

/* bs-play-scene-rounds.c */
guint        bs_play_scene_piece_targets      (BsPlayScene       *self,
                                               int                cell,
                                               gint16            *targets);
gboolean     bs_play_scene_is_piece_target    (BsPlayScene       *self,
                                               int                piece,
                                               int                cell);
void         bs_play_scene_reveal_round       (BsPlayScene       *self,
                                               guint              turn);

/* bs-play-scene-words.c */
char        *bs_play_scene_word_label         (const BsWordSpec  *word);
void         bs_play_scene_explain_parts      (BsPlayScene       *self,
                                               const BsMoveParts *parts,
                                               const char        *fallback);

G_END_DECLS
