/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-play-scene.c: the scene's state and life: the legal moves of the
 * position, the selection and cursor, the kind and direction chosen, kept
 * in step with the game. The rest of the scene is in bs-play-scene-*.c
 * (see bs-play-scene-private.h). */
#define G_LOG_DOMAIN "boardsmith-app"

#include "config.h"

#include "bs-play-scene.h"
#include "bs-play-scene-private.h"

#include <string.h>

G_DEFINE_FINAL_TYPE (BsPlayScene, bs_play_scene, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_KIND,
  PROP_DIRECTION,
  PROP_CURSOR,
  PROP_PHASE,
  N_PROPS
};

enum {
  CHANGED,
  MESSAGE,
  REQUEST_FOLLOW_UP,
  GAME_FINISHED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

void
bs_play_scene_changed (BsPlayScene *self)
{
  g_signal_emit (self, signals[CHANGED], 0);
}

void
bs_play_scene_message (BsPlayScene *self,
                       const char  *message)
{
  g_signal_emit (self, signals[MESSAGE], 0, message);
}

void
bs_play_scene_request_follow_up (BsPlayScene *self,
                                 int          cell)
{
  g_signal_emit (self, signals[REQUEST_FOLLOW_UP], 0, cell);
}

void
bs_play_scene_game_finished (BsPlayScene *self)
{
  g_signal_emit (self, signals[GAME_FINISHED], 0);
}

const char *
bs_play_scene_cell_label (BsPlayScene *self,
                          int          cell)
{
  return bs_board_cell_label (bs_play_scene_ruleset (self)->board, cell);
}

gboolean
bs_play_scene_kind_is_directed (BsPlayScene *self,
                                int          kind)
{
  const BsModule *module = bs_play_scene_ruleset (self)->module;

  return kind >= 0 && (guint) kind < module->n_kinds && module->kinds[kind].directed;
}

/* A placement as the player has set it up: of the chosen kind (when there
 * is a choice), pointing the chosen way (a directed kind). */
gboolean
bs_play_scene_placement_matches (BsPlayScene       *self,
                                 const BsMoveParts *parts)
{
  if (parts->word >= 0 || parts->from != BS_NO_CELL || parts->to == BS_NO_CELL)
    return FALSE;
  if (self->n_kind_choices > 1 && parts->kind != self->kind)
    return FALSE;
  if (bs_play_scene_kind_is_directed (self, parts->kind) && parts->direction != self->direction)
    return FALSE;
  return TRUE;
}

/* The first legal move from `from` (BS_NO_CELL: a placement as set up) to
 * `to` with follow-up `follow_up` (-1: any), as an index into legal; -1. */
int
bs_play_scene_find_legal (BsPlayScene *self,
                          int          from,
                          int          to,
                          int          follow_up)
{
  for (guint i = 0; i < self->legal->len; i++)
    {
      const BsMoveParts *parts = &bs_play_scene_legal_at (self, i)->parts;

      if (parts->word >= 0 || parts->to != to)
        continue;
      if (from == BS_NO_CELL ? !bs_play_scene_placement_matches (self, parts) : parts->from != from)
        continue;
      if (follow_up >= 0 && parts->follow_up != follow_up)
        continue;
      return (int) i;
    }
  return -1;
}

int
bs_play_scene_find_legal_word (BsPlayScene *self,
                               int          word)
{
  if (word < 0)
    return -1;
  for (guint i = 0; i < self->legal->len; i++)
    if (bs_play_scene_legal_at (self, i)->parts.word == word)
      return (int) i;
  return -1;
}

gboolean
bs_play_scene_piece_has_moves (BsPlayScene *self,
                               int          cell)
{
  for (guint i = 0; i < self->legal->len; i++)
    {
      const BsMoveParts *parts = &bs_play_scene_legal_at (self, i)->parts;

      if (parts->word < 0 && parts->from == cell)
        return TRUE;
    }
  return FALSE;
}

gboolean
bs_play_scene_human_to_play (BsPlayScene *self)
{
  const BsPosition *pos = bs_game_get_position (self->game);
  int player = self->orders_mode ? self->entering : pos->to_move;

  /* The reveal (nobody entering) is for everyone to see. */
  if (player != 1 && player != 2)
    return TRUE;

  return bs_game_get_seat (self->game, player) == BS_SEAT_HUMAN;
}

static void
rebuild_legal (BsPlayScene *self)
{
  const BsRuleset *rs = bs_play_scene_ruleset (self);
  const BsPosition *pos = bs_game_get_position (self->game);

  g_array_set_size (self->legal, 0);
  if (!bs_position_is_over (pos) && !self->orders_mode)
    {
      g_autofree BsMove *moves = g_new0 (BsMove, MAX (rs->max_moves, 1));
      guint n = bs_ruleset_generate (rs, pos, moves);

      for (guint i = 0; i < n; i++)
        {
          BsLegalMove legal = { moves[i], { 0 } };

          bs_ruleset_decode_move (rs, pos, moves[i], &legal.parts);
          g_array_append_val (self->legal, legal);
        }
    }
}

void
bs_play_scene_set_phase (BsPlayScene  *self,
                         BsRoundPhase  phase,
                         int           entering)
{
  self->phase = phase;
  self->entering = entering;
  self->selected = BS_NO_CELL;
  self->hint_shown = FALSE;
  self->computer_player = 0;
  if (phase == BS_ROUND_PHASE_ORDERS)
    for (int c = 0; c < self->n_cells; c++)
      self->orders[c] = BS_NO_CELL;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PHASE]);
}

static gboolean
is_kind_choice (BsPlayScene *self,
                int          kind)
{
  for (guint i = 0; i < self->n_kind_choices; i++)
    if (self->kind_choices[i] == kind)
      return TRUE;
  return FALSE;
}

static void
on_position_changed (BsPlayScene *self,
                     BsGame      *game)
{
  const BsPosition *pos = bs_game_get_position (game);

  self->selected = BS_NO_CELL;
  self->pending_from = self->pending_cell = BS_NO_CELL;
  self->hint_shown = FALSE;
  self->computer_player = 0;
  rebuild_legal (self);
  bs_play_scene_update_last_move (self);

  if (self->orders_mode)
    {
      if (self->resolving)
        {
          bs_play_scene_reveal_round (self, bs_game_get_current (game) - 1);
          bs_play_scene_set_phase (self, BS_ROUND_PHASE_REVEAL, 0);
        }
      else if (bs_game_get_current (game) > 0
               && bs_game_get_current (game) < bs_game_get_n_turns (game))
        {
          /* Back in the history (undo, the move list): show how that
           * round went; Continue then lets the round be played again. */
          bs_play_scene_set_phase (self, BS_ROUND_PHASE_HANDOVER, 1);
          bs_play_scene_reveal_last_round (self);
          return;
        }
      else
        bs_play_scene_set_phase (self, BS_ROUND_PHASE_HANDOVER, 1);
    }
  else if (!bs_position_is_over (pos) && self->n_kind_choices > 0)
    {
      /* The kind this player chose last, if they still have it, else one
       * left: not the one the other player chose. */
      int player = pos->to_move;

      if (player == 1 || player == 2)
        bs_play_scene_set_kind (self, self->kind_chosen[player - 1]);
      if (pos->supply[player - 1][self->kind] == 0)
        for (guint i = 0; i < self->n_kind_choices; i++)
          if (pos->supply[player - 1][self->kind_choices[i]] > 0)
            {
              bs_play_scene_set_kind (self, self->kind_choices[i]);
              break;
            }
    }

  bs_play_scene_update_highlights (self);
  bs_play_scene_changed (self);
}

static void
on_game_over (BsPlayScene *self,
              int          result,
              BsGame      *game)
{
  /* A simultaneous round is over once its reveal has been seen. */
  if (!self->orders_mode)
    bs_play_scene_game_finished (self);
}

static void
bs_play_scene_dispose (GObject *object)
{
  BsPlayScene *self = (BsPlayScene *) object;

  if (self->game_signals != NULL)
    g_signal_group_set_target (self->game_signals, NULL);
  g_clear_object (&self->game_signals);
  g_clear_object (&self->game);

  G_OBJECT_CLASS (bs_play_scene_parent_class)->dispose (object);
}

static void
bs_play_scene_finalize (GObject *object)
{
  BsPlayScene *self = (BsPlayScene *) object;

  g_clear_pointer (&self->legal, g_array_unref);
  g_clear_pointer (&self->highlights, g_free);
  g_clear_pointer (&self->render_orders, g_free);
  g_clear_pointer (&self->orders, g_free);
  g_clear_pointer (&self->reveal_targets, g_free);
  g_clear_pointer (&self->reveal_text, g_free);
  g_clear_pointer (&self->reveal_doomed, g_free);
  g_clear_pointer (&self->reveal_caption, g_free);
  g_clear_pointer (&self->hint_cells, g_free);
  g_clear_pointer (&self->hint_orders, g_free);

  G_OBJECT_CLASS (bs_play_scene_parent_class)->finalize (object);
}

static void
bs_play_scene_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  BsPlayScene *self = BS_PLAY_SCENE (object);

  switch (prop_id)
    {
    case PROP_KIND:
      g_value_set_int (value, self->kind);
      break;
    case PROP_DIRECTION:
      g_value_set_int (value, self->direction);
      break;
    case PROP_CURSOR:
      g_value_set_int (value, self->cursor);
      break;
    case PROP_PHASE:
      g_value_set_int (value, self->phase);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bs_play_scene_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  BsPlayScene *self = BS_PLAY_SCENE (object);

  switch (prop_id)
    {
    case PROP_KIND:
      bs_play_scene_set_kind (self, g_value_get_int (value));
      break;
    case PROP_DIRECTION:
      bs_play_scene_set_direction (self, g_value_get_int (value));
      break;
    case PROP_CURSOR:
      bs_play_scene_set_cursor (self, g_value_get_int (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bs_play_scene_class_init (BsPlaySceneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = bs_play_scene_dispose;
  object_class->finalize = bs_play_scene_finalize;
  object_class->get_property = bs_play_scene_get_property;
  object_class->set_property = bs_play_scene_set_property;

  properties[PROP_KIND] =
    g_param_spec_int ("kind", NULL, NULL, 0, BS_MAX_KINDS - 1, 0,
                      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_DIRECTION] =
    g_param_spec_int ("direction", NULL, NULL, 0, 3, 0,
                      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_CURSOR] =
    g_param_spec_int ("cursor", NULL, NULL, BS_NO_CELL, BS_MAX_CELLS, BS_NO_CELL,
                      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_PHASE] =
    g_param_spec_int ("phase", NULL, NULL, 0, BS_ROUND_PHASE_REVEAL, 0,
                      G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* Anything the board draws changed. */
  signals[CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* Something to tell the user: why a click did nothing, mostly. */
  signals[MESSAGE] =
    g_signal_new ("message", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  /* A cell awaits its follow-up choice; the view offers the choice. */
  signals[REQUEST_FOLLOW_UP] =
    g_signal_new ("request-follow-up", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);
  /* The end of the game has been shown (after a simultaneous round's reveal). */
  signals[GAME_FINISHED] =
    g_signal_new ("game-finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
bs_play_scene_init (BsPlayScene *self)
{
  self->selected = BS_NO_CELL;
  self->pending_from = BS_NO_CELL;
  self->pending_cell = BS_NO_CELL;
  self->cursor = BS_NO_CELL;
  self->last_from = self->last_to = BS_NO_CELL;
  self->hint_from = self->hint_to = BS_NO_CELL;
  self->computer_from = self->computer_to = BS_NO_CELL;
  self->show_legal = TRUE;
  self->legal = g_array_new (FALSE, FALSE, sizeof (BsLegalMove));
  self->game_signals = g_signal_group_new (BS_TYPE_GAME);
  g_signal_group_connect_object (self->game_signals, "position-changed",
                                 G_CALLBACK (on_position_changed), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->game_signals, "game-over",
                                 G_CALLBACK (on_game_over), self, G_CONNECT_SWAPPED);
}

/* The kinds a player chooses from: with placements, every kind that either
 * player has in hand at the start. */
static void
find_kind_choices (BsPlayScene *self)
{
  const BsRuleset *rs = bs_play_scene_ruleset (self);
  const BsPosition *start = bs_game_get_position_at (self->game, 0);

  self->n_kind_choices = 0;
  self->direction_choice = FALSE;
  if (!(self->play->flags & BS_PLAY_PLACE))
    return;
  for (guint k = 0; k < rs->module->n_kinds && k < BS_MAX_KINDS; k++)
    if (start->supply[0][k] > 0 || start->supply[1][k] > 0)
      {
        self->kind_choices[self->n_kind_choices++] = (int) k;
        self->direction_choice |= rs->module->kinds[k].directed;
      }
  if (self->n_kind_choices > 0)
    self->kind = self->kind_chosen[0] = self->kind_chosen[1] = self->kind_choices[0];
}

BsPlayScene *
bs_play_scene_new (BsGame *game)
{
  BsPlayScene *self;
  const BsRuleset *rs;

  g_return_val_if_fail (BS_IS_GAME (game), NULL);

  self = g_object_new (BS_TYPE_PLAY_SCENE, NULL);
  self->game = g_object_ref (game);
  rs = bs_game_get_ruleset (game);
  self->play = bs_ruleset_play_spec (rs);
  self->orders_mode = (self->play->flags & BS_PLAY_ORDERS) != 0 || bs_game_is_simultaneous (game);
  self->n_cells = rs->n_cells;
  self->highlights = g_new0 (guint8, self->n_cells);
  self->render_orders = g_new0 (gint16, self->n_cells);
  self->orders = g_new0 (gint16, self->n_cells);
  self->reveal_targets = g_new0 (gint16, self->n_cells);
  self->reveal_doomed = g_new0 (guint8, self->n_cells);
  self->hint_cells = g_new0 (guint8, self->n_cells);
  self->hint_orders = g_new0 (gint16, self->n_cells);
  for (int c = 0; c < self->n_cells; c++)
    self->orders[c] = self->reveal_targets[c] = BS_NO_CELL;
  self->cursor = self->n_cells / 2;
  self->phase = BS_ROUND_PHASE_HANDOVER;
  self->entering = 1;
  find_kind_choices (self);

  g_signal_group_set_target (self->game_signals, game);
  rebuild_legal (self);
  bs_play_scene_update_last_move (self);
  bs_play_scene_update_highlights (self);

  return self;
}

BsGame *
bs_play_scene_get_game (BsPlayScene *self)
{
  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), NULL);
  return self->game;
}

const BsPlaySpec *
bs_play_scene_get_play_spec (BsPlayScene *self)
{
  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), NULL);
  return self->play;
}

gboolean
bs_play_scene_gives_orders (BsPlayScene *self)
{
  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), FALSE);
  return self->orders_mode;
}

guint
bs_play_scene_get_kind_choices (BsPlayScene *self,
                                int         *kinds)
{
  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), 0);

  if (kinds != NULL)
    memcpy (kinds, self->kind_choices, sizeof (int) * self->n_kind_choices);
  return self->n_kind_choices;
}

gboolean
bs_play_scene_has_direction_choice (BsPlayScene *self)
{
  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), FALSE);
  return self->direction_choice;
}

int
bs_play_scene_get_kind (BsPlayScene *self)
{
  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), 0);
  return self->kind;
}

void
bs_play_scene_set_kind (BsPlayScene *self,
                        int          kind)
{
  g_return_if_fail (BS_IS_PLAY_SCENE (self));

  if (!is_kind_choice (self, kind))
    return;
  if (self->game != NULL)
    {
      int player = bs_game_get_position (self->game)->to_move;

      if (player == 1 || player == 2)
        self->kind_chosen[player - 1] = kind;
    }
  if (kind == self->kind)
    return;
  self->kind = kind;
  bs_play_scene_update_highlights (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_KIND]);
  bs_play_scene_changed (self);
}

int
bs_play_scene_get_direction (BsPlayScene *self)
{
  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), 0);
  return self->direction;
}

void
bs_play_scene_set_direction (BsPlayScene *self,
                             int          direction)
{
  g_return_if_fail (BS_IS_PLAY_SCENE (self));

  direction = ((direction % 4) + 4) % 4;
  if (!self->direction_choice || direction == self->direction)
    return;
  self->direction = direction;
  bs_play_scene_update_highlights (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DIRECTION]);
  bs_play_scene_changed (self);
}

gboolean
bs_play_scene_get_show_legal (BsPlayScene *self)
{
  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), FALSE);
  return self->show_legal;
}

void
bs_play_scene_set_show_legal (BsPlayScene *self,
                              gboolean     show_legal)
{
  g_return_if_fail (BS_IS_PLAY_SCENE (self));

  if (self->show_legal == !!show_legal)
    return;
  self->show_legal = !!show_legal;
  bs_play_scene_update_highlights (self);
  bs_play_scene_changed (self);
}

int
bs_play_scene_get_cursor (BsPlayScene *self)
{
  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), BS_NO_CELL);
  return self->cursor;
}

void
bs_play_scene_set_cursor (BsPlayScene *self,
                          int          cell)
{
  g_return_if_fail (BS_IS_PLAY_SCENE (self));

  if (cell < BS_NO_CELL || cell >= self->n_cells || cell == self->cursor)
    return;
  self->cursor = cell;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CURSOR]);
  bs_play_scene_changed (self);
}

int
bs_play_scene_get_selected (BsPlayScene *self)
{
  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), BS_NO_CELL);
  return self->selected;
}

int
bs_play_scene_get_pending_cell (BsPlayScene *self)
{
  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), BS_NO_CELL);
  return self->pending_cell;
}

gboolean
bs_play_scene_get_legal_follow_ups (BsPlayScene *self,
                                    gboolean    *legal)
{
  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), FALSE);
  g_return_val_if_fail (legal != NULL, FALSE);

  if (self->pending_cell == BS_NO_CELL)
    return FALSE;
  for (guint f = 0; f < self->play->n_follow_ups; f++)
    legal[f] = bs_play_scene_find_legal (self, self->pending_from, self->pending_cell,
                                         (int) f) >= 0;
  return TRUE;
}
