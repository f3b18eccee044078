/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-play-scene-marks.c: what the scene asks the board to draw: the legal
 * targets, the last move, a hint and the move the computer is about to play. */
#define G_LOG_DOMAIN "boardsmith-app"

#include "config.h"

#include "bs-play-scene.h"
#include "bs-play-scene-private.h"

#include <string.h>

void
bs_play_scene_update_highlights (BsPlayScene *self)
{
  const BsPosition *pos = bs_game_get_position (self->game);

  memset (self->highlights, 0, self->n_cells);
  if (!self->show_legal || bs_position_is_over (pos))
    return;

  if (self->orders_mode)
    {
      if (self->phase == BS_ROUND_PHASE_ORDERS && self->selected != BS_NO_CELL)
        {
          gint16 targets[BS_MAX_DIRS + 1];
          guint n = bs_play_scene_piece_targets (self, self->selected, targets);

          for (guint i = 0; i < n; i++)
            if (targets[i] != self->selected)
              self->highlights[targets[i]] = 1;
        }
      return;
    }

  /* The selected piece's targets, else the placements as set up. */
  for (guint i = 0; i < self->legal->len; i++)
    {
      const BsMoveParts *parts = &bs_play_scene_legal_at (self, i)->parts;

      if (parts->word >= 0 || parts->to == BS_NO_CELL)
        continue;
      if (self->selected != BS_NO_CELL ? parts->from == self->selected
                                       : bs_play_scene_placement_matches (self, parts))
        self->highlights[parts->to] = 1;
    }

  /* Marking every empty cell as a legal placement says nothing. */
  if (self->selected == BS_NO_CELL)
    {
      int n_empty = 0, n_marked = 0;

      for (int c = 0; c < self->n_cells; c++)
        {
          n_empty += pos->cells[c] == BS_CELL_EMPTY;
          n_marked += self->highlights[c] != 0;
        }
      if (n_marked == n_empty)
        memset (self->highlights, 0, self->n_cells);
    }
}

/* The cells of the turn that led to the current position: where its first
 * step took a piece from, and the last cell a step went to. */
void
bs_play_scene_update_last_move (BsPlayScene *self)
{
  const BsRuleset *rs = bs_play_scene_ruleset (self);
  guint current = bs_game_get_current (self->game);
  g_autofree BsPosition *pos = NULL;
  const BsMove *steps;
  guint n_steps;

  self->last_from = self->last_to = BS_NO_CELL;
  if (current == 0)
    return;
  steps = bs_game_get_turn_steps (self->game, current - 1, &n_steps);
  pos = bs_position_dup (rs, bs_game_get_position_at (self->game, current - 1));
  for (guint i = 0; i < n_steps; i++)
    {
      BsMoveParts parts;

      bs_ruleset_decode_move (rs, pos, steps[i], &parts);
      if (i == 0)
        self->last_from = parts.from;
      if (parts.to != BS_NO_CELL)
        self->last_to = parts.to;
      if (i + 1 < n_steps)
        bs_ruleset_apply (rs, pos, steps[i], NULL);
    }
  if (self->last_from == self->last_to)
    self->last_from = BS_NO_CELL;
}

void
bs_play_scene_fill_render_options (BsPlayScene     *self,
                                   BsRenderOptions *options)
{
  const BsPosition *pos;

  g_return_if_fail (BS_IS_PLAY_SCENE (self));
  g_return_if_fail (options != NULL);

  /* Where the player may play, while a human is to play: during the
   * computer's turn its legal moves would only be mistaken for its choice. */
  options->highlights = bs_play_scene_human_to_play (self) ? self->highlights : NULL;
  options->cursor = self->cursor;
  options->selected = self->pending_cell != BS_NO_CELL ? self->pending_cell : self->selected;
  options->orders = NULL;
  options->last_move_from = BS_NO_CELL;
  options->last_move_to = BS_NO_CELL;
  options->hint_from = options->hint_to = BS_NO_CELL;
  options->computer_from = options->computer_to = BS_NO_CELL;
  options->computer_player = 0;

  if (!self->orders_mode)
    {
      options->last_move_from = self->last_from;
      options->last_move_to = self->last_to;
      /* Each its own mark: a hint is not a selection nor a legal target. */
      if (self->hint_shown)
        {
          options->hint_from = self->hint_from;
          options->hint_to = self->hint_to;
        }
      if (self->computer_player != 0)
        {
          options->computer_from = self->computer_from;
          options->computer_to = self->computer_to;
          options->computer_player = self->computer_player;
        }
      return;
    }

  pos = bs_play_scene_get_display_position (self);
  if (pos == NULL)
    return;
  if (self->phase == BS_ROUND_PHASE_REVEAL)
    {
      memcpy (self->render_orders, self->reveal_targets, sizeof (gint16) * self->n_cells);
      options->orders = self->render_orders;
      options->cursor = BS_NO_CELL;
      options->highlights = NULL;
      options->caption = self->reveal_caption;
    }
  else if (self->phase == BS_ROUND_PHASE_ORDERS)
    {
      /* The entering player's orders only; pieces without one stay. */
      for (int c = 0; c < self->n_cells; c++)
        {
          guint8 v = pos->cells[c];

          if (v != BS_CELL_EMPTY && BS_CELL_OWNER (v) == self->entering)
            self->render_orders[c] = self->orders[c] != BS_NO_CELL ? self->orders[c] : c;
          else
            self->render_orders[c] = BS_NO_CELL;
        }
      if (self->hint_shown)
        memcpy (self->render_orders, self->hint_orders, sizeof (gint16) * self->n_cells);
      options->orders = self->render_orders;
    }
}

/* The cells a turn of the current position names: where its first step
 * takes a piece from, and the last cell a step goes to (flags into cells
 * for each, when given). */
static void
turn_cells (BsPlayScene  *self,
            const BsMove *steps,
            guint         n_steps,
            guint8       *cells,
            int          *from,
            int          *to)
{
  const BsRuleset *rs = bs_play_scene_ruleset (self);
  g_autofree BsPosition *pos = bs_position_dup (rs, bs_game_get_position (self->game));

  *from = *to = BS_NO_CELL;
  for (guint i = 0; i < n_steps; i++)
    {
      BsMoveParts parts;

      bs_ruleset_decode_move (rs, pos, steps[i], &parts);
      if (parts.from != BS_NO_CELL)
        {
          if (cells != NULL)
            cells[parts.from] = 1;
          if (*from == BS_NO_CELL)
            *from = parts.from;
        }
      if (parts.to != BS_NO_CELL)
        {
          if (cells != NULL)
            cells[parts.to] = 1;
          *to = parts.to;
        }
      if (i + 1 < n_steps)
        bs_ruleset_apply (rs, pos, steps[i], NULL);
    }
  if (*from == *to)
    *from = BS_NO_CELL;
}

void
bs_play_scene_show_hint (BsPlayScene  *self,
                         const BsMove *steps,
                         guint         n_steps,
                         const gint16 *orders)
{
  g_return_if_fail (BS_IS_PLAY_SCENE (self));

  memset (self->hint_cells, 0, self->n_cells);
  self->hint_shown = (steps != NULL && n_steps > 0) || orders != NULL;
  if (orders != NULL)
    {
      memcpy (self->hint_orders, orders, sizeof (gint16) * self->n_cells);
      /* The pieces the hint moves. */
      for (int c = 0; c < self->n_cells; c++)
        if (orders[c] != BS_NO_CELL && orders[c] != c)
          self->hint_cells[c] = 1;
    }
  else
    for (int c = 0; c < self->n_cells; c++)
      self->hint_orders[c] = BS_NO_CELL;
  if (steps != NULL && n_steps > 0)
    turn_cells (self, steps, n_steps, self->hint_cells, &self->hint_from, &self->hint_to);
  else
    self->hint_from = self->hint_to = BS_NO_CELL;
  bs_play_scene_changed (self);
}

void
bs_play_scene_show_computer_move (BsPlayScene  *self,
                                  int           player,
                                  const BsMove *steps,
                                  guint         n_steps)
{
  g_return_if_fail (BS_IS_PLAY_SCENE (self));
  g_return_if_fail (steps == NULL || player == 1 || player == 2);

  if (steps == NULL || n_steps == 0 || self->orders_mode)
    {
      if (self->computer_player == 0)
        return;
      self->computer_player = 0;
      self->computer_from = self->computer_to = BS_NO_CELL;
    }
  else
    {
      turn_cells (self, steps, n_steps, NULL, &self->computer_from, &self->computer_to);
      self->computer_player = self->computer_to != BS_NO_CELL ? player : 0;
    }
  bs_play_scene_changed (self);
}

gboolean
bs_play_scene_get_computer_move (BsPlayScene *self,
                                 int         *from,
                                 int         *to)
{
  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), FALSE);

  if (from != NULL)
    *from = self->computer_player != 0 ? self->computer_from : BS_NO_CELL;
  if (to != NULL)
    *to = self->computer_player != 0 ? self->computer_to : BS_NO_CELL;
  return self->computer_player != 0;
}

void
bs_play_scene_set_computer_paused (BsPlayScene *self,
                                   gboolean     paused)
{
  g_return_if_fail (BS_IS_PLAY_SCENE (self));

  paused = !!paused;
  if (self->computer_paused == paused)
    return;
  self->computer_paused = paused;
  bs_play_scene_changed (self);
}

gboolean
bs_play_scene_get_computer_paused (BsPlayScene *self)
{
  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), FALSE);
  return self->computer_paused;
}

gboolean
bs_play_scene_is_human_turn (BsPlayScene *self)
{
  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), FALSE);
  return !bs_position_is_over (bs_game_get_position (self->game))
         && bs_play_scene_human_to_play (self);
}

gboolean
bs_play_scene_get_hint_shown (BsPlayScene *self)
{
  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), FALSE);
  return self->hint_shown;
}

const guint8 *
bs_play_scene_get_hint_cells (BsPlayScene *self)
{
  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), NULL);
  return self->hint_shown ? self->hint_cells : NULL;
}
