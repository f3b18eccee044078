/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-play-scene-rounds.c: simultaneous games: the hand-over, each player's
 * secret orders, the round played from them and its reveal. */
#define G_LOG_DOMAIN "boardsmith-app"

#include "config.h"

#include "bs-play-scene.h"
#include "bs-play-scene-private.h"

#include <string.h>
#include <glib/gi18n.h>

#include "bs-error.h"

/* Simultaneous games: the cells the piece on `cell` may be ordered to
 * (itself to stay), from the module's piece_orders. */
guint
bs_play_scene_piece_targets (BsPlayScene *self,
                             int          cell,
                             gint16      *targets)
{
  const BsRuleset *rs = bs_play_scene_ruleset (self);
  const BsPosition *pos = bs_game_get_position (self->game);
  g_autofree BsMove *moves = g_new0 (BsMove, MAX (rs->max_moves, 1));
  guint n_moves, n = 0;

  if (rs->module->piece_orders == NULL)
    return 0;
  n_moves = rs->module->piece_orders (rs, pos, cell, moves);
  for (guint i = 0; i < n_moves; i++)
    {
      BsMoveParts parts;

      bs_ruleset_decode_move (rs, pos, moves[i], &parts);
      if (parts.to != BS_NO_CELL && n < BS_MAX_DIRS + 1)
        targets[n++] = (gint16) parts.to;
    }
  return n;
}

gboolean
bs_play_scene_is_piece_target (BsPlayScene *self,
                               int          piece,
                               int          cell)
{
  gint16 targets[BS_MAX_DIRS + 1];
  guint n = bs_play_scene_piece_targets (self, piece, targets);

  for (guint i = 0; i < n; i++)
    if (targets[i] == cell)
      return TRUE;
  return FALSE;
}

/* What the round did, in the engine's words: the reveal's text, the
 * pieces crossed out and the caption under the board. */
void
bs_play_scene_reveal_round (BsPlayScene *self,
                            guint        turn)
{
  g_autoptr(BsExplanation) explanation = bs_game_explain_turn (self->game, turn);

  g_free (self->reveal_text);
  self->reveal_text = g_strdup (*explanation->details != '\0' ? explanation->details
                                                              : explanation->summary);
  g_free (self->reveal_caption);
  self->reveal_caption = g_strdup (explanation->summary);
  memcpy (self->reveal_doomed, explanation->removed, self->n_cells);
  self->reveal_turn = turn;
}

BsRoundPhase
bs_play_scene_get_phase (BsPlayScene *self)
{
  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), BS_ROUND_PHASE_ORDERS);
  return self->phase;
}

int
bs_play_scene_get_entering (BsPlayScene *self)
{
  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), 1);
  return self->entering;
}

int
bs_play_scene_get_order (BsPlayScene *self,
                         int          cell)
{
  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), BS_NO_CELL);
  g_return_val_if_fail (cell >= 0 && cell < self->n_cells, BS_NO_CELL);
  return self->orders[cell];
}

guint
bs_play_scene_count_orders (BsPlayScene *self,
                            guint       *n_pieces)
{
  const BsPosition *pos;
  guint given = 0, pieces = 0;

  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), 0);

  pos = bs_game_get_position (self->game);
  for (int c = 0; c < self->n_cells; c++)
    if (pos->cells[c] != BS_CELL_EMPTY && BS_CELL_OWNER (pos->cells[c]) == self->entering)
      {
        pieces++;
        given += self->orders[c] != BS_NO_CELL;
      }
  if (n_pieces != NULL)
    *n_pieces = pieces;
  return given;
}

gboolean
bs_play_scene_has_orders_given (BsPlayScene *self)
{
  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), FALSE);

  if (!self->orders_mode || self->phase == BS_ROUND_PHASE_REVEAL
      || bs_position_is_over (bs_game_get_position (self->game)))
    return FALSE;
  /* A human's round of orders waits for the other side's. */
  if (self->entering == 2 && bs_game_get_seat (self->game, 1) == BS_SEAT_HUMAN)
    return TRUE;
  return self->phase == BS_ROUND_PHASE_ORDERS
         && bs_game_get_seat (self->game, self->entering) == BS_SEAT_HUMAN
         && bs_play_scene_count_orders (self, NULL) > 0;
}

gboolean
bs_play_scene_reveal_last_round (BsPlayScene *self)
{
  const BsRuleset *rs;
  g_autofree BsPosition *pos = NULL;
  const BsMove *steps;
  guint current, n_steps;

  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), FALSE);

  current = bs_game_get_current (self->game);
  if (!self->orders_mode || current == 0)
    return FALSE;

  /* The orders, read back from the steps that entered the round. */
  rs = bs_play_scene_ruleset (self);
  pos = bs_position_dup (rs, bs_game_get_position_at (self->game, current - 1));
  steps = bs_game_get_turn_steps (self->game, current - 1, &n_steps);
  for (int c = 0; c < self->n_cells; c++)
    self->reveal_targets[c] = BS_NO_CELL;
  for (guint i = 0; i < n_steps; i++)
    {
      BsMoveParts parts;

      bs_ruleset_decode_move (rs, pos, steps[i], &parts);
      if (parts.from != BS_NO_CELL && parts.to != BS_NO_CELL)
        self->reveal_targets[parts.from] = (gint16) parts.to;
      bs_ruleset_apply (rs, pos, steps[i], NULL);
    }

  bs_play_scene_reveal_round (self, current - 1);
  bs_play_scene_set_phase (self, BS_ROUND_PHASE_REVEAL, 0);
  bs_play_scene_update_highlights (self);
  bs_play_scene_changed (self);
  return TRUE;
}

const guint8 *
bs_play_scene_get_doomed (BsPlayScene *self)
{
  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), NULL);
  return self->orders_mode && self->phase == BS_ROUND_PHASE_REVEAL ? self->reveal_doomed : NULL;
}

const char *
bs_play_scene_get_reveal_text (BsPlayScene *self)
{
  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), NULL);
  return self->phase == BS_ROUND_PHASE_REVEAL ? self->reveal_text : NULL;
}

/* Enters the round's steps in the engine's order (player 1's pieces in
 * cell order, then player 2's), each step being the order we hold for the
 * piece the engine asks about, and plays the round. */
static gboolean
play_round (BsPlayScene  *self,
            GError      **error)
{
  const BsRuleset *rs = bs_play_scene_ruleset (self);
  g_autofree BsPosition *pos = bs_position_dup (rs, bs_game_get_position (self->game));
  g_autofree BsMove *moves = g_new0 (BsMove, MAX (rs->max_moves, 1));
  g_autofree BsMove *steps = g_new0 (BsMove, MAX (bs_ruleset_max_turn_steps (rs), 1));
  guint max_steps = bs_ruleset_max_turn_steps (rs);
  guint n_steps = 0;
  gboolean ok;

  do
    {
      guint n = bs_ruleset_generate (rs, pos, moves);
      gboolean found = FALSE;

      for (guint i = 0; i < n && !found; i++)
        {
          BsMoveParts parts;
          int wanted;

          bs_ruleset_decode_move (rs, pos, moves[i], &parts);
          if (parts.from == BS_NO_CELL)
            continue;
          wanted = self->reveal_targets[parts.from] != BS_NO_CELL
                   ? self->reveal_targets[parts.from] : parts.from;
          if (parts.to == wanted)
            {
              steps[n_steps++] = moves[i];
              bs_ruleset_apply (rs, pos, moves[i], NULL);
              found = TRUE;
            }
        }
      if (!found)
        {
          g_set_error (error, BS_RULES_ERROR, BS_RULES_ERROR_ILLEGAL,
                       _("An order of this round is not legal"));
          return FALSE;
        }
    }
  while (pos->step != 0 && !bs_position_is_over (pos) && n_steps < max_steps);

  self->resolving = TRUE;
  ok = bs_game_play_turn (self->game, steps, n_steps, error);
  self->resolving = FALSE;
  return ok;
}

gboolean
bs_play_scene_advance_round (BsPlayScene  *self,
                             GError      **error)
{
  const BsPosition *pos;

  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), FALSE);
  g_return_val_if_fail (self->orders_mode, FALSE);

  pos = bs_game_get_position (self->game);
  switch (self->phase)
    {
    case BS_ROUND_PHASE_HANDOVER:
      if (bs_position_is_over (pos))
        return FALSE;
      if (!bs_play_scene_human_to_play (self))
        {
          g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_BUSY,
                               _("The computer is giving its orders"));
          return FALSE;
        }
      bs_play_scene_set_phase (self, BS_ROUND_PHASE_ORDERS, self->entering);
      break;

    case BS_ROUND_PHASE_ORDERS:
      /* Orders given (if only "all stay") replace the rounds that could
       * be redone: Redo must not replay an old round over them, nor the
       * move list show the other side the old round's orders. */
      bs_game_drop_redo (self->game);
      /* Unordered pieces stay. */
      for (int c = 0; c < self->n_cells; c++)
        if (pos->cells[c] != BS_CELL_EMPTY && BS_CELL_OWNER (pos->cells[c]) == self->entering)
          self->reveal_targets[c] = self->orders[c] != BS_NO_CELL ? self->orders[c] : c;
      if (self->entering == 1)
        {
          bs_play_scene_set_phase (self, BS_ROUND_PHASE_HANDOVER, 2);
          break;
        }
      if (!play_round (self, error))
        {
          bs_play_scene_set_phase (self, BS_ROUND_PHASE_HANDOVER, 1);
          bs_play_scene_changed (self);
          return FALSE;
        }
      return TRUE;   /* on_position_changed() showed the reveal */

    case BS_ROUND_PHASE_REVEAL:
      bs_play_scene_set_phase (self, BS_ROUND_PHASE_HANDOVER, 1);
      for (int c = 0; c < self->n_cells; c++)
        self->reveal_targets[c] = BS_NO_CELL;
      if (bs_position_is_over (pos))
        bs_play_scene_game_finished (self);
      break;

    default:
      g_assert_not_reached ();
    }

  bs_play_scene_update_highlights (self);
  bs_play_scene_changed (self);
  return TRUE;
}

const BsPosition *
bs_play_scene_get_display_position (BsPlayScene *self)
{
  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), NULL);

  if (!self->orders_mode)
    return bs_game_get_position (self->game);
  switch (self->phase)
    {
    case BS_ROUND_PHASE_REVEAL:
      return bs_game_get_position_at (self->game, self->reveal_turn);
    case BS_ROUND_PHASE_HANDOVER:
      /* At the start of a round nothing secret is on the board yet. */
      return self->entering == 1 || !bs_play_scene_human_to_play (self)
             ? bs_game_get_position (self->game) : NULL;
    case BS_ROUND_PHASE_ORDERS:
    default:
      return bs_game_get_position (self->game);
    }
}

gboolean
bs_play_scene_submit_orders (BsPlayScene   *self,
                             int            player,
                             const gint16  *targets,
                             GError       **error)
{
  const BsPosition *pos;

  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), FALSE);
  g_return_val_if_fail (self->orders_mode, FALSE);
  g_return_val_if_fail (player == 1 || player == 2, FALSE);
  g_return_val_if_fail (targets != NULL, FALSE);

  pos = bs_game_get_position (self->game);
  if (bs_position_is_over (pos) || self->phase == BS_ROUND_PHASE_REVEAL
      || self->entering != player)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   _("%s does not give orders now"), bs_game_get_player_name (self->game, player));
      return FALSE;
    }

  bs_game_drop_redo (self->game);
  for (int c = 0; c < self->n_cells; c++)
    if (pos->cells[c] != BS_CELL_EMPTY && BS_CELL_OWNER (pos->cells[c]) == player)
      self->reveal_targets[c] = targets[c] != BS_NO_CELL ? targets[c] : c;

  if (player == 1)
    {
      /* Nobody needs to look away from a computer's orders. */
      if (bs_game_get_seat (self->game, 2) == BS_SEAT_HUMAN)
        bs_play_scene_set_phase (self, BS_ROUND_PHASE_ORDERS, 2);
      else
        bs_play_scene_set_phase (self, BS_ROUND_PHASE_HANDOVER, 2);
      bs_play_scene_update_highlights (self);
      bs_play_scene_changed (self);
      return TRUE;
    }
  if (!play_round (self, error))
    {
      bs_play_scene_set_phase (self, BS_ROUND_PHASE_HANDOVER, 1);
      bs_play_scene_changed (self);
      return FALSE;
    }
  return TRUE;
}
