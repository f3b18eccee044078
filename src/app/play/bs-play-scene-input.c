/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-play-scene-input.c: what a click on a cell, Enter on the cursor, a
 * follow-up or a word button means: the move it plays, the piece it
 * selects, the order it gives, or why it is refused. */
#define G_LOG_DOMAIN "boardsmith-app"

#include "config.h"

#include "bs-play-scene.h"
#include "bs-play-scene-private.h"

#include <glib/gi18n.h>

/* The parts of a move from `from` (or a placement as set up) to `to`, for
 * bs_play_scene_explain_parts: the first follow-up stands for any (a cell
 * that takes no move takes none of them). */
static void
parts_for (BsPlayScene *self,
           int          from,
           int          to,
           BsMoveParts *parts)
{
  parts->from = from;
  parts->to = to;
  parts->kind = -1;
  parts->direction = -1;
  parts->follow_up = -1;
  parts->word = -1;
  if (from == BS_NO_CELL)
    {
      parts->kind = self->kind;
      if (bs_play_scene_kind_is_directed (self, self->kind))
        parts->direction = self->direction;
    }
  if ((self->play->flags & BS_PLAY_FOLLOW_UP) && self->play->n_follow_ups > 0)
    parts->follow_up = 0;
}

static gboolean
play_move (BsPlayScene *self,
           BsMove       move)
{
  g_autoptr(GError) error = NULL;

  if (!bs_game_play_turn (self->game, &move, 1, &error))
    {
      bs_play_scene_message (self, error->message);
      return FALSE;
    }
  return TRUE;
}

static gboolean
own_piece (BsPlayScene *self,
           int          player,
           int          cell)
{
  const BsPosition *pos = bs_game_get_position (self->game);
  guint8 value = pos->cells[cell];

  return value != BS_CELL_EMPTY && BS_CELL_OWNER (value) == player;
}

gboolean
bs_play_scene_can_act_on (BsPlayScene *self,
                          int          cell)
{
  const BsPosition *pos;

  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), FALSE);

  if (cell < 0 || cell >= self->n_cells)
    return FALSE;
  pos = bs_game_get_position (self->game);
  if (bs_position_is_over (pos) || !bs_play_scene_human_to_play (self))
    return FALSE;

  if (self->orders_mode && self->phase != BS_ROUND_PHASE_ORDERS)
    return FALSE;
  /* The follow-up chooser is open: a click on the board closes it. */
  if (self->pending_cell != BS_NO_CELL)
    return FALSE;
  if (!self->show_legal)
    return TRUE;

  if (self->orders_mode)
    {
      if (own_piece (self, self->entering, cell))
        return TRUE;
      return self->selected != BS_NO_CELL
             && bs_play_scene_is_piece_target (self, self->selected, cell);
    }

  if (self->selected != BS_NO_CELL
      && (cell == self->selected || bs_play_scene_find_legal (self, self->selected, cell, -1) >= 0))
    return TRUE;
  if (own_piece (self, pos->to_move, cell) && bs_play_scene_piece_has_moves (self, cell))
    return TRUE;
  return bs_play_scene_find_legal (self, BS_NO_CELL, cell, -1) >= 0;
}

gboolean
bs_play_scene_get_pending_piece (BsPlayScene *self,
                                 int         *cell,
                                 guint8      *value)
{
  const BsMoveParts *parts;
  int i;

  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), FALSE);
  g_return_val_if_fail (cell != NULL && value != NULL, FALSE);

  if (self->pending_cell == BS_NO_CELL || self->pending_from != BS_NO_CELL)
    return FALSE;
  i = bs_play_scene_find_legal (self, BS_NO_CELL, self->pending_cell, -1);
  if (i < 0)
    return FALSE;
  parts = &bs_play_scene_legal_at (self, (guint) i)->parts;
  if (parts->kind < 0)
    return FALSE;
  *cell = self->pending_cell;
  *value = BS_CELL_MAKE (bs_game_get_position (self->game)->to_move, parts->kind,
                         MAX (parts->direction, 0));
  return TRUE;
}

static void
select_cell (BsPlayScene *self,
             int          cell)
{
  self->selected = cell;
  bs_play_scene_update_highlights (self);
  bs_play_scene_changed (self);
}

/* Plays the move from `from` (BS_NO_CELL: a placement as set up) to `to`,
 * or, when it takes a follow-up, asks for it; FALSE when there is none. */
static gboolean
take_move (BsPlayScene *self,
           int          from,
           int          to)
{
  int i = bs_play_scene_find_legal (self, from, to, -1);

  if (i < 0)
    return FALSE;
  if (bs_play_scene_legal_at (self, (guint) i)->parts.follow_up >= 0)
    {
      self->pending_from = from;
      self->pending_cell = to;
      bs_play_scene_changed (self);
      bs_play_scene_request_follow_up (self, to);
      return TRUE;
    }
  play_move (self, bs_play_scene_legal_at (self, (guint) i)->move);
  return TRUE;
}

static void
explain_placement (BsPlayScene *self,
                   int          cell)
{
  BsMoveParts parts;
  g_autofree char *fallback =
    g_strdup_printf (_("%s is not a legal placement here"), bs_play_scene_cell_label (self, cell));

  parts_for (self, BS_NO_CELL, cell, &parts);
  bs_play_scene_explain_parts (self, &parts, fallback);
}

static void
explain_piece (BsPlayScene *self,
               int          cell)
{
  const BsPosition *pos = bs_game_get_position (self->game);
  g_autofree char *why = bs_ruleset_explain_piece (bs_play_scene_ruleset (self), pos, cell);

  if (why == NULL)
    why = g_strdup_printf (_("The piece on %s cannot move now"),
                           bs_play_scene_cell_label (self, cell));
  else if (g_ascii_islower (why[0]) && (why[1] == ' ' || g_ascii_islower (why[1])))
    why[0] = g_ascii_toupper (why[0]);
  bs_play_scene_message (self, why);
}

static void
activate_turn (BsPlayScene *self,
               int          cell)
{
  const BsPosition *pos = bs_game_get_position (self->game);
  guint8 value = pos->cells[cell];
  gboolean own = own_piece (self, pos->to_move, cell);
  guint flags = self->play->flags;

  /* A click elsewhere drops a move waiting for its follow-up. */
  self->pending_from = self->pending_cell = BS_NO_CELL;

  if (self->selected != BS_NO_CELL)
    {
      int from = self->selected;
      BsMoveParts parts;
      g_autofree char *fallback = NULL;

      if (cell == from)
        {
          select_cell (self, BS_NO_CELL);
          return;
        }
      if (take_move (self, from, cell))
        return;
      if (own && bs_play_scene_piece_has_moves (self, cell))
        {
          select_cell (self, cell);
          return;
        }
      if (take_move (self, BS_NO_CELL, cell))
        return;
      fallback = g_strdup_printf (_("The piece on %s cannot go to %s"),
                                  bs_play_scene_cell_label (self, from),
                                  bs_play_scene_cell_label (self, cell));
      parts_for (self, from, cell, &parts);
      bs_play_scene_explain_parts (self, &parts, fallback);
      return;
    }

  if (own && bs_play_scene_piece_has_moves (self, cell))
    {
      select_cell (self, cell);
      return;
    }
  if (self->n_kind_choices > 1 && value == BS_CELL_EMPTY
      && pos->supply[pos->to_move - 1][self->kind] == 0)
    {
      const BsKindSpec *kind = &bs_play_scene_ruleset (self)->module->kinds[self->kind];
      g_autofree char *msg = g_strdup_printf (_("No %s pieces left"), _(kind->label));

      bs_play_scene_message (self, msg);
      return;
    }
  if (take_move (self, BS_NO_CELL, cell))
    return;

  /* Refused: say why, in the terms of what the player may do here. */
  if (value != BS_CELL_EMPTY && (flags & BS_PLAY_STEP))
    {
      if (own)
        explain_piece (self, cell);
      else
        {
          g_autofree char *msg =
            g_strdup_printf (_("The piece on %s belongs to %s"),
                             bs_play_scene_cell_label (self, cell),
                             bs_game_get_player_name (self->game, BS_CELL_OWNER (value)));
          bs_play_scene_message (self, msg);
        }
    }
  else if (flags & BS_PLAY_PLACE)
    explain_placement (self, cell);
  else
    bs_play_scene_message (self, _("Click one of your pieces first, then where it goes"));
}

static void
activate_orders (BsPlayScene *self,
                 int          cell)
{
  const BsPosition *pos = bs_game_get_position (self->game);
  guint8 value = pos->cells[cell];

  if (self->phase != BS_ROUND_PHASE_ORDERS)
    {
      bs_play_scene_message (self, self->phase == BS_ROUND_PHASE_REVEAL
                                   ? _("Press Continue to go on to the next round")
                                   : _("Press Start when the other player looks away"));
      return;
    }

  if (self->selected != BS_NO_CELL && bs_play_scene_is_piece_target (self, self->selected, cell))
    {
      /* New orders replace the rounds that could be redone. */
      bs_game_drop_redo (self->game);
      self->orders[self->selected] = (gint16) cell;
      select_cell (self, BS_NO_CELL);
      return;
    }

  if (own_piece (self, self->entering, cell))
    {
      select_cell (self, cell);
      return;
    }
  if (self->selected != BS_NO_CELL)
    {
      BsMoveParts parts;
      g_autofree char *fallback =
        g_strdup_printf (_("The piece on %s cannot go to %s"),
                         bs_play_scene_cell_label (self, self->selected),
                         bs_play_scene_cell_label (self, cell));

      parts_for (self, self->selected, cell, &parts);
      bs_play_scene_explain_parts (self, &parts, fallback);
      return;
    }
  if (value == BS_CELL_EMPTY)
    {
      g_autofree char *msg = NULL;

      if (self->play->stay_label != NULL)
        /* Translators: %s is what a piece ordered to stay does, e.g. "defends". */
        msg = g_strdup_printf (_("Click one of your pieces, then where it goes (or the piece "
                                 "itself, so that it %s)"), _(self->play->stay_label));
      else
        msg = g_strdup (_("Click one of your pieces, then where it goes"));
      bs_play_scene_message (self, msg);
    }
  else
    {
      g_autofree char *msg =
        g_strdup_printf (_("The piece on %s belongs to %s"), bs_play_scene_cell_label (self, cell),
                         bs_game_get_player_name (self->game, BS_CELL_OWNER (value)));
      bs_play_scene_message (self, msg);
    }
}

void
bs_play_scene_activate_cell (BsPlayScene *self,
                             int          cell)
{
  g_return_if_fail (BS_IS_PLAY_SCENE (self));

  if (cell < 0 || cell >= self->n_cells)
    {
      bs_play_scene_cancel (self);
      return;
    }

  bs_play_scene_set_cursor (self, cell);
  self->hint_shown = FALSE;

  if (bs_position_is_over (bs_game_get_position (self->game))
      && !(self->orders_mode && self->phase == BS_ROUND_PHASE_REVEAL))
    {
      bs_play_scene_message (self, _("The game is over: start a new one with Ctrl+N"));
      return;
    }
  if (!bs_play_scene_human_to_play (self))
    {
      bs_play_scene_message (self, _("The computer is thinking"));
      return;
    }

  if (self->orders_mode)
    activate_orders (self, cell);
  else
    activate_turn (self, cell);
}

gboolean
bs_play_scene_choose_follow_up (BsPlayScene *self,
                                int          index)
{
  BsMoveParts parts;
  g_autofree char *fallback = NULL;
  int i;

  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), FALSE);
  g_return_val_if_fail (index >= 0 && (guint) index < self->play->n_follow_ups, FALSE);

  if (self->pending_cell == BS_NO_CELL)
    return FALSE;
  i = bs_play_scene_find_legal (self, self->pending_from, self->pending_cell, index);
  if (i >= 0)
    return play_move (self, bs_play_scene_legal_at (self, (guint) i)->move);

  parts_for (self, self->pending_from, self->pending_cell, &parts);
  parts.follow_up = index;
  fallback = g_strdup_printf (_("%s is not possible here"), _(self->play->follow_ups[index].label));
  bs_play_scene_explain_parts (self, &parts, fallback);
  return FALSE;
}

void
bs_play_scene_cancel (BsPlayScene *self)
{
  g_return_if_fail (BS_IS_PLAY_SCENE (self));

  if (self->selected == BS_NO_CELL && self->pending_cell == BS_NO_CELL)
    return;
  self->selected = BS_NO_CELL;
  self->pending_from = self->pending_cell = BS_NO_CELL;
  bs_play_scene_update_highlights (self);
  bs_play_scene_changed (self);
}

gboolean
bs_play_scene_can_play_word (BsPlayScene *self,
                             const char  *word)
{
  const BsRuleset *rs;

  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), FALSE);

  rs = bs_play_scene_ruleset (self);
  return bs_play_scene_human_to_play (self)
         && bs_play_scene_find_legal_word (self, bs_ruleset_word_index (rs, word)) >= 0;
}

gboolean
bs_play_scene_play_word (BsPlayScene *self,
                         const char  *word)
{
  int index, i;

  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), FALSE);

  if (!bs_play_scene_human_to_play (self))
    {
      bs_play_scene_message (self, _("The computer is thinking"));
      return FALSE;
    }
  index = bs_ruleset_word_index (bs_play_scene_ruleset (self), word);
  i = bs_play_scene_find_legal_word (self, index);
  if (i < 0)
    {
      BsMoveParts parts = { BS_NO_CELL, BS_NO_CELL, -1, -1, -1, index };
      g_autofree char *label = index >= 0 ? bs_play_scene_word_label (&self->play->words[index])
                                          : g_strdup (word);
      g_autofree char *fallback = g_strdup_printf (_("%s is not possible here"), label);

      bs_play_scene_explain_parts (self, &parts, fallback);
      return FALSE;
    }
  return play_move (self, bs_play_scene_legal_at (self, (guint) i)->move);
}

gboolean
bs_play_scene_predict_word (BsPlayScene *self,
                            const char  *word,
                            int         *result,
                            char       **outcome,
                            char       **figures)
{
  const BsRuleset *rs;
  g_autofree BsPosition *after = NULL;
  g_autoptr(GString) text = NULL;
  int values[BS_MAX_MEASURES][2];
  const BsMeasureSpec *measures;
  guint n_measures;
  int index, i;

  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), FALSE);

  rs = bs_play_scene_ruleset (self);
  index = bs_ruleset_word_index (rs, word);
  i = bs_play_scene_find_legal_word (self, index);
  if (i < 0 || !self->play->words[index].ends_game)
    return FALSE;
  /* The word played on a copy: the engine's own result, nothing guessed. */
  after = bs_position_dup (rs, bs_game_get_position (self->game));
  bs_ruleset_apply (rs, after, bs_play_scene_legal_at (self, (guint) i)->move, NULL);
  if (!bs_position_is_over (after))
    return FALSE;

  if (result != NULL)
    *result = after->result;
  if (outcome != NULL)
    {
      if (after->result == BS_RESULT_WIN_1 || after->result == BS_RESULT_WIN_2)
        /* Translators: the result a move that ends the game would give, before
         * it is played: "White would win". */
        *outcome = g_strdup_printf (_("%s would win"),
                                    bs_game_get_player_name (self->game, after->result));
      else
        *outcome = g_strdup (_("It would be a draw"));
    }
  if (figures != NULL)
    {
      /* What decides, measured on the position the word would leave. */
      measures = bs_ruleset_measure_specs (rs, &n_measures);
      bs_ruleset_measures (rs, after, values);
      text = g_string_new (NULL);
      for (guint m = 0; m < n_measures; m++)
        {
          if (text->len > 0)
            g_string_append_c (text, '\n');
          /* Translators: a measure of the game for both players, e.g.
           * "Groups: White 3, Black 5". */
          g_string_append_printf (text, _("%s: %s %d, %s %d"), _(measures[m].label),
                                  bs_game_get_player_name (self->game, 1), values[m][0],
                                  bs_game_get_player_name (self->game, 2), values[m][1]);
        }
      *figures = g_string_free (g_steal_pointer (&text), FALSE);
    }
  return TRUE;
}
